"""`memory-gate scrub` (issue 46): a FIFO or a device named in one line, a 60 MB file streamed in
the memory of a 1 MB one, an allowlist in conflict refused, an entry always one line, temporary
files named .tmp."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.bounds import (
    KEY,
    big_session,
    killed_at_replace,
    measured,
    one_line,
    secret_session,
)
from tests.conftest import git


def test_scrub_of_a_fifo_or_a_device_is_one_line(repo: Path) -> None:
    os.mkfifo(repo / 'f.jsonl')
    for path in ('f.jsonl', '/dev/zero'):
        done = measured(('scrub', path), repo, timeout=30)
        assert done.returncode == 2 and done.seconds < 5, done
        assert 'is not a regular file' in done.stderr and 'Traceback' not in done.stderr


def test_scrub_streams_a_60_mb_file_in_the_memory_of_a_1_mb_one(repo: Path) -> None:
    cwd = str(repo.resolve())
    small = big_session(repo / 'small.jsonl', cwd, 1 << 20)
    big = big_session(repo / 'big.jsonl', cwd, 60 << 20)
    one = measured(('scrub', str(small)), repo, timeout=600)
    sixty = measured(('scrub', str(big)), repo, timeout=600)
    assert one.returncode == sixty.returncode == 0, sixty.stderr
    assert sixty.peak_mb - one.peak_mb < 16, (one, sixty)
    assert KEY.encode() not in big.read_bytes()


CONFLICT = ('<<<<<<< HEAD\n0123456789abcdef0123 AWS x a.jsonl:1\n=======\n'
            'fedcba9876543210fedc AWS y b.jsonl:1\n>>>>>>> other\n')


def test_an_allowlist_in_conflict_is_refused_naming_it(repo: Path) -> None:
    secret_session(repo / 's.jsonl')
    allowlist = repo / '.memory-gate-allowed.txt'
    allowlist.write_text(CONFLICT)
    done = measured(('scrub', '--allow', 's.jsonl'), repo)
    assert done.returncode == 2 and '.memory-gate-allowed.txt' in done.stderr, done
    assert 'conflict' in one_line(done)
    assert allowlist.read_text() == CONFLICT
    git(repo, 'add', 's.jsonl')
    hooked = measured(('hook', 's.jsonl'), repo)
    assert '.memory-gate-allowed.txt' in hooked.stderr and 'conflict' in hooked.stderr, hooked


@pytest.mark.parametrize('brk', ['\n', '\r', '\u2028', '\x85'])
def test_a_file_name_cannot_add_a_line_to_the_allowlist(repo: Path, brk: str) -> None:
    name = f'x{brk}0123456789abcdef0123 injected.jsonl'
    secret_session(repo / name)
    done = measured(('scrub', '--allow', '--all', name), repo)
    assert done.returncode == 0, done
    lines = (repo / '.memory-gate-allowed.txt').read_text().splitlines()
    entries = [x for x in lines if not x.startswith('#')]
    assert len(entries) == 1 and not entries[0].startswith('0123456789abcdef0123'), lines


def test_a_temporary_file_left_by_sigkill_ends_in_tmp(repo: Path, tmp_path: Path) -> None:
    secret_session(repo / 's.jsonl')
    left = killed_at_replace(repo, tmp_path, 'scrub', 's.jsonl')
    assert left and all(re.fullmatch(r'\.memory-gate-.*\.tmp', n) for n in left), left
