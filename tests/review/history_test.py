"""What a commit adds: a transcript that extends its committed version is judged on the lines
after it."""
from __future__ import annotations

import json
from pathlib import Path

from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from memory_gate.review.history import reviewed, since, starts
from tests.conftest import git, say, write_jsonl

DECIDE = 'We decided to keep the parser in pure Python.'
NEVER = 'Never push directly to main.'


def codex(kind: str, payload: dict[str, object]) -> bytes:
    record = {'timestamp': '2026-01-01T00:00:00Z', 'type': kind, 'payload': payload}
    return (json.dumps(record) + '\n').encode()


def message(role: str, text: str) -> dict[str, object]:
    return {'type': 'message', 'role': role, 'content': [{'type': 'input_text', 'text': text}]}


def test_earlier_lines_give_context_but_are_not_judged() -> None:
    meta = codex('session_meta', {'id': 'sess-42'})
    lines = [
        meta,
        codex('response_item', message('user', DECIDE)),
        codex('response_item', message('user', NEVER)),
    ]
    whole = build([Transcript('t.jsonl', lines)], Settings())
    assert [p.text for p in whole.proposed] == [DECIDE, NEVER]
    added = build([Transcript('t.jsonl', lines, 3)], Settings())
    # the session id comes from line 1
    assert [(p.text, p.session) for p in added.proposed] == [(NEVER, 'sess-42')]
    assert added.stats['skipped_committed'] == 2 and added.stats['lines'] == 3


def test_a_copy_of_a_committed_turn_stays_a_duplicate() -> None:
    lines = [
        codex('session_meta', {'id': 'sess-42'}),
        codex('response_item', message('user', DECIDE)),
        # Codex logs each user turn twice
        codex('event_msg', {'type': 'user_message', 'message': DECIDE}),
    ]
    added = build([Transcript('t.jsonl', lines, 3)], Settings())
    assert added.proposed == [] and added.stats['skipped_duplicate'] == 1
    # the new line without its context
    alone = build([Transcript('t.jsonl', lines[2:])], Settings())
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
    assert [found[p][:2] for p in paths] == [
        ('extended', 3),
        ('unchanged', 2),
        ('rewritten', 1),
        ('new', 1),
    ]
    assert found[paths[2]].blob == git(repo, 'rev-parse', 'HEAD:edited.jsonl').strip()
    assert not found[paths[3]].blob
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
    assert found is not None and found[str(repo / 't.jsonl')][:2] == ('extended', 2)


def test_a_rewritten_transcript_proposes_only_what_its_committed_version_did_not(
    repo: Path,
) -> None:
    """A word redacted on line 1: what the committed version yields was reviewed, and stays so."""
    write_jsonl(repo / 's.jsonl', say('user', 'hello from alice'), say('user', DECIDE))
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'transcript')
    write_jsonl(
        repo / 's.jsonl',
        say('user', 'hello from [redacted]'),
        say('user', DECIDE),
        say('user', NEVER),
    )
    path = str(repo / 's.jsonl')
    found = since(str(repo), ['HEAD'], [path], staged=True)
    assert found is not None and found[path].state == 'rewritten'
    seen = reviewed(str(repo), found, Settings())
    assert seen == [DECIDE]
    lines = (repo / 's.jsonl').read_bytes().splitlines(keepends=True)
    result = build([Transcript(path, lines)], Settings(), reviewed=seen)
    assert [p.text for p in result.proposed] == [NEVER] and result.stats['already_reviewed'] == 1


def test_a_renamed_transcript_is_compared_with_its_old_path(repo: Path) -> None:
    write_jsonl(repo / 'a.jsonl', say('user', 'hello'), say('user', DECIDE))
    write_jsonl(repo / 'b.jsonl', say('user', 'hello'), say('user', DECIDE))
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'transcripts')
    git(repo, 'mv', 'a.jsonl', 'moved.jsonl')
    git(repo, 'mv', 'b.jsonl', 'grown.jsonl')
    with open(repo / 'grown.jsonl', 'a') as f:
        f.write(json.dumps(say('user', NEVER)) + '\n')
    git(repo, 'add', 'grown.jsonl')
    moved, grown = str(repo / 'moved.jsonl'), str(repo / 'grown.jsonl')
    found = since(str(repo), ['HEAD'], [moved, grown], staged=True)
    assert found is not None
    assert (found[moved].state, found[moved].renamed) == ('unchanged', 'a.jsonl')
    grown_found = found[grown]
    assert (grown_found.state, grown_found.start, grown_found.renamed) == ('extended', 3, 'b.jsonl')
    # a renamed copy adds nothing to judge
    assert starts(found, unchanged_whole=True) == {moved: 3, grown: 3}
