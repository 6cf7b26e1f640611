"""The git repository memory-gate works in (memory_gate/base/repo.py): its root, paths as git names
them, and what removing a proposal leaves alone."""
from __future__ import annotations

import ntpath
import posixpath
from pathlib import Path
from types import ModuleType

import pytest

from memory_gate.base.repo import rel, remove_untracked, repo_root, tracked_files
from tests.conftest import git


def test_repo_root(tmp_path: Path) -> None:
    (tmp_path / '.git').mkdir()
    (tmp_path / 'a' / 'b').mkdir(parents=True)
    assert repo_root(str(tmp_path / 'a' / 'b')) == str(tmp_path)


@pytest.mark.parametrize(('flavour', 'path', 'start', 'expected'), [
    (posixpath, '/repo/docs/s.jsonl.memory.diff', '/repo', 'docs/s.jsonl.memory.diff'),
    (posixpath, '/repo/s.jsonl', '/repo/docs', '../s.jsonl'),
    # Windows: ntpath.relpath gives 'docs\\s.jsonl.memory.diff', which git's list never holds
    # (decline once compared it so)
    (ntpath, 'C:\\repo\\docs\\s.jsonl.memory.diff', 'C:\\repo', 'docs/s.jsonl.memory.diff'),
    (ntpath, 'C:\\repo\\docs/sub\\s.jsonl', 'C:\\repo', 'docs/sub/s.jsonl'),
])
def test_rel_names_a_path_as_git_does(
    flavour: ModuleType, path: str, start: str, expected: str
) -> None:
    assert rel(path, start, flavour) == expected


def test_remove_untracked_keeps_what_git_tracks(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / 'docs').mkdir()
    for name in ('kept.memory.diff', 'gone.memory.diff'):
        (repo / 'docs' / name).write_text('proposal\n')
    git(repo, 'add', 'docs/kept.memory.diff')
    tracked = tracked_files(str(repo))
    monkeypatch.chdir(repo / 'docs')  # paths as typed in a subdirectory, as decline gets them
    remove_untracked('kept.memory.diff', str(repo), tracked)
    remove_untracked('gone.memory.diff', str(repo), tracked)
    assert sorted(p.name for p in (repo / 'docs').iterdir()) == ['kept.memory.diff']
