"""Every place a needle of credential_patterns.TEXT_NEEDLES begins in a long text, found at once
by Hyperscan, so that spans.windows does not search for them one place at a time.

Hyperscan (PyPI `hyperscan`: Intel's multi-pattern engine, as Vectorscan under Kingfisher's
rules; BSD-3 and MIT; wheels for Linux with glibc and musl, macOS and Windows, CPython 3.10 to
3.15) reads the needles as literal bytes, case as written: what re finds, over 8 MB of real
tool output in 14 ms where the regex search took 450 ms. It is imported (6 ms) and the needles
compiled (4 ms) when the first long text is searched. Where it cannot load, `starts` says None
and the caller searches as before.
"""
from __future__ import annotations

import functools
from itertools import accumulate

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.secrets import credential_patterns as P

if TYPE_CHECKING:
    from typing import Any  # typing costs start-up (tests/startup_test.py)

# A text holding more needles than one in this many characters, or more than MOST in all, is
# left to the caller's search, which steps over a window's needles (a megabyte of '@' is not a
# million places to report, nor to keep: the places of MOST needles are a few megabytes).
SPARSEST = 16
MOST = 1 << 16


class Needles(NamedTuple):
    every: Any  # hyperscan.Database reporting every place each needle ends
    once: Any  # reporting each needle once
    texts: tuple[str, ...]  # the needles, by their ids
    lengths: tuple[int, ...]  # each needle's length in bytes, by its id
    stop: type[Exception]  # hyperscan.ScanTerminated


@functools.cache
def compiled() -> Needles | None:
    """The needles as Hyperscan databases, once a process; None where it cannot load."""
    try:
        import hyperscan
    except (ImportError, OSError):  # no wheel here, or its shared library will not load
        return None
    texts = tuple(dict.fromkeys(P.TEXT_NEEDLES))
    needles = [n.encode('utf-8') for n in texts]
    patterns = [b''.join(b'\\x%02x' % b for b in n) for n in needles]
    try:
        every, once = (hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK) for _ in range(2))
        for database, flag in ((every, 0), (once, hyperscan.HS_FLAG_SINGLEMATCH)):
            database.compile(expressions=patterns, ids=list(range(len(patterns))),
                             elements=len(patterns), flags=[flag] * len(patterns))
    except Exception:  # noqa: BLE001 - an old CPU, a build it refuses: the caller searches
        return None
    return Needles(every, once, texts, tuple(map(len, needles)), hyperscan.ScanTerminated)


def present(text: str) -> set[str] | None:
    """The needles `text` holds (each once); None without Hyperscan."""
    needles = compiled()
    if needles is None:
        return None
    found: set[str] = set()

    def on_match(needle: int, *_: object) -> None:
        found.add(needles.texts[needle])

    needles.once.scan(text.encode('utf-8', 'surrogatepass'), match_event_handler=on_match)
    return found


def starts(text: str) -> list[int] | None:
    """Where each needle begins in `text` (characters, in order, once each); None without
    Hyperscan or when the text holds more needles than one in SPARSEST characters or MOST."""
    needles = compiled()
    if needles is None:
        return None
    data = text.encode('utf-8', 'surrogatepass')
    budget = min(len(text) // SPARSEST + 1, MOST)
    found: set[int] = set()

    def on_match(needle: int, _: int, end: int, *__: object) -> bool | None:
        found.add(end - needles.lengths[needle])
        return len(found) > budget or None  # True stops the scan

    try:
        needles.every.scan(data, match_event_handler=on_match)
    except needles.stop:
        return None
    at = sorted(found)
    return at if len(data) == len(text) else characters(data, at)


def characters(data: bytes, offsets: list[int]) -> list[int]:
    """Byte offsets into UTF-8 data (each where a character begins) as character offsets."""
    pieces = zip([0, *offsets], offsets)
    return list(accumulate(len(data[a:b].decode('utf-8', 'surrogatepass')) for a, b in pieces))
