from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parent.parent.parent / 'shared' / 'transcripts'
ENV = {k: v for k, v in os.environ.items() if not k.startswith(('GIT_', 'PRE_COMMIT'))}


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ('git', *args), cwd=cwd, check=True, capture_output=True, text=True, env=ENV
    ).stdout


def run(cwd: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """The real program, as a user runs it."""
    return subprocess.run(
        (sys.executable, '-m', 'memory_gate', *args),
        cwd=cwd,
        input=stdin.decode() if stdin else None,
        capture_output=True,
        text=True,
        env=ENV,
        check=False,
    )


def write_jsonl(path: Path, *records: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        ''.join(json.dumps(r, ensure_ascii=False) + '\n' for r in records), encoding='utf-8'
    )
    return path


def say(role: str, text: str) -> dict[str, str]:
    return {'role': role, 'text': text}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A fresh git repository with one commit."""
    path = tmp_path / 'repo'
    path.mkdir()
    git(path, 'init', '-q', '-b', 'main')
    git(path, 'config', 'user.email', 'test@example.invalid')
    git(path, 'config', 'user.name', 'Test')
    git(path, 'config', 'commit.gpgsign', 'false')
    (path / 'README.md').write_text('test repo\n')
    git(path, 'add', 'README.md')
    git(path, 'commit', '-qm', 'init')
    return path


@contextlib.contextmanager
def read_only(*paths: Path) -> Iterator[None]:
    """Make files truly read-only for the block: chmod 444, and for root (whom modes do not
    stop) chattr +i."""
    immutable = os.geteuid() == 0 and shutil.which('chattr') is not None
    for path in paths:
        path.chmod(0o444)
        if immutable:
            immutable = (
                subprocess.run(['chattr', '+i', str(path)], capture_output=True).returncode == 0
            )
    try:
        yield
    finally:
        for path in paths:
            subprocess.run(['chattr', '-i', str(path)], capture_output=True)
            path.chmod(0o644)
