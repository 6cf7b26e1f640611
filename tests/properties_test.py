"""For any transcript and any memory file: build never raises, and its diff applies, adds only
bullets, converges."""
from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_gate.base.records import Transcript
from memory_gate.reading.memory import BULLET_RE
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from memory_gate.review.diff import render

KEYWORDS = [
    'We decided', 'Never', 'always', 'must', 'root cause', '决定', '必须', 'prefer', 'from now on',
    '- ', '1. ', '```', '\n', '\r\n', '\t', '\x1b[31m', '\u202e', '+++ b/', '@@ -1 +1 @@',
    '\\ No newline', '.', '。', '?',
]
sentence = st.lists(
    st.one_of(st.text(max_size=20), st.sampled_from(KEYWORDS)), max_size=12
).map(''.join)
key = st.sampled_from(['role', 'text', 'content', 'type', 'x'])
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | sentence,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(key, inner, max_size=3),
    max_leaves=8,
)
record = st.one_of(
    json_value,
    st.builds(
        lambda role, text: {'role': role, 'text': text},
        st.sampled_from(['user', 'assistant', 'system', 'x']),
        sentence,
    ),
    st.builds(lambda text: {'role': 'user', 'content': [{'type': 'text', 'text': text}]}, sentence),
)
raw_line = st.one_of(record.map(lambda r: json.dumps(r).encode()), st.binary(max_size=30))
MEMORY_LINES = ['# Memory', '- Never push directly to main.', '  * rule', '', 'text\r', '1. x']
memory_text = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(MEMORY_LINES), max_size=6).map('\n'.join),
    st.lists(st.sampled_from(['# Memory', '- a rule always']), max_size=4).map('\r\n'.join),
).filter(lambda t: '\x00' not in t)


def git_apply(folder: Path, memory: str | None, diff: str) -> bytes:
    path = folder / 'AGENTS.md'
    if memory is not None:
        path.write_bytes(memory.encode('utf-8', 'surrogatepass'))
    (folder / 'p.diff').write_bytes(diff.encode('utf-8', 'surrogatepass'))
    subprocess.run(['git', 'apply', 'p.diff'], cwd=folder, check=True, capture_output=True)
    return path.read_bytes()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(raw_line, max_size=8), memory=st.one_of(st.none(), memory_text))
def test_build_never_raises_and_its_diff_applies_and_converges(
    lines: list[bytes], memory: str | None
) -> None:
    transcript = [line + b'\n' for line in lines]
    options = Settings(max_add=50)
    result = build([Transcript('t.jsonl', transcript)], options, memory or '')
    bullets = [p.text for p in result.proposed]
    if not bullets:
        return
    diff = render('AGENTS.md', memory, bullets)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(['git', 'init', '-q'], cwd=folder, check=True)
        after = git_apply(Path(folder), memory, diff).decode('utf-8')
    before = memory or ''
    assert after.startswith(before.rstrip('\n').rstrip('\r')) and len(after) > len(before)
    added = [
        line for line in diff.split('\n') if line.startswith('+') and not line.startswith('+++')
    ]
    assert len(added) >= len(bullets)
    for line in added[-len(bullets):]:
        text = line[1:].rstrip('\r')
        assert re.match(BULLET_RE, text) and '\n' not in text and '\r' not in text
    assert build([Transcript('t.jsonl', transcript)], options, after).proposed == []
