"""Hostile names and files: a transcript's name, a memory file that is no file, signals."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ENV, git, run, say, write_jsonl

DECIDE = 'We decided to keep the parser in pure Python.'
EVIL = 'e\x1b[31mvil\x1b]0;owned\x07.jsonl'


def raw_controls(text: str) -> list[str]:
    return [ch for ch in text if ch != '\n' and not ch.isprintable()]


def test_a_transcript_name_with_terminal_escapes_is_never_printed_raw(repo: Path) -> None:
    write_jsonl(repo / EVIL, say('user', DECIDE))
    built = run(repo, 'build', '--stats', '--json', EVIL)
    assert built.returncode == 0 and raw_controls(built.stderr) == [], built.stderr
    git(repo, 'add', EVIL)
    hook = run(repo, 'hook', EVIL)
    assert hook.returncode == 1 and raw_controls(hook.stdout + hook.stderr) == []
    [apply] = [line.strip() for line in hook.stdout.splitlines() if line.startswith('  git apply ')]
    subprocess.run(('bash', '-c', apply), cwd=repo, check=True, env=ENV)  # it names the file
    assert (repo / 'AGENTS.md').read_text() == f'- {DECIDE}\n'
    git(repo, 'rm', '-qf', 'AGENTS.md')
    listed = run(repo, 'review')
    assert DECIDE in listed.stdout and raw_controls(listed.stdout + listed.stderr) == []
    taken = run(repo, 'review', '--take', '1')
    assert taken.returncode == 0 and raw_controls(taken.stdout + taken.stderr) == []


@pytest.mark.parametrize(('target', 'problem'), [
    ('/dev/zero', 'is a symlink to a file outside the repository'),
    ('fifo', 'is not a regular file'),
])
def test_a_memory_file_that_is_no_regular_file_is_named(repo: Path, target: str,
                                                       problem: str) -> None:
    if target == 'fifo':
        os.mkfifo(repo / 'pipe')
        target = str(repo / 'pipe')
    os.symlink(target, repo / 'AGENTS.md')
    write_jsonl(repo / 's.jsonl', say('user', DECIDE))
    git(repo, 'add', 's.jsonl', 'AGENTS.md')
    for args in (('build', 's.jsonl'), ('hook', 's.jsonl')):
        start = time.monotonic()
        done = subprocess.run((sys.executable, '-m', 'memory_gate', *args), cwd=repo,
                              capture_output=True, text=True, env=ENV, timeout=60, check=False)
        assert time.monotonic() - start < 30
        assert done.returncode == (2 if args[0] == 'build' else 1)
        assert done.stderr.count('\n') == 1 and f'AGENTS.md: {problem}' in done.stderr, done.stderr


def test_sigint_is_one_line_and_exit_130(repo: Path) -> None:
    proc = subprocess.Popen((sys.executable, '-m', 'memory_gate', 'build', '-'), cwd=repo,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    time.sleep(1.5)  # the interpreter is up and reading stdin
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and 'Traceback' not in err and err.count('\n') == 1, err


def test_a_memory_file_linked_out_of_the_repository_is_refused(repo: Path,
                                                               tmp_path: Path) -> None:
    outside = tmp_path / 'elsewhere.md'
    outside.write_text('# Private\n\npassword: hunter2-not-for-git\nthe last line out there\n')
    os.symlink(outside, repo / 'AGENTS.md')
    write_jsonl(repo / 's.jsonl', say('user', DECIDE))
    git(repo, 'add', 's.jsonl', 'AGENTS.md')
    for args, code in ((('build', 's.jsonl'), 2), (('hook', 's.jsonl'), 1)):
        done = run(repo, *args)
        assert done.returncode == code and done.stdout == '', done.stdout
        assert done.stderr.count('\n') == 1
        assert 'AGENTS.md: is a symlink to a file outside the repository' in done.stderr
        assert 'hunter2' not in done.stderr and 'last line out there' not in done.stderr
    assert not (repo / 's.jsonl.memory.diff').exists()


KILL_WRITE = '''
import os, signal, sys
from memory_gate.base import files
os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)
files.write_new(sys.argv[1], 'x' * 100000, '')
'''


def test_a_temporary_file_left_by_sigkill_is_ignored_by_the_documented_line(repo: Path) -> None:
    readme = (Path(__file__).resolve().parent.parent / 'README.md').read_text(encoding='utf-8')
    line = next(x for x in readme.splitlines() if x.startswith('pre-commit install && printf'))
    subprocess.run(line.split(' && ', 1)[1].rsplit(' && ', 1)[0], shell=True, cwd=repo, check=True)
    killed = (sys.executable, '-c', KILL_WRITE, str(repo / 'notes.md'))
    done = subprocess.run(killed, cwd=repo, env=ENV, check=False)
    assert done.returncode == -signal.SIGKILL
    [left] = [p.name for p in repo.iterdir() if p.name.startswith('.memory-gate-')]
    assert git(repo, 'status', '--porcelain', '--untracked-files=all') == '?? .gitignore\n', left


def test_review_and_decline_name_a_memory_file_linked_out(repo: Path, tmp_path: Path) -> None:
    write_jsonl(repo / 's.jsonl', say('user', DECIDE))
    git(repo, 'add', 's.jsonl')
    assert run(repo, 'hook', 's.jsonl').returncode == 1
    proposal = (repo / 's.jsonl.memory.diff').read_text()
    outside = tmp_path / 'elsewhere.md'
    outside.write_text('password: hunter2-not-for-git\nthe last line out there\n')
    os.symlink(outside, repo / 'AGENTS.md')
    for args in (('review', '--take', 'all'), ('decline', '--pending')):
        done = run(repo, *args)
        assert done.returncode == 2 and 'hunter2' not in done.stdout + done.stderr
        assert 'AGENTS.md: is a symlink to a file outside the repository' in done.stderr
    assert (repo / 's.jsonl.memory.diff').read_text() == proposal
    assert not (repo / '.memory-gate-declined.txt').exists()
