"""Ctrl-C at any moment after spawn: every entry (the console script, which the pre-commit hook
runs as `memory-gate hook`, and python -m memory_gate) ends with one line and its exit code
(130; agent-hook 0), never a traceback, even while it is still importing its modules.

What memory-gate cannot reach: the interpreter's own start-up before the package's first line
runs (site and its .pth files, the console script's first lines, compiling memory_gate/__init__).
A SIGINT there is CPython's: the process dies by the signal (-2), or CPython prints its own
"Fatal Python error" or a traceback naming no file of memory_gate. Such runs are counted apart.
"""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ENV, write_jsonl

SCRIPT = Path(sys.executable).parent / 'memory-gate'
DELAYS_MS = (0, 5, 12, 20, 28, 36, 45, 55, 70, 90, 120)


def interrupted(command: list[str], cwd: Path, delay_ms: int) -> tuple[int, str]:
    proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    time.sleep(delay_ms / 1000)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, err


def is_ours(err: str) -> bool:
    """Whether a traceback came out of memory-gate's own code (a frame in the package), not
    out of the interpreter's start-up before it."""
    return 'Traceback' in err and '/memory_gate/' in err


# (entry, arguments, exit code on Ctrl-C, exit code when it ended before the signal came)
@pytest.mark.parametrize(('entry', 'args', 'code', 'done'), [
    ('script', ('build', 's.jsonl'), 130, 0),
    ('script', ('hook', 's.jsonl'), 130, 1),  # what the pre-commit hook runs (not a repository)
    ('module', ('build', 's.jsonl'), 130, 0),
    ('script', ('agent-hook', 'stop'), 0, 0),
    ('module', ('agent-hook', 'stop'), 0, 0),
])
def test_ctrl_c_at_any_moment_is_never_a_traceback(tmp_path: Path, entry: str,
                                                   args: tuple[str, ...], code: int,
                                                   done: int) -> None:
    if entry == 'script' and not SCRIPT.exists():
        pytest.skip('no memory-gate console script beside this interpreter')
    write_jsonl(tmp_path / 's.jsonl', {'role': 'user', 'text': 'We always use tabs here.'})
    start = [str(SCRIPT)] if entry == 'script' else [sys.executable, '-m', 'memory_gate']
    ends = [interrupted([*start, *args], tmp_path, delay) for delay in DELAYS_MS]
    assert [err for _, err in ends if is_ours(err)] == []
    ours = [(status, err) for status, err in ends if 'memory-gate: interrupted' in err]
    assert ours, ends  # some SIGINT came while memory-gate ran
    # A shell reports a process killed by SIGINT as 130, as it reports exit 130: the same to a
    # user. Rarely (about 1 run in 300 of python -m at 30-40 ms, under load), CPython ends a run
    # that printed its one line by the signal (-2) rather than by exit 130; agent-hook must exit 0.
    same = {code, -signal.SIGINT} if code == 130 else {code}
    assert {status for status, _ in ours} <= same
    for status, err in ends:
        if 'Traceback' not in err and 'Fatal Python error' not in err:
            # killed before the interpreter handles SIGINT (-2), stopped with one line, or done
            assert status in (-signal.SIGINT, code, done), err
            assert err.count('\n') <= 1, err


@pytest.mark.parametrize('how', ['-c', '-m'])
def test_another_program_importing_memory_gate_keeps_its_ctrl_c(tmp_path: Path, how: str) -> None:
    """Imported by another program (python -c, or python -m of another package whose own
    package imports memory_gate while argv[0] is still '-m'), Ctrl-C is not held."""
    import os

    from tests.house_test import ROOT

    (tmp_path / 'other').mkdir()
    (tmp_path / 'other' / '__init__.py').write_text('import memory_gate\n')
    (tmp_path / 'other' / 'run.py').write_text(
        'import signal, memory_gate\n'
        'print(memory_gate.held, signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n')
    args = ('-m', 'other.run') if how == '-m' else ('-c', 'import other.run')
    env = {**ENV, 'PYTHONPATH': os.pathsep.join((str(tmp_path), str(ROOT)))}
    done = subprocess.run((sys.executable, *args), cwd=tmp_path, capture_output=True, text=True,
                          env=env, timeout=60, check=False)
    assert (done.returncode, done.stdout) == (0, 'None True\n'), done.stderr
