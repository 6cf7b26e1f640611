"""Parse stage: transcript lines (bytes) -> outcomes, detecting the format per file and per line."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from memory_gate.agent_logs import ClaudeCode, Codex, Gemini
from memory_gate.formats import Chat, Cursor, Outcome, Reader

CODEX_TYPES = frozenset((
    'session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted', 'world_state',
    'inter_agent_communication', 'inter_agent_communication_metadata',
))
CODEX_ITEM_TYPES = frozenset((
    'message', 'reasoning', 'function_call', 'function_call_output', 'local_shell_call', 'custom_tool_call',
    'custom_tool_call_output', 'web_search_call', 'ghost_snapshot', 'compaction',
))
CLAUDE_TYPES = frozenset((
    'user', 'assistant', 'system', 'summary', 'file-history-snapshot', 'queue-operation', 'progress', 'attachment',
    'custom-title', 'ai-title', 'pr-link', 'permission-mode', 'mode', 'last-prompt', 'worktree-state',
))
CHAT_ROLES = frozenset(('system', 'developer', 'user', 'assistant', 'tool', 'function'))
READERS: dict[str, type[Reader]] = {
    'simple': Chat, 'openai-chat': Chat, 'cursor': Cursor, 'claude-code': ClaudeCode, 'codex': Codex, 'gemini': Gemini,
}
STRUCTURED = frozenset(('claude-code', 'codex', 'gemini', 'cursor'))


def detect(o: dict[str, Any]) -> str | None:
    """The format one parsed line belongs to, or None when the line alone does not tell (FORMATS.md §0)."""
    kind, role = o.get('type'), o.get('role')
    kind = kind if isinstance(kind, str) else None  # unhashable or odd values never name a format
    role = role if isinstance(role, str) else None
    if 'payload' in o and kind in CODEX_TYPES:
        return 'codex'
    if o.get('record_type') == 'state' or (
        kind in CODEX_ITEM_TYPES and not ('message' in o or 'uuid' in o or 'payload' in o)
    ) or ('instructions' in o and 'id' in o and 'timestamp' in o):
        return 'codex'
    if kind in CLAUDE_TYPES and ('sessionId' in o or 'uuid' in o or 'leafUuid' in o or 'messageId' in o):
        return 'claude-code'
    if isinstance(o.get('messages'), list):
        return 'openai-chat'
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
    """Yield one outcome per parsed line (in line order, then what readers held back to the end).

    `lines` yields each raw line, or None for a line over the size cap. Counts lines,
    blank, oversized and malformed in `stats`, and the file's format under 'format:<name>'.
    """
    readers: dict[str, Reader] = {}
    file_format: str | None = None
    for number, line in enumerate(lines, 1):
        stats['lines'] += 1
        if line is None:
            stats['oversized'] += 1
            continue
        if number == 1 and line.startswith(b'\xef\xbb\xbf'):
            line = line[3:]
        if not line or line.isspace():
            stats['blank'] += 1
            continue
        obj = decode(line, stats)
        if obj is None:
            continue
        fmt = detect(obj)
        if file_format is None and fmt is not None:
            file_format = fmt
            stats['format:' + fmt] = 1
        elif fmt is not None and READERS[fmt] is not READERS[file_format or fmt]:
            stats['other_format'] += 1
        yield from dispatch(readers, fmt or file_format, obj, number)
    for reader in readers.values():
        yield from reader.finish()


def dispatch(readers: dict[str, Reader], fmt: str | None, obj: dict[str, Any], number: int) -> Iterator[Outcome]:
    """Feed a line to its format's reader; a line no format claims is malformed in a chat file, unknown in a log."""
    if fmt is None:
        yield Outcome(number, skipped='malformed')
        return
    reader = readers.get(fmt) or readers.setdefault(fmt, READERS[fmt]())
    for outcome in reader.feed(obj, number):
        if outcome.skipped == 'unknown' and fmt not in STRUCTURED:
            outcome = outcome._replace(skipped='malformed')
        yield outcome
