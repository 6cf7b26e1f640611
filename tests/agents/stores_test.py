"""Where Gemini CLI keeps a checkout's sessions (issue 44): the folder ~/.gemini/projects.json names
(0.61: the checkout's base name, `.project_root` inside it holding the path), and the <sha256 of the
root> folder of older versions. A session is the checkout's by its projectHash or its folder's
recorded root, never by a folder's name alone. The layouts are those Gemini CLI 0.61.0 wrote in
tests/agents/clients_e2e_test.py's sessions (docs/CLIENTS.md)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from memory_gate.agents import stores


def sha(path: Path | str) -> str:
    return hashlib.sha256(str(path).encode()).hexdigest()


def session(folder: Path, sid: str, root: Path | str, minute: str = '08-51') -> Path:
    """A session file as Gemini CLI 0.61 writes it: the metadata record, then a prompt."""
    path = folder / 'chats' / f'session-2026-12-06T{minute}-{sid[:8]}.jsonl'
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {'sessionId': sid, 'projectHash': sha(root), 'startTime': 't', 'kind': 'main'}
    prompt = {'id': 'u1', 'timestamp': 't', 'type': 'user', 'content': [{'text': 'hi'}]}
    path.write_text(json.dumps(meta) + '\n' + json.dumps(prompt) + '\n')
    return path


def projects(home: Path, **named: str) -> None:
    (home / '.gemini').mkdir(parents=True, exist_ok=True)
    (home / '.gemini' / 'projects.json').write_text(json.dumps({'projects': named}))


def found(home: Path, checkout: Path) -> list[tuple[str, str, str]]:
    return [(s.id, Path(s.source).name, s.name) for s in stores.gemini(str(home), [str(checkout)])]


def test_the_folder_projects_json_names_is_looked_in(tmp_path: Path) -> None:
    home, repo = tmp_path / 'home', tmp_path / 'repo'
    projects(home, **{str(repo): 'repo', str(tmp_path / 'other'): 'other'})
    path = session(home / '.gemini' / 'tmp' / 'repo', 'aaaaaaaa-1', repo)
    session(home / '.gemini' / 'tmp' / 'other', 'bbbbbbbb-1', tmp_path / 'other')
    assert found(home, repo) == [('aaaaaaaa-1', path.name, 'gemini-aaaaaaaa-1.jsonl')]


def test_a_folder_whose_project_root_names_the_checkout_is_looked_in(tmp_path: Path) -> None:
    home, repo = tmp_path / 'home', tmp_path / 'repo'
    folder = home / '.gemini' / 'tmp' / 'repo-1'
    session(folder, 'aaaaaaaa-1', repo / 'sub')
    (folder / '.project_root').write_text(str(repo / 'sub'))
    assert [s[0] for s in found(home, repo)] == ['aaaaaaaa-1']


def test_the_sha256_folder_of_older_versions_is_still_looked_in(tmp_path: Path) -> None:
    home, repo = tmp_path / 'home', tmp_path / 'repo'
    session(home / '.gemini' / 'tmp' / sha(repo), 'aaaaaaaa-1', repo)
    assert [s[0] for s in found(home, repo)] == ['aaaaaaaa-1']


def test_a_folder_named_like_the_checkout_alone_is_not_the_checkouts(tmp_path: Path) -> None:
    home, repo = tmp_path / 'home', tmp_path / 'repo'
    other = tmp_path / 'elsewhere' / 'repo'  # another checkout of the same base name
    session(home / '.gemini' / 'tmp' / 'repo', 'aaaaaaaa-1', other)
    assert found(home, repo) == []
    projects(home, **{str(other): 'repo'})
    assert found(home, repo) == []


def test_a_session_whose_project_hash_is_another_roots_is_not_the_checkouts(tmp_path: Path) -> None:
    """The slug was given to this checkout after another project's sessions were written there."""
    home, repo = tmp_path / 'home', tmp_path / 'repo'
    projects(home, **{str(repo): 'repo'})
    session(home / '.gemini' / 'tmp' / 'repo', 'aaaaaaaa-1', tmp_path / 'gone' / 'repo')
    mine = session(home / '.gemini' / 'tmp' / 'repo', 'bbbbbbbb-1', repo)
    assert found(home, repo) == [('bbbbbbbb-1', mine.name, 'gemini-bbbbbbbb-1.jsonl')]


def test_a_slug_that_is_a_path_names_no_folder(tmp_path: Path) -> None:
    home, repo = tmp_path / 'home', tmp_path / 'repo'
    projects(home, **{str(repo): '../../outside'})
    session(tmp_path / 'outside', 'aaaaaaaa-1', repo)
    assert found(home, repo) == []


def test_a_resumed_sessions_second_file_gets_a_copy_of_its_own(tmp_path: Path) -> None:
    """Gemini CLI resuming a session in a later minute starts a new file with the same id: each file
    is copied to its own name, the first keeping the plain one, so no copy diverges."""
    home, repo = tmp_path / 'home', tmp_path / 'repo'
    projects(home, **{str(repo): 'repo'})
    first = session(home / '.gemini' / 'tmp' / 'repo', 'aaaaaaaa-1', repo, '08-51')
    second = session(home / '.gemini' / 'tmp' / 'repo', 'aaaaaaaa-1', repo, '08-52')
    assert found(home, repo) == [
        ('aaaaaaaa-1', first.name, 'gemini-aaaaaaaa-1.jsonl'),
        ('aaaaaaaa-1', second.name, f'gemini-aaaaaaaa-1--{second.stem}.jsonl'),
    ]
