"""Parse: one JSON object (a transcript line) -> the turns people wrote in it.

Each format has a reader with feed(obj, line) and finish(). A reader returns
outcomes: the turns it mined from a line, or the reason the line was skipped.
Only natural-language turns of the user and the assistant are ever mined.
See docs/FORMATS.md (Copilot CLI, Gemini CLI documents, detection) and FORMATS.md in the shared folder.
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
    message: int | None = None  # index in the document's messages, for a transcript that is one JSON document
    voice: str = ''  # 'plan': an assistant-written plan the harness replays in a user message once approved


class Outcome(NamedTuple):
    line: int
    turns: tuple[Turn, ...] = ()
    skipped: str = ''  # why the line yielded nothing ('' when turns were mined)


# Text the harness puts into user turns. Whole blocks are cut; a turn left empty was injected.
INJECTED_BLOCK_RE = (  # compiled on first use, with re.S
    r'<(system-reminder|system_reminder|environment_context|user_instructions|INSTRUCTIONS|command-name|command-message|'
    r'command-args|command-contents|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|'
    r'bash-stdout|bash-stderr|task-notification|turn_aborted|user_shell_command|image|ide_opened_file|'
    r'ide_selection|skill)\b[^>]*>.*?(?:</\1>|\Z)'
)
# What the harness opens a user turn with; the whole turn is then injected. Prefixes, not a pattern: the
# pattern cost every run 0.5 ms to compile. Whitespace before them does not count.
INJECTED_STARTS = (
    '# AGENTS.md instructions for', '# CLAUDE.md', '[Request interrupted', 'Caveat: The messages below were generated',
    'You are an AI agent that brings the power of Gemini directly into the terminal',  # Gemini CLI's /init prompt
    '[[ ## ',  # a prompt a program wrote: DSPy's ChatAdapter opens every field with [[ ## name ## ]]
)
INJECTED_WHOLE = 'System: Please continue.'  # what Gemini CLI sends when the model stopped mid-turn
SUMMARY_START = 'This session is being continued from a previous conversation'
USER_QUERY_RE = r'</?user_query>'
PLAN_PREFIX = 'Implement the following plan:'


def is_injected(text: str) -> bool:
    """A user turn the harness wrote whole: it opens with one of INJECTED_STARTS, or is INJECTED_WHOLE."""
    head = text.lstrip()
    return head.startswith(INJECTED_STARTS) or (head.startswith(INJECTED_WHOLE) and head.rstrip() == INJECTED_WHOLE)


def clean_user_text(text: str) -> str:
    """User text without harness injections; '' when nothing a person typed is left."""
    if is_injected(text):
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


def as_str(value: Any) -> str:
    return value if isinstance(value, str) else ''


def message_outcome(line: int, role: Any, text: str, tool: bool, session: str = '', ts: str = '') -> Outcome:
    """Judge one message of a user or assistant: mined, or skipped with the reason."""
    if role in ('system', 'developer'):
        return Outcome(line, skipped='system')
    if role in ('tool', 'function', 'ipython'):
        return Outcome(line, skipped='tool')
    if role not in ('user', 'assistant'):
        return Outcome(line, skipped='unknown')
    voice = ''
    if role == 'user':
        if text.lstrip().startswith(SUMMARY_START):
            return Outcome(line, skipped='summary')
        if text.lstrip().startswith(PLAN_PREFIX):
            role, text, voice = 'assistant', text.lstrip()[len(PLAN_PREFIX):], 'plan'
        else:
            cleaned = clean_user_text(text)
            if not cleaned and text.strip():
                return Outcome(line, skipped='injected')
            text = cleaned
    if not text.strip():
        return Outcome(line, skipped='tool' if tool else 'no_text')
    return Outcome(line, (Turn(role, text, line, session, ts, voice=voice),))


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
        return message_outcome(line, m.get('role'), text, tool, as_str(m.get('session_id')), as_str(m.get('timestamp')))


class Cursor(Reader):
    """Cursor agent transcripts: {"role", "message": {"content": [...]}}; user text wrapped in <user_query>."""

    name = 'cursor'

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        message = obj.get('message')
        if not isinstance(message, dict):
            return [Outcome(line, skipped='meta')]
        text, tool = block_texts(message.get('content'))
        return [message_outcome(line, obj.get('role'), text, tool)]
