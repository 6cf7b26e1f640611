"""Cursor agent transcripts: {"role", "message": {"content": [...]}} per line.

User text comes wrapped in <user_query>; a line without a message (`turn_ended`) is meta.
"""
from __future__ import annotations

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader
from memory_gate.formats.messages import block_texts, message_outcome

if TYPE_CHECKING:
    from typing import Any


class Cursor(Reader):
    """Cursor lines: the message's text blocks are mined, its tool_use blocks are tool traffic."""

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        message = obj.get('message')
        if not isinstance(message, dict):
            return [Outcome(line, skipped='meta')]
        text, tool = block_texts(message.get('content'))
        return [message_outcome(line, obj.get('role'), text, tool)]


def is_cursor(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    return role in ('user', 'assistant') and isinstance(o.get('message'), dict)


CURSOR = Format('cursor', Cursor, is_cursor, structured=True)
