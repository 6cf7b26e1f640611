"""Entire's compact transcript.jsonl: the Entire reader, records shaped as entireio/cli writes them
(`cmd/entire/cli/transcript/compact/testdata/copilot_expected.jsonl`
@6952262caac551e9b3e287983da6a1d75b129b86)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from memory_gate.formats.entire import Entire, beside_full
from memory_gate.formats.parse import detect
from tests.formats import OTHER, SIGNAL, TRAP, read, skipped, turns

HEAD = {'v': 1, 'agent': 'copilot-cli', 'cli_version': '0.5.1'}
SESSION: list[dict[str, Any]] = [
    {**HEAD, 'type': 'user', 'ts': '2026-04-07T21:07:50.689Z', 'content': [{'text': SIGNAL}]},
    {**HEAD, 'type': 'assistant', 'ts': '2026-04-07T21:07:54.868Z', 'id': 'c1',
     'content': [{'type': 'tool_use', 'name': 'bash', 'id': 't1', 'input': {'command': TRAP},
                  'result': {'output': TRAP, 'status': 'success'}}]},
    {**HEAD, 'type': 'assistant', 'ts': '2026-04-07T21:08:41.062Z', 'id': 'c2',
     'content': [{'type': 'text', 'text': OTHER},
                 {'type': 'tool_use', 'name': 'create', 'id': 't2', 'input': {'file_text': TRAP}}]},
    {**HEAD, 'type': 'system', 'ts': 't', 'content': [{'text': TRAP}]},
]


def test_entire_compact_transcript() -> None:
    outcomes = read(Entire, *SESSION)
    assert [(t.role, t.text, t.timestamp) for t in turns(outcomes)] == [
        ('user', SIGNAL, '2026-04-07T21:07:50.689Z'),
        ('assistant', OTHER, '2026-04-07T21:08:41.062Z'),
    ]
    assert skipped(outcomes) == {'tool': 1, 'meta': 1}
    assert {detect(r) for r in SESSION} == {'entire'}


def test_v_and_cli_version_name_the_format() -> None:
    assert detect({'v': 1, 'type': 'user', 'content': []}) is None
    assert detect({'v': 0, 'cli_version': '1', 'type': 'user'}) is None


def test_full_jsonl_beside_it_wins(tmp_path: Path) -> None:
    checkpoint = tmp_path / 'a1' / 'b2c3d4e5f6' / '0'
    checkpoint.mkdir(parents=True)
    (checkpoint / 'transcript.jsonl').write_text('{}\n')
    alone = tmp_path / 'c3' / 'transcript.jsonl'
    alone.parent.mkdir()
    alone.write_text('{}\n')
    paths = [str(checkpoint / 'transcript.jsonl'), str(alone)]
    assert beside_full(paths) == []
    (checkpoint / 'full.jsonl').write_text('{}\n')
    assert beside_full(paths) == [str(checkpoint / 'transcript.jsonl')]
