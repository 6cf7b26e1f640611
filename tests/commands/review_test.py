"""`memory-gate review` on real files in a real repository, with real git apply."""
from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ENV, git, run, say, write_jsonl
from tests.review.choices_test import MEMORY, A, B


@pytest.fixture
def pending(repo: Path) -> Path:
    """A repository with one transcript proposed by the hook, run by hand (--max-add 1: one bullet
    held back)."""
    (repo / 'AGENTS.md').write_text(MEMORY)
    write_jsonl(
        repo / 's.jsonl',
        say('user', A[0].text),
        say('user', 'Never push directly to main.'),
        say('user', B[0].text),
    )
    git(repo, 'add', '.')
    assert run(repo, 'hook', 's.jsonl', '--max-add', '1').returncode == 1
    return repo


def test_review_take_prints_what_applies_and_records_the_rest(pending: Path) -> None:
    done = run(pending, 'review', '--take', '1,3')
    assert done.returncode == 0, done.stderr
    assert (
        'took 2, reworded 0, declined 1, skipped 0 (1 recorded in .memory-gate-declined.txt)'
    ) in done.stdout
    assert (
        'git apply s.jsonl.memory.diff && git add AGENTS.md .memory-gate-declined.txt'
    ) in done.stdout
    ledger = (pending / '.memory-gate-declined.txt').read_text()
    assert ledger.endswith('Never push directly to main.\n')
    git(pending, 'apply', 's.jsonl.memory.diff')
    assert (pending / 'AGENTS.md').read_text() == MEMORY + f'- {A[0].text}\n- {B[0].text}\n'
    git(pending, 'add', 'AGENTS.md', '.memory-gate-declined.txt')
    assert run(pending, 'hook', 's.jsonl').returncode == 0  # every bullet reviewed: one round
    assert not (pending / 's.jsonl.memory.diff').exists()


def test_review_without_a_terminal_lists_and_says_so(pending: Path) -> None:
    done = run(pending, 'review')
    assert done.returncode == 2
    assert '1. s.jsonl:1: user, decision/decided, score ' in done.stdout
    assert '3. s.jsonl:3' in done.stdout
    assert 'no terminal to ask on' in done.stderr and '--take 1,3' in done.stderr
    done = run(pending, 'review', '--take', '4')  # there is no bullet 4
    assert done.returncode == 2 and done.stderr == "memory-gate: '4': bullets are numbered 1 to 3\n"
    assert not (pending / '.memory-gate-declined.txt').exists()


def test_review_on_a_terminal(pending: Path) -> None:
    main, child = pty.openpty()
    os.write(main, b'n\ne\nReleases are tagged from main only.\ny\n')
    done = subprocess.run(
        (sys.executable, '-m', 'memory_gate', 'review'),
        cwd=pending,
        stdin=child,
        capture_output=True,
        text=True,
        env=ENV,
        check=False,
        timeout=60,
    )
    os.close(main)
    os.close(child)
    assert done.returncode == 0, done.stderr
    assert '(1/3) 1. s.jsonl:1: user, decision/decided, score ' in done.stdout
    git(pending, 'apply', 's.jsonl.memory.diff')
    taken = f'- Releases are tagged from main only.\n- {B[0].text}\n'
    assert (pending / 'AGENTS.md').read_text() == MEMORY + taken
    ledger = (pending / '.memory-gate-declined.txt').read_text()
    # declined, and the reworded original
    assert A[0].text in ledger and 'Never push directly to main.' in ledger


def test_review_with_nothing_pending_says_so(repo: Path) -> None:
    done = run(repo, 'review', '--take', 'all')
    assert done.returncode == 0 and 'nothing' in done.stdout + done.stderr


def test_review_never_writes_memory(pending: Path) -> None:
    assert run(pending, 'review', '--take', 'all').returncode == 0
    # taken bullets reach memory only by git apply
    assert (pending / 'AGENTS.md').read_text() == MEMORY


@pytest.mark.parametrize('command', [
    ('decline', 's.jsonl.memory.diff'),
    ('review', 's.jsonl.memory.diff', '--decline', 'all'),
])
def test_a_tracked_proposal_is_left_alone_and_an_untracked_one_removed(
    repo: Path, command: tuple[str, ...]
) -> None:
    for folder, bullet in (('kept', A[0]), ('gone', B[0])):
        write_jsonl(repo / folder / 's.jsonl', say('user', bullet.text))
        git(repo, 'add', f'{folder}/s.jsonl')
        assert run(repo, 'hook', f'{folder}/s.jsonl').returncode == 1
    git(repo, 'add', 'kept/s.jsonl.memory.diff')  # committed by the user: theirs to remove
    for folder in ('kept', 'gone'):  # run from the subdirectory: paths there, the ledger at the top
        done = run(repo / folder, *command, '--ledger', '../.memory-gate-declined.txt')
        assert done.returncode == 0, done.stderr
    assert (repo / 'kept' / 's.jsonl.memory.diff').exists()
    assert not (repo / 'gone' / 's.jsonl.memory.diff').exists()
    ledger = (repo / '.memory-gate-declined.txt').read_text()
    assert ledger.endswith(f'{B[0].text}\n{A[0].text}\n')  # sorted


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


def test_the_printed_apply_and_add_runs_when_there_is_no_ledger_yet(repo: Path) -> None:
    """Issue 21.6: after --take all nothing is declined, so no ledger exists: the printed
    `git apply ... && git add ...` must not name it (git add of a missing path fails)."""
    (repo / 'AGENTS.md').write_text(MEMORY)
    write_jsonl(repo / 's.jsonl', say('user', A[0].text))
    git(repo, 'add', '.')
    assert run(repo, 'hook', 's.jsonl').returncode == 1
    done = run(repo, 'review', '--take', 'all')
    assert done.returncode == 0, done.stderr
    printed = done.stdout.split('then commit again:\n  ', 1)[1].splitlines()[0]
    applied = subprocess.run(printed, shell=True, cwd=repo, capture_output=True, text=True, env=ENV)
    assert applied.returncode == 0, applied.stderr
    assert 'AGENTS.md' in git(repo, 'diff', '--cached', '--name-only')


def test_numbers_hold_between_two_reviews(pending: Path) -> None:
    """Issue 21.5: the second review's numbers are the first's (declined bullets stay listed,
    marked), and bullets not named without --take stay pending."""
    first = run(pending, 'review', '--decline', '2')
    assert first.returncode == 0, first.stderr
    assert 'took 0, reworded 0, declined 1, skipped 2' in first.stdout
    second = run(pending, 'review', '--take', '3', '--decline', '1')
    assert second.returncode == 0, second.stderr
    assert f'  3. take    {B[0].text}' in second.stdout
    git(pending, 'apply', 's.jsonl.memory.diff')
    assert (pending / 'AGENTS.md').read_text() == MEMORY + f'- {B[0].text}\n'


def on_terminal(repo: Path, script: list[bytes | tuple[bytes, bytes]],
                env: dict[str, str] | None = None,
                command: tuple[str, ...] = ('review',)) -> tuple[int, str]:
    """`memory-gate review` (or `command`) on a pseudo-terminal (stdin and stdout, as a person
    has them): each step of `script` is bytes to type, or (what to wait for, then bytes to
    type)."""
    import select

    main, child = pty.openpty()
    process = subprocess.Popen((sys.executable, '-m', 'memory_gate', *command), cwd=repo,
                               stdin=child, stdout=child, stderr=child, env=env or ENV)
    os.close(child)
    seen = b''

    def read_until(wanted: bytes) -> None:
        nonlocal seen
        while wanted not in seen:
            ready, _, _ = select.select([main], [], [], 30)
            assert ready, seen.decode(errors='replace')
            try:
                seen += os.read(main, 4096)
            except OSError:  # the child closed the terminal
                assert wanted in seen, seen.decode(errors='replace')
                return
    for step in script:
        wait, typed = step if isinstance(step, tuple) else (b'', step)
        if wait:
            read_until(wait)
        os.write(main, typed)
    code = process.wait(timeout=60)
    while True:
        ready, _, _ = select.select([main], [], [], 1)
        if not ready:
            break
        try:
            more = os.read(main, 4096)
        except OSError:
            break
        if not more:
            break
        seen += more
    os.close(main)
    return code, seen.decode('utf-8', 'replace').replace('\r\n', '\n')


PROMPT = b'Take this bullet [y,n,e,s,a,d,q,c,?]? '


def test_review_answers_are_single_keys_on_a_terminal(pending: Path) -> None:
    """Issue 21.11: every answer needed Enter; on a terminal a key is the answer."""
    code, out = on_terminal(pending, [(PROMPT, b'n'), (PROMPT, b's'), (PROMPT, b'y')])
    assert code == 0, out
    assert 'took 1, reworded 0, declined 1, skipped 1' in out


def test_reword_starts_from_the_bullet_on_the_prompt_line(pending: Path) -> None:
    """Issue 21.11: `e` opened an empty `New text:` prompt; it is prefilled (readline)."""
    code, out = on_terminal(pending, [(PROMPT, b'e'), (b'New text: ', b' Always.\r'),
                                      (PROMPT, b'd')])
    assert code == 0, out
    git(pending, 'apply', 's.jsonl.memory.diff')
    assert (pending / 'AGENTS.md').read_text() == MEMORY + f'- {A[0].text} Always.\n'


def test_reword_in_the_editor_when_one_is_set(pending: Path) -> None:
    env = {**ENV, 'EDITOR': "sed -i 's/pure Python/plain Python/'"}
    code, out = on_terminal(pending, [(PROMPT, b'e'), (PROMPT, b'd')], env)
    assert code == 0, out
    git(pending, 'apply', 's.jsonl.memory.diff')
    reworded = '- We decided to keep the parser in plain Python.\n'
    assert (pending / 'AGENTS.md').read_text() == MEMORY + reworded


def test_ctrl_d_says_one_thing(pending: Path) -> None:
    """Issue 21.11: after Ctrl-D it printed both 'now git add the ledger' and 'the commit
    stays blocked'."""
    code, out = on_terminal(pending, [(PROMPT, b'\x04')])
    assert code == 0, out
    assert 'nothing recorded; 3 bullet(s) stay pending' in out
    assert 'git add' not in out.split(PROMPT.decode(), 1)[1]
    assert not (pending / '.memory-gate-declined.txt').exists()


def test_the_printed_apply_runs_from_a_subdirectory(repo: Path) -> None:
    """Found walking the loop from a subdirectory: `git apply x.memory.diff && git add
    AGENTS.md` printed there looked for notes/AGENTS.md."""
    (repo / 'AGENTS.md').write_text(MEMORY)
    write_jsonl(repo / 'notes' / 's.jsonl', say('user', A[0].text), say('user', B[0].text))
    git(repo, 'add', '.')
    assert run(repo, 'hook', 'notes/s.jsonl').returncode == 1
    done = run(repo / 'notes', 'review', '--take', '1')
    assert done.returncode == 0, done.stderr
    printed = done.stdout.split('then commit again:\n  ', 1)[1].splitlines()[0]
    applied = subprocess.run(printed, shell=True, cwd=repo / 'notes', capture_output=True,
                             text=True, env=ENV)
    assert applied.returncode == 0, printed + applied.stderr
    assert (repo / 'AGENTS.md').read_text() == MEMORY + f'- {A[0].text}\n'


@pytest.mark.parametrize('argv', [
    ['--ledger', 'AGENTS.md'],
    ['--ledger', 'CLAUDE.md'],  # a link to the memory file is the memory file
])
def test_a_ledger_that_is_the_memory_file_is_refused_and_memory_is_not_written(
        pending: Path, argv: list[str]) -> None:
    """Found by a new user's walk: `--ledger AGENTS.md` wrote the declined bullet into memory."""
    os.symlink('AGENTS.md', pending / 'CLAUDE.md')
    for command in (['review', '--decline', 'all'], ['decline', '--pending']):
        done = run(pending, *command, *argv)
        assert done.returncode == 2, done.stdout
        assert 'memory-gate never writes the memory file' in done.stderr
        assert done.stderr.count('\n') == 1
        assert (pending / 'AGENTS.md').read_text() == MEMORY


def test_the_c_key_shows_the_turns_before_a_bullet(repo: Path) -> None:
    """Issue 45.3: a bullet is judged by the conversation around it: c prints its details and
    the turns before it, each speaker named, a tool call one line, a credential masked."""
    from tests.review.context_test import SESSION, TOKEN, lines

    (repo / 'AGENTS.md').write_text(MEMORY)
    (repo / 's.jsonl').write_bytes(b''.join(lines(SESSION)))
    git(repo, 'add', '.')
    assert run(repo, 'hook', 's.jsonl').returncode == 1
    code, out = on_terminal(repo, [(PROMPT, b'c'), (PROMPT, b'y')])
    assert code == 0, out
    shown = out.split(PROMPT.decode())[1]
    assert 's.jsonl:6: user, ' in shown and 'session s1, 2026-01-01T00:00:00Z' in shown
    assert '      1 user: Set up the deploy for the staging cluster.' in shown
    assert '      2 assistant: I will use the token [secret withheld]' in shown
    assert '        tool: Bash kubectl get pods -n staging' in shown
    assert '>     6 user: The lint script should be in local only.' in shown
    assert TOKEN not in out
    assert 'took 1, reworded 0, declined 0, skipped 0' in out


def test_a_bullet_header_is_one_line_of_100_columns(pending: Path) -> None:
    """Issue 45.3: the header (source, line, why, session, time) wrapped to 2-5 lines."""
    env = {**ENV, 'COLUMNS': '200'}
    code, out = on_terminal(pending, [(PROMPT, b'q')], env)
    assert code == 0, out
    header = next(line for line in out.splitlines() if line.startswith('(1/3) '))
    assert len(header) <= 100 and header.endswith('…')
