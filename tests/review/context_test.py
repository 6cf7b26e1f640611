"""The conversation before a bullet (review's c key, build --context N): read through
formats.parse, speakers named, tool calls one line each, credentials masked."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memory_gate.base.files import InputError
from memory_gate.review import context
from memory_gate.review.context import Step, before, render, tool_call
from tests.formats.claude_code_test import cc, text

TOKEN = 'ghp_x8K2mQ9vL4nR7tY3wZ6bC1dF5gH0jA2sE4uI'


def use(name: str, given: dict[str, Any]) -> dict[str, Any]:
    return cc('assistant', [{'type': 'tool_use', 'id': 't', 'name': name, 'input': given}])


def result(said: str) -> dict[str, Any]:
    return cc('user', [{'type': 'tool_result', 'tool_use_id': 't', 'content': said}],
              toolUseResult={'stdout': said})


SESSION = [
    cc('user', 'Set up the deploy for the staging cluster.'),  # line 1
    cc('assistant', text(f'I will use the token {TOKEN} from your message.')),  # 2
    use('Bash', {'command': 'kubectl get pods -n staging'}),  # 3
    result('pod-a Running'),  # 4: a result, never shown
    use('Read', {'file_path': 'deploy/values.yaml'}),  # 5
    cc('user', 'The lint script should be in local only.'),  # 6: the bullet's turn
    cc('assistant', text('Done.')),  # 7
]


def lines(records: list[dict[str, Any]]) -> list[bytes]:
    return [json.dumps(r).encode() + b'\n' for r in records]


def test_the_turns_before_a_bullet_with_their_speakers_and_tool_calls() -> None:
    found = before(lines(SESSION), 6, 4)
    assert [(s.line, s.who) for s in found] == [
        (1, 'user'), (2, 'assistant'), (3, 'tool'), (5, 'tool'), (6, 'user')]
    assert found[2].text == 'Bash kubectl get pods -n staging'
    assert found[3].text == 'Read deploy/values.yaml'


def test_only_count_turns_before_it() -> None:
    assert [s.line for s in before(lines(SESSION), 6, 1)] == [2, 3, 5, 6]
    assert [s.line for s in before(lines(SESSION), 6, 0)] == [6]


def test_no_turn_at_the_line_gives_nothing() -> None:
    assert before(lines(SESSION), 4, 3) == []  # a tool result's line
    assert before(lines(SESSION), 99, 3) == []


def test_printed_masked_named_and_marked() -> None:
    out = render(before(lines(SESSION), 6, 4))
    assert out[0] == '      1 user: Set up the deploy for the staging cluster.'
    assert out[1].startswith('      2 assistant: I will use the token [secret withheld]')
    assert TOKEN not in '\n'.join(out)
    assert out[2] == '        tool: Bash kubectl get pods -n staging'
    assert out[-1] == '>     6 user: The lint script should be in local only.'
    assert all(len(line) <= 100 for line in out)


@pytest.mark.parametrize('record, call', [
    pytest.param(use('Grep', {'pattern': 'TODO', 'path': 'src'}), 'Grep TODO', id='claude'),
    pytest.param({'type': 'response_item', 'payload': {
        'type': 'function_call', 'name': 'shell',
        'arguments': json.dumps({'command': ['bash', '-lc', 'ls -la']})}},
        'shell bash -lc ls -la', id='codex arguments as a JSON string'),
    pytest.param({'toolCalls': [{'name': 'read_file', 'args': {'path': 'a.py'}}]},
                 'read_file a.py', id='gemini'),
    pytest.param(result('pod-a Running'), '', id='a result is no call'),
])
def test_a_tool_call_in_one_line(record: dict[str, Any], call: str) -> None:
    assert tool_call(json.dumps(record).encode()) == call


def test_a_long_run_of_tool_calls_is_counted() -> None:
    steps = [Step(1, 'user', 'Fix the build.')] + [Step(n, 'tool', f'Bash make {n}')
                                                  for n in range(2, 9)]
    out = render([*steps, Step(9, 'assistant', 'Fixed.')])
    assert out[1:5] == ['        tool: Bash make 2', '        tool: Bash make 3',
                        '        tool: Bash make 4', '        (+4 more tool calls)']
    assert out[-1].startswith('>     9 assistant: Fixed.')


def test_a_long_turn_is_shortened_and_wrapped() -> None:
    words = ' '.join(['word'] * 200)
    out = render([Step(1, 'user', words)], 60)
    assert 1 < len(out) <= 6 and out[-1].endswith(' …')
    assert all(len(line) <= 60 for line in out)


def test_around_a_missing_transcript_raises(tmp_path: Path) -> None:
    with pytest.raises(InputError):
        context.around(str(tmp_path / 'gone.jsonl'), 1, 3)


def test_around_a_line_no_longer_there(tmp_path: Path) -> None:
    path = tmp_path / 's.jsonl'
    path.write_bytes(b''.join(lines(SESSION)))
    assert 'no turn at line 4' in context.around(str(path), 4, 3)[0]
