"""Parse stage: transcript lines (bytes) -> outcomes, detecting the format per file and per line.

The formats live in memory_gate/formats/, one module per agent, each ending with its Format
record. FORMATS below lists them in detection order: the first whose test says yes names a
line's format. A new format is its module and one line here (see formats/__init__.py).
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import chain

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader, SkipLine, document
from memory_gate.formats.chat import OPENAI_CHAT, SIMPLE
from memory_gate.formats.claude_code import CLAUDE_CODE
from memory_gate.formats.codex import CODEX, CODEX_BARE
from memory_gate.formats.copilot import COPILOT
from memory_gate.formats.cursor import CURSOR
from memory_gate.formats.entire import ENTIRE
from memory_gate.formats.gemini import GEMINI, GEMINI_DOCUMENT, GeminiDocument

if TYPE_CHECKING:
    from typing import Any

# Detection order is specification (docs/FORMATS.md): explicit, never discovered.
FORMATS: tuple[Format, ...] = (
    CODEX,  # {"payload"} with a rollout line type
    COPILOT,  # {"type", "data": {...}, "parentId"}
    CODEX_BARE,  # the legacy layout
    ENTIRE,  # {"v", "cli_version"}: Entire's compact transcript.jsonl
    CLAUDE_CODE,  # a Claude Code line type with a session or message id
    GEMINI_DOCUMENT,  # {"messages": [...]} with projectHash or lastUpdated
    OPENAI_CHAT,  # any other {"messages": [...]}, or {"role", "content"}
    SIMPLE,  # {"role", "text"}
    CURSOR,  # {"role", "message": {...}}
    GEMINI,  # projectHash, $set, $rewindTo, or a user/gemini record with an id
)
READERS: dict[str, type[Reader]] = {f.name: f.reader for f in FORMATS}
STRUCTURED = frozenset(f.name for f in FORMATS if f.structured)
# The byte tests that skip lines before json.loads, once a file's format is known.
SKIP_LINE: dict[str, SkipLine] = {f.name: f.skip_line for f in FORMATS if f.skip_line}
# A file none of whose first this many JSON lines names a format is reported and skipped,
# unread past them.
DETECT_LINES = 20
# Blank lines looked past at the top of a file for the two lines that tell a document from
# JSON lines.
HEAD_LINES = 1000


def detect(o: dict[str, Any]) -> str | None:
    """The format one parsed line belongs to, or None when the line alone does not tell."""
    kind, role = o.get('type'), o.get('role')
    if not isinstance(kind, str):  # unhashable or odd values never name a format
        kind = None
    if not isinstance(role, str):
        role = None
    for fmt in FORMATS:
        if fmt.detect(o, kind, role):
            return fmt.name
    return None


# The lines the transcript scan decoded last and what json.loads made of them (scan.watch
# hands each over before the line reaches the parser, which reads two lines ahead to tell a
# document from JSON lines): such a line is not decoded twice. Keyed by id, held by identity.
_HANDED: dict[int, tuple[bytes, Any]] = {}


def hand_over(line: bytes, obj: Any) -> None:
    """json.loads(line) is obj: decode() takes it for this very line."""
    if len(_HANDED) >= 2:
        del _HANDED[next(iter(_HANDED))]
    _HANDED[id(line)] = (line, obj)


def known(line: bytes | None) -> Any:
    """What a line decodes to: the scan's record when it handed one over, else json.loads (None
    when it is not JSON)."""
    handed = _HANDED.get(id(line))
    return handed[1] if handed is not None and handed[0] is line else document.is_json(line)


def decode(line: bytes, stats: Counter[str]) -> dict[str, Any] | None:
    """One line as a JSON object, or None (counted) when it is not one.

    Undecodable bytes are replaced and counted.
    """
    handed = _HANDED.pop(id(line), None)
    if handed is not None and handed[0] is line:
        obj = handed[1]
    else:
        obj = loads(line, stats)
    if not isinstance(obj, dict):
        stats['malformed'] += 1
        return None
    return obj


def loads(line: bytes, stats: Counter[str]) -> Any:
    """json.loads(line), None when it is not JSON; undecodable bytes replaced and counted."""
    try:
        try:
            obj = json.loads(line)
        except UnicodeDecodeError:
            stats['undecodable'] += 1
            obj = json.loads(line.decode('utf-8', 'replace'))
    except (ValueError, RecursionError):
        # not JSON, nested too deep, or a number past Python's digit limit
        obj = None
    return obj


def parse_lines(lines: Iterable[bytes | None], stats: Counter[str]) -> Iterator[Outcome]:
    """Yield one outcome per record (in line order, then what readers held back to the end).

    `lines` yields each raw line, or None for a line over the size cap. A file is JSON lines,
    or one JSON document (see formats/document.py). Counts lines, blank, oversized and
    malformed in `stats`, the file's format under 'format:<name>', and a file read no further
    as 'unrecognised', 'oversized_document' or 'malformed_document', its unread lines as
    'unread'.
    """
    stream = iter(lines)
    head: list[bytes | None] = []
    # non-blank lines in head, counted as they come (recounting head per line was quadratic)
    seen = 0
    for line in stream:
        head.append(line)
        seen += document.is_nonblank(line)
        if seen == 2 or len(head) == HEAD_LINES:
            break
    if document.is_document(head, known):
        yield from parse_document(chain(head, stream), stats)
    else:
        rest = chain(head, stream)
        yield from parse_records(json_lines(rest, stats), rest, stats)


Numbered = tuple[int, 'dict[str, Any]']  # a record and the line it starts on
# A record, or a line not parsed yet (parse_records decodes it, unless its bytes tell it is
# skipped), and the line it starts on.
Raw = tuple[int, 'bytes | dict[str, Any]']


def json_lines(lines: Iterator[bytes | None], stats: Counter[str]) -> Iterator[Raw]:
    """(line number, bytes) for each line that is not blank and not over the cap; those counted."""
    for number, line in enumerate(lines, 1):
        stats['lines'] += 1
        if line is None:
            stats['oversized'] += 1
            continue
        if number == 1 and line.startswith(document.BOM):
            line = line[3:]
        if not line or line.isspace():
            stats['blank'] += 1
            continue
        yield number, line


def parse_records(
    records: Iterator[Raw], rest: Iterator[Any], stats: Counter[str],
) -> Iterator[Outcome]:
    """Detect the format from the first records that tell it, then feed each record to its
    format's reader. A line is decoded here, unless the file's format tells by its bytes that
    its reader would skip it (the same outcome, without json.loads)."""
    readers: dict[str, Reader] = {}
    file_format: str | None = None
    skip_line: SkipLine | None = None
    pending: list[Numbered] = []  # records before the first one that names a format
    for number, raw in records:
        if isinstance(raw, dict):
            obj: dict[str, Any] | None = raw
        elif skip_line is not None and (reason := skip_line(raw)):
            yield Outcome(number, skipped=reason)
            continue
        else:
            obj = decode(raw, stats)
        if obj is None:
            continue
        fmt = detect(obj)
        if file_format is None:
            if fmt is None:
                pending.append((number, obj))
                if len(pending) < DETECT_LINES:
                    continue
                yield from unrecognised(pending, rest, stats)
                return
            file_format = fmt
            skip_line = SKIP_LINE.get(fmt)
            stats['format:' + fmt] = 1
            for n, o in pending:
                yield from dispatch(readers, fmt, o, n)
            pending = []
        elif fmt is not None and READERS[fmt] is not READERS[file_format]:
            stats['other_format'] += 1
        yield from dispatch(readers, fmt or file_format, obj, number)
    if file_format is None and (pending or stats['malformed'] or stats['oversized']):
        yield from unrecognised(pending, rest, stats)
    for reader in readers.values():
        yield from reader.finish()


def unrecognised(
    pending: list[Numbered], rest: Iterator[Any], stats: Counter[str],
) -> Iterator[Outcome]:
    """A file in no known format: the records looked at are skipped, the rest is counted unread."""
    stats['unrecognised'] = 1
    for number, _ in pending:
        yield Outcome(number, skipped='unrecognised')
    for _ in rest:
        stats['lines'] += 1
        stats['unread'] += 1


def parse_document(lines: Iterable[bytes | None], stats: Counter[str]) -> Iterator[Outcome]:
    """A file that is one JSON document, read whole within document.MAX_DOCUMENT_BYTES."""
    data, count = document.read_whole(lines)
    stats['lines'] += count
    if data is None:
        stats['oversized_document'] = 1
        stats['unread'] += count
        return
    try:
        value, starts = document.load(decode_text(data, stats))
    except (ValueError, RecursionError):
        stats['malformed_document'] = 1
        stats['malformed'] += count
        return
    if isinstance(value, dict):
        if detect(value) == GEMINI_DOCUMENT.name:
            stats['format:' + GEMINI_DOCUMENT.name] = 1
            yield from GeminiDocument.read(value, starts)
            return
        records: list[Raw] = [(1, value)]
        dropped = 0
    else:  # an array: one record per element that is an object, on the line it starts
        records = [(n, v) for n, v in zip(starts, value) if isinstance(v, dict)]
        dropped = len(value) - len(records)
    stats['malformed'] += dropped  # set even at 0: the file's --json stats show it
    yield from parse_records(iter(records), iter(()), stats)


def decode_text(data: bytes, stats: Counter[str]) -> str:
    if data.startswith(document.BOM):
        data = data[len(document.BOM):]
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        stats['undecodable'] += 1
        return data.decode('utf-8', 'replace')


def dispatch(
    readers: dict[str, Reader], fmt: str, obj: dict[str, Any], number: int,
) -> Iterator[Outcome]:
    """Feed a record to its format's reader; a record no reader knows is malformed in a chat
    file, unknown in a log."""
    reader = readers.get(fmt) or readers.setdefault(fmt, READERS[fmt]())
    for outcome in reader.feed(obj, number):
        if outcome.skipped == 'unknown' and fmt not in STRUCTURED:
            outcome = outcome._replace(skipped='malformed')
        yield outcome
