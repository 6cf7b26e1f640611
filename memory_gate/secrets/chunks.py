"""The engine's prefilter over many lines at once: on which lines of a chunk its rules may find
something, by one call for the chunk (a call a line cost 2.5x as much in the engine alone over
agentv's lines, and each call its own Python around it).

Each line is given to the engine as the scan's own call gives it (spans.engine_spans: its
strings unescaped, invisible characters out, joined by line breaks), the lines apart by
SEPARATOR, which no rule's match runs across but those of NEEDLED. A line is flagged when a hit
touches it, when its bytes hold a hit's bytes too (an engine that reported a secret once a scan
would hide the others), or when they hold a needle of NEEDLED. A flagged line is read by the
engine alone, as before; a line not flagged holds nothing the engine finds on it alone
(tests/secrets/chunks_test.py).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate

from memory_gate.secrets import engine
from memory_gate.secrets.credentials import visible
from memory_gate.secrets.spans import unescaped

# How much a chunk holds: lines are read ahead (decoded, their strings found) up to this many
# bytes or lines, then the engine reads them at once.
CHUNK_BYTES = 256 * 1024
CHUNK_LINES = 256
# Between two lines' texts: line breaks at each end (where a line's texts end or begin, the
# engine's rules take a line break for the end or start of their input, every rule but
# sidekiq-sensitive-url, in NEEDLED), and between them the characters a rule's long runs stop at
# (quotes, brackets, '/', ':', ...; DEL, which no rule names). No rule's match can take it whole
# but those of NEEDLED (Python's parser reads every pattern as an automaton, in the test), so no
# match of one line runs into the next and hides that one's own.
STOPS = b'"\'`{}[]()<>/|;:,= '
SEPARATOR = b'\n' * 80 + STOPS + b'\x7f' * 8 + STOPS + b'\n' * 80
# The rules a chunk may not read as each line alone, each with words (lowercase) one of which is
# in every match of it: a line holding one is flagged. Kept equal to what the installed engine's
# patterns give by tests/secrets/chunks_test.py: the rules whose match may take SEPARATOR whole
# (a block begun on one line and not ended runs on into the next line's key and hides it:
# '[\\s\\S-]{64,}?', '(?s:.){0,1000}?'), and one whose end of input no line break stands for.
NEEDLED: dict[str, tuple[bytes, ...]] = {
    'betterleaks.kubernetes-secret-yaml': (b'kind:',),
    'betterleaks.private-key': (b'private key',),
    'betterleaks.sidekiq-sensitive-url': (b'contribsys',),
}
NEEDLES = tuple(dict.fromkeys(needle for needles in NEEDLED.values() for needle in needles))


def line_bytes(texts: list[str]) -> bytes:
    """What spans.engine_spans gives the engine for one line's texts (engine.as_read of each
    text unescaped, joined by line breaks), made of the joined texts at once: neither
    unescaped's escapes nor an invisible character spans a line break (property-tested)."""
    joined = unescaped('\n'.join(texts))
    if not joined.isascii():
        joined = visible(joined)[0]
    return joined.encode('utf-8', 'surrogatepass')


def flags(lines: Sequence[list[str] | None]) -> list[bool]:
    """For each line's texts (None: a line the engine does not read), whether the engine may
    find something on it alone."""
    data = [b'' if texts is None else line_bytes(texts) for texts in lines]
    joined = SEPARATOR.join(data)
    starts = list(accumulate((len(d) + len(SEPARATOR) for d in data), initial=0))
    out = [False] * len(lines)
    for hit in engine.hits(joined):
        first = bisect_right(starts, hit.start) - 1
        last = bisect_right(starts, max(hit.end - 1, hit.start)) - 1
        out[first:last + 1] = [True] * (last + 1 - first)
        holding(joined, starts, joined[hit.start:hit.end], out)
    lowered = joined.lower()
    for needle in NEEDLES:
        holding(lowered, starts, needle, out)
    return [found and texts is not None for found, texts in zip(out, lines)]


def holding(data: bytes, starts: list[int], piece: bytes, out: list[bool]) -> None:
    """Every line whose bytes hold the piece, flagged (each looked for from the next line on)."""
    at = data.find(piece) if piece else -1
    while at >= 0:
        line = bisect_right(starts, at) - 1
        out[line] = True
        at = data.find(piece, starts[line + 1]) if line + 1 < len(out) else -1
