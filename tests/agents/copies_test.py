"""collect's copies (issue 46): streamed in flat memory, only inside the work tree, only complete
lines, temporary files named .tmp, the session's mode kept (never wider than 0644), and runs at
once each leave a whole copy."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bounds import (
    KEY,
    big_session,
    claude_dir,
    claude_record,
    claude_session,
    hook_event,
    in_home,
    killed_at_replace,
    measured,
    one_line,
)
from tests.conftest import ENV

BIG_MB = int(os.environ.get('MEMORY_GATE_BIG_MB', '64'))  # 1024 to measure the 1 GB


def test_collect_streams_a_big_session_in_the_memory_of_a_small_one(repo: Path,
                                                                   tmp_path: Path) -> None:
    cwd = str(repo.resolve())
    small_home, big_home = tmp_path / 'small', tmp_path / 'big'
    big_session(claude_dir(small_home, cwd) / 's1.jsonl', cwd, 1 << 20)
    big_session(claude_dir(big_home, cwd) / 's1.jsonl', cwd, BIG_MB << 20)
    small = measured(('collect',), repo, in_home(small_home), timeout=600)
    shutil.rmtree(repo / 'transcripts')
    big = measured(('collect',), repo, in_home(big_home), timeout=600)
    assert small.returncode == big.returncode == 0, big.stderr
    assert big.peak_mb - small.peak_mb < 16, (small, big)
    copy = repo / 'transcripts' / 'claude-s1.jsonl'
    assert copy.stat().st_size > (BIG_MB - 1) << 20 and KEY.encode() not in copy.read_bytes()


@pytest.mark.parametrize('link', ['transcripts', 'logs'])
def test_a_transcripts_folder_resolving_outside_the_work_tree_is_refused(
        repo: Path, tmp_path: Path, link: str) -> None:
    home, outside = tmp_path / 'home', tmp_path / 'outside'
    outside.mkdir()
    session = claude_session(home, repo)
    os.symlink(outside, repo / link)
    if link == 'logs':
        (repo / 'pyproject.toml').write_text(
            '[tool.memory-gate]\ntranscripts-folder = "logs/sessions"\n')
    done = measured(('collect',), repo, in_home(home))
    assert done.returncode == 1, done
    assert 'outside the repository' in one_line(done)
    hooked = measured(('agent-hook', 'session-end'), repo, in_home(home),
                      stdin=hook_event(str(session), 'SessionEnd').encode())
    assert hooked.returncode == 0 and 'outside the repository' in one_line(hooked)
    assert list(outside.rglob('*')) == []


@pytest.mark.parametrize('absolute', [False, True])
def test_a_transcripts_folder_setting_out_of_the_work_tree_is_refused(
        repo: Path, tmp_path: Path, absolute: bool) -> None:
    home = tmp_path / 'home'
    claude_session(home, repo)
    folder = str(tmp_path / 'outside') if absolute else '../outside'
    (repo / 'pyproject.toml').write_text(f'[tool.memory-gate]\ntranscripts-folder = "{folder}"\n')
    done = measured(('collect',), repo, in_home(home))
    assert done.returncode in (1, 2) and 'outside the repository' in one_line(done), done
    assert not (tmp_path / 'outside').exists()


def test_a_cut_last_line_waits_for_the_next_collect(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / 'home'
    session = claude_session(home, repo)
    last = json.dumps(claude_record(str(repo.resolve()), 9, f'and the token {KEY} too')) + '\n'
    whole = session.read_bytes()
    with open(session, 'ab') as f:
        f.write(last[:40].encode())  # the agent is still writing it
    first = measured(('collect',), repo, in_home(home))
    copy = repo / 'transcripts' / 'claude-s1.jsonl'
    assert first.returncode == 0, first.stderr
    assert copy.read_bytes().count(b'\n') == whole.count(b'\n')
    assert copy.read_bytes().endswith(b'\n')
    with open(session, 'ab') as f:
        f.write(last[40:].encode())
    second = measured(('collect',), repo, in_home(home))
    assert second.returncode == 0 and 'updated' in second.stdout, second
    assert copy.read_bytes().count(b'\n') == whole.count(b'\n') + 1
    assert KEY.encode() not in copy.read_bytes()


def test_a_temporary_file_left_by_sigkill_ends_in_tmp(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / 'home'
    claude_session(home, repo)
    left = killed_at_replace(repo, home, 'collect')
    assert left and all(re.fullmatch(r'\.memory-gate-.*\.tmp', n) for n in left), left


@pytest.mark.parametrize(('source', 'copy'), [(0o644, 0o644), (0o600, 0o600), (0o755, 0o644),
                                             (0o640, 0o640)])
def test_a_copy_keeps_the_sources_mode_never_wider_than_0644(repo: Path, tmp_path: Path,
                                                            source: int, copy: int) -> None:
    home = tmp_path / 'home'
    claude_session(home, repo).chmod(source)
    done = measured(('collect',), repo, in_home(home))
    assert done.returncode == 0, done
    mode = stat.S_IMODE((repo / 'transcripts' / 'claude-s1.jsonl').stat().st_mode)
    assert mode == copy, oct(mode)


def test_six_collect_and_session_end_runs_at_once_all_finish_with_a_whole_copy(
        repo: Path, tmp_path: Path) -> None:
    home = tmp_path / 'home'
    cwd = str(repo.resolve())
    session = claude_dir(home, cwd) / 's1.jsonl'
    big_session(session, cwd, 19 << 20, words=3)  # 100k lines, as in the issue
    runs = []
    for n in range(6):
        args = ('collect',) if n % 2 else ('agent-hook', 'session-end')
        event = hook_event(str(session), 'SessionEnd') if n % 2 == 0 else ''
        runs.append(subprocess.Popen((sys.executable, '-m', 'memory_gate', *args), cwd=repo,
                                     env=in_home(home), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        runs[-1].stdin.write(event)  # type: ignore[union-attr]
        runs[-1].stdin.close()  # type: ignore[union-attr]
    start = time.monotonic()
    for proc in runs:
        try:
            proc.wait(timeout=max(1, 120 - (time.monotonic() - start)))
        except subprocess.TimeoutExpired:
            for p in runs:
                p.kill()
            pytest.fail('six runs did not finish in 120 s')
    errors = [p.stderr.read() for p in runs]  # type: ignore[union-attr]
    assert all(p.returncode == 0 for p in runs), errors
    copy = repo / 'transcripts' / 'claude-s1.jsonl'
    data = copy.read_bytes()
    assert data.count(b'\n') == session.read_bytes().count(b'\n') and data.endswith(b'\n')
    again = measured(('collect',), repo, in_home(home))
    assert 'unchanged' in again.stdout, again
    assert hashlib.sha256(copy.read_bytes()).digest() == hashlib.sha256(data).digest()


def test_collect_said_only_streams_a_big_session_in_the_memory_of_a_small_one(
        repo: Path, tmp_path: Path) -> None:
    cwd = str(repo.resolve())
    peaks = []
    for size in (1, BIG_MB):
        home = tmp_path / f'home{size}'
        # short prompts (about 200 bytes a line: millions of lines in 1 GB, each one kept)
        big_session(claude_dir(home, cwd) / 's1.jsonl', cwd, size << 20, words=1)
        shutil.rmtree(repo / 'transcripts', ignore_errors=True)
        done = measured(('collect', '--said-only'), repo, in_home(home), timeout=600)
        assert done.returncode == 0 and 'claude-s1.jsonl: new' in done.stdout, done.stderr
        peaks.append(done.peak_mb)
    assert peaks[1] - peaks[0] < 16, peaks
    copy = repo / 'transcripts' / 'claude-s1.jsonl'
    assert copy.stat().st_size > (BIG_MB - 1) << 20 and KEY.encode() not in copy.read_bytes()


def checkpointed(repo: Path, session: Path) -> None:
    """Commit `session` as an Entire checkpoint's full.jsonl onto entire/checkpoints/v1 with git's
    plumbing (a big file is never checked out)."""
    index = {**ENV, 'GIT_INDEX_FILE': str(repo.parent / 'entire-index')}

    def plumb(*args: str, data: bytes | None = None) -> str:
        return subprocess.run(('git', *args), cwd=repo, env=index, input=data, check=True,
                              capture_output=True).stdout.decode().strip()

    meta = plumb('hash-object', '-w', '--stdin', data=json.dumps(
        {'session_id': 'e1', 'agent': 'Claude Code'}).encode())
    blob = plumb('hash-object', '-w', str(session))
    for oid, name in ((blob, 'full.jsonl'), (meta, 'metadata.json')):
        plumb('update-index', '--add', '--cacheinfo', f'100644,{oid},a1/b2c3d4e5f6/0/{name}')
    commit = plumb('commit-tree', plumb('write-tree'), '-m', 'Checkpoint', data=b'')
    plumb('update-ref', 'refs/heads/entire/checkpoints/v1', commit)
    os.unlink(repo.parent / 'entire-index')


@pytest.mark.parametrize('said', [False, True])
def test_collect_streams_a_big_entire_checkpoint_in_the_memory_of_a_small_one(
        repo: Path, tmp_path: Path, said: bool) -> None:
    cwd = str(repo.resolve())
    peaks = []
    for size in (1, BIG_MB):
        session = big_session(tmp_path / f's{size}.jsonl', cwd, size << 20)
        checkpointed(repo, session)
        session.unlink()
        shutil.rmtree(repo / 'transcripts', ignore_errors=True)
        args = ('collect', '--said-only') if said else ('collect',)
        done = measured(args, repo, in_home(tmp_path / 'empty-home'), timeout=600)
        assert done.returncode == 0 and 'claude-e1.jsonl: new' in done.stdout, done.stderr
        peaks.append(done.peak_mb)
    assert peaks[1] - peaks[0] < 16, peaks
    copy = repo / 'transcripts' / 'claude-e1.jsonl'
    assert copy.stat().st_size > (BIG_MB - 1) << 20 and KEY.encode() not in copy.read_bytes()
