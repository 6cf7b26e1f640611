"""Cursor agent transcripts: the Cursor reader."""
from __future__ import annotations

from typing import Any

from memory_gate.formats.cursor import Cursor
from memory_gate.formats.parse import detect
from tests.formats import SIGNAL, TRAP, mined, read, skipped, turns

QUERY = '<user_query>\n' + SIGNAL + '\n</user_query>'
SESSION: list[dict[str, Any]] = [
    {'role': 'user', 'message': {'content': [{'type': 'text', 'text': QUERY}]}},
    {'role': 'assistant', 'message': {'content': [
        {'type': 'tool_use', 'name': 'Shell', 'input': {'command': TRAP}}]}},
    {'type': 'turn_ended'},
]


def test_cursor_transcript() -> None:
    outcomes = read(Cursor, *SESSION)
    assert [(t.role, t.text) for t in turns(outcomes)] == [('user', SIGNAL)]
    assert skipped(outcomes) == {'tool': 1, 'meta': 1}
    assert [detect(r) for r in SESSION] == ['cursor', 'cursor', None]


def test_assistant_text_is_mined() -> None:
    record = {'role': 'assistant', 'message': {'content': [{'type': 'text', 'text': SIGNAL}]}}
    assert mined(read(Cursor, record)) == [SIGNAL]
