"""The record types the current clients write (issue 44: Claude Code 2.1.332, Copilot CLI
1.0.102, Codex CLI 0.171.0, Gemini CLI 0.61.0, docs/CLIENTS.md) are known to their readers, each
skipped with its own reason; `claude -p`'s prompt, enqueued and then sent, is read once; the text
Gemini CLI shows for a message (displayContent) is never read as what was said."""

from __future__ import annotations

from typing import Any

import pytest

from memory_gate.commands.agent_hook import ASK
from memory_gate.formats.claude_code import ClaudeCode
from memory_gate.formats.codex import Codex
from memory_gate.formats.copilot import Copilot
from memory_gate.formats.gemini import Gemini
from tests.formats import SIGNAL, TRAP, mined, read, skipped

SID = {'sessionId': 's1', 'timestamp': '2026-12-06T08:55:45.050Z'}


def cc(kind: str, **fields: Any) -> dict[str, Any]:
    return {'type': kind, 'uuid': 'u', **SID, **fields}


def said(text: str, **extra: Any) -> dict[str, Any]:
    return cc('user', message={'role': 'user', 'content': text}, **extra)


@pytest.mark.parametrize(('kind', 'reason'), [
    ('api-request', 'request'), ('api-request-blob', 'request'), ('api-request-shape', 'request'),
    ('cost-state', 'usage'), ('tools-used', 'usage'), ('atis-latch', 'meta'),
])
def test_claude_codes_new_records_are_skipped_with_their_reason(kind: str, reason: str) -> None:
    """api-request-blob holds what was sent to the model, the tool output among it."""
    record = cc(kind, content=[{'type': 'tool_result', 'content': TRAP}], message={'content': TRAP})
    outcomes = read(ClaudeCode, record)
    assert mined(outcomes) == [] and skipped(outcomes) == {reason: 1}


def test_a_print_mode_prompt_enqueued_then_sent_is_read_once() -> None:
    outcomes = read(
        ClaudeCode,
        cc('queue-operation', operation='enqueue', content=SIGNAL),
        cc('queue-operation', operation='dequeue'),
        said(SIGNAL, promptSource='sdk'),
    )
    assert mined(outcomes) == [SIGNAL]
    assert skipped(outcomes) == {'meta': 1, 'duplicate': 1}


def test_steering_queued_and_never_sent_as_a_message_is_still_read() -> None:
    outcomes = read(
        ClaudeCode,
        said('Fix the tests.'),
        cc('queue-operation', operation='enqueue', content=SIGNAL),
        said('Fix the tests.'),  # the same words again, typed: never a queued prompt's duplicate
    )
    assert mined(outcomes) == ['Fix the tests.', SIGNAL, 'Fix the tests.']


def test_a_prompt_said_twice_after_one_enqueue_is_a_duplicate_once() -> None:
    outcomes = read(
        ClaudeCode,
        cc('queue-operation', operation='enqueue', content=SIGNAL),
        said(SIGNAL),
        said(SIGNAL),
    )
    assert mined(outcomes) == [SIGNAL, SIGNAL] and skipped(outcomes) == {'duplicate': 1}


def test_copilots_usage_record_and_codexs_token_usage_record_are_usage() -> None:
    usage = {'type': 'session.usage_record', 'data': {'usage': {'model': 'm', 'inputTokens': 10}},
             'id': 'e1', 'timestamp': 't'}
    assert skipped(read(Copilot, usage)) == {'usage': 1}
    tokens = {'timestamp': 't', 'type': 'token_usage_record',
              'payload': {'thread_id': 't1', 'session_id': 's1', 'input_tokens': 10}}
    assert skipped(read(Codex, tokens)) == {'usage': 1}


def test_gemini_display_content_is_never_read_as_what_was_said() -> None:
    """Gemini CLI's recorded ask repeats the previous tool output in displayContent (interactive
    0.61, issue 44): the ask is injected text, and what is only displayed is never mined."""
    ask = {'id': 'u2', 'timestamp': 't', 'type': 'user', 'content': [{'text': ASK}],
           'displayContent': [{'text': f'Output: {TRAP}'}, {'text': ASK}]}
    shown = {'id': 'u3', 'timestamp': 't', 'type': 'user', 'content': [{'text': 'ok'}],
             'displayContent': [{'text': TRAP}]}
    assert TRAP not in ' '.join(mined(read(Gemini, ask, shown)))
