"""The heads of session files as collect last read them, so that a collect with nothing changed
opens no session at all.

Which checkout a session belongs to is told by its first records (its working directory, its
id: stores.py). collect keeps what of them the stores ask (PROJECTED keys, every other key left
out) by the file's path, size and modification time, in the git directory
(`memory-gate-heads.json`, beside the stamps of stamps.py); a file whose size or modification
time moved is read again. A missing, unreadable or oversized table only means every head is read
again; a head too large to keep is read every time.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from memory_gate.agents import stamps
from memory_gate.base.typed import TYPE_CHECKING

if TYPE_CHECKING:
    from memory_gate.agents.stores import Reader

NAME = 'memory-gate-heads.json'
MAX_HEAD = 1 << 12  # the projected head of one file kept at most (JSON bytes)
# What the stores read of a head's records (stores.claude, codex, gemini, copilot), nested
# records (payload, data, context) projected the same way.
PROJECTED = frozenset({'cwd', 'type', 'payload', 'data', 'context', 'projectHash', 'sessionId',
                       'id'})


def projected(record: dict[str, Any]) -> dict[str, Any]:
    """A record with only the keys the stores read (nested records projected too)."""
    return {k: projected(v) if isinstance(v, dict) else v
            for k, v in record.items() if k in PROJECTED}


def kept(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """A head as kept: the first record always (a document's top), then each projected record
    not seen before (the stores take the first that holds what they ask)."""
    out: list[dict[str, Any]] = []
    for n, record in enumerate(map(projected, records)):
        if n == 0 or (record and record not in out):
            out.append(record)
    return out


class Heads:
    """The heads of one collect: looked up by path, size and modification time; saved once."""

    def __init__(self, root: str, read: Reader) -> None:
        self.read_head = read
        self.path = stamps.where(root, NAME)
        self.known = load(self.path)
        self.seen: dict[str, list[Any]] = {}

    def head(self, path: str) -> Iterator[dict[str, Any]]:
        """The head of the session file at `path`, as the stores read it."""
        at = stamps.stat_of(path)
        entry = self.known.get(path)
        if at is not None and entry is not None and tuple(entry[0]) == at:
            records = entry[1]
        else:
            records = kept(self.read_head(path))
        if at is not None and len(json.dumps(records)) <= MAX_HEAD:
            self.seen[path] = [list(at), records]
        yield from records

    def save(self) -> None:
        """Keep the heads this collect looked at (the others are gone); never raises."""
        if self.seen == self.known:
            return
        try:
            stamps.write_table(self.path, self.seen)
        except OSError:
            pass  # only that the next collect reads every head again


def load(path: str | None) -> dict[str, list[Any]]:
    """The heads by path ([[size, mtime_ns], records]); {} when none can be read."""
    return {k: v for k, v in stamps.table(path).items() if is_entry(v)}  # type: ignore[misc]


def is_entry(value: object) -> bool:
    """[[size, mtime_ns], [record, ...]] as save() writes it."""
    if not (isinstance(value, list) and len(value) == 2):
        return False
    at, records = value
    return (isinstance(at, list) and len(at) == 2 and all(type(n) is int for n in at)
            and isinstance(records, list) and all(isinstance(r, dict) for r in records))
