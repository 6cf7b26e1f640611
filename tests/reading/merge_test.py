"""One message, one proposal (issue 43, item 4): the signal sentences of one message are one
bullet unless unrelated; `Memory:` lines stay one bullet each. Through the CLI, and the grouping
itself."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_gate.reading import merge
from memory_gate.reading.records import Proposal
from tests.conftest import run, write_jsonl

# The issue's user message, said as one thought in two sentences (two bullets before).
LINT = ('The lint script should be in local only. Since we use the branch name '
        '"renovate/reconfigure" for this kind of changes, so the renovate app does the validation '
        "and the CI isn't adding any benefit.")


def claude(path: Path, *said: tuple[str, str]) -> Path:
    return write_jsonl(path, *(
        {'type': role, 'uuid': f'm{i}', 'sessionId': 's',
         'message': {'role': role,
                     'content': text if role == 'user' else [{'type': 'text', 'text': text}]}}
        for i, (role, text) in enumerate(said)))


def built(tmp_path: Path, *said: tuple[str, str], more: tuple[str, ...] = ()) -> list[str]:
    done = run(tmp_path, 'build', '--json', *more, str(claude(tmp_path / 's.jsonl', *said)))
    assert done.returncode == 0, done.stderr
    return [p['text'] for p in json.loads(done.stdout)['proposed']]


def test_the_issues_message_is_one_bullet(tmp_path: Path) -> None:
    """The second sentence opens on the first ("Since ..."): one thought, one bullet."""
    out = built(tmp_path, ('user', 'Move the lint script.'), ('assistant', 'Where to?'),
                ('user', LINT), more=('--threshold', '0'))
    assert out == [LINT]


RELATED = [
    ('user', 'We decided that releases are tagged from main. Never tag a release from a '
             'feature branch.'),
    ('assistant', 'From now on the importer stays synchronous. The importer must never spawn '
                  'threads of its own.'),
    ('user', '我们决定以后所有时间戳都用 UTC 存储。时间戳不要用本地时区。'),
]


@pytest.mark.parametrize(('role', 'text'), RELATED)
def test_related_sentences_of_one_message_are_one_bullet(
        tmp_path: Path, role: str, text: str) -> None:
    out = built(tmp_path, ('user', 'Look at the release flow.'), (role, text),
                more=('--threshold', '0'))
    assert len(out) == 1
    assert out[0].replace(' ', '') == text.replace(' ', '')


def test_unrelated_sentences_stay_apart(tmp_path: Path) -> None:
    said = 'Never push to main directly. We decided the importer stays synchronous.'
    assert built(tmp_path, ('user', said)) == [
        'Never push to main directly.', 'We decided the importer stays synchronous.']


def test_sentences_of_two_messages_stay_apart(tmp_path: Path) -> None:
    out = built(tmp_path, ('user', 'Never tag a release from a feature branch.'),
                ('assistant', 'OK.'), ('user', 'We decided that releases are tagged from main.'))
    assert len(out) == 2


def test_memory_lines_stay_one_bullet_each(tmp_path: Path) -> None:
    said = ('Done.\n\nMemory: never push to main directly.\n'
            'Memory: never force-push to main either.')
    assert built(tmp_path, ('user', 'Set up the branch rules.'), ('assistant', said)) == [
        'never push to main directly.', 'never force-push to main either.']


def test_a_joined_bullet_declined_is_not_proposed_again(tmp_path: Path) -> None:
    text = RELATED[0][1]
    ledger = tmp_path / 'declined.txt'
    first = built(tmp_path, ('user', text))
    assert len(first) == 1
    from memory_gate.reading.memory import identity
    ledger.write_text(identity(first[0]) + '\n', encoding='utf-8')
    done = run(tmp_path, 'build', '--json', '--ledger', str(ledger),
               str(claude(tmp_path / 's.jsonl', ('user', text))))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)['proposed'] == []


def kept(order: int, text: str, line: int = 3, rule: str = 'decided') -> merge.Kept:
    return 0.5 + order / 100, order, Proposal(text, 's', line, 'user', rule, 'decision')


def test_grouping_follows_the_message_and_shared_words() -> None:
    items = [kept(0, 'Releases are tagged from main.'), kept(1, 'Never tag releases by hand.'),
             kept(2, 'The cache lives in Redis.'), kept(3, 'Tags are signed.', line=9),
             kept(4, 'Memory: releases are tagged.', rule='marked'),
             kept(5, 'Releases stay small.', rule='marked')]
    groups = [[k[1] for k in g] for g in merge.joined(items)]
    assert groups == [[0, 1], [2], [3], [4], [5]]
    score, order, one = merge.one([items[0], items[1]])
    assert (score, order) == (0.51, 0)
    assert one.text == 'Releases are tagged from main. Never tag releases by hand.'
