"""The git repository memory-gate works in: its root, git's answers, and the paths it tracks, as
git names them. Helpers return None (git failed, no repository) and never print."""
from __future__ import annotations

import os
from collections.abc import Set
from types import ModuleType

# Set, these name the repository and its work tree wherever the command runs (a bare
# repository with a separate work tree, the dotfiles set-up; git sets GIT_DIR for hooks).
GIT_ENV = ('GIT_DIR', 'GIT_WORK_TREE')


def repo_root(start: str = '.') -> str | None:
    """The top of the git work tree containing `start`. With GIT_DIR or GIT_WORK_TREE set, git
    is asked (`rev-parse --show-toplevel`); else the nearest folder holding `.git` (a folder, or
    a worktree's or submodule's file), git's own discovery, found without running git (build's
    start-up runs none)."""
    if any(os.environ.get(name) for name in GIT_ENV):
        top = git(start, 'rev-parse', '--show-toplevel')
        return os.fsdecode(top.rstrip(b'\n')) if top else None
    path = os.path.abspath(start)
    while True:
        if os.path.exists(os.path.join(path, '.git')):
            return path
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent


def git(root: str, *args: str) -> bytes | None:
    """Run git in `root`; its stdout, or None when it fails."""
    import subprocess  # only the hook runs git: keep it off build's start-up

    try:
        done = subprocess.run(('git', *args), cwd=root, capture_output=True, check=False)
    except OSError:
        return None
    return done.stdout if done.returncode == 0 else None


def tracked_files(root: str) -> set[str]:
    out = git(root, 'ls-files', '-z')
    return set(out.decode('utf-8', 'replace').split('\0')) if out else set()


def rel(path: str, start: str, flavour: ModuleType = os.path) -> str:
    """`path` relative to `start`, parts joined by '/' as git names them (on Windows too).
    `flavour`: ntpath in tests."""
    native: str = flavour.relpath(path, start)
    return native.replace(flavour.sep, '/')


def remove_untracked(path: str, root: str, tracked: Set[str]) -> None:
    """Delete a proposal file unless git tracks it: a committed one is the user's to remove."""
    if rel(path, root) not in tracked:
        os.unlink(path)


def git_answer(root: str, *args: str) -> tuple[int, bytes]:
    """Run git in `root`: its exit code and stdout (-1 when it cannot be run). For the commands
    whose exit code is an answer: git grep exits 1 when it finds nothing."""
    import subprocess

    try:
        done = subprocess.run(('git', *args), cwd=root, capture_output=True, check=False)
    except OSError:
        return -1, b''
    return done.returncode, done.stdout
