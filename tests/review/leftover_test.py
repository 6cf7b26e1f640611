"""A proposal left on disk by a commit made without the hook (`git commit --no-verify`): the
next hook run renews it against the memory file as it is, or removes it once nothing it lists
is pending, and never drops a pending bullet or a reviewer's choice. Real git and pre-commit."""
# ruff: noqa: F811
from __future__ import annotations

import json
from pathlib import Path

from memory_gate.review.proposals import HELD, SKIPPED, entries, proposed_bullets
from tests.commands.hook_test import DECIDE, NEVER, Repo, configure, hook_repo, project, stage  # noqa: F401
from tests.conftest import say

RELEASES = 'Releases must be tagged from main.'


def bypass(project: Repo) -> None:
    """The commit the hook blocked, made anyway."""
    project.git('commit', '-q', '--no-verify', '-m', 'without the hook')
    assert project.git('diff', '--cached', '--name-only') == ''  # the proposal left on disk


def grow(project: Repo, name: str, text: str = 'ok, thanks') -> None:
    """The agent goes on: one more line in the transcript, staged."""
    with (project.path / name).open('a') as f:
        f.write(json.dumps(say('user', text)) + '\n')
    project.git('add', name)


def test_a_left_proposal_is_renewed_against_memory_as_it_is_then_removed(project: Repo) -> None:
    stage(project, 'a.jsonl', DECIDE)
    assert project.commit().returncode == 1
    bypass(project)
    left = project.path / 'a.jsonl.memory.diff'
    listed = entries(left.read_text())
    with (project.path / 'AGENTS.md').open('a') as f:  # memory moves on: the old diff is stale
        f.write('- The build runs on Python 3.9.\n')
    project.git('commit', '-qam', 'memory grows')
    assert project.run('git', 'apply', '--check', 'a.jsonl.memory.diff').returncode == 1
    stage(project, 'b.jsonl', NEVER)
    done = project.commit()
    assert done.returncode == 1
    assert ('memory-gate: a.jsonl.memory.diff: left from an earlier commit; '
            'renewed against AGENTS.md as it is now\n') in done.stdout
    assert f'1. a.jsonl:1: {DECIDE}' in done.stdout  # still pending, still numbered first
    assert entries(left.read_text()) == listed and proposed_bullets(left.read_text()) == [DECIDE]
    project.git('apply', 'a.jsonl.memory.diff')  # it applies alone again
    project.git('add', 'AGENTS.md')
    done = project.commit()
    assert done.returncode == 1 and 'a.jsonl' not in done.stdout  # b's bullet is still pending
    assert not left.exists()  # everything it listed is in memory now


def test_a_left_proposal_keeps_held_back_bullets(repo: Path, hook_repo) -> None:  # noqa: F811
    src, rev, env = hook_repo
    project = configure(repo, src, rev, env, '        args: [--max-add, "1"]\n')
    stage(project, 's.jsonl', DECIDE, NEVER, RELEASES)
    assert project.commit().returncode == 1
    bypass(project)
    grow(project, 's.jsonl')  # nothing new to propose: only what the left proposal lists
    done = project.commit()
    assert done.returncode == 1, done.stdout
    listed = entries((project.path / 's.jsonl.memory.diff').read_text())
    assert [(e.text, e.held) for e in listed] == [(DECIDE, ''), (NEVER, HELD), (RELEASES, HELD)]


def test_a_left_proposal_keeps_the_reviewers_choices(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE, NEVER, RELEASES)
    assert project.commit().returncode == 1
    review = project.memory_gate('review', '--take', '1', '--skip', '2', '--decline', '3')
    assert review.returncode == 0, review.stderr
    bypass(project)
    grow(project, 's.jsonl')
    done = project.commit()
    assert done.returncode == 1, done.stdout
    text = (project.path / 's.jsonl.memory.diff').read_text()
    assert proposed_bullets(text) == [DECIDE]  # taken, not applied yet
    assert [(e.text, e.held) for e in entries(text)][:2] == [(DECIDE, ''), (NEVER, SKIPPED)]
    assert RELEASES in (project.path / '.memory-gate-declined.txt').read_text()
    assert f'+- {RELEASES}' not in done.stdout
    assert '1 in s.jsonl.memory.diff, 1 skipped in review\n' in done.stdout
