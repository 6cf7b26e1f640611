"""Gemini CLI sessions, JSON lines and session documents: the Gemini and GeminiDocument readers."""
from __future__ import annotations

from typing import Any

import pytest

from memory_gate.formats.gemini import GEMINI_SKIP, Gemini, GeminiDocument
from memory_gate.formats.parse import detect
from tests.formats import OTHER, SIGNAL, TRAP, mined, read, skipped, turns

NODE_18, NODE_20 = 'We decided to pin Node to 18 LTS.', 'We decided to pin Node to 20 LTS.'
SHELL = [{'id': 'x', 'name': 'sh', 'args': {'c': TRAP}, 'result': TRAP}]
SESSION: list[dict[str, Any]] = [
    {'sessionId': 'g1', 'projectHash': 'ab', 'startTime': 't', 'lastUpdated': 't', 'kind': 'main'},
    {'id': 'm1', 'timestamp': 't1', 'type': 'user', 'content': [{'text': NODE_18}]},
    {'id': 'm1', 'timestamp': 't2', 'type': 'user', 'content': [{'text': NODE_20}]},
    {'id': 'm2', 'timestamp': 't3', 'type': 'gemini', 'content': '',
     'thoughts': [{'description': TRAP}], 'toolCalls': SHELL},
    {'$set': {'lastUpdated': 't'}},
    {'id': 'm3', 'timestamp': 't4', 'type': 'gemini', 'content': OTHER},
    {'id': 'm4', 'timestamp': 't5', 'type': 'user', 'content': TRAP},
    {'$rewindTo': 'm4'},
]


def test_gemini_later_record_replaces_and_rewind_drops() -> None:
    outcomes = read(Gemini, *SESSION)
    assert [(t.role, t.text, t.line) for t in turns(outcomes)] == [
        ('user', NODE_20, 3), ('assistant', OTHER, 6)]
    assert turns(outcomes)[0].session == 'g1'
    assert skipped(outcomes) == {'meta': 3, 'duplicate': 1, 'rewound': 1, 'tool': 1}
    assert {detect(r) for r in SESSION} == {'gemini'}


def test_rewind_to_an_unknown_id_drops_nothing() -> None:
    outcomes = read(Gemini, {'id': 'm1', 'type': 'user', 'content': SIGNAL}, {'$rewindTo': 'zz'})
    assert mined(outcomes) == [SIGNAL] and skipped(outcomes) == {'meta': 1}


@pytest.mark.parametrize('kind', sorted(GEMINI_SKIP))
def test_the_clis_own_notices_are_system(kind: str) -> None:
    record = {'id': 'n', 'type': kind, 'content': TRAP}
    assert skipped(read(Gemini, record)) == {GEMINI_SKIP[kind]: 1}


def gm(kind: str, content: Any, **extra: Any) -> dict[str, Any]:
    return {'id': 'm-' + kind, 'timestamp': 't-' + kind, 'type': kind, 'content': content, **extra}


INIT = 'You are an AI agent that brings the power of Gemini directly into the terminal. '
CALL = {'id': 't', 'name': 'run_shell_command', 'args': {'command': TRAP}, 'status': 'success',
        'result': [{'functionResponse': {'response': {'output': TRAP}}}]}
THOUGHTS = [{'subject': 's', 'description': TRAP}]
MESSAGES: list[dict[str, Any]] = [
    gm('info', TRAP),
    gm('user', [{'text': SIGNAL}]),
    gm('gemini', '', thoughts=THOUGHTS, toolCalls=[CALL]),
    gm('gemini', OTHER, thoughts=THOUGHTS, model='gemini-2.5-pro'),
    gm('error', '[API Error: ' + TRAP + ']'),
    gm('warning', TRAP),
    gm('user', INIT + TRAP),
    gm('user', 'System: Please continue.'),
    gm('compression', TRAP),
]
DOCUMENT = {'sessionId': 'gd-1', 'projectHash': 'ab12', 'startTime': 't0', 'lastUpdated': 't9',
            'messages': MESSAGES, 'summary': TRAP, 'directories': [TRAP]}


def test_gemini_document_mines_people_only_at_each_messages_line() -> None:
    outcomes = GeminiDocument.read(DOCUMENT, list(range(10, 10 + len(MESSAGES))))
    assert [(t.text, t.line, t.message) for t in turns(outcomes)] == [
        (SIGNAL, 11, 1), (OTHER, 13, 3)]
    assert (turns(outcomes)[0].session, turns(outcomes)[0].timestamp) == ('gd-1', 't-user')
    assert skipped(outcomes) == {'system': 3, 'tool': 1, 'injected': 2, 'unknown': 1}
    assert detect(DOCUMENT) == 'gemini-document'


def test_gemini_document_on_one_line() -> None:
    short = {**DOCUMENT, 'messages': [gm('info', TRAP), gm('user', SIGNAL)]}
    outcomes = read(GeminiDocument, short)
    assert [(t.text, t.line, t.message) for t in turns(outcomes)] == [(SIGNAL, 1, 1)]


def test_a_message_that_is_not_an_object_is_unknown() -> None:
    outcomes = GeminiDocument.read({'messages': [7, gm('user', SIGNAL)]}, [1, 2])
    assert [(o.skipped, o.line) for o in outcomes] == [('unknown', 1), ('', 2)]
