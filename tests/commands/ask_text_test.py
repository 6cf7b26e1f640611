"""Issue 42: the ask (what `agent-hook stop` sends, and the paragraph `snippet` gives agents
without hooks) says what does not belong: this machine, this checkout's state, the harness, a
one-off instruction; one fact a line in the project's terms, with its reason; and stays no longer
than it was (493 and 544 characters before issue 42)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import run

ASK_BEFORE, SNIPPET_BEFORE = 493, 544
SAYS = (
    r'this machine',
    r"this checkout's (?:current )?state",
    r'the harness',
    r'one-off instruction[^.;]* is not a rule',
    r'one fact a line',
    r"in the project's (?:own )?terms",
    r'with its reason',
    r'what you did',
)


def ask(tmp_path: Path) -> str:
    """The reason `agent-hook stop` gives a Claude Code session that has worked enough."""
    records = []
    for n in range(4):
        records.append({'type': 'user', 'uuid': f'u{n}', 'sessionId': 's', 'isSidechain': False,
                        'message': {'role': 'user', 'content': f'step {n}: change the parser'}})
        records.append({'type': 'assistant', 'uuid': f'a{n}', 'sessionId': 's',
                        'isSidechain': False, 'message': {'role': 'assistant', 'content': [
                            {'type': 'tool_use', 'id': f't{n}{k}', 'name': 'Edit', 'input': {}}
                            for k in range(6)]}})
    session = tmp_path / 's.jsonl'
    session.write_text(''.join(json.dumps(r) + '\n' for r in records), encoding='utf-8')
    hook = {'hook_event_name': 'Stop', 'transcript_path': str(session), 'session_id': 's',
            'stop_hook_active': False, 'cwd': str(tmp_path)}
    done = run(tmp_path, 'agent-hook', 'stop', stdin=json.dumps(hook).encode())
    assert done.returncode == 0, done.stderr
    reason: str = json.loads(done.stdout)['reason']
    return reason


def test_the_stop_ask_says_what_belongs_and_what_does_not(tmp_path: Path) -> None:
    text = ask(tmp_path)
    assert [s for s in SAYS if not re.search(s, text, re.I)] == []
    assert '`Memory: none`' in text
    assert len(text) <= ASK_BEFORE


def test_the_snippet_says_what_belongs_and_what_does_not(tmp_path: Path) -> None:
    """The paragraph for AGENTS.md, for an agent without hooks."""
    done = run(tmp_path, 'snippet')
    assert done.returncode == 0, done.stderr
    text = ' '.join(done.stdout.split())
    assert [s for s in SAYS if not re.search(s, text, re.I)] == []
    assert len(done.stdout) <= SNIPPET_BEFORE
