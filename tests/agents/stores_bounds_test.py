"""The agents' stores on hostile and non-UTF-8 paths (issue 46): a FIFO named like a session is
skipped, and a checkout whose path is not UTF-8 is matched as a Node agent records and hashes it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.bounds import (
    claude_dir,
    claude_record,
    claude_session,
    in_home,
    measured,
)
from tests.conftest import git, write_jsonl


def test_collect_skips_a_fifo_named_like_a_session_without_hanging(repo: Path,
                                                                  tmp_path: Path) -> None:
    home = tmp_path / 'home'
    session = claude_session(home, repo)
    os.mkfifo(session.parent / 'stuck.jsonl')
    done = measured(('collect',), repo, in_home(home), timeout=30)
    assert done.returncode == 0 and 'Traceback' not in done.stderr, done
    assert (repo / 'transcripts' / 'claude-s1.jsonl').exists()


def node_hash(cwd: bytes) -> str:
    """The project hash Gemini CLI (Node) computes in `cwd`: sha256 of process.cwd()."""
    node = shutil.which('node')
    if node is None:
        pytest.skip('no node to compute the agent hash')
    script = "process.stdout.write(require('crypto').createHash('sha256')" \
             ".update(process.cwd()).digest('hex'))"
    return subprocess.run((node, '-e', script), cwd=cwd, capture_output=True, check=True,
                          text=True).stdout


def test_a_repository_path_that_is_not_utf8_collects_with_the_agents_hash(tmp_path: Path) -> None:
    root = os.fsencode(tmp_path) + b'/repo-\xff'
    try:
        os.mkdir(root)
    except (OSError, UnicodeError):
        pytest.skip('this file system takes no non-UTF-8 name')
    repo = Path(os.fsdecode(root))
    git(repo, 'init', '-q', '-b', 'main')
    home = tmp_path / 'home'
    chats = home / '.gemini' / 'tmp' / node_hash(root) / 'chats'
    chats.mkdir(parents=True)
    (chats / 'session-1.json').write_text(json.dumps(
        {'sessionId': 'g1', 'messages': [{'type': 'user', 'content': 'We deploy on Tuesdays.'}]},
        indent=2))
    done = measured(('collect',), repo, in_home(home))
    assert done.returncode == 0 and 'Traceback' not in done.stderr, done
    assert (repo / 'transcripts' / 'gemini-g1.jsonl').exists(), done


def test_a_claude_session_recorded_in_a_non_utf8_folder_is_this_checkouts(tmp_path: Path) -> None:
    root = os.fsencode(tmp_path) + b'/repo-\xff'
    try:
        os.mkdir(root)
    except (OSError, UnicodeError):
        pytest.skip('this file system takes no non-UTF-8 name')
    repo = Path(os.fsdecode(root))
    git(repo, 'init', '-q', '-b', 'main')
    home = tmp_path / 'home'
    recorded = root.decode('utf-8', 'replace')  # the cwd as a Node agent writes it: U+FFFD
    write_jsonl(claude_dir(home, recorded) / 'c1.jsonl', claude_record(recorded, 1))
    done = measured(('collect',), repo, in_home(home))
    assert done.returncode == 0 and 'Traceback' not in done.stderr, done
    assert (repo / 'transcripts' / 'claude-c1.jsonl').exists(), done
