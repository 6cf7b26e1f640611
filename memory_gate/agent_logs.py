"""Parse, for agent session logs: Claude Code, Codex CLI rollouts and Gemini CLI sessions (see formats.py)."""
from __future__ import annotations

from typing import Any

from memory_gate.formats import Outcome, Reader, as_str, block_texts, message_outcome

CLAUDE_SKIP = {
    'summary': 'summary', 'system': 'system', 'progress': 'sidechain', 'file-history-snapshot': 'meta',
    'custom-title': 'summary', 'ai-title': 'summary', 'pr-link': 'meta', 'permission-mode': 'meta',
    'mode': 'meta', 'last-prompt': 'meta', 'worktree-state': 'meta', 'attachment': 'meta', 'queue-operation': 'meta',
}


class ClaudeCode(Reader):
    """Claude Code session logs: {"type", "uuid", "sessionId", "message", ...} per line."""

    name = 'claude-code'

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        kind, session, ts = obj.get('type'), as_str(obj.get('sessionId')), as_str(obj.get('timestamp'))
        if kind in ('user', 'assistant'):
            return [self.message(obj, line, session, ts)]
        if kind == 'queue-operation' and isinstance(obj.get('content'), str):
            return [message_outcome(line, 'user', obj['content'], False, session, ts)]
        attachment = obj.get('attachment')
        if kind == 'attachment' and isinstance(attachment, dict) and attachment.get('type') == 'queued_command':
            text, _ = block_texts(attachment.get('prompt') or attachment.get('content'))
            return [message_outcome(line, 'user', text, False, session, ts)]
        return [Outcome(line, skipped=CLAUDE_SKIP.get(as_str(kind), 'unknown'))]

    def message(self, obj: dict[str, Any], line: int, session: str, ts: str) -> Outcome:
        if obj.get('isSidechain') is True:
            return Outcome(line, skipped='sidechain')
        if obj.get('isMeta') is True:
            return Outcome(line, skipped='meta')
        if obj.get('isCompactSummary') is True or obj.get('isVisibleInTranscriptOnly') is True:
            return Outcome(line, skipped='summary')
        message = obj.get('message')
        if not isinstance(message, dict):
            return Outcome(line, skipped='malformed')
        content = message.get('content')
        text, tool = block_texts(content)
        if not text.strip() and isinstance(content, list) and any(
            isinstance(b, dict) and b.get('type') in ('thinking', 'redacted_thinking') for b in content
        ):
            return Outcome(line, skipped='thinking')
        tool = tool or 'toolUseResult' in obj
        return message_outcome(line, obj.get('type'), text, tool, session, ts)


CODEX_ITEM_SKIP = {
    'reasoning': 'thinking', 'function_call': 'tool', 'function_call_output': 'tool', 'custom_tool_call': 'tool',
    'custom_tool_call_output': 'tool', 'local_shell_call': 'tool', 'web_search_call': 'tool', 'tool_search_call': 'tool',
    'tool_search_output': 'tool',
    'ghost_snapshot': 'meta', 'compaction': 'summary',
}
CODEX_SKIP = {
    'session_meta': 'meta', 'turn_context': 'meta', 'compacted': 'summary', 'world_state': 'meta',
    'inter_agent_communication': 'sidechain', 'inter_agent_communication_metadata': 'sidechain',
}
CODEX_EVENT_SKIP = {'agent_reasoning': 'thinking', 'agent_reasoning_raw_content': 'thinking', 'context_compacted': 'summary'}


class Codex(Reader):
    """Codex CLI rollouts: the wrapped {"timestamp","type","payload"} layout and the legacy bare layout.

    event_msg user_message/agent_message repeat the response_item messages: they are
    used only when the file has no response_item message at all.
    """

    name = 'codex'

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
            payload, kind = obj, 'response_item'
        if kind == 'session_meta':
            self.meta(payload)
        if kind == 'response_item':
            return [self.item(payload, line, ts)]
        if kind == 'event_msg':
            return self.event(payload, line, ts)
        return [Outcome(line, skipped=CODEX_SKIP.get(as_str(kind), 'unknown'))]

    def meta(self, payload: dict[str, Any]) -> None:
        source = payload.get('source')
        if not self.session:
            self.session = as_str(payload.get('id'))
            self.subagent = isinstance(source, dict) and 'subagent' in source or payload.get('thread_source') == 'subagent'

    def item(self, payload: dict[str, Any], line: int, ts: str) -> Outcome:
        kind = payload.get('type')
        if kind != 'message':
            return Outcome(line, skipped=CODEX_ITEM_SKIP.get(as_str(kind), 'unknown'))
        if self.subagent:
            return Outcome(line, skipped='sidechain')
        if payload.get('role') in ('user', 'assistant'):
            self.saw_items = True
        text, tool = block_texts(payload.get('content'))
        return message_outcome(line, payload.get('role'), text, tool, self.session, ts)

    def event(self, payload: dict[str, Any], line: int, ts: str) -> list[Outcome]:
        kind = payload.get('type')
        if kind in ('user_message', 'agent_message') and not self.subagent:
            role = 'user' if kind == 'user_message' else 'assistant'
            self.events.append(message_outcome(line, role, as_str(payload.get('message')), False, self.session, ts))
            return []
        return [Outcome(line, skipped=CODEX_EVENT_SKIP.get(as_str(kind), 'meta'))]

    def finish(self) -> list[Outcome]:
        if self.saw_items:
            return [Outcome(o.line, skipped='duplicate') for o in self.events]
        return self.events


# Gemini CLI message types that are never mined: the CLI's own notices. Other types are 'unknown'.
GEMINI_SKIP = {'info': 'system', 'error': 'system', 'warning': 'system'}


def gemini_message(m: dict[str, Any], line: int, session: str) -> Outcome:
    """One Gemini CLI message record: user and gemini content mined; thoughts and toolCalls never read."""
    kind = m.get('type')
    if kind not in ('user', 'gemini'):
        return Outcome(line, skipped=GEMINI_SKIP.get(as_str(kind), 'unknown'))
    text, tool = block_texts(m.get('content'))
    tool = tool or bool(m.get('toolCalls'))
    role = 'user' if kind == 'user' else 'assistant'
    return message_outcome(line, role, text, tool, session, as_str(m.get('timestamp')))


class Gemini(Reader):
    """Gemini CLI JSONL sessions: a later record with the same id replaces the earlier; $rewindTo drops the tail."""

    name = 'gemini'

    def __init__(self) -> None:
        self.session = ''
        self.records: dict[str, Outcome] = {}
        self.dropped: list[Outcome] = []

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        if 'projectHash' in obj or '$set' in obj:
            self.session = self.session or as_str(obj.get('sessionId'))
            return [Outcome(line, skipped='meta')]
        if '$rewindTo' in obj:
            return [Outcome(line, skipped='meta')] + self.rewind(as_str(obj['$rewindTo']))
        if obj.get('type') not in ('user', 'gemini'):
            return [gemini_message(obj, line, self.session)]
        key = as_str(obj.get('id')) or f'#{line}'
        previous = self.records.pop(key, None)
        self.records[key] = gemini_message(obj, line, self.session)
        return [Outcome(previous.line, skipped='duplicate')] if previous else []

    def rewind(self, key: str) -> list[Outcome]:
        keys = list(self.records)
        tail = keys[keys.index(key):] if key in self.records else []
        return [Outcome(self.records.pop(k).line, skipped='rewound') for k in tail]

    def finish(self) -> list[Outcome]:
        return sorted(self.records.values(), key=lambda o: o.line)


class GeminiDocument(Reader):
    """A Gemini CLI session document: {"sessionId", "projectHash", ..., "messages": [...]}, read whole."""

    name = 'gemini-document'

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        """A document written on one line: every message starts on it."""
        return self.read(obj, [line] * len(obj['messages']))

    @staticmethod
    def read(doc: dict[str, Any], lines: list[int]) -> list[Outcome]:
        """Each message's outcome; `lines[i]` is the file line where message i starts."""
        session, outcomes = as_str(doc.get('sessionId')), []
        for index, (m, line) in enumerate(zip(doc['messages'], lines)):
            if not isinstance(m, dict):
                outcomes.append(Outcome(line, skipped='unknown'))
                continue
            outcome = gemini_message(m, line, session)
            outcomes.append(outcome._replace(turns=tuple(t._replace(message=index) for t in outcome.turns)))
        return outcomes
