"""A transcript line with its credentials redacted in place, for `scrub` and `collect`.

redact_line replaces only the value's characters, inside the JSON string that holds them,
so the line stays valid JSON and every other byte is unchanged.
"""
from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterator

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.scan import Finding, fingerprint, hint, holds_needle
from memory_gate.secrets.spans import Span, detect, in_context, is_id


def raw_offsets(body: str) -> list[int]:
    """For a JSON string's body as written, where each decoded character starts (and, last,
    where it ends)."""
    offsets, i = [], 0
    while i < len(body):
        offsets.append(i)
        if body[i] != '\\':
            i += 1
        elif body[i + 1] != 'u':
            i += 2
        elif is_surrogate_pair(body[i:i + 12]):
            i += 12  # a surrogate pair is one character
        else:
            i += 6
    return [*offsets, i]


def is_surrogate_pair(escapes: str) -> bool:
    """Whether two \\u escapes (a high surrogate, then a low one) begin `escapes`."""
    high = 0xD800 <= int(escapes[2:6], 16) < 0xDC00
    return high and re.match(r'\\u[dD][c-fC-F]', escapes[6:10]) is not None


def strings(line: str) -> Iterator[tuple[int, str, str | None]]:
    """(offset of the body, body as written, its key) for each JSON string value of a line; keys
    themselves skipped."""
    key = None
    for match in re.finditer(P.JSON_STRING_RE, line):
        if re.match(r'\s*:', line[match.end():match.end() + 8]):
            key = json.loads(match.group(0))
        elif key not in P.OPAQUE_KEYS:
            yield match.start() + 1, match.group(0)[1:-1], key


def json_spans(line: str) -> list[Span] | None:
    """Spans (in the line as written) of the credentials in a JSON line's strings; None when it
    is not JSON."""
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return None
    found = []
    for at, body, key in strings(line):
        value = json.loads(f'"{body}"') if '\\' in body else body
        spans = [] if is_id(key, value) else in_context(key, value, ours=holds_needle(key, value))
        offsets = raw_offsets(body) if spans and '\\' in body else None
        for s in spans:
            start, end = (offsets[s.start], offsets[s.end]) if offsets else (s.start, s.end)
            found.append(Span(at + start, at + end, s.kind))
    return found


def redact_line(line: str, number: int = 0,
                allowed: Collection[str] = ()) -> tuple[str, list[Finding]]:
    """The line with each credential's characters replaced by [REDACTED:<kind>], and what was
    found; a value whose fingerprint is `allowed` is neither.

    Line-local and deterministic; a JSON line stays valid JSON, every byte outside a value
    unchanged."""
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
