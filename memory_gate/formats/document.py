"""Transcripts that are one JSON document (Gemini CLI `session-*.json`), read whole within a cap.

A file is taken for a document, whatever its extension, when its first non-blank line
starts a JSON object or array without being one (`{` alone, as pretty-printers write it)
and its second non-blank line is not a JSON object either (in a JSON-lines file it is).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence

from memory_gate.base.typed import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

# A document is read into memory whole, so it has a cap: one past it is reported and skipped,
# its lines drained unread. Gemini CLI sessions are a few hundred KB (the largest of 17 real
# ones is 700 KB); 32 MiB leaves room for long tool output kept inside them.
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024
BOM = b'\xef\xbb\xbf'
_WS_RE = re.compile(r'[ \t\n\r]*')
_DECODER = json.JSONDecoder()


def is_nonblank(line: bytes | None) -> bool:
    """A line with text, or one over the size cap (None): what is_document looks at."""
    return line is None or bool(line.strip())


def nonblank(lines: Sequence[bytes | None]) -> list[bytes | None]:
    return [line for line in lines if is_nonblank(line)]


def is_document(head: Sequence[bytes | None],
                decoded: Callable[[bytes | None], Any] | None = None) -> bool:
    """Whether a file's first lines (up to its second non-blank one) open one JSON document.
    `decoded` is is_json, or what a line is already known to decode to (a line of 8 MB is not
    decoded a second time while its record is held)."""
    value = decoded or is_json
    first, *rest = nonblank(head) or [None]
    if first is None:
        return False
    first = first.lstrip()
    first = first[len(BOM):].lstrip() if first.startswith(BOM) else first
    if not first.startswith((b'{', b'[')) or value(first) is not None:
        return False
    return not rest or not isinstance(value(rest[0]), dict)


# What the first 64 KiB of a `.json` transcript hold: a Gemini CLI session document's keys, a
# chat export's messages. Must catch '{\n  "sessionId": "a6", ...}', '[{"role": "user", ...'; must
# not: package.json, tsconfig.json.
SESSION_KEYS = (b'"sessionId"', b'"messages"', b'"role"')


def may_be_session(head: bytes) -> bool:
    """Whether a `.json` file whose first bytes are `head` may be a transcript document: only such
    a file is read when pre-commit passes every staged `.json` (any other is data, passed
    silently)."""
    return any(key in head for key in SESSION_KEYS)


def is_json(line: bytes | None) -> Any:
    """The line's JSON value, or None when it is not one."""
    try:
        return None if line is None else json.loads(line)
    except (ValueError, RecursionError):
        return None


def read_whole(
    lines: Iterable[bytes | None], cap: int = MAX_DOCUMENT_BYTES,
) -> tuple[bytes | None, int]:
    """(the document's bytes, its line count); None for the bytes past `cap`, the rest drained
    unread."""
    parts: list[bytes] = []
    size = count = 0
    over = False
    for line in lines:
        count += 1
        if over:
            continue
        if line is None or size + len(line) > cap:
            over, parts = True, []  # past the cap: keep counting lines, hold nothing
            continue
        parts.append(line)
        size += len(line)
    return (None if over else b''.join(parts)), count


def load(text: str) -> tuple[Any, list[int]]:
    """The document's value and, for an object with a "messages" array or for an array, the line
    where each element starts. Raises ValueError when the text is not one JSON document."""
    i = skip(text, 0)
    if text.startswith('[', i):
        values, offsets, i = elements(text, i + 1)
        starts: list[int] = offsets
        value: Any = values
    else:
        value, starts, i = members(text, i)
    if skip(text, i) != len(text):
        raise ValueError('extra data after the document')
    return value, lines_of(text, starts)


def members(text: str, i: int) -> tuple[dict[str, Any], list[int], int]:
    """A top-level object read member by member, so the "messages" elements' offsets are known."""
    if not text.startswith('{', i):
        raise ValueError('not an object')
    obj: dict[str, Any] = {}
    starts: list[int] = []
    i = skip(text, i + 1)
    while not text.startswith('}', i):
        key, i = _DECODER.raw_decode(text, i)
        i = skip(text, i)
        if not isinstance(key, str) or not text.startswith(':', i):
            raise ValueError('not an object member')
        i = skip(text, i + 1)
        if key == 'messages' and text.startswith('[', i):
            obj[key], starts, i = elements(text, i + 1)
        else:
            obj[key], i = _DECODER.raw_decode(text, i)
        i = after_item(text, i, '}')
    return obj, starts, i + 1


def elements(text: str, i: int) -> tuple[list[Any], list[int], int]:
    """The elements of an array whose '[' is just before `i`, their offsets, and the offset
    past ']'."""
    values: list[Any] = []
    offsets: list[int] = []
    i = skip(text, i)
    while not text.startswith(']', i):
        offsets.append(i)
        value, i = _DECODER.raw_decode(text, i)
        values.append(value)
        i = after_item(text, i, ']')
    return values, offsets, i + 1


def after_item(text: str, i: int, close: str) -> int:
    """Past the ',' after an item (at the next item), or at the closing bracket."""
    i = skip(text, i)
    if text.startswith(',', i):
        i = skip(text, i + 1)
        if text.startswith(close, i):
            raise ValueError('trailing comma')
        return i
    if not text.startswith(close, i):
        raise ValueError(f'expected , or {close}')
    return i


def skip(text: str, i: int) -> int:
    match = _WS_RE.match(text, i)
    return match.end() if match else i


def lines_of(text: str, offsets: list[int]) -> list[int]:
    """1-based line numbers of increasing offsets."""
    lines, line, last = [], 1, 0
    for offset in offsets:
        line += text.count('\n', last, offset)
        lines.append(line)
        last = offset
    return lines
