"""The real recordings in tests/transcripts (copied from shared/transcripts; see PROVENANCE.md
there)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from memory_gate.base.files import iter_lines
from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings
from memory_gate.reading.rules.patterns import Rule
from memory_gate.text.sentences import sanitize

HERE = Path(__file__).resolve().parents[1] / 'transcripts'

# Pinned per file: the detected format and how many lines were mined or skipped, and why.
EXPECTED = {
    'claude-code/claude-code-viewer_5c0375b4_v1.0.108.jsonl': {
        'format:claude-code': 1, 'lines': 53, 'mined': 3, 'skipped_injected': 1, 'skipped_meta': 1,
        'skipped_sidechain': 22, 'skipped_tool': 26,
    },
    'claude-code/claude-code-viewer_fe5e1c67_v1.0.98.excerpt.jsonl': {
        'format:claude-code': 1, 'lines': 152, 'mined': 3, 'skipped_injected': 1, 'skipped_meta': 1,
        'skipped_sidechain': 135, 'skipped_summary': 1, 'skipped_tool': 11,
    },
    'claude-code/kimi-cli_entire_0860e52c3d41-2_v2.1.56.jsonl': {
        'format:claude-code': 1, 'lines': 75, 'mined': 17, 'skipped_meta': 7,
        'skipped_sidechain': 22, 'skipped_system': 6, 'skipped_thinking': 3, 'skipped_tool': 20,
    },
    'claude-code/kimi-cli_entire_2d58ad9e0d5c-2_v2.1.55.jsonl': {
        'format:claude-code': 1, 'lines': 93, 'mined': 14, 'skipped_meta': 6,
        'skipped_sidechain': 24, 'skipped_system': 2, 'skipped_thinking': 3, 'skipped_tool': 44,
    },
    'codex-rollout/codex-session-view_rollout-2025-11-17_cli0.58.0.excerpt.jsonl': {
        'format:codex': 1, 'lines': 277, 'mined': 1, 'skipped_duplicate': 1, 'skipped_injected': 1,
        'skipped_meta': 121, 'skipped_thinking': 75, 'skipped_tool': 78,
    },
    'copilot-cli/agentv_4f_8edb57e3d1_0.jsonl': {
        'format:copilot': 1, 'lines': 15, 'skipped_hook': 8, 'skipped_injected': 1,
        'skipped_meta': 4, 'skipped_no_text': 1, 'skipped_system': 1,
    },
    'copilot-cli/azure-dev_0.lines1-44.jsonl': {
        'format:copilot': 1, 'lines': 44, 'mined': 3, 'skipped_hook': 18, 'skipped_injected': 2,
        'skipped_meta': 5, 'skipped_system': 3, 'skipped_tool': 13,
    },
    'cursor-agent-transcript/agent-sessions_Cursor_test-session.fixture.jsonl': {
        'format:cursor': 1, 'lines': 6, 'mined': 6,
    },
    'gemini-session-json/entire-cli_51_3fab7adf0b_0.json': {
        'format:gemini-document': 1, 'lines': 100, 'mined': 2, 'skipped_injected': 1,
        'skipped_tool': 1,
    },
    'gemini-session-json/m-gemini_session-2025-12-12T21-46-7c761c30.json': {
        'format:gemini-document': 1, 'lines': 216, 'mined': 8, 'skipped_system': 3,
    },
    'gemini-cli/agent-sessions_gemini_jsonl_v040.fixture.jsonl': {
        'format:gemini': 1, 'lines': 5, 'mined': 2, 'skipped_meta': 2, 'skipped_tool': 1,
    },
    'openai-chat/openai-cookbook_fine-tune_uploaded_output.lines1-9.jsonl': {
        'format:openai-chat': 1, 'lines': 9, 'mined': 9,
    },
    'openai-chat/openai-cookbook_toy_chat_fine_tuning.lines1-4.jsonl': {
        'format:openai-chat': 1, 'lines': 4, 'mined': 4,
    },
}


# Every sentence becomes a proposal: shows that nothing mined comes from outside people's words.
EVERYTHING = Settings(
    threshold=0.0,
    max_add=10**9,
    min_length=1,
    max_length=10**9,
    noise_rules=(),
    signal_rules=(Rule('any', 'decision', '.'),),
)


RULES = Settings(max_add=1000)


def run(name: str, settings: Settings = RULES) -> Result:
    with open(HERE / name, 'rb') as f:
        return build([Transcript(name, iter_lines(f))], settings)


def spoken(obj: dict[str, Any]) -> list[str]:
    """An independent oracle: every natural-language text a user or assistant wrote on this
    line."""
    def parts(content: Any) -> list[str]:
        if isinstance(content, str):
            return [content]
        texts = ('text', 'input_text', 'output_text')
        return [
            b.get('text', '')
            for b in content or []
            if isinstance(b, dict) and b.get('type', 'text') in texts
        ]
    if obj.get('isSidechain') or obj.get('isMeta'):
        return []
    data = obj.get('data')
    if obj.get('type') in ('user.message', 'assistant.message') and isinstance(data, dict):
        return [obj['data'].get('content', '')]
    payload: dict[str, Any] = obj['payload'] if isinstance(obj.get('payload'), dict) else obj
    if payload.get('type') == 'message' and payload.get('role') in ('user', 'assistant'):
        return parts(payload.get('content'))
    if payload.get('type') in ('user_message', 'agent_message'):
        return [payload.get('message', '')]
    if obj.get('type') in ('user', 'assistant') and isinstance(obj.get('message'), dict):
        return parts(obj['message'].get('content'))
    if obj.get('type') in ('user', 'gemini') or obj.get('role') in ('user', 'assistant'):
        own = parts(obj.get('content', obj.get('text')))
        return own + parts((obj.get('message') or {}).get('content'))
    if isinstance(obj.get('messages'), list):
        return [
            t
            for m in obj['messages']
            if m.get('role') in ('user', 'assistant')
            for t in parts(m.get('content'))
        ]
    if obj.get('type') == 'queue-operation' and isinstance(obj.get('content'), str):
        return [obj['content']]
    return []


@pytest.mark.parametrize('name', sorted(EXPECTED))
def test_accounting_is_pinned(name: str) -> None:
    stats = run(name).stats
    got = {
        k: v
        for k, v in stats.items()
        if k.startswith(('skipped_', 'format:')) or k in ('lines', 'malformed', 'mined')
    }
    assert {k: v for k, v in got.items() if v} == EXPECTED[name]
    assert stats['malformed'] == 0  # every line of these files is valid JSON


@pytest.mark.parametrize('settings', [RULES, EVERYTHING], ids=['rules', 'everything'])
@pytest.mark.parametrize('name', sorted(EXPECTED))
def test_every_proposal_was_said_by_a_person(name: str, settings: Settings) -> None:
    text = (HERE / name).read_text(encoding='utf-8')
    lines = text.splitlines()
    result = run(name, settings)
    proposed = result.proposed
    for p in proposed:
        if p.message is None:
            obj = json.loads(lines[p.line - 1])
        else:  # a session document: the message at its index, which opens on the line given
            obj = json.loads(text)['messages'][p.message]
            assert lines[p.line - 1].strip() == '{'
        said = ' '.join(sanitize(' '.join(spoken(obj))).split())
        assert p.role in ('user', 'assistant')
        # one message, one proposal (merge.py): each sentence of a joined bullet was said there
        for piece in re.split(r'(?<=[.!?。！？]) ?', p.text):
            assert piece in said or piece[:-1] in said, (p.line, piece)
    # a session of injected prompts only
    assert proposed or settings is not EVERYTHING or result.stats['mined'] == 0


def test_every_recording_has_pinned_counts() -> None:
    assert len(list(HERE.glob('*/*.jsonl')) + list(HERE.glob('*/*.json'))) == len(EXPECTED)
