"""The simple {"role", "text"} shape and OpenAI chat messages, with Anthropic content blocks.

One message per line ({"role", "content"}) or one conversation per line ({"messages": [...]});
content a string or a list of blocks (`text` mined; `tool_use`, `tool_result` tool traffic;
`thinking` never read). A line with no usable text is malformed: a chat file has no meta lines.
"""
from __future__ import annotations

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader
from memory_gate.formats.messages import as_str, block_texts, message_outcome

if TYPE_CHECKING:
    from typing import Any

# The roles that name a chat format on their own. A chat file's 'ipython' message is read as
# tool traffic (messages.ROLE_SKIP), but it does not by itself say the file is a chat file.
CHAT_ROLES = frozenset(('system', 'developer', 'user', 'assistant', 'tool', 'function'))


class Chat(Reader):
    """Chat messages: {"role","text"}, {"role","content"} or {"messages":[...]} per line."""

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        messages = obj.get('messages')
        if isinstance(messages, list):
            return [self.conversation(messages, line)]
        outcome = self.message(obj, line)
        if outcome.skipped in ('no_text', 'unknown'):
            return [Outcome(line, skipped='malformed')]
        return [outcome]

    def conversation(self, messages: list[Any], line: int) -> Outcome:
        """A whole conversation on one line: its turns, or why its first message was skipped."""
        outcomes = [self.message(m, line) for m in messages if isinstance(m, dict)]
        turns = tuple(t for o in outcomes for t in o.turns)
        if turns:
            return Outcome(line, turns)
        if not outcomes:
            return Outcome(line, skipped='malformed')
        return Outcome(line, skipped=outcomes[0].skipped)

    def message(self, m: dict[str, Any], line: int) -> Outcome:
        text = m.get('text')
        if not isinstance(text, str):
            text = m.get('content')
        said, tool = block_texts(text)
        tool = tool or bool(m.get('tool_calls') or m.get('function_call'))
        session, ts = as_str(m.get('session_id')), as_str(m.get('timestamp'))
        return message_outcome(line, m.get('role'), said, tool, session, ts)


def is_simple(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    """{"role", "text"} without "content"."""
    return role in CHAT_ROLES and 'text' in o and 'content' not in o


def is_openai_chat(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    """{"messages": [...]} (Gemini CLI documents, which have one too, are told first), or
    {"role", "content"}."""
    return isinstance(o.get('messages'), list) or (role in CHAT_ROLES and 'content' in o)


SIMPLE = Format('simple', Chat, is_simple, structured=False)
OPENAI_CHAT = Format('openai-chat', Chat, is_openai_chat, structured=False)
