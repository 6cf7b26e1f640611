"""What the hook reads by default and what it leaves out, through the real pre-commit: the
manifest's `files:` covers every format (Gemini CLI's session-*.json documents, not every
package.json), and an Entire compact transcript.jsonl with its checkpoint's full.jsonl beside it
is named, not read."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import say, write_jsonl
from tests.hook_test import DECIDE, NEVER, ROOT, Repo, configure, hook_repo, project  # noqa: F401

FILES = re.search(r'^    files: (.+)$', (ROOT / '.pre-commit-hooks.yaml').read_text(), re.M)


@pytest.mark.parametrize('path, selected', [
    ('transcripts/claude-s1.jsonl', True),
    ('session-2026-01-01T10-00-abcd1234.json', True),
    ('chats/session-2026-01-01T10-00-abcd1234.json', True),
    ('a1/b2c3d4e5f6/0/transcript.jsonl', True),
    ('transcripts/s.jsonl.memory.diff', True),
    ('package.json', False),
    ('web/package.json', False),
    ('my-session-notes.json', False),
    ('tsconfig.json', False),
])
def test_the_default_files_pattern(path: str, selected: bool) -> None:
    assert FILES is not None
    assert (re.search(FILES.group(1), path) is not None) == selected


def test_a_committed_gemini_session_document_is_read_by_default(project: Repo) -> None:  # noqa: F811
    messages = [{'id': 'm1', 'timestamp': 't', 'type': 'user', 'content': DECIDE}]
    doc = {'sessionId': 'g1', 'projectHash': 'h', 'startTime': 't', 'lastUpdated': 't',
           'messages': messages}
    path = project.path / 'chats' / 'session-2026-01-01T10-00-g1000000.json'
    path.parent.mkdir()
    path.write_text(json.dumps(doc, indent=2))
    (project.path / 'package.json').write_text('{"name": "app"}\n')
    project.git('add', '.')
    done = project.commit()
    assert done.returncode == 1 and f'+- {DECIDE}\n' in done.stdout
    assert 'package.json' not in done.stdout


def test_a_compact_transcript_beside_its_full_log_is_named_not_read(project: Repo) -> None:  # noqa: F811
    checkpoint = 'a1/b2c3d4e5f6/0'
    write_jsonl(project.path / checkpoint / 'full.jsonl', say('user', DECIDE))
    compact = {'v': 1, 'agent': 'claude-code', 'cli_version': '0.5.1', 'type': 'user', 'ts': 't',
               'content': [{'text': NEVER}]}
    write_jsonl(project.path / checkpoint / 'transcript.jsonl', compact)
    project.git('add', '.')
    done = project.commit()
    assert done.returncode == 1 and f'+- {DECIDE}\n' in done.stdout and NEVER not in done.stdout
    named = f"{checkpoint}/transcript.jsonl: Entire's compact transcript; the full.jsonl beside"
    assert named + ' it is read instead' in done.stdout
    alone = 'c3/d4e5f6a1b2/0/transcript.jsonl'
    write_jsonl(project.path / alone, compact)
    project.git('add', alone)
    assert f'+- {NEVER}\n' in project.commit().stdout  # alone, the compact transcript is read


def test_verbose_shows_the_skipped_file_on_a_passing_commit(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]  # noqa: F811
) -> None:
    src, rev, env = hook_repo
    verbose = configure(repo, src, rev, env, '        verbose: true\n')
    write_jsonl(repo / 'cp' / 'full.jsonl', say('user', 'hello there'))
    compact = {'v': 1, 'cli_version': '0.5.1', 'type': 'user', 'content': []}
    write_jsonl(repo / 'cp' / 'transcript.jsonl', compact)
    verbose.git('add', '.')
    done = verbose.commit()
    assert done.returncode == 0 and 'Passed' in done.stdout
    assert "cp/transcript.jsonl: Entire's compact transcript" in done.stdout
