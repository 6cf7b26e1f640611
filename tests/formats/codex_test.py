"""Codex CLI rollouts, wrapped and legacy bare layouts: the Codex reader."""
from __future__ import annotations

import json
from typing import Any

import pytest

from memory_gate.formats import Outcome
from memory_gate.formats.codex import CODEX_ITEM_SKIP, CODEX_SKIP, Codex, skip_line
from memory_gate.formats.parse import detect
from tests.formats import OTHER, SIGNAL, TRAP, compact, mined, read, skipped, turns

DNS = 'The outage was caused by a stale DNS cache.'


def cx(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {'timestamp': '2026-03-01T10:00:00Z', 'type': kind, 'payload': payload}


def msg(role: str, text: str, part: str = 'input_text') -> dict[str, Any]:
    return {'type': 'message', 'role': role, 'content': [{'type': part, 'text': text}]}


AGENTS_BLOCK = ('# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\n- ' + OTHER + '\n- '
                + TRAP + '\n</INSTRUCTIONS>')
ENVIRONMENT = '<environment_context>\n<cwd>/r</cwd>\n</environment_context>'
REASONING = {'type': 'reasoning', 'summary': [{'type': 'summary_text', 'text': TRAP}],
             'encrypted_content': 'gAAAA'}
SHELL = {'type': 'function_call', 'name': 'shell', 'arguments': json.dumps({'command': [TRAP]}),
         'call_id': 'c'}
META = {'id': 'sess-9', 'cwd': '/r', 'originator': 'codex_cli_rs', 'instructions': TRAP}
SESSION: list[dict[str, Any]] = [
    cx('session_meta', META),
    cx('response_item', msg('developer', TRAP)),
    cx('response_item', msg('user', AGENTS_BLOCK)),
    cx('response_item', msg('user', ENVIRONMENT)),
    cx('response_item', msg('user', SIGNAL)),
    cx('event_msg', {'type': 'user_message', 'message': SIGNAL, 'images': []}),
    cx('response_item', REASONING),
    cx('event_msg', {'type': 'agent_reasoning', 'text': TRAP}),
    cx('response_item', SHELL),
    cx('response_item', {'type': 'function_call_output', 'call_id': 'c', 'output': TRAP}),
    cx('response_item', {'type': 'custom_tool_call', 'name': 'apply_patch', 'input': TRAP}),
    cx('turn_context', {'cwd': '/r', 'instructions': TRAP}),
    cx('response_item', msg('assistant', DNS, 'output_text')),
    cx('event_msg', {'type': 'agent_message', 'message': DNS}),
    cx('compacted', {'message': TRAP}),
    cx('event_msg', {'type': 'token_count', 'info': None}),
]
BARE_SESSION: list[dict[str, Any]] = [
    {'id': 'legacy-1', 'timestamp': '2025-08-20T12:00:00Z', 'instructions': TRAP,
     'git': {'branch': 'main'}},
    {'record_type': 'state'},
    msg('user', SIGNAL),
    {'type': 'function_call', 'name': 'shell', 'arguments': TRAP, 'call_id': 'c'},
    {'type': 'function_call_output', 'call_id': 'c', 'output': TRAP},
    {'type': 'reasoning', 'id': 'r', 'summary': [{'type': 'summary_text', 'text': TRAP}]},
    msg('assistant', OTHER, 'output_text'),
]


def test_codex_wrapped_layout() -> None:
    outcomes = read(Codex, *SESSION)
    assert mined(outcomes) == [SIGNAL, DNS]
    first = turns(outcomes)[0]
    assert (first.session, first.line, first.timestamp) == ('sess-9', 5, '2026-03-01T10:00:00Z')
    assert skipped(outcomes) == {'meta': 3, 'system': 1, 'injected': 2, 'duplicate': 2,
                                 'thinking': 2, 'tool': 3, 'summary': 1}
    assert {detect(r) for r in SESSION} == {'codex'}


def test_codex_event_messages_are_used_when_there_are_no_response_items() -> None:
    event = cx('event_msg', {'type': 'user_message', 'message': SIGNAL})
    outcomes = read(Codex, cx('session_meta', {'id': 's'}), event)
    assert [(t.role, t.text, t.line) for t in turns(outcomes)] == [('user', SIGNAL, 2)]
    assert 'duplicate' not in skipped(outcomes)


def test_codex_tool_search_items_are_tool_traffic() -> None:
    outcomes = read(Codex, cx('session_meta', {'id': 's'}),
                    cx('response_item', {'type': 'tool_search_call', 'query': TRAP}),
                    cx('response_item', {'type': 'tool_search_output', 'tools': [TRAP]}))
    assert mined(outcomes) == [] and skipped(outcomes) == {'meta': 1, 'tool': 2}


@pytest.mark.parametrize('meta', [
    pytest.param({'id': 's', 'source': {'subagent': {'thread_spawn': {'depth': 1}}}}, id='source'),
    pytest.param({'id': 's', 'thread_source': 'subagent'}, id='thread_source'),
])
def test_codex_subagent_rollout_is_sidechain(meta: dict[str, Any]) -> None:
    outcomes = read(Codex, cx('session_meta', meta), cx('response_item', msg('user', SIGNAL)),
                    cx('event_msg', {'type': 'user_message', 'message': SIGNAL}))
    assert mined(outcomes) == [] and skipped(outcomes) == {'meta': 2, 'sidechain': 1}


def test_codex_legacy_bare_layout() -> None:
    outcomes = read(Codex, *BARE_SESSION)
    assert mined(outcomes) == [SIGNAL, OTHER] and turns(outcomes)[0].session == 'legacy-1'
    assert skipped(outcomes) == {'meta': 2, 'tool': 2, 'thinking': 1}
    assert {detect(r) for r in BARE_SESSION} == {'codex'}


@pytest.mark.parametrize('kind', sorted(CODEX_SKIP))
def test_every_wrapped_line_type_of_the_table_names_the_format_and_is_skipped(kind: str) -> None:
    record = cx(kind, {'type': 'x'})
    assert detect(record) == 'codex'
    assert skipped(read(Codex, record)) == {CODEX_SKIP[kind]: 1}


@pytest.mark.parametrize('kind', sorted(CODEX_ITEM_SKIP))
def test_every_item_type_of_the_table_is_skipped_in_both_layouts(kind: str) -> None:
    bare = {'type': kind, 'text': TRAP}
    assert detect(bare) == 'codex' and detect(cx('response_item', bare)) == 'codex'
    assert skipped(read(Codex, bare, cx('response_item', bare))) == {CODEX_ITEM_SKIP[kind]: 2}


def test_types_not_in_the_tables_are_unknown_or_meta() -> None:
    outcomes = read(Codex, cx('future_line', {}), cx('response_item', {'type': 'future_item'}),
                    cx('event_msg', {'type': 'future_event'}))
    assert [o.skipped for o in outcomes] == ['unknown', 'unknown', 'meta']


# --- lines skipped by their bytes, before json.loads -----------------------------------------

@pytest.mark.parametrize('record', SESSION + BARE_SESSION)
def test_a_line_skipped_by_its_bytes_is_one_the_reader_skips_for_that_reason(
    record: dict[str, Any],
) -> None:
    reason = skip_line(compact(record))
    if reason:
        assert read(Codex, record) == [Outcome(1, skipped=reason)]


@pytest.mark.parametrize('record', [
    pytest.param(cx('response_item', msg('user', SIGNAL)), id='user-message'),
    pytest.param(cx('response_item', msg('assistant', DNS, 'output_text')), id='assistant'),
    pytest.param(cx('event_msg', {'type': 'user_message', 'message': SIGNAL}), id='user-event'),
    pytest.param(cx('event_msg', {'type': 'agent_message', 'message': DNS}), id='agent-event'),
    pytest.param(cx('session_meta', META), id='session-meta'),
    pytest.param(cx('response_item', {'type': 'future_item', 'text': SIGNAL}), id='unknown-item'),
])
def test_no_line_that_is_mined_or_held_is_ever_skipped_by_its_bytes(
    record: dict[str, Any],
) -> None:
    assert skip_line(compact(record)) == ''


@pytest.mark.parametrize('kind', sorted(CODEX_ITEM_SKIP))
def test_every_item_type_of_the_table_is_skipped_by_its_bytes(kind: str) -> None:
    record = cx('response_item', {'type': kind, 'output': TRAP})
    assert skip_line(compact(record)) == CODEX_ITEM_SKIP[kind]
    assert read(Codex, record) == [Outcome(1, skipped=CODEX_ITEM_SKIP[kind])]


@pytest.mark.parametrize('line', [
    pytest.param(compact(cx('event_msg', {'type': 'token_count'}))[:-3], id='cut-short'),
    pytest.param(b'{"timestamp":"t","type":"event_msg","payload":{"type":"user\\u005fmessage",'
                 b'"message":"hi"}}\n', id='escaped-kind'),
    pytest.param(b'{"timestamp":"t\\"","type":"event_msg","payload":{"type":"token_count"}}\n',
                 id='escaped-timestamp'),
    pytest.param(b'{"type":"event_msg","timestamp":"t","payload":{"type":"token_count"}}\n',
                 id='other-key-order'),
    pytest.param(b'{"timestamp":"t","type":"event_msg","payload":{"info":1,'
                 b'"type":"token_count"}}\n',
                 id='type-not-first'),
])
def test_lines_whose_bytes_do_not_tell_are_parsed(line: bytes) -> None:
    assert skip_line(line) == ''
