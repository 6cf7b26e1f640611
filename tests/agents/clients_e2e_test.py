"""Issue 44: each agent client, for real (the pinned version from npm, offline, the scripted model
on 127.0.0.1), in a real git repository with memory-gate's hooks set up as `memory-gate snippet`
says and memory-gate in the real pre-commit. One session each: a prompt, a tool call that prints a
fake credential, the Stop hook's ask, the `Memory:` answer, the session's end. What a user relies
on: the ask comes once and is never proposed; the `Memory:` lines are proposed at commit, verbatim;
the session is collected (by the session-end hook where the client has one, and by `memory-gate
collect`), redacted, valid JSON; the session as the agent stored it blocks the commit."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from memory_gate.formats.messages import ASK_OPENING
from memory_gate.formats.parse import parse_lines
from tests.agents.clients import CLIENTS, PROMPT, Session, drive
from tests.agents.scripted_model import CREDENTIAL, MEMORY
from tests.commands.hook_test import Repo

# Clients with a session-end hook collect the session when it ends; Codex has none (Codex hooks
# have no session end event): `memory-gate collect` copies its rollouts.
ENDS = {'claude': True, 'copilot': True, 'gemini': True, 'codex': False}


def setup(project: Repo, tmp_path: Path, prompts: int) -> Path:
    """Ask after `prompts` prompts; a scratch HOME for the client and for memory-gate collect."""
    config = f'[tool.memory-gate]\nask-after-prompts = {prompts}\n'
    (project.path / 'pyproject.toml').write_text(config)
    project.git('add', 'pyproject.toml')
    project.git('commit', '-qm', f'ask after {prompts} prompt(s)')
    home = tmp_path / 'home'
    home.mkdir()
    project.env = {**project.env, 'HOME': str(home)}
    return home


def run_session(agent: str, project: Repo, tmp_path: Path) -> Session:
    return run_checked(agent, project, setup(project, tmp_path, 1))


def run_checked(agent: str, project: Repo, home: Path, resume: bool = False) -> Session:
    session = drive(agent, project.path, home, resume)
    said = f'{agent} exit {session.done.returncode}: {session.done.stdout}\n{session.done.stderr}'
    assert session.done.returncode == 0, said
    assert 'memory-gate agent-hook:' not in session.done.stdout + session.done.stderr, said
    assert len(session.files) == 1 or resume, (session.files, said)
    return session


def copies(project: Repo) -> list[Path]:
    return sorted((project.path / 'transcripts').glob('*.jsonl'))


@pytest.mark.parametrize('agent', sorted(CLIENTS))
def test_a_real_session_asks_once_is_collected_redacted_and_its_memory_lines_proposed(
    agent: str, project: Repo, tmp_path: Path
) -> None:
    session = run_session(agent, project, tmp_path)
    # the ask comes once: the model answered it once, after the tool call and its reply
    work = [s for s in session.steps if s in ('tool', 'reply', 'memory')]
    assert work == ['tool', 'reply', 'memory'], session.steps
    stored = session.files[0]
    assert CREDENTIAL in stored.read_text()  # the tool output, as the agent stored it

    # collected when the session ended, by the hook the snippet set up, the Memory: answer included
    if ENDS[agent]:
        [copy] = copies(project)
        assert copy.name.startswith(f'{agent}-') and MEMORY[0] in copy.read_text(), copy
    collect = project.memory_gate('collect')
    assert collect.returncode == 0, collect.stdout + collect.stderr
    [copy] = copies(project)
    # Copilot CLI writes its session's last records (hook.end, session.shutdown) after sessionEnd
    states = {'claude': 'unchanged', 'gemini': 'unchanged', 'copilot': 'updated', 'codex': 'new'}
    assert f'transcripts/{copy.name}: {states[agent]}' in collect.stdout, collect.stdout
    text = copy.read_text()
    assert CREDENTIAL not in text and '[REDACTED:' in text
    for line in text.splitlines():
        json.loads(line)
    # every record type the client wrote is known to its reader; the prompt is read once
    stats = project.memory_gate('build', str(copy), '--stats').stderr
    assert 'skipped_unknown' not in stats, stats
    said = [t.text for o in parse_lines(iter(copy.read_bytes().splitlines()), Counter())
            for t in o.turns if t.role == 'user']
    assert said == [PROMPT], said

    # the Memory lines are proposed at commit, verbatim; the ask never is
    project.git('add', 'transcripts')
    blocked = project.commit('agent session')
    assert blocked.returncode == 1, blocked.stdout
    for line in MEMORY:
        assert '+- ' + line[len('Memory: '):] + '\n' in blocked.stdout, blocked.stdout
    assert ASK_OPENING not in blocked.stdout
    proposal = Path(f'{copy}.memory.diff').read_text()
    assert ASK_OPENING not in proposal
    assert sum(p.startswith('+- ') for p in proposal.splitlines()) == len(MEMORY)


@pytest.mark.parametrize('agent', sorted(CLIENTS))
def test_the_session_as_the_agent_stored_it_blocks_the_commit(
    agent: str, project: Repo, tmp_path: Path
) -> None:
    session = run_session(agent, project, tmp_path)
    raw = project.path / 'raw' / f'{agent}.jsonl'
    raw.parent.mkdir()
    shutil.copy(session.files[0], raw)
    project.git('add', 'raw')
    blocked = project.commit('raw session')
    assert blocked.returncode == 1, blocked.stdout
    assert 'password' in blocked.stdout and 'in the transcript itself' in blocked.stdout
    assert 'the commit is blocked. Rotate any that is real' in blocked.stdout
    assert CREDENTIAL not in blocked.stdout


@pytest.mark.parametrize('agent', sorted(CLIENTS))
def test_a_resumed_session_is_asked_after_as_many_prompts_as_the_setting_says(
    agent: str, project: Repo, tmp_path: Path
) -> None:
    """Two prompts, the second in the session resumed: the ask comes after the second (Copilot CLI
    writes a resumed turn after its agentStop runs: the hook waits for it)."""
    home = setup(project, tmp_path, 2)
    first = run_checked(agent, project, home)
    assert [s for s in first.steps if s in ('tool', 'reply', 'memory')] == ['tool', 'reply']
    second = run_checked(agent, project, home, resume=True)
    work = [s for s in second.steps if s in ('tool', 'reply', 'memory')]
    assert work == ['tool', 'reply', 'memory'], (second.steps, second.done.stderr)
    collect = project.memory_gate('collect')
    assert collect.returncode == 0 and 'diverged' not in collect.stdout, collect.stdout
    assert any(MEMORY[0] in c.read_text() for c in copies(project))
    if agent == 'copilot':
        # Live, the hook's own start-up usually outlasts Copilot's write of the resumed turn, so
        # the run above passes without the wait; replayed from what Copilot wrote, the hook
        # starts before the resumed turn is written out, as Copilot CLI can start it
        assert replayed_before_its_turn(project, second.files[0], tmp_path) == 'block'


def replayed_before_its_turn(project: Repo, stored: Path, tmp_path: Path) -> str:
    """The resumed turn's agentStop again, from the session Copilot CLI wrote: the hook starts
    on the file as it was before the resume (the first run's records), and the resumed turn up to
    this stop's hook.start is written out once the hook has exited, or after 2.5 s (within its
    wait, session_work.FLUSH_SECONDS); the hook's decision ('' when it does not ask)."""
    import subprocess
    import sys
    import time

    records = stored.read_bytes().splitlines(keepends=True)
    kinds = [json.loads(r)['type'] for r in records]
    resumed = kinds.index('session.resume')
    stop = next(n for n in range(resumed, len(records)) if kinds[n] == 'hook.start'
                and json.loads(records[n])['data'].get('hookType') == 'agentStop')
    path = tmp_path / 'replay' / 'events.jsonl'
    path.parent.mkdir()
    path.write_bytes(b''.join(records[:resumed]))
    event = {**json.loads(records[stop])['data']['input'], 'transcriptPath': str(path)}
    hook = subprocess.Popen((sys.executable, '-m', 'memory_gate', 'agent-hook', 'stop'),
                            cwd=project.path, env=project.env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert hook.stdin is not None
    hook.stdin.write(json.dumps(event))
    hook.stdin.close()
    started = time.monotonic()
    while hook.poll() is None and time.monotonic() - started < 2.5:
        time.sleep(0.01)
    with path.open('ab') as f:
        f.write(b''.join(records[resumed:stop + 1]))
    hook.stdin = None  # written and closed: communicate only reads
    out, err = hook.communicate(timeout=60)
    assert hook.returncode == 0, err
    return str(json.loads(out)['decision']) if out.strip() else ''
