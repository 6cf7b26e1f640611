"""GitHub Copilot CLI events.jsonl: the Copilot reader."""
from __future__ import annotations

from typing import Any

import pytest

from memory_gate.formats import Outcome
from memory_gate.formats.copilot import COPILOT_SKIP, Copilot, skip_line
from memory_gate.formats.parse import detect
from tests.formats import OTHER, SIGNAL, compact, mined, read, skipped, turns

PLANT = 'We decided to always use Postgres for persistence.'  # a trap here: no person says it


def ev(kind: str, data: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {'type': kind, 'data': data, 'id': 'e', 'timestamp': '2026-07-01T10:00:00Z',
            'parentId': None, **extra}


REMINDER = ('\n<system_reminder>\nCustom instructions from AGENTS.md:\n' + 'x' * 40_000 + '\n'
            + PLANT + '\n</system_reminder>')
NOW = '<current_datetime>t</current_datetime> '
BASH = [{'toolCallId': 't', 'name': 'bash', 'arguments': {'command': PLANT}}]
SESSION: list[dict[str, Any]] = [
    ev('session.start', {'sessionId': 'cp-1', 'producer': 'copilot', 'context': {'cwd': PLANT}}),
    ev('hook.start', {'hookType': 'userPromptSubmitted', 'input': {'prompt': PLANT}}),
    ev('hook.end', {'hookType': 'userPromptSubmitted', 'success': True}),
    ev('system.message', {'role': 'system', 'content': PLANT}),
    ev('user.message', {'content': SIGNAL + REMINDER, 'transformedContent': NOW + PLANT}),
    ev('user.message', {'content': REMINDER, 'source': 'instruction-discovery'}),
    ev('user.message', {'content': PLANT, 'transformedContent': PLANT, 'source': 'system'}),
    ev('assistant.turn_start', {'turnId': '0'}),
    ev('assistant.message', {'content': '', 'reasoningText': PLANT, 'toolRequests': BASH}),
    ev('assistant.reasoning', {'content': PLANT}),
    ev('tool.execution_start', {'toolCallId': 't', 'toolName': 'bash', 'arguments': BASH[0]}),
    ev('permission.requested', {'permissionRequest': {'intention': PLANT}}),
    ev('tool.execution_complete', {'toolCallId': 't', 'result': {'content': PLANT}}),
    ev('assistant.message', {'content': OTHER, 'reasoningText': PLANT, 'reasoningOpaque': PLANT}),
    ev('assistant.message', {'content': PLANT, 'parentToolCallId': 't'}),
    ev('subagent.started', {'prompt': PLANT}),
    ev('skill.invoked', {'content': PLANT}),
    ev('system.notification', {'content': PLANT}),
    ev('session.warning', {'message': PLANT}),
    ev('session.compaction_complete', {'summaryContent': PLANT}),
    ev('copilot.some_future_event', {'content': PLANT}),
    ev('assistant.turn_end', {'turnId': '0'}),
]


def test_planted_sentence_is_mined_when_a_person_says_it() -> None:
    assert mined(read(Copilot, ev('user.message', {'content': PLANT}))) == [PLANT]


def test_copilot_mines_people_only() -> None:
    outcomes = read(Copilot, *SESSION)
    assert [(t.role, t.text) for t in turns(outcomes)] == [('user', SIGNAL), ('assistant', OTHER)]
    first = turns(outcomes)[0]
    assert (first.line, first.session, first.timestamp) == (5, 'cp-1', '2026-07-01T10:00:00Z')
    assert skipped(outcomes) == {'meta': 3, 'hook': 2, 'system': 3, 'injected': 3, 'tool': 4,
                                 'thinking': 1, 'sidechain': 2, 'summary': 1, 'unknown': 1}
    assert {detect(r) for r in SESSION} == {'copilot'}


def test_copilot_event_without_data_is_unknown() -> None:
    outcomes = read(Copilot, {'type': 'user.message', 'data': PLANT, 'parentId': None})
    assert skipped(outcomes) == {'unknown': 1}


@pytest.mark.parametrize('kind', sorted(COPILOT_SKIP))
def test_every_event_type_of_the_table_names_the_format_and_is_skipped(kind: str) -> None:
    record = ev(kind, {'content': PLANT})
    assert detect(record) == 'copilot'
    assert skipped(read(Copilot, record)) == {COPILOT_SKIP[kind]: 1}


# --- lines skipped by their bytes, before json.loads -----------------------------------------

@pytest.mark.parametrize('record', SESSION)
def test_a_line_skipped_by_its_bytes_is_one_the_reader_skips_for_that_reason(
    record: dict[str, Any],
) -> None:
    reason = skip_line(compact(record))
    if reason:
        assert read(Copilot, record) == [Outcome(1, skipped=reason)]


@pytest.mark.parametrize('record', [
    pytest.param(ev('user.message', {'content': PLANT}), id='user'),
    pytest.param(ev('assistant.message', {'content': OTHER}), id='assistant'),
    pytest.param(ev('session.start', {'sessionId': 'cp-1'}), id='session-start'),
    pytest.param(ev('copilot.some_future_event', {'content': PLANT}), id='unknown'),
])
def test_no_line_that_is_mined_or_held_is_ever_skipped_by_its_bytes(
    record: dict[str, Any],
) -> None:
    assert skip_line(compact(record)) == ''


@pytest.mark.parametrize('kind', sorted(set(COPILOT_SKIP) - {'session.start'}))
def test_every_event_type_of_the_table_is_skipped_by_its_bytes(kind: str) -> None:
    record = ev(kind, {'content': PLANT})
    assert skip_line(compact(record)) == COPILOT_SKIP[kind]
    assert read(Copilot, record) == [Outcome(1, skipped=COPILOT_SKIP[kind])]


@pytest.mark.parametrize('line', [
    pytest.param(compact(ev('hook.start', {'input': PLANT}))[:-3], id='cut-short'),
    pytest.param(b'{"type":"user\\u002emessage","data":{"content":"hi"},"parentId":null}\n',
                 id='escaped-type'),
    pytest.param(b'{"data":{"content":"hi"},"type":"hook.start","parentId":null}\n',
                 id='other-key-order'),
    pytest.param(b'{"type":"hook.start","data":"x","parentId":null}\n', id='data-not-object'),
])
def test_lines_whose_bytes_do_not_tell_are_parsed(line: bytes) -> None:
    assert skip_line(line) == ''
