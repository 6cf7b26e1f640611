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
from memory_gate.secrets.spans import unescaped

# How much a chunk holds: lines are read ahead (decoded, their strings found) up to this many
# bytes or lines, then the engine reads them at once.
CHUNK_BYTES = 1024 * 1024
CHUNK_LINES = 1024
# Between two lines' texts. Where a line's texts end (or begin), the engine's rules take a line
# break for the end (or start) of their input, every rule but one (sidekiq-sensitive-url, in
# NEEDLED). A match that runs across must take 64 line breaks and 64 DELs in a row: only a rule
# whose runs may take that many of each (NEEDLED) can, so no match of one line hides the next
# one's.
RUN = 64
SEPARATOR = b'\n' * RUN + b'\x7f' * RUN + b'\n' * RUN
# The rules a chunk may not read as each line alone, each with the words (lowercase) one of
# which is in every match of it: a line holding one is flagged. Kept equal to what the installed
# engine's patterns give by tests/secrets/chunks_test.py: the rules whose runs may take RUN line
# breaks and RUN DELs (a match that may run from one line into the next: an unfinished PEM block
# on one line and a key on the next), and those whose end of input no line break stands for.
NEEDLED: dict[str, tuple[bytes, ...]] = {
    'betterleaks.bitly-access-token': (b'bitly',),
    'betterleaks.cloudinary-api-secret': (b'cloudinary',),
    'betterleaks.couchbase-capella-api-key': (b'apella', b'ouchbase'),
    'betterleaks.curl-auth-user': (b'curl',),
    'betterleaks.gcp-application-default-credentials': (b'"client_secret"', b'"refresh_token"'),
    'betterleaks.gcp-service-account': (b'auth_provider_x509_cert_url',),
    'betterleaks.influxdb-api-token': (b'influx',),
    'betterleaks.kubernetes-secret-yaml': (b'secret',),
    'betterleaks.nuget-config-password': (b'<add key="',),
    'betterleaks.private-key': (b'private key',),
    'betterleaks.sidekiq-sensitive-url': (b'contribsys', b'enterprise'),
    'veles.secrets/codecatalystcredentials': (b'codecatalyst.aws/',),
}
NEEDLES = tuple(dict.fromkeys(needle for needles in NEEDLED.values() for needle in needles))


def line_bytes(texts: list[str]) -> bytes:
    """What spans.engine_spans gives the engine for one line's texts."""
    return b'\n'.join(engine.as_read([unescaped(text) for text in texts])[1])


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
    """Every line whose bytes hold the piece, flagged."""
    at = data.find(piece) if piece else -1
    while at >= 0:
        out[bisect_right(starts, at) - 1] = True
        at = data.find(piece, at + 1)
