"""Parse stage: transcript lines (bytes) -> outcomes, detecting the format per file and per line."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

from memory_gate import document
from memory_gate.agent_logs import ClaudeCode, Codex, Gemini, GeminiDocument
from memory_gate.copilot import Copilot
from memory_gate.formats import Chat, Cursor, Outcome, Reader

CODEX_TYPES = frozenset((
    'session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted', 'world_state',
    'inter_agent_communication', 'inter_agent_communication_metadata',
))
CODEX_ITEM_TYPES = frozenset((
    'message', 'reasoning', 'function_call', 'function_call_output', 'local_shell_call', 'custom_tool_call',
    'custom_tool_call_output', 'web_search_call', 'ghost_snapshot', 'compaction', 'tool_search_call', 'tool_search_output',
))
CLAUDE_TYPES = frozenset((
    'user', 'assistant', 'system', 'summary', 'file-history-snapshot', 'queue-operation', 'progress', 'attachment',
    'custom-title', 'ai-title', 'pr-link', 'permission-mode', 'mode', 'last-prompt', 'worktree-state',
))
CHAT_ROLES = frozenset(('system', 'developer', 'user', 'assistant', 'tool', 'function'))
READERS: dict[str, type[Reader]] = {
    'simple': Chat, 'openai-chat': Chat, 'cursor': Cursor, 'claude-code': ClaudeCode, 'codex': Codex, 'gemini': Gemini,
    'copilot': Copilot, 'gemini-document': GeminiDocument,
}
STRUCTURED = frozenset(('claude-code', 'codex', 'gemini', 'cursor', 'copilot', 'gemini-document'))
# A file none of whose first this many JSON lines names a format is reported and skipped, unread past them.
DETECT_LINES = 20
# Blank lines looked past at the top of a file for the two lines that tell a document from JSON lines.
HEAD_LINES = 1000


def detect(o: dict[str, Any]) -> str | None:
    """The format one parsed line belongs to, or None when the line alone does not tell (FORMATS.md §0)."""
    kind, role = o.get('type'), o.get('role')
    kind = kind if isinstance(kind, str) else None  # unhashable or odd values never name a format
    role = role if isinstance(role, str) else None
    if 'payload' in o and kind in CODEX_TYPES:
        return 'codex'
    if kind is not None and isinstance(o.get('data'), dict) and 'parentId' in o:
        return 'copilot'
    if o.get('record_type') == 'state' or (
        kind in CODEX_ITEM_TYPES and not ('message' in o or 'uuid' in o or 'payload' in o)
    ) or ('instructions' in o and 'id' in o and 'timestamp' in o):
        return 'codex'
    if kind in CLAUDE_TYPES and ('sessionId' in o or 'uuid' in o or 'leafUuid' in o or 'messageId' in o):
        return 'claude-code'
    if isinstance(o.get('messages'), list):
        return 'gemini-document' if 'projectHash' in o or 'lastUpdated' in o else 'openai-chat'
    if role in CHAT_ROLES and ('content' in o or 'text' in o):
        return 'simple' if 'text' in o and 'content' not in o else 'openai-chat'
    if role in ('user', 'assistant') and isinstance(o.get('message'), dict):
        return 'cursor'
    if 'projectHash' in o or '$set' in o or '$rewindTo' in o or (kind in ('user', 'gemini') and 'id' in o):
        return 'gemini'
    return None


def decode(line: bytes, stats: Counter[str]) -> dict[str, Any] | None:
    """One line as a JSON object, or None (counted) when it is not one. Undecodable bytes are replaced and counted."""
    try:
        try:
            obj = json.loads(line)
        except UnicodeDecodeError:
            stats['undecodable'] += 1
            obj = json.loads(line.decode('utf-8', 'replace'))
    except (ValueError, RecursionError):  # not JSON, nested too deep, or a number past Python's digit limit
        obj = None
    if not isinstance(obj, dict):
        stats['malformed'] += 1
        return None
    return obj


def parse_lines(lines: Iterable[bytes | None], stats: Counter[str]) -> Iterator[Outcome]:
    """Yield one outcome per record (in line order, then what readers held back to the end).

    `lines` yields each raw line, or None for a line over the size cap. A file is JSON lines,
    or one JSON document (see document.py). Counts lines, blank, oversized and malformed in
    `stats`, the file's format under 'format:<name>', and a file read no further as
    'unrecognised', 'oversized_document' or 'malformed_document', its unread lines as 'unread'.
    """
    stream = iter(lines)
    head: list[bytes | None] = []
    seen = 0  # non-blank lines in head, counted as they come (recounting head per line was quadratic)
    for line in stream:
        head.append(line)
        seen += document.is_nonblank(line)
        if seen == 2 or len(head) == HEAD_LINES:
            break
    if document.is_document(head):
        yield from parse_document(chain(head, stream), stats)
    else:
        rest = chain(head, stream)
        yield from parse_records(json_lines(rest, stats), rest, stats)


def json_lines(lines: Iterator[bytes | None], stats: Counter[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for each line that is a JSON object; the others counted."""
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
        obj = decode(line, stats)
        if obj is not None:
            yield number, obj


def parse_records(records: Iterator[tuple[int, dict[str, Any]]], rest: Iterator[Any], stats: Counter[str]) -> Iterator[Outcome]:
    """Detect the format from the first records that tell it, then feed each record to its format's reader."""
    readers: dict[str, Reader] = {}
    file_format: str | None = None
    pending: list[tuple[int, dict[str, Any]]] = []  # records before the first one that names a format
    for number, obj in records:
        fmt = detect(obj)
        if file_format is None:
            if fmt is None:
                pending.append((number, obj))
                if len(pending) < DETECT_LINES:
                    continue
                yield from unrecognised(pending, rest, stats)
                return
            file_format = fmt
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


def unrecognised(pending: list[tuple[int, dict[str, Any]]], rest: Iterator[Any], stats: Counter[str]) -> Iterator[Outcome]:
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
    if isinstance(value, dict) and detect(value) == 'gemini-document':
        stats['format:gemini-document'] = 1
        yield from GeminiDocument.read(value, starts)
        return
    records = [(1, value)] if isinstance(value, dict) else [(n, v) for n, v in zip(starts, value) if isinstance(v, dict)]
    stats['malformed'] += 0 if isinstance(value, dict) else len(value) - len(records)
    yield from parse_records(iter(records), iter(()), stats)


def decode_text(data: bytes, stats: Counter[str]) -> str:
    data = data[len(document.BOM):] if data.startswith(document.BOM) else data
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        stats['undecodable'] += 1
        return data.decode('utf-8', 'replace')


def dispatch(readers: dict[str, Reader], fmt: str, obj: dict[str, Any], number: int) -> Iterator[Outcome]:
    """Feed a record to its format's reader; a record no reader knows is malformed in a chat file, unknown in a log."""
    reader = readers.get(fmt) or readers.setdefault(fmt, READERS[fmt]())
    for outcome in reader.feed(obj, number):
        if outcome.skipped == 'unknown' and fmt not in STRUCTURED:
            outcome = outcome._replace(skipped='malformed')
        yield outcome
