"""Every format end to end: the outer layer over tests/formats/.

Each format module's session goes through parse (detection), the pipeline and the rules at
threshold 0, as a user's file does: what its reader mines is proposed, and no trap in it
(tool traffic, thinking, system, injected, sidechain, summaries) ever is, even when every
sentence mined would be a proposal.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings
from tests.formats import (
    OTHER,
    SIGNAL,
    TRAP,
    chat_test,
    claude_code_test,
    codex_test,
    copilot_test,
    cursor_test,
    entire_test,
    gemini_test,
)
from tests.reading.transcripts_test import EVERYTHING

# What is mined, not how it is weighed: every candidate the rules pick.
DEFAULT = Settings(threshold=0.0)
SESSIONS = [
    pytest.param('simple', chat_test.SIMPLE_SESSION, [SIGNAL, OTHER], id='simple'),
    pytest.param('openai-chat', chat_test.SESSION, [SIGNAL, OTHER], id='openai-chat'),
    pytest.param('openai-chat', chat_test.BLOCKS_SESSION, [SIGNAL], id='anthropic-blocks'),
    pytest.param('claude-code', claude_code_test.SESSION, claude_code_test.MINED,
                 id='claude-code'),
    pytest.param('codex', codex_test.SESSION, [SIGNAL, codex_test.DNS], id='codex'),
    pytest.param('codex', codex_test.BARE_SESSION, [SIGNAL, OTHER], id='codex-bare'),
    pytest.param('gemini', gemini_test.SESSION, [gemini_test.NODE_20, OTHER], id='gemini'),
    pytest.param('cursor', cursor_test.SESSION, [SIGNAL], id='cursor'),
    pytest.param('copilot', copilot_test.SESSION, [SIGNAL, OTHER], id='copilot'),
    pytest.param('entire', entire_test.SESSION, [SIGNAL, OTHER], id='entire'),
]
TRAPS = (TRAP, copilot_test.PLANT)


def run(*records: Any, settings: Settings = DEFAULT, memory: str = '') -> Result:
    lines = [json.dumps(r).encode() + b'\n' for r in records]
    return build([Transcript('t.jsonl', lines)], settings, memory)


def texts(result: Result) -> list[str]:
    return [p.text for p in result.proposed]


@pytest.mark.parametrize(('fmt', 'records', 'proposed'), SESSIONS)
def test_each_format_end_to_end(fmt: str, records: list[Any], proposed: list[str]) -> None:
    result = run(*records)
    assert texts(result) == proposed
    assert result.stats['format:' + fmt] == 1


@pytest.mark.parametrize(('fmt', 'records', 'proposed'), SESSIONS)
def test_no_trap_is_ever_proposed(fmt: str, records: list[Any], proposed: list[str]) -> None:
    result = run(*records, settings=EVERYTHING)
    assert result.proposed
    for p in result.proposed:
        assert not any(trap in p.text or p.text in trap for trap in TRAPS), p.text


def test_roles_option_mines_only_what_people_typed() -> None:
    result = run(*chat_test.SIMPLE_SESSION, settings=DEFAULT._replace(roles=frozenset({'user'})))
    assert texts(result) == [SIGNAL] and result.stats['skipped_role_turns'] == 1


def test_reinjected_memory_is_not_proposed_again() -> None:
    cc = claude_code_test.cc
    reminder = '\n<system-reminder>Contents of CLAUDE.md: ' + TRAP + '</system-reminder>'
    said = [{'type': 'text', 'text': 'As AGENTS.md says: ' + OTHER}]
    result = run(cc('user', SIGNAL + reminder), cc('assistant', said),
                 memory='# AGENTS.md\n\n' + OTHER + '\n')
    assert texts(result) == [SIGNAL] and result.stats['already_in_memory'] == 1


# --- Gemini CLI session documents: the message each proposal comes from ------------------

def test_gemini_document_says_where_each_message_starts() -> None:
    lines = json.dumps(gemini_test.DOCUMENT, indent=2).encode().splitlines(keepends=True)
    result = build([Transcript('session.json', lines)], DEFAULT)
    assert texts(result) == [SIGNAL, OTHER]
    # the line of each message's opening brace
    opening = [n for n, line in enumerate(lines, 1) if line.rstrip() == b'    {']
    assert [(p.line, p.message) for p in result.proposed] == [(opening[1], 1), (opening[3], 3)]
    assert result.stats['format:gemini-document'] == 1 and result.stats['lines'] == len(lines)
    skipped = {k: v for k, v in result.stats.items() if k.startswith('skipped_')}
    assert skipped == {'skipped_system': 3, 'skipped_tool': 1, 'skipped_injected': 2,
                       'skipped_unknown': 1}


def test_gemini_document_on_one_line() -> None:
    said = [gemini_test.gm('info', TRAP), gemini_test.gm('user', SIGNAL)]
    doc = {**gemini_test.DOCUMENT, 'messages': said}
    result = build([Transcript('session.jsonl', [json.dumps(doc).encode() + b'\n'])], DEFAULT)
    assert [(p.text, p.line, p.message) for p in result.proposed] == [(SIGNAL, 1, 1)]
    assert result.stats['format:gemini-document'] == 1
