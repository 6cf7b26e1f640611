"""Answers to a numbered list of questions or findings are one-off (issue 43, item 3): the user
who answers the assistant's "1. ... 2. ..." item by item says what to do about each one now. The
same words as a list of the user's own still weigh as they did. Through the CLI."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_gate.reading import picked
from tests.conftest import run, write_jsonl

FINDINGS = ('I reviewed the validator and found three things:\n\n'
            '1. Empty strings are accepted as names.\n2. The page size has no upper bound.\n'
            '3. Errors are logged twice.\n\nHow do you want to handle each?')
QUESTIONS = ('Before I start, two questions:\n1. Should the importer accept gzip?\n'
             '2. Should the cache survive a restart?')
ANSWERS = [
    (FINDINGS, '1. Always reject empty strings in every validator.\n'
               '2. Never return more than 50 rows in one page.\n3. Log once, at the handler.'),
    (FINDINGS, '1) Reject empty strings, always.\n2) Cap the page size at 50 and never raise it.'),
    (QUESTIONS, '1. Yes, the importer should accept gzip too.\n'
                '2. No, the cache should be dropped on every restart.'),
]


def claude(path: Path, *said: tuple[str, str]) -> Path:
    return write_jsonl(path, *(
        {'type': role, 'uuid': f'm{i}', 'sessionId': 's',
         'message': {'role': role,
                     'content': text if role == 'user' else [{'type': 'text', 'text': text}]}}
        for i, (role, text) in enumerate(said)))


def proposed(tmp_path: Path, *said: tuple[str, str]) -> list[str]:
    done = run(tmp_path, 'build', '--json', str(claude(tmp_path / 's.jsonl', *said)))
    assert done.returncode == 0, done.stderr
    return [p['text'] for p in json.loads(done.stdout)['proposed']]


@pytest.mark.parametrize(('listed', 'answer'), ANSWERS)
def test_answers_to_a_numbered_list_are_not_proposed(
        tmp_path: Path, listed: str, answer: str) -> None:
    assert proposed(tmp_path, ('user', 'Review the validator.'), ('assistant', listed),
                    ('user', answer)) == []


def test_the_same_list_as_the_users_own_is_weighed_as_before(tmp_path: Path) -> None:
    answer = ANSWERS[0][1]
    assert proposed(tmp_path, ('user', 'Review the validator.'), ('assistant', 'Done, see above.'),
                    ('user', answer)) != []


@pytest.mark.parametrize(('prose', 'answers'), [
    ('1. Reject them.\n2. Keep it at 50.', True),
    ('1) Reject them.\n2) Keep it.', True),
    ('1. Reject them.', False),  # one item: not item by item
    ('4. Reject them.\n5. Keep it.', False),  # labels the assistant's list did not use
    ('Reject them and keep it at 50.', False),
])
def test_an_answer_lists_two_items_under_the_assistants_labels(prose: str, answers: bool) -> None:
    items = picked.options('1. Empty strings pass.\n2. No page cap.\n3. Logged twice.')
    assert picked.answers(prose, items) is answers
    assert not picked.answers(prose, {})
