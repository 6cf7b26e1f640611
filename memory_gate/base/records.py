"""The records every part passes on: a transcript's lines as read (Transcript) and a credential
found in them (Secret). Plain immutable values, no behaviour."""
from __future__ import annotations

from collections.abc import Iterable

from memory_gate.base.typed import NamedTuple


class Secret(NamedTuple):
    """A credential in a transcript's own lines (scan.py): where, its kind, a masked hint."""

    source: str
    line: int
    kind: str
    hint: str


class Transcript(NamedTuple):
    source: str  # the path as given, or '-'
    lines: Iterable[bytes | None]  # raw lines; None for a line over the size cap
    start: int = 1  # the first line judged: earlier (committed) ones only give the parser context
