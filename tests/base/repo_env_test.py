"""The repository as git names it (issue 46): GIT_DIR/GIT_WORK_TREE (a bare repository with a
separate work tree, the dotfiles set-up), a bare repository with a worktree, a subfolder."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from pathlib import Path

from tests.bounds import (
    claude_session,
    measured,
)
from tests.conftest import ENV, git, write_jsonl


def staged_transcript(work: Path, env: Mapping[str, str]) -> None:
    write_jsonl(work / 's.jsonl', {'role': 'user', 'text': 'We decided to use Postgres; always '
                                   'run migrations before deploys.'})
    subprocess.run(('git', 'add', 's.jsonl'), cwd=work, env=dict(env), check=True)


def bare_with_separate_work_tree(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """The dotfiles set-up: a bare repository and a work tree named by GIT_DIR/GIT_WORK_TREE."""
    bare, work = tmp_path / 'dots.git', tmp_path / 'home'
    work.mkdir()
    subprocess.run(('git', 'init', '-q', '--bare', str(bare)), check=True, env=ENV)
    env = {**ENV, 'GIT_DIR': str(bare), 'GIT_WORK_TREE': str(work)}
    for key, value in (('user.email', 't@example.invalid'), ('user.name', 'T')):
        subprocess.run(('git', 'config', key, value), cwd=work, env=env, check=True)
    return work, env


def test_the_hook_with_git_dir_and_git_work_tree_finds_the_repository(tmp_path: Path) -> None:
    work, env = bare_with_separate_work_tree(tmp_path)
    staged_transcript(work, env)
    done = measured(('hook', 's.jsonl'), work, env)
    assert 'not inside a git repository' not in done.stderr, done
    assert done.returncode == 1 and (work / 's.jsonl.memory.diff').exists(), done


def test_collect_with_git_dir_and_git_work_tree_copies_into_the_work_tree(tmp_path: Path) -> None:
    work, env = bare_with_separate_work_tree(tmp_path)
    home = tmp_path / 'fakehome'
    claude_session(home, work)
    done = measured(('collect',), work / '.', {**env, 'HOME': str(home)})
    assert done.returncode == 0, done
    assert (work / 'transcripts' / 'claude-s1.jsonl').exists()


def test_a_bare_repository_with_a_worktree_and_git_c(tmp_path: Path) -> None:
    first = tmp_path / 'first'
    first.mkdir()
    git(first, 'init', '-q', '-b', 'main')
    git(first, '-c', 'user.email=t@example.invalid', '-c', 'user.name=T', 'commit', '-q',
        '--allow-empty', '-m', 'init')
    bare, work = tmp_path / 'r.git', tmp_path / 'w'
    git(tmp_path, 'clone', '-q', '--bare', str(first), str(bare))
    git(bare, 'worktree', 'add', '-q', str(work), 'main')
    staged_transcript(work, ENV)
    sub = work / 'sub'
    sub.mkdir()
    done = measured(('hook', '../s.jsonl'), sub, ENV)  # as `git -C sub` would run it
    assert done.returncode == 1 and (work / 's.jsonl.memory.diff').exists(), done
