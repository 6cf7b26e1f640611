"""What `memory-gate review` decides (choices.py): the numbering and the choices; pure. The
rewrite they lead to is tests/review/rewrite_test.py."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from memory_gate.review.choices import Item, Proposal, ask, choices_from, items, numbers
from memory_gate.review.proposals import HELD, Entry

MEMORY = '# Memory\n\n- Timestamps are stored in UTC.\n'
A = [Entry('We decided to keep the parser in pure Python.', 3, 'user, rule decision/decided'),
     Entry('Never push directly to main.', 5, 'user, rule constraint/never_always', HELD)]
B = [Entry('Releases must be tagged from main.', 2, 'user, rule constraint/must'),
     Entry('Timestamps are stored in UTC.', 4, 'user, rule convention/stored_in')]


def proposals(memory: str | None = MEMORY) -> list[Proposal]:
    return [Proposal('/r/a.jsonl.memory.diff', 'a.jsonl', 'AGENTS.md', memory, A),
            Proposal('/r/b.jsonl.memory.diff', 'b.jsonl', 'AGENTS.md', memory, B)]


def test_items_are_numbered_in_path_order_and_settled_ones_say_why() -> None:
    every = items(proposals(), {'never push directly to main'})
    assert [(i.number, i.entry.text, i.settled) for i in every] == [
        (1, A[0].text, ''),
        (2, A[1].text, 'declined'),
        (3, B[0].text, ''),
        (4, B[1].text, 'in AGENTS.md'),
    ]


@pytest.mark.parametrize(
    ('text', 'expected'),
    [('1,3', {1, 3}), ('2-4', {2, 3, 4}), ('all', {1, 2, 3, 4}), ('', set())],
)
def test_numbers(text: str, expected: set[int]) -> None:
    assert numbers(text, 4) == expected


@pytest.mark.parametrize('text', ['0', '5', '1-9', 'x', '3-1', '1,,two'])
def test_numbers_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        numbers(text, 4)


def test_choices_from_the_command_line_decline_what_is_not_named() -> None:
    chosen = choices_from({'take': '1', 'skip': '3', 'decline': None}, ['2=Never push to main.'], 4)
    assert chosen == {
        1: ('take', ''),
        2: ('reword', 'Never push to main.'),
        3: ('skip', ''),
        4: ('decline', ''),
    }
    with pytest.raises(ValueError, match='bullet 1 is given two choices'):
        choices_from({'take': '1', 'decline': '1'}, [], 4)
    with pytest.raises(ValueError, match='expected N=TEXT'):
        choices_from({}, ['2='], 4)


def scripted(*answers: str | None) -> Iterator[str | None]:
    yield from answers
    while True:
        yield None  # end of input


def test_ask_like_git_add_p() -> None:
    pending = [
        Item(n, proposals()[0], Entry(f'Bullet number {n} is durable.', n, 'user'), '')
        for n in range(1, 7)
    ]
    said: list[str] = []
    answers = scripted('?', 'y', 'n', 'e', '', 'e', '  Reworded   bullet. ', 's', 'd')
    chosen = ask(pending, lambda prompt: next(answers), said.append)
    assert chosen == {
        1: ('take', ''),
        2: ('decline', ''),
        3: ('reword', 'Reworded bullet.'),
        4: ('skip', ''),
        5: ('decline', ''),
        6: ('decline', ''),
    }
    assert said[0].startswith('(1/6) 1. a.jsonl:1: user') and 'y - take this bullet' in said[1]
    # no input: skipped
    assert ask(pending[:2], lambda prompt: None, said.append) == {1: ('skip', ''), 2: ('skip', '')}


def test_without_take_the_bullets_not_named_stay_pending() -> None:
    """Issue 21.5: `review --decline 2` and `--skip 2` declined every bullet not named."""
    assert choices_from({'decline': '2'}, [], 3) == {
        1: ('skip', ''),
        2: ('decline', ''),
        3: ('skip', ''),
    }
    assert choices_from({'skip': '2'}, [], 2) == {1: ('skip', ''), 2: ('skip', '')}
    assert choices_from({'take': '2'}, [], 2) == {1: ('decline', ''), 2: ('take', '')}
