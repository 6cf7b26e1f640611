"""The records every part passes on: a transcript's lines as read (Transcript) and a credential
found in them (Secret). Plain immutable values, no behaviour."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from memory_gate.base.typed import NamedTuple


class Secret(NamedTuple):
    """A credential in a transcript's own lines (scan.py): where, its kind, a masked hint."""

    source: str
    line: int
    kind: str
    hint: str


class LongLine(NamedTuple):
    """A line over the size cap (files.MAX_LINE_BYTES), as its bytes stream past: read once, in
    chunks (the scan reads them for credentials in bounded windows); what is left unread is
    drained. The parser counts it oversized, as a None."""

    chunks: Iterator[bytes]


class Transcript(NamedTuple):
    source: str  # the path as given, or '-'
    # raw lines; None (or a LongLine, from files.transcripts) for a line over the size cap
    lines: Iterable[bytes | LongLine | None]
    start: int = 1  # the first line judged: earlier (committed) ones only give the parser context
