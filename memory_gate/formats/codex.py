"""Codex CLI rollouts: the wrapped {"timestamp", "type", "payload"} layout and the legacy bare one.

Messages of the user and the assistant are mined; reasoning, tool calls and their output,
turn contexts and sub-agent rollouts never are. event_msg user_message/agent_message repeat
the response_item messages: they are used only when the file has no response_item message.
"""
from __future__ import annotations

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader
from memory_gate.formats.messages import as_str, block_texts, message_outcome

if TYPE_CHECKING:
    from typing import Any

ITEM, EVENT = 'response_item', 'event_msg'  # the wrapped line types that can hold a message
# Why each other wrapped line type is skipped. A type not listed is 'unknown'.
CODEX_SKIP = {
    'session_meta': 'meta', 'turn_context': 'meta', 'world_state': 'meta',
    'token_usage_record': 'usage',  # 0.171.0: a model call's tokens
    'compacted': 'summary',
    'inter_agent_communication': 'sidechain', 'inter_agent_communication_metadata': 'sidechain',
}
# Why each response_item type that is not a message is skipped. One not listed is 'unknown'.
CODEX_ITEM_SKIP = {
    'reasoning': 'thinking',
    'function_call': 'tool', 'function_call_output': 'tool',
    'custom_tool_call': 'tool', 'custom_tool_call_output': 'tool',
    'local_shell_call': 'tool', 'web_search_call': 'tool',
    'tool_search_call': 'tool', 'tool_search_output': 'tool',
    'ghost_snapshot': 'meta',
    'compaction': 'summary',
}
# Why each event_msg type that is not a message is skipped. One not listed is 'meta'.
CODEX_EVENT_SKIP = {
    'agent_reasoning': 'thinking', 'agent_reasoning_raw_content': 'thinking',
    'context_compacted': 'summary',
}
EVENT_ROLES = {'user_message': 'user', 'agent_message': 'assistant'}
TYPES = frozenset((ITEM, EVENT, *CODEX_SKIP))  # the wrapped line types
ITEM_TYPES = frozenset(('message', *CODEX_ITEM_SKIP))  # a bare line's types


class Codex(Reader):
    """A rollout's lines in order; its event messages held to the end (duplicates or not)."""

    def __init__(self) -> None:
        self.session = ''
        self.subagent = False
        self.saw_items = False
        self.events: list[Outcome] = []

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        payload, kind, ts = obj.get('payload'), obj.get('type'), as_str(obj.get('timestamp'))
        if not isinstance(payload, dict):  # legacy bare layout
            if obj.get('record_type') is not None or 'instructions' in obj:
                self.session = self.session or as_str(obj.get('id'))
                return [Outcome(line, skipped='meta')]
            payload, kind = obj, ITEM
        if kind == 'session_meta':
            self.meta(payload)
        if kind == ITEM:
            return [self.item(payload, line, ts)]
        if kind == EVENT:
            return self.event(payload, line, ts)
        return [Outcome(line, skipped=CODEX_SKIP.get(as_str(kind), 'unknown'))]

    def meta(self, payload: dict[str, Any]) -> None:
        if self.session:
            return
        self.session = as_str(payload.get('id'))
        source = payload.get('source')
        spawned = isinstance(source, dict) and 'subagent' in source
        self.subagent = spawned or payload.get('thread_source') == 'subagent'

    def item(self, payload: dict[str, Any], line: int, ts: str) -> Outcome:
        kind = payload.get('type')
        if kind != 'message':
            return Outcome(line, skipped=CODEX_ITEM_SKIP.get(as_str(kind), 'unknown'))
        if self.subagent:
            return Outcome(line, skipped='sidechain')
        role = payload.get('role')
        if role in ('user', 'assistant'):
            self.saw_items = True
        text, tool = block_texts(payload.get('content'))
        return message_outcome(line, role, text, tool, self.session, ts)

    def event(self, payload: dict[str, Any], line: int, ts: str) -> list[Outcome]:
        kind = as_str(payload.get('type'))
        role = EVENT_ROLES.get(kind)
        if role is None or self.subagent:
            return [Outcome(line, skipped=CODEX_EVENT_SKIP.get(kind, 'meta'))]
        text = as_str(payload.get('message'))
        self.events.append(message_outcome(line, role, text, False, self.session, ts))
        return []

    def finish(self) -> list[Outcome]:
        if self.saw_items:
            return [Outcome(o.line, skipped='duplicate') for o in self.events]
        return self.events


# Lines parse skips by their bytes, before json.loads: the wrapped layout as Codex writes it,
# {"timestamp":"...","type":"response_item","payload":{"type":"function_call",...}, when its
# item type is in CODEX_ITEM_SKIP, or its event is any but the two that repeat messages. Their
# outcome depends on nothing the reader holds. A message, session_meta (it holds the session),
# a kind with an escape in it, other key orders and a line cut short (no closing brace) are
# parsed as ever.
OPEN = b'{"timestamp":"'
ITEM_HEAD = b'","type":"response_item","payload":{"type":"'
EVENT_HEAD = b'","type":"event_msg","payload":{"type":"'
CLOSES = (b'}\n', b'}\r\n', b'}')


def skip_line(line: bytes) -> str:
    """Why the reader would skip this raw line, when its bytes tell; else ''."""
    if not line.startswith(OPEN) or not line.endswith(CLOSES):
        return ''
    end = line.find(b'"', len(OPEN))
    if end < 0 or b'\\' in line[len(OPEN):end]:
        return ''
    if line.startswith(ITEM_HEAD, end):
        return CODEX_ITEM_SKIP.get(plain_string(line, end + len(ITEM_HEAD)), '')
    if not line.startswith(EVENT_HEAD, end):
        return ''
    kind = plain_string(line, end + len(EVENT_HEAD))
    if not kind or kind in EVENT_ROLES:
        return ''
    return CODEX_EVENT_SKIP.get(kind, 'meta')


def plain_string(line: bytes, start: int) -> str:
    """The JSON string whose text starts at `start`, when it is ASCII without escapes; else ''."""
    stop = line.find(b'"', start)
    raw = line[start:stop] if stop >= 0 else b''
    if b'\\' in raw or not raw.isascii():
        return ''
    return raw.decode('ascii')


def is_wrapped(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    return 'payload' in o and kind in TYPES


def is_bare(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    """The legacy layout: a state record, a bare item, or the opening {"id", "instructions"}."""
    if o.get('record_type') == 'state':
        return True
    if kind in ITEM_TYPES and not ('message' in o or 'uuid' in o or 'payload' in o):
        return True
    return 'instructions' in o and 'id' in o and 'timestamp' in o


CODEX = Format('codex', Codex, is_wrapped, structured=True, skip_line=skip_line)
# The legacy layout: parse.FORMATS tests it after Copilot's events, as it always has.
CODEX_BARE = Format('codex', Codex, is_bare, structured=True)
