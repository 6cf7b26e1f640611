"""The simple shape, OpenAI chat messages and Anthropic blocks: the Chat reader."""
from __future__ import annotations

import json
from typing import Any

import pytest

from memory_gate.formats.chat import Chat
from memory_gate.formats.parse import detect
from tests.formats import OTHER, SIGNAL, TRAP, mined, read, skipped, turns

SIMPLE_SESSION: list[dict[str, Any]] = [
    {'role': 'user', 'text': SIGNAL},
    {'role': 'assistant', 'text': OTHER},
]
SH = {'name': 'sh', 'arguments': json.dumps({'cmd': TRAP})}
CALL = {'id': 'c', 'type': 'function', 'function': SH}
SESSION: list[dict[str, Any]] = [
    {'messages': [
        {'role': 'system', 'content': TRAP},
        {'role': 'developer', 'content': [{'type': 'text', 'text': TRAP}]},
        {'role': 'user', 'content': [{'type': 'text', 'text': SIGNAL},
                                     {'type': 'image_url', 'image_url': {'url': 'x'}}]},
        {'role': 'assistant', 'content': None, 'tool_calls': [CALL]},
        {'role': 'tool', 'tool_call_id': 'c', 'content': TRAP},
        {'role': 'assistant', 'content': OTHER},
    ]},
    {'role': 'tool', 'tool_call_id': 'c', 'content': TRAP},
    {'role': 'assistant', 'content': None, 'tool_calls': [{'function': {'arguments': TRAP}}]},
    {'role': 'system', 'content': TRAP},
]
BLOCKS_SESSION: list[dict[str, Any]] = [
    {'role': 'assistant', 'content': [
        {'type': 'thinking', 'thinking': TRAP, 'signature': 'x'},
        {'type': 'tool_use', 'id': 't', 'name': 'sh', 'input': {'c': TRAP}},
        {'type': 'text', 'text': SIGNAL},
    ]},
    {'role': 'user', 'content': [{'type': 'tool_result', 'tool_use_id': 't', 'content': TRAP}]},
]


def test_simple_shape() -> None:
    outcomes = read(Chat, *SIMPLE_SESSION)
    assert [(t.role, t.text, t.line) for t in turns(outcomes)] == [
        ('user', SIGNAL, 1), ('assistant', OTHER, 2)]
    assert detect(SIMPLE_SESSION[0]) == 'simple'


def test_a_prompt_a_program_wrote_is_not_the_users_voice() -> None:
    """DSPy's ChatAdapter opens every field of its prompt with [[ ## name ## ]]: an eval
    harness speaking, not a person (agentv's benchmark sessions send 'Reply with exactly OK.
    Do not add markdown or explanation.' this way)."""
    outcomes = read(Chat, {'role': 'user', 'text': '[[ ## user_query ## ]]\n\n' + TRAP},
                    {'role': 'user', 'text': SIGNAL})
    assert mined(outcomes) == [SIGNAL] and skipped(outcomes) == {'injected': 1}


def test_openai_messages_per_line_and_per_conversation() -> None:
    outcomes = read(Chat, *SESSION)
    assert mined(outcomes) == [SIGNAL, OTHER]
    assert [t.line for t in turns(outcomes)] == [1, 1]  # a conversation's turns are on its line
    assert skipped(outcomes) == {'tool': 2, 'system': 1}
    assert {detect(r) for r in SESSION} == {'openai-chat'}


def test_a_conversation_with_no_turn_says_why_its_first_message_was_skipped() -> None:
    outcomes = read(Chat, {'messages': [{'role': 'system', 'content': TRAP}]}, {'messages': [7]})
    assert skipped(outcomes) == {'system': 1, 'malformed': 1}


def test_anthropic_blocks_inside_chat_messages() -> None:
    outcomes = read(Chat, *BLOCKS_SESSION)
    assert mined(outcomes) == [SIGNAL] and skipped(outcomes) == {'tool': 1}


@pytest.mark.parametrize('record', [
    pytest.param({'role': 'user'}, id='no-text'),
    pytest.param({'foo': 1}, id='no-role'),
    pytest.param({'role': 'narrator', 'text': TRAP}, id='unknown-role'),
    pytest.param({'role': 'user', 'text': '   '}, id='blank-text'),
])
def test_no_usable_text_is_malformed_in_chat_files(record: dict[str, Any]) -> None:
    outcomes = read(Chat, {'role': 'user', 'text': SIGNAL}, record)
    assert mined(outcomes) == [SIGNAL] and skipped(outcomes) == {'malformed': 1}


def test_session_and_timestamp_are_kept() -> None:
    [turn] = turns(read(Chat, {'role': 'user', 'text': SIGNAL, 'session_id': 's',
                               'timestamp': 't'}))
    assert (turn.session, turn.timestamp) == ('s', 't')


def test_ipython_is_tool_traffic_in_a_chat_file_but_names_no_format() -> None:
    record = {'role': 'ipython', 'content': TRAP}
    assert skipped(read(Chat, record)) == {'tool': 1} and detect(record) is None
