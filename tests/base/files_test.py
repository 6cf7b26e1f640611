from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memory_gate.base.files import InputError, decode_memory, iter_lines, write_new


def test_iter_lines_skips_a_line_over_the_cap_unread() -> None:
    stream = io.BytesIO(b'short\n' + b'x' * 5000 + b'\nafter\nlast')
    assert list(iter_lines(stream, cap=100)) == [b'short\n', None, b'after\n', b'last']


def test_line_exactly_at_the_cap_is_kept() -> None:
    assert list(iter_lines(io.BytesIO(b'y' * 99 + b'\n'), cap=100)) == [b'y' * 99 + b'\n']


@pytest.mark.skipif(not os.path.exists('/proc/self/status'), reason='needs Linux /proc')
@pytest.mark.parametrize('engine', [False, True])
def test_200_mb_line_is_skipped_in_bounded_memory(tmp_path: Path, engine: bool) -> None:
    """Read in bounded windows for credentials (secrets.long_lines), not parsed: 64 MiB at most,
    128 MiB where the compiled credential engine is loaded (issue 41: its rules take ~50 MB)."""
    from memory_gate.secrets.engine import OFF_VARIABLE, loaded

    if engine and loaded() is None:
        pytest.skip('the engine is not installed')
    env = {**os.environ, OFF_VARIABLE: '' if engine else '1'}
    path = tmp_path / 'huge.jsonl'
    with open(path, 'wb') as f:
        f.write(b'{"role": "user", "text": "')
        for _ in range(200):
            f.write(b'a' * 1024 * 1024)
        f.write(b'"}\n')
        f.write(b'{"role": "user", "text": "We decided to keep the parser in pure Python."}\n')
    # VmHWM is this process's own peak (ru_maxrss would include the parent's at fork time).
    code = (
        'import re, sys; from memory_gate.cli import main; '
        'rc = main(["build", sys.argv[1], "--json"]); '
        'print(re.search(r"VmHWM:\\s+(\\d+)", open("/proc/self/status").read()).group(1), '
        'file=sys.stderr); '
        'raise SystemExit(rc)'
    )
    done = subprocess.run([sys.executable, '-c', code, str(path)], capture_output=True, text=True,
                          env=env)
    assert done.returncode == 0
    assert '"oversized": 1' in done.stdout and 'pure Python' in done.stdout
    assert int(done.stderr.strip()) < (128 if engine else 64) * 1024  # KiB: peak RSS


def test_50_mb_memory_file(tmp_path: Path) -> None:
    memory = tmp_path / 'AGENTS.md'
    with open(memory, 'w') as f:
        for i in range(1_000_000):
            f.write(f'- We decided that rule number {i} stays in memory for the test.\n')
    assert memory.stat().st_size > 50 * 1024 * 1024
    (tmp_path / 't.jsonl').write_text(
        '{"role": "user", "text": '
        '"We decided that rule number 999999 stays in memory for the test."}\n'
        '{"role": "user", "text": "Never push directly to main."}\n'
    )
    done = subprocess.run(
        [sys.executable, '-m', 'memory_gate', 'build', 't.jsonl', '--json'],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and '"already_in_memory": 1' in done.stdout  # its last bullet
    assert '"text": "Never push directly to main."' in done.stdout


@pytest.mark.parametrize(('data', 'problem'), [(b'a\x00b', 'binary'), (b'\xff\xfe', 'not UTF-8')])
def test_decode_memory_rejects(data: bytes, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        decode_memory(data)


def test_decode_memory_keeps_line_endings() -> None:
    assert decode_memory(b'a\r\nb\n') == 'a\r\nb\n'


def test_write_new_is_atomic_and_refuses_foreign_files_and_symlinks(tmp_path: Path) -> None:
    target = tmp_path / 'x.memory.diff'
    write_new(str(target), '# ours\nbody\n', '# ours')
    write_new(str(target), '# ours\nnew body\n', '# ours')
    assert target.read_text() == '# ours\nnew body\n'
    assert sorted(os.listdir(tmp_path)) == ['x.memory.diff']  # no temporary file left behind
    foreign = tmp_path / 'foreign.memory.diff'
    foreign.write_text('mine\n')
    with pytest.raises(InputError, match='not written by memory-gate'):
        write_new(str(foreign), '# ours\n', '# ours')
    assert foreign.read_text() == 'mine\n'
    link = tmp_path / 'link.memory.diff'
    link.symlink_to(tmp_path / 'elsewhere')
    with pytest.raises(InputError, match='symlink'):
        write_new(str(link), '# ours\n', '# ours')
    assert not (tmp_path / 'elsewhere').exists()


def test_write_new_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path) -> None:
    path = tmp_path / 'ledger.txt'
    path.write_text('old\n')
    path.chmod(0o664)
    write_new(str(path), 'new\n', '')
    assert path.read_text() == 'new\n' and path.stat().st_mode & 0o777 == 0o664


def test_write_new_gives_a_new_file_the_mode_of_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_new(str(tmp_path / 'new.txt'), 'x\n', '')
    finally:
        os.umask(old)
    assert (tmp_path / 'new.txt').stat().st_mode & 0o777 == 0o644
