"""Credentials in a transcript's own lines: found, located, masked, and redacted in place.

A raw line is looked at only when it holds one of the literal byte needles of
credential_patterns.NEEDLES; then its JSON strings are decoded one by one (never the
fields of OPAQUE_KEYS), each string holding a needle goes through the detector's
confident layers (shapes, addresses, a secret word and its value), and a value found
is reported by kind and a masked hint, never whole. redact_line replaces only the
value's characters, inside the JSON string that holds them, so the line stays valid
JSON and every other byte is unchanged.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from memory_gate import credential_patterns as P
from memory_gate import credentials as C

LAYERS = (C.by_shape, C.in_address, C.by_context)  # the randomness layer is for proposals only: tool output is full of hashes


class Finding(NamedTuple):
    """A credential on a transcript line: its kind and a masked hint ('ghp_…Na'; '' under 16 characters)."""

    line: int
    kind: str
    hint: str


class Span(NamedTuple):
    start: int
    end: int
    kind: str


def hint(value: str) -> str:
    """The first four and last two characters of a value of 16 or more (a key block: of its body); else nothing."""
    if value.startswith('-----BEGIN'):
        value = ''.join(line for line in value.splitlines() if not line.startswith('-----'))
    return f'{value[:4]}\u2026{value[-2:]}' if len(value) >= 16 else ''


def may_hold(raw: bytes) -> bool:
    """The prefilter: whether the raw line holds a needle (property-tested: no finding without one)."""
    return any(map(raw.__contains__, P.NEEDLES))


def holds_needle(key: str | None, value: str) -> bool:
    """Whether a JSON string is worth searching: it holds a needle, or its key names a secret."""
    return any(map(value.__contains__, P.TEXT_NEEDLES)) or bool(key and any(map(key.lower().__contains__, P.WORD_HINTS)))


def visible(text: str) -> tuple[str, list[int] | None]:
    """The text without invisible characters (soft hyphen, zero-width), and each kept character's index."""
    if text.isascii() or not re.search(P.INVISIBLE_RE, text):
        return text, None
    kept = [i for i, c in enumerate(text) if not re.match(P.INVISIBLE_RE, c)]
    return ''.join(text[i] for i in kept), kept


def private_key(text: str, span: Span) -> Span:
    """A private key's header span widened to the whole block: the key is the body, not its header."""
    end = re.compile(P.PEM_END_RE).search(text, span.end)
    return span._replace(end=end.end() if end else len(text))


def detect(text: str) -> list[Span]:
    """The credentials in one string, left to right, overlaps merged; placeholders are none."""
    if not C.has_suspect_word(text):
        return []
    seen, mapping = visible(text)
    found = []
    for layer in LAYERS:
        for f in layer(seen):
            span = Span(f.start, f.end, f.kind)
            if f.kind == 'private key':
                span = private_key(seen, span)
            if not C.is_placeholder(seen[f.start:f.end]):
                found.append(span)
    if mapping is not None:  # back to the string as written: the invisible characters inside go too
        found = [s._replace(start=mapping[s.start], end=mapping[s.end - 1] + 1) for s in found]
    return merged(found)


def merged(spans: Iterable[Span]) -> list[Span]:
    out: list[Span] = []
    for span in sorted(spans):
        if out and span.start < out[-1].end:
            out[-1] = out[-1]._replace(end=max(out[-1].end, span.end))
        else:
            out.append(span)
    return out


def in_context(key: str | None, value: str) -> list[Span]:
    """A JSON value's credentials; a key that names a secret ("password": "...") is read as its context."""
    if key and any(map(key.lower().__contains__, P.WORD_HINTS)):
        head = key + '='
        return [s._replace(start=max(s.start - len(head), 0), end=s.end - len(head))
                for s in detect(head + value) if s.end > len(head)]
    return detect(value)


def raw_offsets(body: str) -> list[int]:
    """For a JSON string's body as written, where each decoded character starts (and, last, where it ends)."""
    offsets, i = [], 0
    while i < len(body):
        offsets.append(i)
        if body[i] != '\\':
            i += 1
        elif body[i + 1] != 'u':
            i += 2
        elif 0xD800 <= int(body[i + 2:i + 6], 16) < 0xDC00 and re.match(r'\\u[dD][c-fC-F]', body[i + 6:i + 10]):
            i += 12  # a surrogate pair is one character
        else:
            i += 6
    return [*offsets, i]


def strings(line: str) -> Iterator[tuple[int, str, str | None]]:
    """(offset of the body, body as written, its key) for each JSON string value of a line; keys themselves skipped."""
    key = None
    for match in re.finditer(P.JSON_STRING_RE, line):
        if re.match(r'\s*:', line[match.end():match.end() + 8]):
            key = json.loads(match.group(0))
        elif key not in P.OPAQUE_KEYS:
            yield match.start() + 1, match.group(0)[1:-1], key


def json_spans(line: str) -> list[Span] | None:
    """Spans (in the line as written) of the credentials in a JSON line's strings; None when it is not JSON."""
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return None
    found = []
    for at, body, key in strings(line):
        value = json.loads(f'"{body}"') if '\\' in body else body
        spans = in_context(key, value) if holds_needle(key, value) else []
        offsets = raw_offsets(body) if spans and '\\' in body else None
        for s in spans:
            start, end = (offsets[s.start], offsets[s.end]) if offsets else (s.start, s.end)
            found.append(Span(at + start, at + end, s.kind))
    return found


def redact_line(line: str, number: int = 0) -> tuple[str, list[Finding]]:
    """The line with each credential's characters replaced by [REDACTED:<kind>], and what was found.

    Line-local and deterministic; a JSON line stays valid JSON, every byte outside a value unchanged."""
    body = line.rstrip('\r\n')
    spans = json_spans(body)
    if spans is None:
        spans = detect(body)
    findings = [Finding(number, s.kind, hint(decoded(body, s))) for s in spans]
    out, last = [], 0
    for s in spans:
        out.append(body[last:s.start] + f'[REDACTED:{s.kind}]')
        last = s.end
    return ''.join(out) + line[last:], findings


def decoded(line: str, span: Span) -> str:
    """A value as it reads, the JSON escapes inside it undone where they can be."""
    text = line[span.start:span.end]
    if '\\' not in text:
        return text
    try:
        return str(json.loads(f'"{text}"'))
    except ValueError:
        return text


def scan_line(raw: bytes, number: int) -> list[Finding]:
    """The findings of one raw line; most lines hold no needle and are not decoded."""
    if not may_hold(raw):
        return []
    return redact_line(raw.decode('utf-8', 'replace'), number)[1]


def scan(lines: Iterable[bytes | None], start: int = 1) -> Iterator[Finding]:
    """The findings of every line from `start` on (None: a line over the size cap, unread)."""
    for number, raw in enumerate(lines, 1):
        if raw is not None and number >= start:
            yield from scan_line(raw, number)
