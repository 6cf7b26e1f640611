"""Colour on a terminal (a real pseudo-terminal, and the real pre-commit), never in files, pipes
or --json."""
from __future__ import annotations

import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memory_gate.color import paint, paint_diff
from tests.commands.hook_test import configure, hook_repo, stage  # noqa: F401  (hook_repo is a fixture)
from tests.conftest import ENV, git, run

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / 'examples' / 'session.jsonl'
TERMINAL = {**{k: v for k, v in ENV.items() if k != 'NO_COLOR'}, 'TERM': 'xterm-256color'}
ESC = re.compile(r'\x1b\[[0-9;]*m')


def on_terminal(cwd: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run memory-gate with stdout and stderr on a new pseudo-terminal, as pre-commit runs a hook
    when colour is on."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        (sys.executable, '-m', 'memory_gate', *args),
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
        env=TERMINAL if env is None else env,
    )
    os.close(slave)
    out = b''
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the other end is closed
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return proc.wait(), out.decode().replace('\r\n', '\n')


def test_paint_and_paint_diff() -> None:
    assert paint('x\n', 'green', True) == '\x1b[32mx\x1b[m\n'
    assert paint('x\n', 'green', False) == 'x\n'
    diff = '--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -1 +1,2 @@\n # Memory\n+- We chose Postgres.\n'
    assert paint_diff(diff, True) == (
        '\x1b[1m--- a/AGENTS.md\x1b[m\n'
        '\x1b[1m+++ b/AGENTS.md\x1b[m\n'
        '\x1b[36m@@ -1 +1,2 @@\x1b[m\n'
        ' # Memory\n'
        '\x1b[32m+- We chose Postgres.\x1b[m\n'
    )
    assert paint_diff(diff, False) == diff


@pytest.mark.parametrize(('args', 'env', 'coloured'), [
    ([], {}, True),
    (['--color=always'], {}, True),
    (['--color', 'never'], {}, False),
    (['--color', 'never', '--color', 'auto'], {}, True),
    ([], {'NO_COLOR': '1'}, False),
    # the command line wins over NO_COLOR (no-color.org)
    (['--color=always'], {'NO_COLOR': '1'}, True),
    ([], {'TERM': 'dumb'}, False),
    (['--json'], {}, False),
])
def test_build_on_a_terminal(
    tmp_path: Path, args: list[str], env: dict[str, str], coloured: bool
) -> None:
    shutil.copy(EXAMPLE, tmp_path / 'session.jsonl')
    code, out = on_terminal(tmp_path, 'build', 'session.jsonl', *args, env={**TERMINAL, **env})
    assert code == 0 and bool(ESC.search(out)) is coloured
    plain = run(
        tmp_path,
        'build',
        'session.jsonl',
        *(a for a in args if not a.startswith('--color')),
        '--color=never',
    )
    assert ESC.sub('', out) == plain.stdout  # colour adds nothing else
    if coloured:
        assert (
            '\x1b[32m+- We decided to use Postgres for all persistence, not SQLite.\x1b[m\n'
        ) in out


@pytest.mark.parametrize(('args', 'coloured'), [([], False), (['--color=always'], True)])
def test_build_into_a_pipe(tmp_path: Path, args: list[str], coloured: bool) -> None:
    shutil.copy(EXAMPLE, tmp_path / 'session.jsonl')
    done = subprocess.run(
        (sys.executable, '-m', 'memory_gate', 'build', 'session.jsonl', *args),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=TERMINAL,
        check=False,
    )
    assert bool(ESC.search(done.stdout)) is coloured


def test_hook_review_is_coloured_on_a_terminal_and_the_proposal_file_never(repo: Path) -> None:
    (repo / 'transcripts').mkdir()
    shutil.copy(EXAMPLE, repo / 'transcripts' / 'session.jsonl')
    git(repo, 'add', '.')
    code, out = on_terminal(repo, 'hook', 'transcripts/session.jsonl')
    assert code == 1
    assert re.search(r'\x1b\[1mmemory-gate: transcripts/session.jsonl: \d bullet\(s\) pending', out)
    assert '\x1b[36m1. transcripts/session.jsonl:1:\x1b[m user' in out
    assert '\x1b[32m+- We decided' in out
    assert '\x1b' not in (repo / 'transcripts' / 'session.jsonl.memory.diff').read_text()


@pytest.mark.parametrize(('flags', 'env', 'coloured'), [
    (['--color=always'], {}, True),
    ([], {'PRE_COMMIT_COLOR': 'always'}, True),
    (['--color=never'], {}, False),
    ([], {}, False),  # auto, into a pipe: pre-commit gives the hook a pipe too
])
def test_pre_commit_colour_reaches_the_review(
    repo: Path,
    hook_repo: tuple[Path, str, dict[str, str]],  # noqa: F811
    flags: list[str],
    env: dict[str, str],
    coloured: bool,
) -> None:
    """pre-commit runs the hook on a pseudo-terminal when its colour is on (even into a pipe), on
    pipes when off."""
    src, rev, home = hook_repo
    project = configure(repo, src, rev, {**home, **env})
    stage(project, 's.jsonl', 'We decided to keep the parser in pure Python.')
    done = project.pre_commit('run', 'memory-gate', *flags)
    assert done.returncode == 1
    taken = '\x1b[32m+- We decided to keep the parser in pure Python.\x1b[m'
    assert (taken in done.stdout) is coloured
    assert coloured or '\x1b' not in done.stdout
    assert '\x1b' not in (repo / 's.jsonl.memory.diff').read_text()
