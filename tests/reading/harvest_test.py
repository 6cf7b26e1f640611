"""`Memory:` lines as agents write them, planted at the end of every real session: proposed in every
form; the traps (a review checklist, a work report, the instruction memory-gate's Stop hook
injects, tool output, a pasted prompt) never."""

from __future__ import annotations

import json

import pytest

from benchmarks.real import CORPUS, format_of, planted, sessions
from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings

FORMS = {  # how the marker is written -> the statement after it
    '- Memory: {}': 'the nightly export job reads from the read replica, never the primary.',
    '1. Memory: {}': 'feature flags are read once at start-up; a change needs a restart.',
    '> Memory: {}': 'the billing webhook retries three times with exponential backoff.',
    '`Memory:` {}': 'vendored protobufs under third_party/ are generated, never edited by hand.',
    '**Memory:** {}': 'the search index is rebuilt from Postgres, which is the source of truth.',
}
CLOSING = 'That wraps it up.\n\n' + '\n'.join(form.format(text) for form, text in FORMS.items())
TRAPS = {
    'checklist': (
        'Review against:\n1. Redundant computations: repeated reads of the config file\n'
        '2. Missed concurrency: independent operations run one after another\n'
        '3. Memory: unbounded caches that grow with every request served\n'
        '4. Overly broad operations'
    ),
    'report': 'Memory: I fixed the flaky upload test in runner.ts:928 for now.',
}
TRAP_TEXTS = (
    'unbounded caches that grow with every request served',
    'I fixed the flaky upload test in runner.ts:928 for now.',
)
# What Claude Code writes when a Stop hook blocks (a user record, isMeta, "Stop hook feedback:\n"
# and the reason), tool output, and a long pasted prompt, each holding a marked line.
INJECTED = 'the deploy freeze starts every Friday at noon and lasts the weekend.'


def claude_records(session: str) -> list[dict[str, object]]:
    base = {'sessionId': session, 'isSidechain': False}
    pasted = ' '.join(f'Step {n}: wait for the worker to drain its queue.' for n in range(14))
    return [
        {
            **base,
            'type': 'user',
            'uuid': 'h',
            'isMeta': True,
            'message': {
                'role': 'user',
                'content': 'Stop hook feedback:\n[memory-gate agent-hook]: Memory: ' + INJECTED,
            },
        },
        {
            **base,
            'type': 'user',
            'uuid': 'h2',
            'message': {'role': 'user', 'content': 'Stop hook feedback:\nMemory: ' + INJECTED},
        },
        {
            **base,
            'type': 'user',
            'uuid': 't',
            'toolUseResult': {},
            'message': {
                'role': 'user',
                'content': [
                    {'type': 'tool_result', 'tool_use_id': 'x', 'content': 'Memory: ' + INJECTED}
                ],
            },
        },
        {
            **base,
            'type': 'user',
            'uuid': 'p',
            'message': {'role': 'user', 'content': pasted + '\nMemory: ' + INJECTED},
        },
    ]


def session_files() -> list[str]:
    if not (CORPUS / 'labels').is_dir():
        return []
    return [rel for files in sessions(CORPUS).values() for rel in files]


@pytest.mark.skipif(not session_files(), reason='the real corpus is not beside this checkout')
def test_marked_lines_in_every_form_are_proposed_in_every_real_session_and_the_traps_are_not() -> (
    None
):
    missed: list[str] = []
    for rel in session_files():
        data = (CORPUS / rel).read_bytes()
        fmt = next(k[7:] for k in format_of(data, rel))
        for trap in TRAPS.values():
            data = planted(data, fmt, trap)
        if fmt == 'claude-code':
            data += b''.join(json.dumps(r).encode() + b'\n' for r in claude_records('s'))
        data = planted(data, fmt, CLOSING)
        proposed = [
            p.text
            for p in build(
                [Transcript(rel, data.splitlines(keepends=True))], Settings(max_add=50)
            ).proposed
        ]
        missed += [f'{rel}: {text}' for text in FORMS.values() if text not in proposed]
        missed += [
            f'{rel}: trap {text}'
            for text in (*TRAP_TEXTS, INJECTED)
            if any(text in p for p in proposed)
        ]
    assert missed == []
