"""A token split over two messages (issue 41, item 4): the user pastes half a token, then the
rest in the next message, or the agent writes it across two. Found when its halves are
adjacent (the end of one message's said text, the start of the next's), reported once, on the
second message's line. Every credential here is fake."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_gate.base.records import Secret
from memory_gate.secrets.scan import watch
from tests.conftest import git, run

GITHUB = ('ghp_Ab12Cd34Ef56Gh78', 'Ij90Kl12Mn34Op56Qr78St90')  # 4 + 36 characters
GITLAB = ('glpat-Ab12Cd34', 'Ef56Gh78Ij90Kl')
ANTHROPIC = ('sk-ant-api03-Ab12Cd34Ef', '56Gh78Ij90Kl12Mn34')


def claude(role: str, text: str) -> dict[str, object]:
    """Claude Code's shape: a user's message as a string, the agent's as text blocks."""
    content: object = text if role == 'user' else [{'type': 'text', 'text': text}]
    return {'type': role, 'uuid': 'u1', 'timestamp': '2026-01-01T00:00:00Z',
            'message': {'role': role, 'content': content}}


def plain(role: str, text: str) -> dict[str, object]:
    return {'role': role, 'text': text}


def tool(output: str) -> dict[str, object]:
    block = {'type': 'tool_result', 'tool_use_id': 't', 'content': output}
    return {'type': 'user', 'message': {'role': 'user', 'content': [block]}}


def scanned(*records: dict[str, object]) -> list[Secret]:
    lines = [(json.dumps(r) + '\n').encode() for r in records]
    out: list[Secret] = []
    for _ in watch('s.jsonl', lines, 1, out, frozenset()):
        pass
    return out


SHAPES = [claude, plain]


@pytest.mark.parametrize('shape', SHAPES)
@pytest.mark.parametrize('role', ['user', 'assistant'])
@pytest.mark.parametrize('halves, kind', [(GITHUB, 'GitHub token'), (GITLAB, 'GitLab token'),
                                          (ANTHROPIC, 'Anthropic API key')])
def test_halves_in_two_adjacent_messages_are_one_finding_on_the_second(
        shape, role: str, halves: tuple[str, str], kind: str) -> None:
    first, second = halves
    found = scanned(shape(role, 'Please look at the deploy script.'),
                    shape(role, f'here it is: {first}'), shape(role, f'{second} sorry, cut off'))
    assert [(s.line, s.kind) for s in found] == [(3, kind)]
    assert found[0].hint == (first + second)[:4] + '\u2026' + second[-2:]


def test_lines_without_said_text_between_the_halves_leave_them_adjacent() -> None:
    first, second = GITHUB
    found = scanned(claude('user', f'here: {first}'), {'type': 'summary', 'summary': 'x'},
                    claude('user', second))
    assert [(s.line, s.kind) for s in found] == [(3, 'GitHub token')]


@pytest.mark.parametrize('records', [
    # a message of its own between the halves: not adjacent
    [claude('user', f'here: {GITHUB[0]}'), claude('assistant', 'It looks cut off.'),
     claude('user', GITHUB[1])],
    # the end of one message and the start of the next merely look joinable
    [claude('user', 'use the ghp_ prefix'), claude('user', 'Ij90Kl12Mn34Op56Qr78St90 is a commit')],
    [claude('user', 'see release-notes2024'), claude('user', 'v2024-06-01 is out')],
    [claude('assistant', 'try sk-learn-1.5'), claude('assistant', 'then sklearn2024x next')],
    # Codex writes a user's message twice, on two lines: a message is not its own rest
    [plain('user', 'Ab12Cd34Ef56Gh78 then sk-proj-Ab12Cd34')] * 2,
    # two tool outputs are not two messages of a person
    [tool(f'token prefix {GITHUB[0]}'), tool(f'{GITHUB[1]} done')],
])
def test_what_only_looks_joinable_is_no_finding(records: list[dict[str, object]]) -> None:
    assert scanned(*records) == []


def test_a_token_the_next_message_starts_is_its_own() -> None:
    """The first half is no first half of a token the next message begins with."""
    found = scanned(claude('user', f'old: {GITHUB[0]}'), claude('user', ''.join(GITHUB)))
    assert [(s.line, s.kind) for s in found] == [(2, 'GitHub token')]


def test_a_first_half_found_on_its_own_line_is_reported_there_alone() -> None:
    """'the token is glpat-…' is a value told (told.py): one credential, one finding."""
    found = scanned(claude('user', f'the token is {GITLAB[0]}'), claude('user', GITLAB[1]))
    assert [(s.line, s.kind) for s in found] == [(1, 'token')]


@pytest.mark.parametrize('role', ['user', 'assistant'])
def test_a_whole_token_in_one_message_is_reported_once(role: str) -> None:
    whole = GITHUB[0] + GITHUB[1]
    found = scanned(claude(role, f'the token is {whole}'), claude(role, 'Ab12Cd34Ef56 was the old'))
    assert [(s.line, s.kind) for s in found] == [(1, 'GitHub token')]
    found = scanned(claude(role, 'the token is'), claude(role, f'{whole} thanks'))
    assert [(s.line, s.kind) for s in found] == [(2, 'GitHub token')]


def test_the_hook_blocks_and_scrub_says_what_it_does(repo: Path) -> None:
    """Scrub redacts a line at a time: a value split over two lines is no value of either, so it
    is left as it is and said so (the hook keeps blocking until both lines are edited); scrub
    --allow allows it as any other value, and the hook then passes."""
    first, second = GITHUB
    path = repo / 's.jsonl'
    path.write_text(''.join(json.dumps(r) + '\n' for r in (
        claude('user', f'here it is: {first}'), claude('user', f'{second} sorry'))))
    git(repo, 'add', 's.jsonl')
    hook = run(repo, 'hook', 's.jsonl')
    assert hook.returncode == 1 and 's.jsonl:2: GitHub token (ghp_…90)' in hook.stderr
    before = path.read_bytes()
    scrub = run(repo, 'scrub', 's.jsonl')
    assert scrub.returncode == 0 and path.read_bytes() == before, scrub.stderr
    assert ('s.jsonl:2: GitHub token ghp_…90 is split over this message and the one before: '
            'not redacted') in scrub.stderr
    assert run(repo, 'hook', 's.jsonl').returncode == 1
    allow = run(repo, 'scrub', '--allow', '--all', 's.jsonl')
    assert allow.returncode == 0 and 'allowed 1 credential(s)' in allow.stderr, allow.stderr
    hook = run(repo, 'hook', 's.jsonl')
    assert 'GitHub token' not in hook.stderr, hook.stderr
