"""What the hook reads by default and what it leaves out, through the real pre-commit: the
manifest's `files:` covers every format (Gemini CLI's session documents whatever their name,
never package.json), and an Entire compact transcript.jsonl with its checkpoint's full.jsonl
beside it is named, not read."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memory_gate.commands.hook import is_judged
from tests.commands.hook_test import DECIDE, NEVER, ROOT, Repo, configure, hook_repo, project  # noqa: F401
from tests.conftest import say, write_jsonl

FILES = re.search(r'^    files: (.+)$', (ROOT / '.pre-commit-hooks.yaml').read_text(), re.M)


GEMINI = '{\n  "sessionId": "g1",\n  "projectHash": "h",\n  "messages": []\n}\n'
DATA = '{\n  "name": "app",\n  "version": "1.0.0"\n}\n'


@pytest.mark.parametrize('path, text, read', [
    ('transcripts/claude-s1.jsonl', '', True),
    ('session-2026-01-01T10-00-abcd1234.json', DATA, True),  # by its name, whatever it holds
    ('chats/session-2026-01-01T10-00-abcd1234.json', GEMINI, True),
    ('transcripts/kestrel.json', GEMINI, True),  # a session document under another name
    ('chat-export.json', '[{"role": "user", "content": "hi"}]\n', True),
    ('a1/b2c3d4e5f6/0/transcript.jsonl', '', True),
    ('transcripts/s.jsonl.memory.diff', '', True),
    ('package.json', DATA, False),
    ('web/package.json', DATA, False),
    ('my-session-notes.json', DATA, False),
    ('tsconfig.json', '{"compilerOptions": {"strict": true}}\n', False),
    ('notes.md', '', False),
])
def test_what_the_hook_reads_by_default(tmp_path: Path, path: str, text: str, read: bool) -> None:
    """pre-commit passes what the manifest's files: selects; of a .json, the hook reads only a
    session document (hook.is_judged)."""
    assert FILES is not None
    file = tmp_path / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text)
    selected = re.search(FILES.group(1), path) is not None
    assert (selected and is_judged(str(file))) == read


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


def test_a_gemini_session_document_under_another_name_is_read_and_package_json_is_not(
        project: Repo) -> None:  # noqa: F811
    """Found by a new user's walk: a Gemini CLI session document not named session-*.json was
    never passed to the hook (the manifest selected only that name), and the commit passed in
    silence. pre-commit now passes every .json; the hook reads those that look like a session."""
    doc = {'sessionId': 'g-1', 'projectHash': 'p', 'startTime': '2026-01-01T00:00:00Z',
           'messages': [{'id': '1', 'timestamp': '2026-01-01T00:00:00Z', 'type': 'user',
                         'content': DECIDE}]}
    (project.path / 'notes').mkdir()
    (project.path / 'notes/kestrel.json').write_text(json.dumps(doc, indent=2) + '\n')
    project.git('add', 'notes/kestrel.json')
    done = project.commit()
    assert done.returncode == 1, done.stdout
    assert '+- ' + DECIDE in done.stdout
    assert (project.path / 'notes/kestrel.json.memory.diff').exists()
    project.git('apply', 'notes/kestrel.json.memory.diff')
    project.git('add', 'AGENTS.md')
    assert project.commit().returncode == 0
    # data: passed, never named, its proposal never written
    (project.path / 'package.json').write_text('{\n  "name": "app",\n  "version": "1.0.0"\n}\n')
    project.git('add', 'package.json')
    done = project.memory_gate('hook', 'package.json')
    assert (done.returncode, done.stdout, done.stderr) == (0, '', '')
    done = project.commit()
    assert done.returncode == 0, done.stdout
    assert 'memory-gate (review proposed memory bullets).....' in done.stdout
    assert not (project.path / 'package.json.memory.diff').exists()
