"""Parse: one JSON object (a transcript line) -> the turns people wrote in it.

Each format has a reader with feed(obj, line) and finish(). A reader returns
outcomes: the turns it mined from a line, or the reason the line was skipped.
Only natural-language turns of the user and the assistant are ever mined.
See FORMATS.md in the shared folder for the formats and their sources.
"""
from __future__ import annotations

import re
from typing import Any, NamedTuple


class Turn(NamedTuple):
    role: str  # 'user' or 'assistant'
    text: str
    line: int
    session: str = ''
    timestamp: str = ''


class Outcome(NamedTuple):
    line: int
    turns: tuple[Turn, ...] = ()
    skipped: str = ''  # why the line yielded nothing ('' when turns were mined)


# Text the harness puts into user turns. Whole blocks are cut; a turn left empty was injected.
INJECTED_BLOCK_RE = (  # compiled on first use, with re.S
    r'<(system-reminder|environment_context|user_instructions|INSTRUCTIONS|command-name|command-message|'
    r'command-args|command-contents|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|'
    r'bash-stdout|bash-stderr|task-notification|turn_aborted|user_shell_command|image|ide_opened_file|'
    r'ide_selection)\b[^>]*>.*?(?:</\1>|\Z)'
)
INJECTED_START_RE = (
    r'^\s*(?:# AGENTS\.md instructions for|# CLAUDE\.md|\[Request interrupted|Caveat: The messages below were generated)'
)
SUMMARY_START = 'This session is being continued from a previous conversation'
USER_QUERY_RE = r'</?user_query>'
PLAN_PREFIX = 'Implement the following plan:'


def clean_user_text(text: str) -> str:
    """User text without harness injections; '' when nothing a person typed is left."""
    if re.match(INJECTED_START_RE, text):
        return ''
    if '<' in text:
        text = re.sub(USER_QUERY_RE, '', re.sub(INJECTED_BLOCK_RE, '', text, flags=re.S))
    return text.strip()


def block_texts(content: Any, kinds: tuple[str, ...] = ('text', 'input_text', 'output_text')) -> tuple[str, bool]:
    """Join the natural-language parts of a message's content; also say whether any part was a tool part."""
    if isinstance(content, str):
        return content, False
    if not isinstance(content, list):
        return '', False
    texts, tool = [], False
    for block in content:
        if isinstance(block, str):
            texts.append(block)
        elif isinstance(block, dict):
            kind = block.get('type', 'text')
            if kind in kinds and isinstance(block.get('text'), str):
                texts.append(block['text'])
            elif kind in ('tool_use', 'tool_result', 'function_call', 'server_tool_use', 'web_search_tool_result'):
                tool = True
    return '\n'.join(texts), tool


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ''


def message_outcome(line: int, role: Any, text: str, tool: bool, session: str = '', ts: str = '') -> Outcome:
    """Judge one message of a user or assistant: mined, or skipped with the reason."""
    if role in ('system', 'developer'):
        return Outcome(line, skipped='system')
    if role in ('tool', 'function', 'ipython'):
        return Outcome(line, skipped='tool')
    if role not in ('user', 'assistant'):
        return Outcome(line, skipped='unknown')
    if role == 'user':
        if text.lstrip().startswith(SUMMARY_START):
            return Outcome(line, skipped='summary')
        if text.lstrip().startswith(PLAN_PREFIX):
            role, text = 'assistant', text.lstrip()[len(PLAN_PREFIX):]
        else:
            cleaned = clean_user_text(text)
            if not cleaned and text.strip():
                return Outcome(line, skipped='injected')
            text = cleaned
    if not text.strip():
        return Outcome(line, skipped='tool' if tool else 'no_text')
    return Outcome(line, (Turn(role, text, line, session, ts),))


class Reader:
    """One format's reader: feed() each parsed line in order, then finish() for what it held back."""

    name = ''

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        raise NotImplementedError

    def finish(self) -> list[Outcome]:
        return []


class Chat(Reader):
    """The simple {"role","text"} shape and OpenAI/Anthropic chat messages ({"role","content"} or {"messages":[...]})."""

    name = 'chat'

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        messages = obj.get('messages')
        if isinstance(messages, list):
            outcomes = [self.message(m, line) for m in messages if isinstance(m, dict)]
            turns = tuple(t for o in outcomes for t in o.turns)
            return [Outcome(line, turns) if turns else Outcome(line, skipped='malformed' if not outcomes else outcomes[0].skipped)]
        outcome = self.message(obj, line)
        if outcome.skipped in ('no_text', 'unknown'):
            return [Outcome(line, skipped='malformed')]
        return [outcome]

    def message(self, m: dict[str, Any], line: int) -> Outcome:
        text, tool = block_texts(m['text'] if isinstance(m.get('text'), str) else m.get('content'))
        tool = tool or bool(m.get('tool_calls') or m.get('function_call'))
        return message_outcome(line, m.get('role'), text, tool, _str(m.get('session_id')), _str(m.get('timestamp')))


class Cursor(Reader):
    """Cursor agent transcripts: {"role", "message": {"content": [...]}}; user text wrapped in <user_query>."""

    name = 'cursor'

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        message = obj.get('message')
        if not isinstance(message, dict):
            return [Outcome(line, skipped='meta')]
        text, tool = block_texts(message.get('content'))
        return [message_outcome(line, obj.get('role'), text, tool)]


CLAUDE_SKIP = {
    'summary': 'summary', 'system': 'system', 'progress': 'sidechain', 'file-history-snapshot': 'meta',
    'custom-title': 'summary', 'ai-title': 'summary', 'pr-link': 'meta', 'permission-mode': 'meta',
    'mode': 'meta', 'last-prompt': 'meta', 'worktree-state': 'meta', 'attachment': 'meta', 'queue-operation': 'meta',
}


class ClaudeCode(Reader):
    """Claude Code session logs: {"type", "uuid", "sessionId", "message", ...} per line."""

    name = 'claude-code'

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        kind, session, ts = obj.get('type'), _str(obj.get('sessionId')), _str(obj.get('timestamp'))
        if kind in ('user', 'assistant'):
            return [self.message(obj, line, session, ts)]
        if kind == 'queue-operation' and isinstance(obj.get('content'), str):
            return [message_outcome(line, 'user', obj['content'], False, session, ts)]
        attachment = obj.get('attachment')
        if kind == 'attachment' and isinstance(attachment, dict) and attachment.get('type') == 'queued_command':
            text, _ = block_texts(attachment.get('prompt') or attachment.get('content'))
            return [message_outcome(line, 'user', text, False, session, ts)]
        return [Outcome(line, skipped=CLAUDE_SKIP.get(_str(kind), 'unknown'))]

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
    'custom_tool_call_output': 'tool', 'local_shell_call': 'tool', 'web_search_call': 'tool',
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
        payload, kind, ts = obj.get('payload'), obj.get('type'), _str(obj.get('timestamp'))
        if not isinstance(payload, dict):  # legacy bare layout
            if obj.get('record_type') is not None or 'instructions' in obj:
                self.session = self.session or _str(obj.get('id'))
                return [Outcome(line, skipped='meta')]
            payload, kind = obj, 'response_item'
        if kind == 'session_meta':
            self.meta(payload)
        if kind == 'response_item':
            return [self.item(payload, line, ts)]
        if kind == 'event_msg':
            return self.event(payload, line, ts)
        return [Outcome(line, skipped=CODEX_SKIP.get(_str(kind), 'unknown'))]

    def meta(self, payload: dict[str, Any]) -> None:
        source = payload.get('source')
        if not self.session:
            self.session = _str(payload.get('id'))
            self.subagent = isinstance(source, dict) and 'subagent' in source or payload.get('thread_source') == 'subagent'

    def item(self, payload: dict[str, Any], line: int, ts: str) -> Outcome:
        kind = payload.get('type')
        if kind != 'message':
            return Outcome(line, skipped=CODEX_ITEM_SKIP.get(_str(kind), 'unknown'))
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
            self.events.append(message_outcome(line, role, _str(payload.get('message')), False, self.session, ts))
            return []
        return [Outcome(line, skipped=CODEX_EVENT_SKIP.get(_str(kind), 'meta'))]

    def finish(self) -> list[Outcome]:
        if self.saw_items:
            return [Outcome(o.line, skipped='duplicate') for o in self.events]
        return self.events


class Gemini(Reader):
    """Gemini CLI JSONL sessions: a later record with the same id replaces the earlier; $rewindTo drops the tail."""

    name = 'gemini'

    def __init__(self) -> None:
        self.session = ''
        self.records: dict[str, Outcome] = {}
        self.dropped: list[Outcome] = []

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        if 'projectHash' in obj or '$set' in obj:
            self.session = self.session or _str(obj.get('sessionId'))
            return [Outcome(line, skipped='meta')]
        if '$rewindTo' in obj:
            return [Outcome(line, skipped='meta')] + self.rewind(_str(obj['$rewindTo']))
        kind, key = obj.get('type'), _str(obj.get('id'))
        if kind not in ('user', 'gemini') or not key:
            return [Outcome(line, skipped='meta' if isinstance(kind, str) else 'unknown')]
        text, tool = block_texts(obj.get('content'))
        tool = tool or bool(obj.get('toolCalls'))
        role = 'user' if kind == 'user' else 'assistant'
        previous = self.records.pop(key, None)
        self.records[key] = message_outcome(line, role, text, tool, self.session, _str(obj.get('timestamp')))
        return [Outcome(previous.line, skipped='duplicate')] if previous else []

    def rewind(self, key: str) -> list[Outcome]:
        keys = list(self.records)
        tail = keys[keys.index(key):] if key in self.records else []
        return [Outcome(self.records.pop(k).line, skipped='rewound') for k in tail]

    def finish(self) -> list[Outcome]:
        return sorted(self.records.values(), key=lambda o: o.line)
