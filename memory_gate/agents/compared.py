"""How a copy being written compares with the copy already there: the same so far, longer
(grown: the session went on), or not an earlier copy of it (diverged, never overwritten)."""

from __future__ import annotations

import json
from collections.abc import Iterator


class Compared:
    """How the copy being written compares, line by line, with the copy already there: the same
    so far, longer (grown), or not an earlier copy of it (diverged)."""

    def __init__(self, old: Iterator[bytes | None] | None) -> None:
        self.old, self.grown, self.diverged = old, old is None, False

    def feed(self, line: bytes) -> None:
        if self.grown or self.diverged or self.old is None:
            return
        before = next(self.old, b'')
        if before == line:
            return
        if before == b'' or is_cut(before, self.old):
            self.grown = True  # the old copy ends here (or in a line an earlier version cut)
        else:
            self.diverged = True

    def state(self) -> str:
        if self.old is None:
            return 'new'
        if self.diverged or (not self.grown and next(self.old, b'') != b''):
            return 'diverged'
        return 'grown' if self.grown else 'unchanged'


def is_cut(line: bytes | None, rest: Iterator[bytes | None]) -> bool:
    """A copy's last line without its line break: a line cut mid-write, copied by an earlier
    version of collect."""
    return line is not None and not line.endswith(b'\n') and next(rest, b'') == b''


def grew(old: bytes, new: bytes) -> bool:
    """A session document's copy is an earlier state of it (rewritten whole): a byte prefix, or
    the same messages so far."""
    if new.startswith(old):
        return True
    try:
        before, after = json.loads(old), json.loads(new)
    except ValueError:
        return False
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return False
    messages, more = before.get('messages'), after.get('messages')
    return (
        isinstance(messages, list) and isinstance(more, list) and more[: len(messages)] == messages
    )
