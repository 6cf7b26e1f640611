"""files.open_regular where the settings are read (issue 46): a ledger, an allowlist or a
pyproject.toml that is a FIFO is named in one line, never waited on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.bounds import (
    measured,
    one_line,
)
from tests.conftest import git, write_jsonl


@pytest.mark.parametrize('name', ['pyproject.toml', '.memory-gate-declined.txt',
                                  '.memory-gate-allowed.txt'])
def test_a_setting_file_that_is_a_fifo_is_named_not_read(repo: Path, name: str) -> None:
    write_jsonl(repo / 's.jsonl', {'role': 'user', 'text': 'We always deploy on Tuesdays.'})
    git(repo, 'add', 's.jsonl')
    os.mkfifo(repo / name)
    for args in (('build', 's.jsonl'), ('hook', 's.jsonl')):
        done = measured(args, repo, timeout=30)
        assert done.returncode in (1, 2) and done.seconds < 5, done
        assert f'{name}: is not a regular file' in one_line(done)
