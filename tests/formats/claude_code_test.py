"""Claude Code session logs: the ClaudeCode reader."""
from __future__ import annotations

from typing import Any

import pytest

from memory_gate.formats.claude_code import CLAUDE_SKIP, ClaudeCode
from memory_gate.formats.parse import detect
from tests.formats import OTHER, SIGNAL, TRAP, mined, read, skipped, turns

STEERING = 'From now on, squash-merge every PR.'
PIN = 'Pin Node to 20 LTS in every service.'


def cc(kind: str, content: Any, **extra: Any) -> dict[str, Any]:
    role = 'assistant' if kind == 'assistant' else 'user'
    return {'type': kind, 'uuid': 'u', 'sessionId': 's1', 'timestamp': '2026-01-01T00:00:00Z',
            'isSidechain': False, 'message': {'role': role, 'content': content}, **extra}


def text(said: str) -> list[dict[str, str]]:
    return [{'type': 'text', 'text': said}]


USE = {'type': 'tool_use', 'id': 't1', 'name': 'Bash', 'input': {'command': TRAP}}
RESULT = [{'type': 'tool_result', 'tool_use_id': 't1', 'content': TRAP}]
PROGRESS = {'type': 'agent_progress', 'message': {'role': 'user', 'content': TRAP}}
SESSION: list[dict[str, Any]] = [
    {'type': 'summary', 'summary': TRAP, 'leafUuid': 'x'},
    cc('user', SIGNAL),
    cc('assistant', [{'type': 'thinking', 'thinking': TRAP, 'signature': 'sig'}]),
    cc('assistant', [USE]),
    cc('user', RESULT, toolUseResult={'stdout': TRAP}),
    cc('assistant', text(OTHER)),
    cc('user', TRAP, isSidechain=True),
    cc('assistant', text(TRAP), isSidechain=True),
    cc('user', TRAP, isMeta=True),
    cc('user', TRAP, isCompactSummary=True),
    cc('user', 'This session is being continued from a previous conversation. ' + TRAP),
    cc('user', '<command-name>/review</command-name>'
               '<command-message>' + TRAP + '</command-message>'),
    cc('user', '<local-command-stdout>' + TRAP + '</local-command-stdout>'),
    cc('user', text('[Request interrupted by user for tool use]')),
    cc('user', PIN + '<system-reminder>' + TRAP + '</system-reminder>'),
    {'type': 'progress', 'sessionId': 's1', 'uuid': 'p', 'data': PROGRESS},
    {'type': 'system', 'subtype': 'stop_hook_summary', 'sessionId': 's1', 'uuid': 'y',
     'content': TRAP},
    {'type': 'queue-operation', 'operation': 'enqueue', 'sessionId': 's1', 'content': STEERING},
    {'type': 'queue-operation', 'operation': 'remove', 'sessionId': 's1'},
    {'type': 'file-history-snapshot', 'messageId': 'm', 'snapshot': {'x': TRAP}},
]
MINED = [SIGNAL, OTHER, PIN, STEERING]


def test_claude_code_mines_people_only() -> None:
    outcomes = read(ClaudeCode, *SESSION)
    assert mined(outcomes) == MINED
    first = turns(outcomes)[0]
    assert (first.session, first.timestamp, first.line) == ('s1', '2026-01-01T00:00:00Z', 2)
    assert skipped(outcomes) == {'summary': 3, 'thinking': 1, 'tool': 2, 'sidechain': 3,
                                 'meta': 3, 'injected': 3, 'system': 1}
    assert {detect(r) for r in SESSION} == {'claude-code'}


def test_claude_code_response_over_several_lines() -> None:
    outcomes = read(ClaudeCode, cc('assistant', text(SIGNAL)), cc('assistant', text(OTHER)))
    assert [(t.text, t.line) for t in turns(outcomes)] == [(SIGNAL, 1), (OTHER, 2)]


def test_claude_code_plan_is_assistant_text() -> None:
    plan = 'Implement the following plan:\n\n# Plan\n' + SIGNAL
    [turn] = turns(read(ClaudeCode, cc('user', plan, planContent='x')))
    assert (turn.role, turn.voice) == ('assistant', 'plan') and turn.text.endswith(SIGNAL)


def test_claude_code_tool_result_with_signal_sentences_mines_nothing() -> None:
    result = [{'type': 'tool_result', 'tool_use_id': 't', 'content': text(TRAP)}]
    outcomes = read(ClaudeCode, cc('user', result, toolUseResult={'file': {'content': TRAP}}))
    assert mined(outcomes) == [] and skipped(outcomes) == {'tool': 1}


def test_queued_command_attachment_is_what_the_person_typed() -> None:
    record = {'type': 'attachment', 'sessionId': 's1',
              'attachment': {'type': 'queued_command', 'prompt': STEERING}}
    assert mined(read(ClaudeCode, record)) == [STEERING]


def test_message_without_a_message_object_is_malformed() -> None:
    record = {'type': 'user', 'uuid': 'u', 'sessionId': 's1', 'message': TRAP}
    assert skipped(read(ClaudeCode, record)) == {'malformed': 1}


@pytest.mark.parametrize('kind', sorted(CLAUDE_SKIP))
def test_every_line_type_of_the_table_names_the_format_and_is_skipped(kind: str) -> None:
    record = {'type': kind, 'uuid': 'u', 'sessionId': 's1'}
    assert detect(record) == 'claude-code'
    assert skipped(read(ClaudeCode, record)) == {CLAUDE_SKIP[kind]: 1}


def test_a_line_type_not_in_the_table_is_unknown() -> None:
    assert skipped(read(ClaudeCode, {'type': 'future-thing', 'uuid': 'u'})) == {'unknown': 1}
