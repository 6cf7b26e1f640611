"""`memory-gate review`: the pure choices and rewrite, then the command on real files with real git apply."""
from __future__ import annotations

import os
import pty
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_gate.choices import Item, Proposal, ask, choices_from, items, numbers, rewrite
from memory_gate.proposals import HELD, SKIPPED, Entry, entries, header, pending_bullets, proposed_bullets
from tests.conftest import ENV, git, run, say, write_jsonl

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
        (1, A[0].text, ''), (2, A[1].text, 'declined'), (3, B[0].text, ''), (4, B[1].text, 'in AGENTS.md')]


@pytest.mark.parametrize(('text', 'expected'), [('1,3', {1, 3}), ('2-4', {2, 3, 4}), ('all', {1, 2, 3, 4}), ('', set())])
def test_numbers(text: str, expected: set[int]) -> None:
    assert numbers(text, 4) == expected


@pytest.mark.parametrize('text', ['0', '5', '1-9', 'x', '3-1', '1,,two'])
def test_numbers_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        numbers(text, 4)


def test_choices_from_the_command_line_decline_what_is_not_named() -> None:
    chosen = choices_from({'take': '1', 'skip': '3', 'decline': None}, ['2=Never push to main.'], 4)
    assert chosen == {1: ('take', ''), 2: ('reword', 'Never push to main.'), 3: ('skip', ''), 4: ('decline', '')}
    with pytest.raises(ValueError, match='bullet 1 is given two choices'):
        choices_from({'take': '1', 'decline': '1'}, [], 4)
    with pytest.raises(ValueError, match='expected N=TEXT'):
        choices_from({}, ['2='], 4)


def scripted(*answers: str | None) -> Iterator[str | None]:
    yield from answers
    while True:
        yield None  # end of input


def test_ask_like_git_add_p() -> None:
    pending = [Item(n, proposals()[0], Entry(f'Bullet number {n} is durable.', n, 'user'), '') for n in range(1, 7)]
    said: list[str] = []
    answers = scripted('?', 'y', 'n', 'e', '', 'e', '  Reworded   bullet. ', 's', 'd')
    chosen = ask(pending, lambda prompt: next(answers), said.append)
    assert chosen == {1: ('take', ''), 2: ('decline', ''), 3: ('reword', 'Reworded bullet.'), 4: ('skip', ''),
                      5: ('decline', ''), 6: ('decline', '')}
    assert said[0].startswith('(1/6) 1. a.jsonl:1: user') and 'y - take this bullet' in said[1]
    assert ask(pending[:2], lambda prompt: None, said.append) == {1: ('skip', ''), 2: ('skip', '')}  # no input: skipped


def test_rewrite_chains_what_was_taken_and_applies_with_git(tmp_path: Path) -> None:
    every = items(proposals(), set())
    out = rewrite(every, {1: ('reword', 'The parser stays pure Python.'), 2: ('decline', ''), 3: ('take', '')}, 'mg review')
    assert out.declined == [A[0].text, A[1].text] and out.taken == ['The parser stays pure Python.', B[0].text]
    a, b = out.files['/r/a.jsonl.memory.diff'], out.files['/r/b.jsonl.memory.diff']
    assert a is not None and b is not None
    assert proposed_bullets(a) == ['The parser stays pure Python.'] and proposed_bullets(b) == [B[0].text]
    assert entries(a)[0].where == 'user, rule decision/decided, reworded' and entries(a)[0].held == ''
    git(tmp_path, 'init', '-q')
    (tmp_path / 'AGENTS.md').write_text(MEMORY)
    (tmp_path / 'a.diff').write_text(a)
    (tmp_path / 'b.diff').write_text(b)
    git(tmp_path, 'apply', 'a.diff', 'b.diff')
    assert (tmp_path / 'AGENTS.md').read_text() == MEMORY + '- The parser stays pure Python.\n- ' + B[0].text + '\n'


def test_rewrite_keeps_skipped_bullets_pending_and_empties_the_rest() -> None:
    every = items(proposals(None), set())
    out = rewrite(every, {1: ('skip', ''), 2: ('decline', ''), 3: ('decline', ''), 4: ('decline', '')}, 'mg review')
    a = out.files['/r/a.jsonl.memory.diff']
    assert a is not None and proposed_bullets(a) == [] and entries(a) == [A[0]._replace(held=SKIPPED)]
    assert pending_bullets(a) == [A[0].text]
    assert out.files['/r/b.jsonl.memory.diff'] is None and out.taken == [] and out.diff == ''


def test_header_round_trips_held_and_odd_where() -> None:
    listed = [A[0], A[1], Entry('Skipped one.', 9, 'user, session x): y', SKIPPED)]
    parsed = entries(header('a.jsonl', 'AGENTS.md', listed, 'memory-gate review') + '--- a/AGENTS.md\n')
    assert [(e.text, e.held) for e in parsed] == [(A[0].text, ''), (A[1].text, HELD), ('Skipped one.', SKIPPED)]


@pytest.fixture
def pending(repo: Path) -> Path:
    """A repository with one transcript proposed by the hook, run by hand (--max-add 1: one bullet held back)."""
    (repo / 'AGENTS.md').write_text(MEMORY)
    write_jsonl(repo / 's.jsonl', say('user', A[0].text), say('user', 'Never push directly to main.'),
                say('user', B[0].text))
    git(repo, 'add', '.')
    assert run(repo, 'hook', 's.jsonl', '--max-add', '1').returncode == 1
    return repo


def test_review_take_prints_what_applies_and_records_the_rest(pending: Path) -> None:
    done = run(pending, 'review', '--take', '1,3')
    assert done.returncode == 0, done.stderr
    assert 'took 2, reworded 0, declined 1, skipped 0 (1 recorded in .memory-gate-declined.txt)' in done.stdout
    assert 'git apply s.jsonl.memory.diff && git add AGENTS.md .memory-gate-declined.txt' in done.stdout
    assert (pending / '.memory-gate-declined.txt').read_text().endswith('Never push directly to main.\n')
    git(pending, 'apply', 's.jsonl.memory.diff')
    assert (pending / 'AGENTS.md').read_text() == MEMORY + f'- {A[0].text}\n- {B[0].text}\n'
    git(pending, 'add', 'AGENTS.md', '.memory-gate-declined.txt')
    assert run(pending, 'hook', 's.jsonl').returncode == 0  # every bullet reviewed: one round
    assert not (pending / 's.jsonl.memory.diff').exists()


def test_review_without_a_terminal_lists_and_says_so(pending: Path) -> None:
    done = run(pending, 'review')
    assert done.returncode == 2
    assert '1. s.jsonl:1: user, decision/decided, score ' in done.stdout and '3. s.jsonl:3' in done.stdout
    assert 'no terminal to ask on' in done.stderr and '--take 1,3' in done.stderr
    done = run(pending, 'review', '--take', '4')  # there is no bullet 4
    assert done.returncode == 2 and done.stderr == "memory-gate: '4': bullets are numbered 1 to 3\n"
    assert not (pending / '.memory-gate-declined.txt').exists()


def test_review_on_a_terminal(pending: Path) -> None:
    main, child = pty.openpty()
    os.write(main, b'n\ne\nReleases are tagged from main only.\ny\n')
    done = subprocess.run((sys.executable, '-m', 'memory_gate', 'review'), cwd=pending, stdin=child,
                          capture_output=True, text=True, env=ENV, check=False, timeout=60)
    os.close(main)
    os.close(child)
    assert done.returncode == 0, done.stderr
    assert '(1/3) 1. s.jsonl:1: user, decision/decided, score ' in done.stdout
    git(pending, 'apply', 's.jsonl.memory.diff')
    assert (pending / 'AGENTS.md').read_text() == MEMORY + f'- Releases are tagged from main only.\n- {B[0].text}\n'
    ledger = (pending / '.memory-gate-declined.txt').read_text()
    assert A[0].text in ledger and 'Never push directly to main.' in ledger  # declined, and the reworded original


def test_review_with_nothing_pending_says_so(repo: Path) -> None:
    done = run(repo, 'review', '--take', 'all')
    assert done.returncode == 0 and 'nothing' in done.stdout + done.stderr


def test_review_never_writes_memory(pending: Path) -> None:
    assert run(pending, 'review', '--take', 'all').returncode == 0
    assert (pending / 'AGENTS.md').read_text() == MEMORY  # taken bullets reach memory only by git apply


@pytest.mark.parametrize('command', [('decline', 's.jsonl.memory.diff'), ('review', 's.jsonl.memory.diff', '--decline', 'all')])
def test_a_tracked_proposal_is_left_alone_and_an_untracked_one_removed(repo: Path, command: tuple[str, ...]) -> None:
    for folder, bullet in (('kept', A[0]), ('gone', B[0])):
        write_jsonl(repo / folder / 's.jsonl', say('user', bullet.text))
        git(repo, 'add', f'{folder}/s.jsonl')
        assert run(repo, 'hook', f'{folder}/s.jsonl').returncode == 1
    git(repo, 'add', 'kept/s.jsonl.memory.diff')  # committed by the user: theirs to remove
    for folder in ('kept', 'gone'):  # run from the subdirectory: paths there, the ledger at the top
        done = run(repo / folder, *command, '--ledger', '../.memory-gate-declined.txt')
        assert done.returncode == 0, done.stderr
    assert (repo / 'kept' / 's.jsonl.memory.diff').exists() and not (repo / 'gone' / 's.jsonl.memory.diff').exists()
    assert (repo / '.memory-gate-declined.txt').read_text().endswith(f'{B[0].text}\n{A[0].text}\n')  # sorted


def test_a_proposal_that_is_a_symlink_is_named_not_the_ledger(pending: Path) -> None:
    """review reads a proposal through a symlink but never writes through one; the error names
    the proposal it would not write, not the ledger (which was written)."""
    (pending / 'real.diff').write_bytes((pending / 's.jsonl.memory.diff').read_bytes())
    (pending / 's.jsonl.memory.diff').unlink()
    (pending / 's.jsonl.memory.diff').symlink_to('real.diff')
    done = run(pending, 'review', '--take', '1')
    assert done.returncode == 2
    assert done.stderr == ('memory-gate: ' + str(pending / 's.jsonl.memory.diff')
                           + ': is a symlink; not writing through it\n')


def test_an_unreadable_ledger_is_named(pending: Path) -> None:
    (pending / 'ledger-dir').mkdir()
    done = run(pending, 'review', '--take', '1', '--ledger', 'ledger-dir')
    assert done.returncode == 2
    assert done.stderr == 'memory-gate: ledger-dir: is a directory\n'
