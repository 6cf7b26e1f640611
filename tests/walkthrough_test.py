"""The README's walk-throughs "Get your sessions into the repository" and "Let the agent say what
lasts", run as printed, through the real pre-commit: collect from a fake HOME, commit, blocked
with the session's marked lines, review, commit passes; the agent appends, collect updates the
copy, the next commit judges only what it added."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from memory_gate.commands import agent_hook
from tests.commands.hook_test import Repo, configure, hook_repo  # noqa: F401  (a fixture)
from tests.readme_test import README, sh_block

FIRST = 'the nightly export job reads from the read replica, never the primary.'
SECOND = 'feature flags are read once at start-up; a change needs a restart.'


def record(kind: str, text: str, sid: str, cwd: Path, n: int) -> dict[str, object]:
    content: object = text if kind == 'user' else [{'type': 'text', 'text': text}]
    return {
        'type': kind,
        'uuid': f'{kind}{n}',
        'sessionId': sid,
        'cwd': str(cwd),
        'message': {'role': kind, 'content': content},
    }


def append(path: Path, *records: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open('a') as f:
        f.writelines(json.dumps(r) + '\n' for r in records)


def shell(project: Repo, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ('bash', '-uc', script),
        cwd=project.path,
        env=project.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )


def test_get_your_sessions_into_the_repository(
    repo: Path, tmp_path: Path, hook_repo: tuple[Path, str, dict[str, str]]  # noqa: F811
) -> None:
    src, rev, env = hook_repo
    home = tmp_path / 'home'
    env = {
        **env,
        'HOME': str(home),
        'PATH': os.path.dirname(sys.executable) + os.pathsep + env['PATH'],
        'PRE_COMMIT_HOME': env['PRE_COMMIT_HOME'],
    }
    project = configure(repo, src, rev, env)
    (repo / '.gitignore').write_text('*.memory.diff\n')  # as "Use it" sets up
    project.git('add', '.gitignore')
    here = repo.resolve()
    session = home / '.claude' / 'projects' / re.sub(r'[^A-Za-z0-9]', '-', str(here)) / 's1.jsonl'
    append(
        session,
        record('user', 'Move the export off the primary database.', 's1', here, 1),
        record('assistant', 'Moved it.\n\n- Memory: ' + FIRST, 's1', here, 2),
    )
    append(
        home / '.claude' / 'projects' / '-elsewhere' / 's2.jsonl',
        record('user', 'Never deploy on Fridays.', 's2', Path('/elsewhere'), 1),
    )
    steps = sh_block('## Get your sessions into the repository')
    done = shell(project, steps)
    assert done.returncode == 1, (
        done.stdout
    )  # the commit is blocked: the agent's marked line is proposed
    assert 'transcripts/claude-s1.jsonl: would write (new)' in done.stdout
    assert (
        'transcripts/claude-s1.jsonl: new, claude session s1' in done.stdout
        and 's2' not in done.stdout
    )
    assert f'+- {FIRST}\n' in done.stdout
    review = project.memory_gate('review', '--take', 'all')
    assert review.returncode == 0, review.stdout + review.stderr
    project.git('apply', 'transcripts/claude-s1.jsonl.memory.diff')
    project.git('add', 'AGENTS.md')
    passed = project.commit('Agent sessions')
    assert passed.returncode == 0 and 'Passed' in passed.stdout, passed.stdout
    # The agent goes on; collect updates the copy; the next commit judges only what it added.
    append(
        session,
        record('user', 'And the flags?', 's1', here, 3),
        record(
            'assistant', 'Checked.\n\n1. Memory: ' + FIRST + '\n2. Memory: ' + SECOND, 's1', here, 4
        ),
    )
    again = shell(project, 'memory-gate collect && git add transcripts && git commit -m more')
    assert 'transcripts/claude-s1.jsonl: updated' in again.stdout
    assert (
        again.returncode == 1
        and f'+- {SECOND}\n' in again.stdout
        and f'+- {FIRST}' not in again.stdout
    )


def test_let_the_agent_say_what_lasts(repo: Path, tmp_path: Path) -> None:
    block = re.search(r'## Let the agent say what lasts.*?```json\n(.*?)```', README, re.S)
    assert block is not None
    printed = shell(Repo(repo, os.environ.copy()), sh_block('## Let the agent say what lasts'))
    assert printed.returncode == 0
    shown = json.loads(printed.stdout.split('\n', 1)[1])
    for event in ('Stop', 'SessionEnd'):  # the README's block, with the command as it is run here
        [[ours]], [[readme]] = (
            [h['hooks'] for h in b['hooks'][event]] for b in (shown, json.loads(block.group(1)))
        )
        assert ours['command'].endswith(readme['command'].split(' ', 1)[1])
    stop = shown['hooks']['Stop'][0]['hooks'][0]['command']
    session = tmp_path / 'session.jsonl'
    append(
        session, *(record('user', f'Step {n} of the migration.', 's', repo, n) for n in range(3))
    )

    def run_stop() -> str:
        event = {
            'session_id': 's',
            'transcript_path': str(session),
            'cwd': str(repo),
            'hook_event_name': 'Stop',
            'stop_hook_active': False,
            'permission_mode': 'default',
        }
        done = subprocess.run(
            ('bash', '-c', stop),
            cwd=repo,
            input=json.dumps(event),
            capture_output=True,
            text=True,
            check=False,
        )
        assert (done.returncode, done.stderr) == (0, '')
        return done.stdout

    asked = {'decision': 'block', 'reason': agent_hook.ASK, 'systemMessage': agent_hook.NOTE}
    assert json.loads(run_stop()) == asked
    append(
        session,
        {**record('user', 'Stop hook feedback:\n' + agent_hook.ASK, 's', repo, 9), 'isMeta': True},
        record('assistant', 'Memory: ' + FIRST, 's', repo, 10),
    )
    assert run_stop() == ''
