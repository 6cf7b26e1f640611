"""GitHub Copilot CLI session events (`~/.copilot/session-state/<id>/events.jsonl`).

One event per line: {"type", "data", "id", "timestamp", "parentId"}. Only the text a
person typed (user.message data.content, never transformedContent) and the assistant's
replies (assistant.message data.content) are mined. See docs/FORMATS.md.
"""
from __future__ import annotations

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader
from memory_gate.formats.messages import as_str, message_outcome

if TYPE_CHECKING:
    from typing import Any

# Why each known event type that is never mined is skipped. A type not listed is 'unknown'.
COPILOT_SKIP = {
    'session.start': 'meta', 'session.resume': 'meta', 'session.idle': 'meta',
    'session.title_changed': 'meta', 'session.model_change': 'meta',
    'session.mode_changed': 'meta', 'session.plan_changed': 'meta',
    'session.workspace_file_changed': 'meta', 'session.handoff': 'meta',
    'session.truncation': 'meta', 'session.snapshot_rewind': 'meta',
    'session.shutdown': 'meta', 'session.usage_checkpoint': 'meta',
    'session.context_changed': 'meta', 'session.usage_info': 'meta',
    'session.permissions_changed': 'meta', 'session.todos_changed': 'meta',
    'session.context_cleared': 'meta', 'session.compaction_start': 'meta',
    'session.usage_record': 'usage',  # 1.0.102: a model call's tokens and cost
    'session.compaction_complete': 'summary', 'session.task_complete': 'meta',
    'session.info': 'system', 'session.warning': 'system', 'session.error': 'system',
    'system.message': 'system', 'system.notification': 'system',
    'assistant.turn_start': 'meta', 'assistant.turn_end': 'meta', 'assistant.intent': 'meta',
    'assistant.usage': 'meta', 'assistant.idle': 'meta', 'assistant.message_start': 'meta',
    'assistant.reasoning': 'thinking', 'assistant.reasoning_delta': 'thinking',
    'assistant.thinking': 'thinking',
    'assistant.message_delta': 'duplicate', 'assistant.streaming_delta': 'duplicate',
    'assistant.tool_call_delta': 'tool', 'tool.user_requested': 'tool',
    'tool.execution_start': 'tool', 'tool.execution_partial_result': 'tool',
    'tool.execution_progress': 'tool', 'tool.execution_complete': 'tool',
    'permission.requested': 'tool', 'permission.completed': 'tool',
    'external_tool.requested': 'tool', 'external_tool.completed': 'tool',
    'hook.start': 'hook', 'hook.end': 'hook', 'hook.progress': 'hook',
    'skill.invoked': 'injected',
    'subagent.started': 'sidechain', 'subagent.completed': 'sidechain',
    'subagent.failed': 'sidechain', 'subagent.selected': 'sidechain',
    'subagent.deselected': 'sidechain',
    'abort': 'meta', 'pending_messages.modified': 'meta',
    'user_input.requested': 'meta', 'user_input.completed': 'meta',
}
# user.message data.source: absent or one of these when a person typed it; any other origin
# (system steering, instruction discovery, commands, schedules, skills) is the harness's.
PERSON_SOURCES = (None, 'user')


class Copilot(Reader):
    """user.message and assistant.message data.content; every other event is skipped."""

    def __init__(self) -> None:
        self.session = ''

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        kind, data, ts = as_str(obj.get('type')), obj.get('data'), as_str(obj.get('timestamp'))
        if not isinstance(data, dict):
            return [Outcome(line, skipped='unknown')]
        if kind == 'session.start':
            self.session = self.session or as_str(data.get('sessionId'))
        if kind == 'user.message':
            return [self.user(data, line, ts)]
        if kind == 'assistant.message':
            return [self.assistant(data, line, ts)]
        return [Outcome(line, skipped=COPILOT_SKIP.get(kind, 'unknown'))]

    def user(self, data: dict[str, Any], line: int, ts: str) -> Outcome:
        if data.get('source') not in PERSON_SOURCES:
            # instruction discovery, system steering, commands
            return Outcome(line, skipped='injected')
        text = as_str(data.get('content'))
        return message_outcome(line, 'user', text, False, self.session, ts)

    def assistant(self, data: dict[str, Any], line: int, ts: str) -> Outcome:
        if data.get('parentToolCallId'):
            return Outcome(line, skipped='sidechain')  # a sub-agent's reply
        tool = bool(data.get('toolRequests'))
        text = as_str(data.get('content'))
        return message_outcome(line, 'assistant', text, tool, self.session, ts)


# Lines parse skips by their bytes, before json.loads: an event as Copilot CLI writes it,
# {"type":"tool.execution_complete","data":{...},"id":...,"timestamp":...,"parentId":...},
# when its type is in COPILOT_SKIP. Their outcome depends on nothing the reader holds;
# session.start (it holds the session), a type with an escape in it, other key orders and a
# line cut short (no closing brace) are parsed as ever.
OPEN = b'{"type":"'
DATA_HEAD = b'","data":{'
CLOSES = (b'}\n', b'}\r\n', b'}')


def skip_line(line: bytes) -> str:
    """Why the reader would skip this raw line, when its bytes tell; else ''."""
    if not line.startswith(OPEN) or not line.endswith(CLOSES):
        return ''
    end = line.find(b'"', len(OPEN))
    if end < 0 or not line.startswith(DATA_HEAD, end):
        return ''
    raw = line[len(OPEN):end]
    if b'\\' in raw or not raw.isascii() or raw == b'session.start':
        return ''
    return COPILOT_SKIP.get(raw.decode('ascii'), '')


def is_copilot(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    return kind is not None and isinstance(o.get('data'), dict) and 'parentId' in o


COPILOT = Format('copilot', Copilot, is_copilot, True, skip_line)
