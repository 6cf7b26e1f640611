"""What a commit adds: a transcript that extends its committed version is judged on the lines after it."""
from __future__ import annotations

import json
from pathlib import Path

from memory_gate.history import Since, since, starts
from memory_gate.pipeline import build
from memory_gate.records import Settings, Transcript
from tests.conftest import git, say, write_jsonl

DECIDE = 'We decided to keep the parser in pure Python.'
NEVER = 'Never push directly to main.'


def codex(kind: str, payload: dict[str, object]) -> bytes:
    return (json.dumps({'timestamp': '2026-01-01T00:00:00Z', 'type': kind, 'payload': payload}) + '\n').encode()


def message(role: str, text: str) -> dict[str, object]:
    return {'type': 'message', 'role': role, 'content': [{'type': 'input_text', 'text': text}]}


def test_earlier_lines_give_context_but_are_not_judged() -> None:
    meta = codex('session_meta', {'id': 'sess-42'})
    lines = [meta, codex('response_item', message('user', DECIDE)), codex('response_item', message('user', NEVER))]
    assert [p.text for p in build([Transcript('t.jsonl', lines)], Settings()).proposed] == [DECIDE, NEVER]
    added = build([Transcript('t.jsonl', lines, 3)], Settings())
    assert [(p.text, p.session) for p in added.proposed] == [(NEVER, 'sess-42')]  # the session id comes from line 1
    assert added.stats['skipped_committed'] == 2 and added.stats['lines'] == 3


def test_a_copy_of_a_committed_turn_stays_a_duplicate() -> None:
    lines = [codex('session_meta', {'id': 'sess-42'}), codex('response_item', message('user', DECIDE)),
             codex('event_msg', {'type': 'user_message', 'message': DECIDE})]  # Codex logs each user turn twice
    added = build([Transcript('t.jsonl', lines, 3)], Settings())
    assert added.proposed == [] and added.stats['skipped_duplicate'] == 1
    alone = build([Transcript('t.jsonl', lines[2:])], Settings())  # the new line without its context
    assert [p.text for p in alone.proposed] == [DECIDE]


def test_since_tells_new_unchanged_extended_and_rewritten(repo: Path) -> None:
    write_jsonl(repo / 'grown.jsonl', say('user', 'hello'), say('user', DECIDE))
    write_jsonl(repo / 'same.jsonl', say('user', DECIDE))
    write_jsonl(repo / 'edited.jsonl', say('user', DECIDE))
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'transcripts')
    with open(repo / 'grown.jsonl', 'a') as f:
        f.write(json.dumps(say('user', NEVER)) + '\n')
    write_jsonl(repo / 'edited.jsonl', say('user', NEVER), say('user', DECIDE))
    write_jsonl(repo / 'new.jsonl', say('user', NEVER))
    paths = [str(repo / n) for n in ('grown.jsonl', 'same.jsonl', 'edited.jsonl', 'new.jsonl')]
    found = since(str(repo), ['HEAD'], paths)
    assert found is not None
    assert [found[p] for p in paths] == [Since('extended', 3), Since('unchanged', 2), Since('rewritten'), Since('new')]
    assert starts(found, unchanged_whole=True) == {paths[0]: 3}
    assert starts(found, unchanged_whole=False) == {paths[0]: 3, paths[1]: 2}
    assert since(str(repo), ['no-such-rev'], paths) is None


def test_a_commit_that_ended_mid_line_judges_that_line_again(repo: Path) -> None:
    (repo / 't.jsonl').write_text(json.dumps(say('user', 'hello')) + '\n{"role": "user", "te')
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'half a line')
    with open(repo / 't.jsonl', 'a') as f:
        f.write(f'xt": "{NEVER}"}}\n')
    found = since(str(repo), ['HEAD'], [str(repo / 't.jsonl')])
    assert found == {str(repo / 't.jsonl'): Since('extended', 2)}
