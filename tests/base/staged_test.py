"""What the hook judges is what the commit holds: the index's version of each transcript, not
the work tree's when they differ (a hook run outside pre-commit's stash of unstaged changes:
by hand, lefthook, husky; an agent writing on while the commit runs). The work tree's file is
read instead of git's blob only when its bytes are proved to be that blob."""
from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest

from memory_gate.base import staged
from tests.conftest import git, run, say, write_jsonl

TOKEN = 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5'
CLEAN = 'ghp_' + 'x' * 36  # as long as the token, and no finding (a placeholder)
FOUND = 's.jsonl:2: GitHub token'


def lines(*middle: str) -> list[dict[str, str]]:
    return [say('user', 'Please look at the deploy script.'),
            *[say('user', text) for text in middle],
            say('assistant', 'Done.')]


def stage(repo: Path, *said: str) -> Path:
    path = write_jsonl(repo / 's.jsonl', *lines(*said))
    git(repo, 'add', 's.jsonl')
    return path


def hook(repo: Path) -> tuple[int, str]:
    done = run(repo, 'hook', 's.jsonl')
    return done.returncode, done.stderr


@pytest.mark.parametrize('work_tree', [
    'the same length: GITHUB_TOKEN=' + CLEAN,  # the bytes differ, not the size
    'shorter',
    'a longer line than the staged one, which the work tree holds instead of the token: ' * 3,
])
def test_a_token_only_staged_is_found(repo: Path, work_tree: str) -> None:
    path = stage(repo, f'the same length: GITHUB_TOKEN={TOKEN}')
    write_jsonl(path, *lines(work_tree))
    code, said = hook(repo)
    assert code == 1 and FOUND in said, said


def test_a_token_only_in_the_work_tree_is_not_judged(repo: Path) -> None:
    path = stage(repo, 'the same length: GITHUB_TOKEN=' + CLEAN)
    write_jsonl(path, *lines(f'the same length: GITHUB_TOKEN={TOKEN}'))
    code, said = hook(repo)
    assert 'GitHub token' not in said and code == 0, said


def test_lines_an_agent_wrote_after_the_commit_was_staged_are_not_judged(repo: Path) -> None:
    path = stage(repo, f'GITHUB_TOKEN={TOKEN}')
    with path.open('a', encoding='utf-8') as f:
        f.write('{"role": "user", "text": "and the other: GITLAB=glpat-Ab12Cd34Ef56Gh78Ij90"}\n')
    code, said = hook(repo)
    assert code == 1 and FOUND in said and 's.jsonl:4' not in said, said


def test_an_extended_transcript_is_judged_from_its_staged_lines(repo: Path) -> None:
    """The committed version is a prefix of the staged one: the lines after it are judged, as
    staged, even when the work tree went back to the committed version."""
    path = write_jsonl(repo / 's.jsonl', say('user', 'Please look at the deploy script.'))
    git(repo, 'add', 's.jsonl')
    git(repo, 'commit', '-qm', 'session')
    committed = path.read_bytes()
    with path.open('a', encoding='utf-8') as f:
        f.write(f'{{"role": "user", "text": "GITHUB_TOKEN={TOKEN}"}}\n')
    git(repo, 'add', 's.jsonl')
    path.write_bytes(committed)
    code, said = hook(repo)
    assert code == 1 and FOUND in said, said


def test_the_work_tree_is_read_only_when_its_bytes_are_the_staged_blob(repo: Path) -> None:
    path = stage(repo, 'nothing secret')
    [entry] = staged.entries(str(repo), ['s.jsonl']).values()
    data = path.read_bytes()
    assert entry.oid == hashlib.sha1(b'blob %d\0' % len(data) + data).hexdigest()
    with staged.opened(str(repo), str(path), entry) as stream:
        assert stream.read() == data
        assert isinstance(stream, io.BufferedReader) and stream.raw.proved
    path.write_bytes(data.replace(b'secret', b'public'))
    with pytest.raises(staged.Changed), staged.opened(str(repo), str(path), entry) as stream:
        stream.read()


def test_a_sha256_repository_is_read_the_same(tmp_path: Path) -> None:
    """Its object ids are SHA-256 over the same 'blob <size>\\0' header."""
    repo = tmp_path / 'repo'
    repo.mkdir()
    git(repo, 'init', '-q', '--object-format=sha256', '-b', 'main')
    path = stage(repo, f'the same length: GITHUB_TOKEN={TOKEN}')
    data = path.read_bytes()
    [entry] = staged.entries(str(repo), ['s.jsonl']).values()
    assert entry.oid == hashlib.sha256(b'blob %d\0' % len(data) + data).hexdigest()
    write_jsonl(path, *lines('the same length: GITHUB_TOKEN=' + CLEAN))
    code, said = hook(repo)
    assert code == 1 and FOUND in said, said
    git(repo, 'add', 's.jsonl')
    code, said = hook(repo)
    assert 'GitHub token' not in said, said
