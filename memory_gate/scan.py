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
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import NamedTuple

from memory_gate import credential_patterns as P
from memory_gate import credentials as C
from memory_gate.records import Secret

# The randomness layer is for proposals only: tool output is full of hashes.
LAYERS = (C.by_shape, C.in_address, C.by_context, C.by_password, C.by_signing)


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


def names_secret(key: str | None) -> bool:
    """Whether a JSON key names a secret ("password", "apiKey"): its value is searched, the key its context."""
    return key is not None and any(map(key.lower().__contains__, P.WORD_HINTS))


def holds_needle(key: str | None, value: str, needles: Sequence[str] = P.TEXT_NEEDLES) -> bool:
    """Whether a JSON string is worth searching: it holds a needle (of those its line holds), or its key
    names a secret."""
    if names_secret(key):
        return True
    return len(value) >= 4 and any(map(value.__contains__, needles))


def private_key(text: str, span: Span) -> Span:
    """A private key's header span widened to the whole block: the key is the body, not its header."""
    end = re.compile(P.PEM_END_RE).search(text, span.end)
    return span._replace(end=end.end() if end else len(text))


def detect(text: str) -> list[Span]:
    """The credentials in one string, left to right, overlaps merged; placeholders and code are none.
    A long string (tool output) is searched only in the windows around its needles."""
    seen = unescaped(text)
    spans = []
    for start, end in windows(seen) if len(seen) > WINDOW else [(0, len(seen))]:
        part = seen[start:end]
        found = (Span(start + f.start, start + f.end, f.kind) for f in C.findings(part, layers=LAYERS))
        spans += [s for s in found if s.kind not in CONTEXT_KINDS or plausible(seen, s)]
    return merged(private_key(seen, s) if s.kind == 'private key' else s for s in spans)


# A string longer than WINDOW is searched around each needle, from the line start before it
# (at most AROUND before) to the line end after it (at most 2 * AROUND after).
WINDOW = 4096
AROUND = 256


def windows(text: str) -> list[tuple[int, int]]:
    """The merged windows of text around each occurrence of a needle."""
    spans = []
    for needle in P.TEXT_NEEDLES:
        at = text.find(needle)
        while at >= 0:
            start = text.rfind('\n', max(at - AROUND, 0), at) + 1 or max(at - AROUND, 0)
            end = text.find('\n', at, at + 2 * AROUND)
            spans.append((start, end if end >= 0 else min(at + 2 * AROUND, len(text))))
            at = text.find(needle, at + 1)
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def unescaped(text: str) -> str:
    """Tool output that is itself JSON or a quoted string holds escapes (\\n, \\"): each becomes a space and
    the character it stands for, so the text keeps its length (and every span its place)."""
    if '\\' not in text:
        return text
    return text.replace('\\n', ' \n').replace('\\t', ' \t').replace('\\"', ' "').replace("\\'", " '")


# Kinds found by a word before the value rather than by the value's own shape.
CONTEXT_KINDS = frozenset(('password', 'token', 'secret', 'secret key', 'authorization header', 'secret in a URL query'))


def plausible(text: str, span: Span) -> bool:
    """A value a secret word introduces in tool output that reads as a secret, not as code or a name:
    letters with digits or symbols, a PIN after a password word, or anything an env-file secret line sets."""
    value = text[span.start:span.end]
    if re.search(P.CODE_VALUE_RE, value):
        return False
    before = text[max(span.start - 80, 0):span.start]
    if re.search(P.ENV_SECRET_RE, before) or (span.kind == 'password' and re.search(P.ENV_PASSWORD_RE, before)):
        return True
    if span.kind == 'password':  # a strong word: digits (a PIN), a passphrase, or letters with digits or symbols
        if re.fullmatch(r'\d+(?:[ -]\d+)*', value):
            return len(value) >= 6
        if re.fullmatch(r'[a-z]+(?:[- ][a-z]+){2,}', value):
            return True
    elif C.is_path(value) or C.is_version(value) or value.isdigit() or len(value) < 8:
        return False
    has_alpha = any(c.isalpha() for c in value)
    if span.kind == 'authorization header':
        cased = not (value.islower() or value.isupper())
        return len(value) >= 12 and value.strip('=').isalnum() and (cased or not value.isalpha())
    mixed = any(c.isdigit() or c in '!@#$%^&*+=~' for c in value) or C.is_scrambled(value)
    return len(value) >= 6 and has_alpha and mixed


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
    if key is not None and names_secret(key):
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


def redact_line(line: str, number: int = 0, allowed: Collection[str] = ()) -> tuple[str, list[Finding]]:
    """The line with each credential's characters replaced by [REDACTED:<kind>], and what was found;
    a value whose fingerprint is `allowed` is neither.

    Line-local and deterministic; a JSON line stays valid JSON, every byte outside a value unchanged."""
    body = line.rstrip('\r\n')
    spans = json_spans(body)
    if spans is None:
        spans = detect(body)
    if allowed:
        spans = [s for s in spans if fingerprint(decoded(body, s)) not in allowed]
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
    return [finding for finding, _ in located(raw, number)]


def located(raw: bytes, number: int) -> list[tuple[Finding, str]]:
    """Each finding of a raw line with its value's fingerprint (the value itself goes no further)."""
    if not may_hold(raw):
        return []
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        text = raw.decode('utf-8', 'replace').rstrip('\r\n')
        return [found(number, s, text[s.start:s.end]) for s in detect(text)]
    out: list[tuple[Finding, str]] = []
    seen: set[object] = set()
    in_line = InLine(raw)
    for key, value in values(record):
        seen_as = value if len(value) > 256 else (key, value)  # Claude Code writes tool output twice
        if seen_as not in seen and in_line.worth_searching(key, value):
            seen.add(seen_as)
            out += [found(number, s, value[s.start:s.end]) for s in in_context(key, value)]
    return out


class InLine:
    """holds_needle(key, value, needles) for the needles a raw line holds, without finding them all first:
    a needle is looked for in the line (each of its byte forms, once a line) only when the value holds it.
    The same answer as holds_needle over the needles present (property-tested); the needles are tried
    commonest first (P.NEEDLE_ORDER), so a value that holds one stops early."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.known: dict[str, bool] = {}

    def holds(self, text: str) -> bool:
        known = self.known.get(text)
        if known is None:
            known = self.known[text] = any(map(self.raw.__contains__, P.NEEDLE_FORMS[text]))
        return known

    def worth_searching(self, key: str | None, value: str) -> bool:
        if names_secret(key):
            return True
        return len(value) >= 4 and any(text in value and self.holds(text) for text in P.NEEDLE_ORDER)


def found(number: int, span: Span, value: str) -> tuple[Finding, str]:
    return Finding(number, span.kind, hint(value)), fingerprint(value)


def fingerprint(value: str) -> str:
    """What the allowlist keeps of a value: the first 20 hex digits of its SHA-256. Only what a reviewer
    allowed as no secret is ever written down."""
    import hashlib  # only when something is found: kept off every run's start-up

    return hashlib.sha256(value.encode('utf-8', 'surrogatepass')).hexdigest()[:20]


def parse_allowlist(text: str) -> frozenset[str]:
    """The fingerprints of an allowlist: the first word of each line not blank or a # comment."""
    return frozenset(line.split()[0] for line in text.splitlines() if line.strip() and not line.startswith('#'))


def watch(source: str, lines: Iterable[bytes | None], start: int, out: list[Secret],
          allowed: frozenset[str]) -> Iterator[bytes | None]:
    """The lines, unchanged; each from `start` on is scanned on the way, its findings not allowed put in `out`."""
    for number, raw in enumerate(lines, 1):
        if raw is not None and number >= start:
            found = {(f, mark) for f, mark in located(raw, number) if mark not in allowed}  # once a line
            out += sorted(Secret(source, *f) for f, _ in found)
        yield raw


def values(record: object, key: str | None = None) -> Iterator[tuple[str | None, str]]:
    """(key, string) for every string of a decoded record, in order; opaque fields and keys left out."""
    if isinstance(record, str):
        yield key, record
    elif isinstance(record, dict):
        for k, v in record.items():
            if k not in P.OPAQUE_KEYS:
                yield from values(v, k)
    elif isinstance(record, list):
        for v in record:
            yield from values(v, key)


def scan(lines: Iterable[bytes | None], start: int = 1) -> Iterator[Finding]:
    """The findings of every line from `start` on (None: a line over the size cap, unread)."""
    for number, raw in enumerate(lines, 1):
        if raw is not None and number >= start:
            yield from scan_line(raw, number)
