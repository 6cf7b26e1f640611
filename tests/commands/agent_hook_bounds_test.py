"""`memory-gate agent-hook` on hostile input (issue 46): whatever the event names (a device, a FIFO,
a socket, a line longer than memory), whatever stdin and stdout are (endless, closed, broken) and
on Ctrl-C, it returns at once in little memory with exit 0 and one line, and outside a repository
it writes nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bounds import (
    claude_record,
    claude_session,
    hook_event,
    in_home,
    measured,
    one_line,
)
from tests.conftest import ENV, write_jsonl


@pytest.mark.parametrize('device', ['/dev/zero', '/dev/urandom'])
def test_agent_hook_stop_on_a_device_returns_within_5_s_and_100_mb(tmp_path: Path,
                                                                  device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f'no {device} here')
    done = measured(('agent-hook', 'stop'), tmp_path, stdin=hook_event(device).encode(),
                    timeout=30)
    assert done.returncode == 0 and done.stdout == ''
    assert done.seconds < 5 and done.peak_mb < 100, done
    assert f'{device}: is not a regular file' in one_line(done)


def test_agent_hook_stop_on_a_fifo_with_no_writer_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / 'session.jsonl'
    os.mkfifo(fifo)
    done = measured(('agent-hook', 'stop'), tmp_path, stdin=hook_event(str(fifo)).encode(),
                    timeout=30)
    assert done.returncode == 0 and done.seconds < 5, done
    assert 'is not a regular file' in one_line(done)


def test_agent_hook_stop_on_a_socket_is_refused(tmp_path: Path) -> None:
    import socket

    path = tmp_path / 's.sock'
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        done = measured(('agent-hook', 'stop'), tmp_path, stdin=hook_event(str(path)).encode(),
                        timeout=30)
    assert done.returncode == 0 and 'is not a regular file' in one_line(done)


def test_agent_hook_reads_a_bounded_event_from_stdin(tmp_path: Path) -> None:
    done = measured(('agent-hook', 'stop'), tmp_path, stdin='/dev/zero', timeout=30)
    assert done.returncode == 0 and done.seconds < 5 and done.peak_mb < 100, done
    one_line(done)


def test_agent_hook_stop_reads_a_session_line_longer_than_memory_allows_in_bounded_memory(
        tmp_path: Path) -> None:
    session = tmp_path / 'one-line.jsonl'
    with open(session, 'wb') as f:  # one 300 MB line, no newline: a session being written
        f.write(b'{"type": "user", "message": {"content": "')
        chunk = b'x' * (1 << 20)
        for _ in range(300):
            f.write(chunk)
    done = measured(('agent-hook', 'stop'), tmp_path, stdin=hook_event(str(session)).encode(),
                    timeout=60)
    assert done.returncode == 0 and done.peak_mb < 100, done


def test_agent_hook_with_stdout_closed_exits_0_with_one_line(tmp_path: Path) -> None:
    session = write_jsonl(tmp_path / 's.jsonl',
                          *(claude_record('/x', n, f'Fix bug {n} please.') for n in range(9)))
    done = measured(('agent-hook', 'stop'), tmp_path, stdin=hook_event(str(session)).encode(),
                    close_stdout=True)
    assert done.returncode == 0, done
    one_line(done)


def test_agent_hook_with_a_broken_stdout_pipe_exits_0_with_one_line(tmp_path: Path) -> None:
    session = write_jsonl(tmp_path / 's.jsonl',
                          *(claude_record('/x', n, f'Fix bug {n} please.') for n in range(9)))
    read, write = os.pipe()
    os.close(read)  # the agent stopped listening
    try:
        done = subprocess.run((sys.executable, '-m', 'memory_gate', 'agent-hook', 'stop'),
                              cwd=tmp_path, input=hook_event(str(session)).encode(),
                              stdout=write, stderr=subprocess.PIPE, env=ENV, timeout=60,
                              check=False)
    finally:
        os.close(write)
    err = done.stderr.decode()
    assert done.returncode == 0 and 'Traceback' not in err and err.count('\n') == 1, err


def test_agent_hook_on_sigint_exits_0_with_one_line(tmp_path: Path) -> None:
    proc = subprocess.Popen((sys.executable, '-m', 'memory_gate', 'agent-hook', 'stop'),
                            cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    time.sleep(1.5)  # the interpreter is up and reading stdin
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and out == '', err
    assert 'Traceback' not in err and err.count('\n') == 1, err


def test_session_end_outside_a_repository_writes_nothing_and_says_so(tmp_path: Path) -> None:
    home, nowhere = tmp_path / 'home', tmp_path / 'nowhere'
    nowhere.mkdir()
    session = claude_session(home, nowhere)
    done = measured(('agent-hook', 'session-end'), nowhere, in_home(home),
                    stdin=hook_event(str(session), 'SessionEnd').encode())
    assert done.returncode == 0 and done.stdout == ''
    assert 'not inside a git repository' in one_line(done)
    assert list(nowhere.iterdir()) == []
