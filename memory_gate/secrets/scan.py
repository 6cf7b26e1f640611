"""Credentials in a transcript's own lines: found, located and masked.

A raw line is looked at only when it holds one of the literal byte needles of
credential_patterns.NEEDLES (the prefilter, needles.py); then its JSON strings are decoded
one by one (never the fields of OPAQUE_KEYS), each string holding a needle goes through the detector
(spans.detect), and a value found is reported by kind and a masked hint, never whole.
Redaction in place is redact.py's.
"""
from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence

from memory_gate.base.records import LongLine, Secret
from memory_gate.base.typed import NamedTuple
from memory_gate.secrets import across, chunks, engine, literals, long_lines, needles
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.needles import (
    may_hold as may_hold,  # the prefilter, as scrub and collect call it
)
from memory_gate.secrets.needles import unnamed
from memory_gate.secrets.readable import is_tool_type as readable_is_tool_type
from memory_gate.secrets.readable import names_tool
from memory_gate.secrets.spans import (
    ID_KEY_RE,
    Memo,
    Span,
    detect,
    engine_spans,
    in_context,
    is_id,
    names_secret,
    needle_starts,
    unnamed_tail,
)


class Finding(NamedTuple):
    """A credential on a transcript line: its kind and a masked hint ('ghp_…Na'; '' under 16
    characters)."""

    line: int
    kind: str
    hint: str


def hint(value: str) -> str:
    """The first four and last two characters of a value of 16 or more (a key block: of its
    body; a value over several lines: without its white space, so a message stays one line);
    else nothing."""
    if value.startswith('-----BEGIN'):
        value = ''.join(line for line in value.splitlines() if not line.startswith('-----'))
    if '\n' in value or '\r' in value:
        value = ''.join(value.split())
    return f'{value[:4]}\u2026{value[-2:]}' if len(value) >= 16 else ''


def holds_needle(key: str | None, value: str, needles: Sequence[str] = P.TEXT_NEEDLES,
                 unnamed: bool = True) -> bool:
    """Whether a JSON string is worth searching: it holds a needle (of those its line holds) or a
    token no needle names (when its line may: `unnamed`), or its key names a secret."""
    if names_secret(key):
        return True
    return len(value) >= 4 and (any(map(value.__contains__, needles))
                                or unnamed and unnamed_tail().search(value) is not None)


def scan_line(raw: bytes, number: int) -> list[Finding]:
    """The findings of one raw line; most lines hold no needle and are not decoded."""
    return [finding for finding, _ in located(raw, number)]


def located(raw: bytes, number: int, memo: Memo | None = None,
            decoded: Callable[[bytes, object], None] | None = None,
            ahead: tuple[Read | str | None, bool] | None = None) -> list[tuple[Finding, str]]:
    """Each finding of a raw line with its value's fingerprint (the value itself goes no
    further). `memo` keeps the detector's answers for the texts it has read (a transcript's
    tool output repeats), so a text read again is not searched again; `decoded` is told what
    a line decoded to; `ahead`: the line as read_ahead read it, and whether the engine reading
    its chunk flagged it (chunks.flags: if not, it finds nothing on the line alone)."""
    got, flagged = (read(raw), True) if ahead is None else ahead
    if got is None:
        return []
    memo = {} if memo is None else memo
    if isinstance(got, str):  # not JSON: its text as it is
        return [found(number, s, got[s.start:s.end]) for s in detect(got, memo)]
    if decoded is not None:
        decoded(raw, got.record)
    out: list[tuple[Finding, str]] = []
    in_line = InLine(raw)
    texts = [value for _, value, _ in got.fields]
    by_engine = engine_spans(texts) if got.engine_reads and flagged else [[] for _ in texts]
    for (key, value, said), theirs in zip(got.fields, by_engine):
        ours = in_line.worth_searching(key, value)
        if ours or theirs:  # neither reads it (most strings): in_context would find nothing
            spans = in_context(key, value, memo, ours, theirs, said)
            out += [found(number, s, value[s.start:s.end]) for s in spans]
    return out


class Read(NamedTuple):
    """A line decoded for the scan: its record, its strings worth reading (strings()), and
    whether the engine reads them."""

    record: object
    fields: list[tuple[str | None, str, bool]]
    engine_reads: bool


def read(raw: bytes) -> Read | str | None:
    """A raw line as the scan reads it: None when neither detector would (no needle, and no run
    the engine reads: the engine is loaded at the first one), its text when it is not JSON."""
    engine_reads = ENGINE_RUN.search(raw) is not None and engine.loaded() is not None
    if not engine_reads and not may_hold(raw):
        return None
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        return raw.decode('utf-8', 'replace').rstrip('\r\n')
    return Read(record, strings(record), engine_reads)


def strings(record: object) -> list[tuple[str | None, str, bool]]:
    """The strings of a record worth reading, in order, each once (Claude Code writes tool output
    twice): not keys, not the fields of OPAQUE_KEYS, not an id (spans.is_id); each with whether
    it is said: not under a tool's field or block (readable.is_tool), so not tool output. A
    string is kept where its container is walked (no call a string) and a key's or a type's
    tool test is asked once a process."""
    out: list[tuple[str | None, str, bool]] = []
    if isinstance(record, str):
        keep(None, record, True, set(), out)
    else:
        walk(record, None, True, set(), out)
    return out


def walk(record: object, key: str | None, said: bool, seen: set[object],
         out: list[tuple[str | None, str, bool]]) -> None:
    """strings() of a dict or a list under `key`."""
    if said and (is_tool_key(key) or isinstance(record, dict) and is_tool_type(record.get('type'))):
        said = False
    if isinstance(record, dict):
        for k, v in record.items():
            if isinstance(v, str):
                if k not in P.OPAQUE_KEYS:
                    keep(k, v, said and not is_tool_key(k), seen, out)
            elif isinstance(v, (dict, list)) and k not in P.OPAQUE_KEYS:
                walk(v, k, said, seen, out)
    elif isinstance(record, list):
        for v in record:
            if isinstance(v, str):
                keep(key, v, said, seen, out)
            elif isinstance(v, (dict, list)):
                walk(v, key, said, seen, out)


def keep(key: str | None, value: str, said: bool, seen: set[object],
         out: list[tuple[str | None, str, bool]]) -> None:
    """A string put in `out` unless seen before under its key (a long one: under any) or an id
    (spans.is_id: asked only of a UUID's length or under a key that names an id)."""
    seen_as = value if len(value) > 256 else (key, value)
    if seen_as not in seen and not (may_be_id(key, value) and is_id(key, value)):
        seen.add(seen_as)
        out.append((key, value, said))


def may_be_id(key: str | None, value: str) -> bool:
    """Whether spans.is_id may answer yes: a UUID's 36 characters, or 7 to 72 under a key that
    names an identity (ID_KEY_RE); a string of any other length or key never is one."""
    return len(value) == UUID_LENGTH or 7 <= len(value) <= 72 and is_id_key(key)


UUID_LENGTH = 36  # credential_patterns.UUID_RE: 8-4-4-4-12
ID_KEY = re.compile(ID_KEY_RE)


@functools.lru_cache(maxsize=4096)
def is_id_key(key: str | None) -> bool:
    return key is not None and ID_KEY.search(key) is not None


def is_tool_key(key: str | None) -> bool:
    """readable.is_tool for a field's key alone (its answer kept by readable.names_tool)."""
    return key is not None and names_tool(key)


def is_tool_type(kind: object) -> bool:
    """readable.is_tool's test of a record's 'type' (its answer kept by readable)."""
    return isinstance(kind, str) and readable_is_tool_type(kind)


class InLine:
    """holds_needle(key, value, needles) for the needles a raw line holds, without finding them
    all first: a needle is looked for in the line (each of its byte forms, once a line) only
    when the value holds it. The same answer as holds_needle over the needles present
    (property-tested); the places a needle begins in the value are found by one search
    (spans.needle_starts), so a value that holds one is told after a step or two."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.known: dict[str, bool] = {}
        self.dotted: bool | None = None

    def holds(self, text: str) -> bool:
        known = self.known.get(text)
        if known is None:
            known = self.known[text] = any(map(self.raw.__contains__, P.NEEDLE_FORMS[text]))
        return known

    def worth_searching(self, key: str | None, value: str) -> bool:
        if names_secret(key):
            return True
        if len(value) < 4:
            return False
        if len(value) > LONG_VALUE:
            if any(map(self.holds, long_needles(value))):
                return True
            return self.unnamed() and unnamed_tail().search(value) is not None
        # a short string: what it holds is known from the last time it was seen (most repeat)
        if any(map(self.holds, short_needles(value))):
            return True
        return self.unnamed() and has_unnamed_tail(value)

    def unnamed(self) -> bool:
        """Whether the line may hold a token no needle names (asked once a line)."""
        if self.dotted is None:
            self.dotted = unnamed(self.raw)
        return self.dotted


ENGINE_RUN = re.compile(P.ENGINE_RUN_RE)

# A value longer than this (tool output) that holds no needle at all is told so by needles'
# memchr walk over its bytes (3.5 s -> see the commit, on 50 MB of Claude Code tool output): the
# needle_starts search below tries its alternation at every character.
LONG_VALUE = 256
# How many short strings' needles are kept (a transcript's keys' values, roles and types repeat
# on every line: 64k of agentv's 78k short strings were seen before); 4096 of 256 characters
# are about 2 MB.
SHORT_KEPT = 4096
SURROGATES = 'surrogatepass'  # a lone surrogate a \\ud800 escape decodes to is kept as bytes

# The needles by their first character: those that may begin where needle_starts matched.
BY_FIRST: dict[str, tuple[str, ...]] = {
    first: tuple(t for t in dict.fromkeys(P.TEXT_NEEDLES) if t[0] == first)
    for first in {t[0] for t in P.TEXT_NEEDLES}
}


def needles_in(value: str) -> Iterator[str]:
    """The needles of credential_patterns.TEXT_NEEDLES that begin in the value, where they begin
    (by one search, spans.needle_starts, from each place on: most strings hold none)."""
    search = needle_starts().search
    found = search(value)
    while found:
        at = found.start()
        yield from (text for text in BY_FIRST[value[at]] if value.startswith(text, at))
        found = search(value, at + 1)


def long_needles(value: str) -> Iterable[str]:
    """The needles a long string holds: all at once by Hyperscan (literals.py) where it runs,
    else none when needles' memchr walk over its bytes finds none, else needles_in."""
    found = literals.present(value)
    if found is not None:
        return found
    if not needles.holds_needle(value.encode('utf-8', SURROGATES)):
        return ()
    return needles_in(value)


@functools.lru_cache(maxsize=SHORT_KEPT)
def short_needles(value: str) -> tuple[str, ...]:
    """needles_in(value), kept for a string up to LONG_VALUE characters."""
    return tuple(needles_in(value))


@functools.lru_cache(maxsize=SHORT_KEPT)
def has_unnamed_tail(value: str) -> bool:
    """Whether a string up to LONG_VALUE characters holds a token no needle names."""
    return unnamed_tail().search(value) is not None


def found(number: int, span: Span, value: str) -> tuple[Finding, str]:
    return Finding(number, span.kind, hint(value)), fingerprint(value)


def fingerprint(value: str) -> str:
    """What the allowlist keeps of a value: the first 20 hex digits of its SHA-256. Only what a
    reviewer allowed as no secret is ever written down."""
    import hashlib  # only when something is found: kept off every run's start-up

    return hashlib.sha256(value.encode('utf-8', 'surrogatepass')).hexdigest()[:20]


def parse_allowlist(text: str) -> frozenset[str]:
    """The fingerprints of an allowlist: the first word of each line not blank or a # comment."""
    lines = (line for line in text.splitlines() if line.strip() and not line.startswith('#'))
    return frozenset(line.split()[0] for line in lines)


def watch(source: str, lines: Iterable[bytes | LongLine | None], start: int, out: list[Secret],
          allowed: frozenset[str]) -> Iterator[bytes | None]:
    """The lines, unchanged (a line over the size cap as None); each from `start` on is scanned
    on the way (one over the cap in bounded windows as it streams past: long_lines), its findings
    not allowed put in `out`."""
    from memory_gate.formats.parse import hand_over  # the parser reads these lines next

    memo: Memo = {}
    seam = across.Seam(hand_over, fingerprint)  # a token split over two messages
    decoded = seam.decoded  # handed over to the parser through the seam
    for number, raw, ahead in read_ahead(lines, start):
        if isinstance(raw, LongLine):
            marked = long_located(raw, number) if number >= start else []
            raw = None
        else:
            marked = [] if raw is None or ahead is None else located(
                raw, number, memo, decoded, ahead)
        joined = seam.after(raw, [mark for _, mark in marked])
        marked += [(Finding(number, kind, hint(v)), fingerprint(v)) for kind, v in joined]
        found = {(f, mark) for f, mark in marked if mark not in allowed}  # once a line
        out += sorted(Secret(source, *f) for f, _ in found)
        yield raw


Ahead = tuple[Read | str | None, bool]


def read_ahead(lines: Iterable[bytes | LongLine | None],
               start: int) -> Iterator[tuple[int, bytes | LongLine | None, Ahead | None]]:
    """Each line with its number and, from `start` on, how it was read (read()) and whether the
    engine flagged it, read a chunk ahead (chunks.CHUNK_BYTES): the engine reads the chunk's
    lines at once. A line over the size cap (or None) ends a chunk and passes at once (it
    streams)."""
    held: list[tuple[int, bytes, Read | str | None]] = []
    size = 0
    for number, raw in enumerate(lines, 1):
        kept = isinstance(raw, bytes) and number >= start
        if kept and isinstance(raw, bytes):  # (the second test for the type checker)
            held.append((number, raw, read(raw)))
            size += len(raw)
            if size < chunks.CHUNK_BYTES and len(held) < chunks.CHUNK_LINES:
                continue
        yield from settled(held)
        held, size = [], 0
        if not kept:
            yield number, raw, None
    yield from settled(held)


def settled(held: list[tuple[int, bytes, Read | str | None]]
            ) -> Iterator[tuple[int, bytes, Ahead]]:
    """The held lines, each with whether the engine reading them at once flagged it."""
    texts = [[value for _, value, _ in got.fields] if isinstance(got, Read) and got.engine_reads
             else None for _, _, got in held]
    flagged = chunks.flags(texts) if any(t is not None for t in texts) else [False] * len(held)
    for (number, raw, got), flag in zip(held, flagged):
        yield number, raw, (got, flag)


def long_located(line: LongLine, number: int) -> list[tuple[Finding, str]]:
    """Each finding of a line over the size cap, read in windows (long_lines), once a value."""
    return [found(number, span, value) for span, value in long_lines.spans(line.chunks)]


def scan(lines: Iterable[bytes | None], start: int = 1) -> Iterator[Finding]:
    """The findings of every line from `start` on (None: a line over the size cap, unread)."""
    for number, raw in enumerate(lines, 1):
        if raw is not None and number >= start:
            yield from scan_line(raw, number)
