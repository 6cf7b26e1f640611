from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.review.diff import (
    CONTEXT,
    applied,
    applied_tail,
    bullet_line,
    render,
    render_tail,
    tail_of,
)
from tests.conftest import git

BULLETS = ['We chose Postgres for all persistence.', 'Never push directly to main.']
MEMORIES = {
    'normal': b'# Memory\n\n- Timestamps are stored in UTC.\n',
    'empty': b'',
    'no trailing newline': b'# Memory\n- Timestamps are stored in UTC.',
    'crlf': b'# Memory\r\n\r\n- Timestamps are stored in UTC.\r\n',
    'crlf no trailing newline': b'# Memory\r\n- one\r\n- two',
    'one line': b'- only\n',
    'lone CR at the end': b'# Memory\n- a rule\r',
    'one line ending in CR': b'- only\r',
    'long': b''.join(b'- bullet %d\n' % i for i in range(50)),
    'missing': None,
}


def apply(tool: str, repo: Path, diff: str) -> None:
    patch = repo / 'p.diff'
    patch.write_bytes(diff.encode())
    cmd = ['git', 'apply', 'p.diff'] if tool == 'git' else ['patch', '-p1', '-s', '-i', 'p.diff']
    subprocess.run(cmd, cwd=repo, check=True, capture_output=True)


@pytest.mark.parametrize('tool', ['git', 'patch'])
@pytest.mark.parametrize('name', list(MEMORIES))
@pytest.mark.parametrize('subdir', ['', 'docs/agents/'])
def test_diff_applies(repo: Path, tool: str, name: str, subdir: str) -> None:
    original = MEMORIES[name]
    path = repo / subdir / 'AGENTS.md'
    path.parent.mkdir(parents=True, exist_ok=True)
    if original is not None:
        path.write_bytes(original)
    text = None if original is None else original.decode()
    apply(tool, repo, render(subdir + 'AGENTS.md', text, BULLETS))
    result = path.read_bytes().decode()
    assert result == applied(text, BULLETS)
    eol = '\r\n' if original and b'\r\n' in original else '\n'
    assert result.endswith(eol.join('- ' + b for b in BULLETS) + eol)
    assert result.startswith(text or '')


def test_chained_diffs_apply_in_order(repo: Path) -> None:
    state = '# Memory\n'
    (repo / 'AGENTS.md').write_text(state)
    diffs = []
    batches = (
        ['First rule is kept here.'],
        ['Second rule is kept here.', 'Third rule is kept too.'],
    )
    for batch in batches:
        diffs.append(render('AGENTS.md', state, batch))
        state = applied(state, batch)  # type: ignore[assignment]
    for diff in diffs:
        apply('git', repo, diff)
    assert (repo / 'AGENTS.md').read_text() == state


def test_no_bullets_no_diff() -> None:
    assert render('AGENTS.md', '', []) == ''


def test_bullet_is_one_line() -> None:
    # line breaks become spaces; a tab and a run of spaces stay as written (a `Memory:` line's)
    assert bullet_line('a\nb\tc\r\nd') == '- a b\tc d'
    assert bullet_line(' a  b \n') == '- a  b'


def test_diff_syntax_in_a_sentence_cannot_break_the_diff(repo: Path) -> None:
    tricky = [
        '+++ b/x is a header we decided to keep',
        '@@ -1 +1 @@ must stay',
        '\\ No newline at end of file always',
    ]
    (repo / 'AGENTS.md').write_text('- a\n')
    apply('git', repo, render('AGENTS.md', '- a\n', tricky))
    assert (repo / 'AGENTS.md').read_text() == '- a\n' + ''.join(f'- {t}\n' for t in tricky)
    assert git(repo, 'status', '--porcelain') == '?? AGENTS.md\n?? p.diff\n'


# --- the memory file's Tail: what a hook run holds between transcripts' diffs ---------------

LINE_BITS = st.sampled_from(['- a rule', '', '# Memory', 'x\r', '\r', ' ', '\u2028', 'ünï'])
LINES = st.lists(st.tuples(LINE_BITS, st.sampled_from(['\n', '\r\n', ''])), max_size=9)
TEXTS = st.one_of(st.none(), LINES.map(lambda parts: ''.join(a + b for a, b in parts)))
BATCHES = st.lists(st.lists(st.sampled_from(BULLETS + ['tab\there', 'ünï line']), max_size=3),
                   max_size=4)


@settings(max_examples=300, deadline=None)
@given(memory=TEXTS, batches=BATCHES)
def test_diffs_from_the_tail_are_the_diffs_from_the_whole_text(
    memory: str | None, batches: list[list[str]],
) -> None:
    text, tail = memory, tail_of(memory)
    for batch in batches:
        assert render_tail('AGENTS.md', tail, batch) == render('AGENTS.md', text, batch)
        text, tail = applied(text, batch), applied_tail(tail, batch)
        assert tail == tail_of(text)
    assert tail.size == len((text or '').encode('utf-8'))


@pytest.mark.parametrize('name', sorted(MEMORIES))
def test_the_tail_holds_a_few_lines_of_any_memory_file(name: str) -> None:
    data = MEMORIES[name]
    tail = tail_of(None if data is None else data.decode())
    assert tail.rest.count('\n') <= CONTEXT + 1
    assert applied_tail(tail, BULLETS).rest.count('\n') <= CONTEXT + 1


HEADING = '## Decisions'
UNDER = {
    'section in the middle': (
        '# Memory\n\n## Decisions\n\n- We use UTC.\n\n## Testing\n\n- Run pytest.\n',
        '# Memory\n\n## Decisions\n\n- We use UTC.\n- B1\n- B2\n\n## Testing\n\n- Run pytest.\n',
    ),
    'section last, no eol': (
        '# Memory\n## Decisions\n- We use UTC.',
        '# Memory\n## Decisions\n- We use UTC.\n- B1\n- B2\n',
    ),
    'empty section': ('## Decisions\n## Testing\n', '## Decisions\n- B1\n- B2\n## Testing\n'),
    'subsection kept inside': (
        '## Decisions\n### Old\n- a\n# Other\n',
        '## Decisions\n### Old\n- a\n- B1\n- B2\n# Other\n',
    ),
    'heading in code is no heading': (
        '## Decisions\n- a\n```\n# not a heading\n```\n## Next\n',
        '## Decisions\n- a\n```\n# not a heading\n```\n- B1\n- B2\n## Next\n',
    ),
    'missing heading is added': (
        '# Memory\n\n## Testing\n- Run pytest.\n',
        '# Memory\n\n## Testing\n- Run pytest.\n\n## Decisions\n\n- B1\n- B2\n',
    ),
    'missing heading, blank last line': (
        '# Memory\n\n',
        '# Memory\n\n## Decisions\n\n- B1\n- B2\n',
    ),
    'empty file': ('', '## Decisions\n\n- B1\n- B2\n'),
    'missing file': (None, '## Decisions\n\n- B1\n- B2\n'),
    'crlf': (
        '## Decisions\r\n- a\r\n\r\n## Next\r\n',
        '## Decisions\r\n- a\r\n- B1\r\n- B2\r\n\r\n## Next\r\n',
    ),
    'a heading in a code block only': (
        '```\n## Decisions\n```\n',
        '```\n## Decisions\n```\n\n## Decisions\n\n- B1\n- B2\n',
    ),
}


@pytest.mark.parametrize('tool', ['git', 'patch'])
@pytest.mark.parametrize('name', list(UNDER))
def test_bullets_go_under_the_heading(repo: Path, tool: str, name: str) -> None:
    original, expected = UNDER[name]
    path = repo / 'AGENTS.md'
    if original is not None:
        path.write_bytes(original.encode())
    diff = render('AGENTS.md', original, ['B1', 'B2'], HEADING)
    assert applied(original, ['B1', 'B2'], HEADING) == expected
    apply(tool, repo, diff)
    assert path.read_bytes().decode() == expected


def test_chained_diffs_under_a_heading_apply_in_order(repo: Path) -> None:
    state: str | None = '# Memory\n\n## Testing\n- Run pytest.\n'
    (repo / 'AGENTS.md').write_text(state or '')
    diffs = []
    for batch in (['First rule is kept here.'], ['Second rule is kept here.']):
        diffs.append(render('AGENTS.md', state, batch, HEADING))
        state = applied(state, batch, HEADING)
    for diff in diffs:
        apply('git', repo, diff)
    assert (repo / 'AGENTS.md').read_text() == state
    assert state is not None and state.count(HEADING) == 1
    assert state.endswith('- Second rule is kept here.\n')


@settings(max_examples=200, deadline=None)
@given(memory=TEXTS, batches=BATCHES)
def test_under_a_heading_the_whole_tail_gives_the_whole_texts_diffs(
    memory: str | None, batches: list[list[str]],
) -> None:
    text, tail = memory, tail_of(memory, whole=True)
    for batch in batches:
        from_tail = render_tail('AGENTS.md', tail, batch, HEADING)
        assert from_tail == render('AGENTS.md', text, batch, HEADING)
        text, tail = applied(text, batch, HEADING), applied_tail(tail, batch, HEADING)
        assert tail == tail_of(text, whole=True)
