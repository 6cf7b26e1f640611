"""Helpers for the hostile-input tests of issue 46: run `python -m memory_gate ...` as a
subprocess with a timeout (a hang fails), under an address-space limit that keeps a runaway off the
shared machine, and measure its own peak memory (wait4); sessions and events as agents write
them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.conftest import ENV, write_jsonl

KEY = 'AKIAIOSFODNN7EXAMPLF'  # the shape of an AWS access key id, not a real one


LIMIT = 2 << 30  # the address space a child may take: a leak fails the test, not the machine


class Done(NamedTuple):
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float  # the child's maximum resident set (wait4), in MiB


# A small launcher between the test and the command: it forks and execs the command and reports
# the command's own peak (wait4) and exit status. Measured from pytest's own process, a child's
# ru_maxrss starts at what the forked pytest holds before exec (150 MB late in a full run), not at
# what the command uses; the launcher is a bare interpreter (-S, about 10 MB).
LAUNCHER = r'''
import os, resource, sys
report, limit, close, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3] == '1', sys.argv[4:]
pid = os.fork()
if pid == 0:
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if close:
            os.close(1)
        os.execv(argv[0], argv)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(report, 'w') as f:
    f.write(f'{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}')
'''


def measured(args: Sequence[str], cwd: Path | str, env: Mapping[str, str] | None = None,
             stdin: bytes | str | None = None, timeout: float = 60,
             close_stdout: bool = False) -> Done:
    """Run `python -m memory_gate ARGS`; stdin is bytes to feed or a path to read from. A run
    past `timeout` is killed and fails the calling test."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as fed, tempfile.TemporaryDirectory() as folder:
        if isinstance(stdin, bytes):
            fed.write(stdin)
            fed.seek(0)
        report = os.path.join(folder, 'report')
        command = (sys.executable, '-S', '-c', LAUNCHER, report, str(LIMIT),
                   '1' if close_stdout else '0', sys.executable, '-m', 'memory_gate', *args)
        start = time.monotonic()
        source = open(stdin, 'rb') if isinstance(stdin, str) else fed  # noqa: SIM115
        with source:
            proc = subprocess.Popen(command, cwd=cwd, env=dict(ENV if env is None else env),
                                    stdin=source, stdout=out, stderr=err,
                                    start_new_session=True)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            pytest.fail(f'{" ".join(args)}: still running after {timeout} s')
        seconds = time.monotonic() - start
        code, peak = (int(n) for n in Path(report).read_text().split())
        out.seek(0)
        err.seek(0)
        return Done(code, out.read().decode(errors='replace'),
                    err.read().decode(errors='replace'), seconds, peak / 1024)


def one_line(done: Done) -> str:
    assert 'Traceback' not in done.stderr, done.stderr
    assert done.stderr.count('\n') == 1, done.stderr
    return done.stderr


def claude_record(cwd: str, n: int, text: str = '') -> dict[str, object]:
    return {'type': 'user', 'uuid': f'u{n}', 'sessionId': 's1', 'cwd': cwd,
            'message': {'role': 'user', 'content': text or f'We decided on plan {n} for now.'}}


def claude_dir(home: Path, cwd: str) -> Path:
    return home / '.claude' / 'projects' / ''.join(c if c.isalnum() else '-' for c in cwd)


def claude_session(home: Path, repo: Path, lines: int = 3, sid: str = 's1') -> Path:
    cwd = str(repo.resolve())
    records = [claude_record(cwd, n, f'the key is {KEY}' if n == 1 else '') for n in range(lines)]
    return write_jsonl(claude_dir(home, cwd) / f'{sid}.jsonl', *records)


def big_session(path: Path, cwd: str, size: int, words: int = 700) -> Path:
    """A Claude Code session of about `size` bytes: prompts, replies and tool output of up to
    `words` words, a credential every 1,000 lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(claude_record(cwd, n, 'x ' * (n % words) + 'We use Postgres.')) + '\n'
             for n in range(1000)]
    lines[0] = json.dumps(claude_record(cwd, 0, f'export AWS_KEY={KEY}')) + '\n'
    block = ''.join(lines).encode()
    with open(path, 'wb') as f:
        for _ in range(max(1, size // len(block))):
            f.write(block)
    return path


def in_home(home: Path) -> dict[str, str]:
    return {**ENV, 'HOME': str(home)}


def hook_event(path: str, name: str = 'Stop', **extra: object) -> str:
    return json.dumps({'session_id': 's1', 'transcript_path': path, 'cwd': '/',
                       'hook_event_name': name, 'stop_hook_active': False, **extra})


def secret_session(path: Path) -> Path:
    return write_jsonl(path, {'role': 'tool', 'text': f'aws_access_key_id = {KEY}'},
                       {'role': 'user', 'text': 'We decided to always deploy on Tuesdays.'})


KILLED = '''
import os, signal, sys
os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)
from memory_gate.cli import main
main(sys.argv[1:])
'''


def killed_at_replace(repo: Path, home: Path, *args: str) -> list[str]:
    """Run memory-gate killed (SIGKILL) where it renames a written file into place; the names of
    the memory-gate files it left."""
    done = subprocess.run((sys.executable, '-c', KILLED, *args), cwd=repo, env=in_home(home),
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == -signal.SIGKILL, done.stderr
    return [p.name for p in repo.rglob('.memory-gate-*')]
