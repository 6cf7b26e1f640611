"""What collect keeps of each session file's head (agents/heads.py): the stores find the same
sessions from the kept heads as from the files, and a file that changed is read again."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from memory_gate.agents import heads, stores


def write(path: Path, *records: dict[str, Any]) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(''.join(json.dumps(r) + '\n' for r in records))
    return str(path)


def sessions(home: Path, checkout: str, read: stores.Reader | None) -> list[stores.Session]:
    return [s for store in stores.STORES for s in store(str(home), [checkout], read)]


@pytest.fixture
def home(tmp_path: Path) -> tuple[Path, str]:
    """One session of each store for the checkout, one of another folder, and near misses."""
    home, here = tmp_path / 'home', str(tmp_path / 'repo')
    os.makedirs(here)
    claude = home / '.claude' / 'projects' / '-repo'
    write(claude / 'a.jsonl', {'type': 'summary', 'summary': 'x' * 5000},
          {'type': 'user', 'cwd': here, 'message': {'content': 'hi'}, 'sessionId': 'a'})
    write(claude / 'b.jsonl', {'type': 'user', 'cwd': '/elsewhere', 'sessionId': 'b'})
    write(claude / 'c.jsonl', {'type': 'user', 'cwd': ['not', 'a', 'path']})
    codex = home / '.codex' / 'sessions' / '2026' / '12' / '06'
    write(codex / 'rollout-1.jsonl', {'type': 'response_item', 'payload': {'cwd': '/elsewhere'}},
          {'type': 'session_meta', 'payload': {'cwd': here, 'id': 'c-1', 'instructions': 'x'}})
    write(codex / 'rollout-2.jsonl', {'type': 'session_meta', 'payload': {'cwd': here}})
    chats = home / '.gemini' / 'tmp' / stores.project_hash(here) / 'chats'
    chats.mkdir(parents=True)
    (chats / 'session-1.json').write_text(json.dumps(
        {'sessionId': 'g-1', 'projectHash': stores.project_hash(here), 'messages': []}))
    write(chats / 'session-2.jsonl', {'sessionId': 'g-2', 'projectHash': 'other'})
    state = home / '.copilot' / 'session-state'
    write(state / 's-1' / 'events.jsonl', {'type': 'session.start', 'data': {
        'sessionId': 's-1', 'context': {'cwd': here, 'gitRoot': here}}})
    write(state / 's-2' / 'events.jsonl', {'type': 'session.start', 'data': 'not a record'})
    return home, here


def test_the_kept_heads_find_what_the_files_find(home: tuple[Path, str], tmp_path: Path) -> None:
    folder, here = home
    direct = sessions(folder, here, None)
    assert {s.agent for s in direct} == {'claude', 'codex', 'gemini', 'copilot'}
    first = heads.Heads(str(tmp_path), stores.head)
    assert sessions(folder, here, first.head) == direct
    opened: list[str] = []

    def counted(path: str) -> list[dict[str, Any]]:
        opened.append(path)
        return list(stores.head(path))

    again = heads.Heads(str(tmp_path), counted)
    again.known = json.loads(json.dumps(first.seen))  # as saved and read back
    assert sessions(folder, here, again.head) == direct and opened == []
    claude = folder / '.claude' / 'projects' / '-repo' / 'b.jsonl'
    write(claude, {'type': 'user', 'cwd': here, 'sessionId': 'b'})  # now this checkout's
    os.utime(claude, ns=(1, 1))
    found = sessions(folder, here, again.head)
    assert opened == [str(claude)] and stores.Session('claude', 'b', str(claude)) in found


def test_a_head_keeps_only_what_the_stores_read() -> None:
    record = {'type': 'session_meta', 'payload': {'cwd': '/r', 'id': 'x', 'instructions': 'y' * 99},
              'timestamp': 't', 'message': {'content': 'secret-ish text'}}
    assert heads.kept([record, record, {}, {'cwd': '/r'}]) == [
        {'type': 'session_meta', 'payload': {'cwd': '/r', 'id': 'x'}}, {'cwd': '/r'}]
    assert heads.kept([{'summary': 'x'}, {'cwd': '/r'}]) == [{}, {'cwd': '/r'}]  # the top stays


@pytest.mark.parametrize('stored', [b'', b'[1, 2]', b'{"a": [[1], []]}', b'{"a": [[1, 2], [3]]}',
                                    b'\xff\xfe', b'{' * 100_000])
def test_a_table_that_is_not_one_means_every_head_is_read(tmp_path: Path, stored: bytes) -> None:
    path = tmp_path / 'heads.json'
    path.write_bytes(stored)
    assert heads.load(str(path)) == {}
