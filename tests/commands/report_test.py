"""The commands the hook prints run as shown (issue 46): a file name with a line break, a tab, a
quote, a `$` is quoted so bash runs the printed `memory-gate scrub ... && git add ...`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.bounds import (
    KEY,
    measured,
    secret_session,
)
from tests.conftest import ENV, git


@pytest.mark.parametrize('name', ['a\nb.jsonl', "it's $HOME `x`.jsonl", 'tab\there.jsonl'])
def test_the_printed_scrub_command_runs_as_shown(repo: Path, name: str) -> None:
    secret_session(repo / name)
    git(repo, 'add', '--', name)
    done = measured(('hook', name), repo)
    [line] = [x for x in done.stderr.splitlines() if 'Then redact them: ' in x]
    command = line.split('Then redact them: ', 1)[1]
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / 'memory-gate').exists():
        pytest.skip('memory-gate is not installed beside this python')
    ran = subprocess.run(('bash', '-c', command), cwd=repo, capture_output=True, text=True,
                         env={**ENV, 'PATH': f'{bin_dir}:{ENV["PATH"]}'}, timeout=60)
    assert ran.returncode == 0, (command, ran.stderr)
    assert KEY not in (repo / name).read_text()
