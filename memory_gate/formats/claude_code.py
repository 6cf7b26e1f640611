"""Claude Code session logs: {"type", "uuid", "sessionId", "message", ...} per line.

User and assistant messages are mined, and the steering a person typed while the agent
worked (queue-operation, queued_command attachments); sidechains, meta, summaries, thinking
and tool traffic never are. A user message (or queued_command) that delivers a prompt read
already at its queue-operation is a duplicate (`claude -p` enqueues every prompt; a prompt typed
while the agent worked is enqueued, then sent).
"""
from __future__ import annotations

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader
from memory_gate.formats.messages import as_str, block_texts, is_injected, message_outcome

if TYPE_CHECKING:
    from typing import Any

# Why each line type that is not a message is skipped. A type not listed is 'unknown'.
CLAUDE_SKIP = {
    'summary': 'summary', 'custom-title': 'summary', 'ai-title': 'summary',
    'system': 'system',
    'progress': 'sidechain',
    'file-history-snapshot': 'meta', 'pr-link': 'meta', 'permission-mode': 'meta',
    'mode': 'meta', 'last-prompt': 'meta', 'worktree-state': 'meta',
    'attachment': 'meta', 'queue-operation': 'meta',
    # 2.1.332 (docs/CLIENTS.md): what was sent to the model (the conversation again, tool output
    # included: collect redacts these lines like any other), its cost, its tools, a flag
    'api-request': 'request', 'api-request-blob': 'request', 'api-request-shape': 'request',
    'cost-state': 'usage', 'tools-used': 'usage', 'atis-latch': 'meta',
}
MESSAGE_TYPES = ('user', 'assistant')
TYPES = frozenset((*MESSAGE_TYPES, *CLAUDE_SKIP))  # the line types that name the format
THINKING = ('thinking', 'redacted_thinking')


class ClaudeCode(Reader):
    """One line at a time; the queued prompts not yet delivered are remembered by their text."""

    def __init__(self) -> None:
        self.queued: list[str] = []

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        kind = obj.get('type')
        session, ts = as_str(obj.get('sessionId')), as_str(obj.get('timestamp'))
        if kind == 'queue-operation' and isinstance(obj.get('content'), str):
            self.queued.append(obj['content'].strip())
            return [message_outcome(line, 'user', obj['content'], False, session, ts)]
        if kind in MESSAGE_TYPES:
            return [self.delivered(self.message(obj, line, session, ts))]
        prompt = queued_prompt(obj.get('attachment')) if kind == 'attachment' else None
        if prompt is not None:
            return [self.delivered(message_outcome(line, 'user', prompt, False, session, ts))]
        return [Outcome(line, skipped=CLAUDE_SKIP.get(as_str(kind), 'unknown'))]

    def delivered(self, outcome: Outcome) -> Outcome:
        """A user turn that delivers a queued prompt, read already at its queue-operation: a
        duplicate."""
        said = [t.text.strip() for t in outcome.turns if t.role == 'user']
        if len(said) != 1 or said[0] not in self.queued:
            return outcome
        self.queued.remove(said[0])
        return Outcome(outcome.line, skipped='duplicate')

    def message(self, obj: dict[str, Any], line: int, session: str, ts: str) -> Outcome:
        if obj.get('isSidechain') is True:
            return Outcome(line, skipped='sidechain')
        if obj.get('isMeta') is True:  # Claude Code's own; a Stop hook's instruction is injected
            message = obj.get('message')
            text = block_texts(message.get('content'))[0] if isinstance(message, dict) else ''
            return Outcome(line, skipped='injected' if is_injected(text) else 'meta')
        if obj.get('isCompactSummary') is True or obj.get('isVisibleInTranscriptOnly') is True:
            return Outcome(line, skipped='summary')
        message = obj.get('message')
        if not isinstance(message, dict):
            return Outcome(line, skipped='malformed')
        content = message.get('content')
        text, tool = block_texts(content)
        if not text.strip() and is_thinking(content):
            return Outcome(line, skipped='thinking')
        tool = tool or 'toolUseResult' in obj
        return message_outcome(line, obj.get('type'), text, tool, session, ts)


def queued_prompt(attachment: Any) -> str | None:
    """What a person typed while the agent worked, delivered as an attachment; else None."""
    if not isinstance(attachment, dict) or attachment.get('type') != 'queued_command':
        return None
    text, _ = block_texts(attachment.get('prompt') or attachment.get('content'))
    return text


def is_thinking(content: Any) -> bool:
    """Content with a thinking block (the caller knows it holds no text)."""
    if not isinstance(content, list):
        return False
    return any(isinstance(b, dict) and b.get('type') in THINKING for b in content)


def is_claude_code(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    if kind not in TYPES:
        return False
    return 'sessionId' in o or 'uuid' in o or 'leafUuid' in o or 'messageId' in o


CLAUDE_CODE = Format('claude-code', ClaudeCode, is_claude_code, structured=True)
