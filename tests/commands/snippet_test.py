"""`memory-gate snippet --agent AGENT` names the file its block goes into (issue 44): the team's
committed settings when the command is found by name on PATH; a local or user-level file when it
holds this machine's path to memory-gate (a venv's python), never a file the team commits. Codex
CLI gets a Stop hook block (its hooks have no session end) where the installed codex has hooks."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ENV

COMMITTED = {
    'claude': '.claude/settings.json',
    'gemini': '.gemini/settings.json',
    'copilot': '.github/hooks/memory-gate.json',
    'codex': '.codex/hooks.json',
}
OWN = {
    'claude': '.claude/settings.local.json',
    'gemini': '~/.gemini/settings.json',
    'copilot': '.github/copilot/settings.local.json',
    'codex': '~/.codex/hooks.json',
}


def snippet(cwd: Path, path: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        (sys.executable, '-m', 'memory_gate', 'snippet', *args),
        cwd=cwd, capture_output=True, text=True, env={**ENV, 'PATH': path}, check=False,
    )


def on_path(folder: Path, name: str, script: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text('#!/bin/sh\n' + script)
    (folder / name).chmod(stat.S_IRWXU)


def commands(block: dict[str, object]) -> list[str]:
    text = json.dumps(block)
    return [c for c in ('agent-hook stop', 'agent-hook session-end') if c in text]


@pytest.mark.parametrize('agent', sorted(COMMITTED))
def test_a_command_by_name_goes_into_the_committed_settings(agent: str, tmp_path: Path) -> None:
    bin_dir = tmp_path / 'bin'
    on_path(bin_dir, 'memory-gate', 'exit 0\n')
    done = snippet(tmp_path, f'{bin_dir}{os.pathsep}/usr/bin:/bin', '--agent', agent)
    assert done.returncode == 0
    assert done.stderr.startswith(f'memory-gate: merge into {COMMITTED[agent]} (')
    assert 'add each event\'s entries' in done.stderr
    block = json.loads(done.stdout)
    assert '"memory-gate agent-hook stop"' in json.dumps(block) or (
        '"bash": "memory-gate agent-hook stop"' in json.dumps(block)
    )
    assert commands(block) == (['agent-hook stop'] if agent == 'codex' else
                               ['agent-hook stop', 'agent-hook session-end'])


@pytest.mark.parametrize('agent', sorted(COMMITTED))
def test_a_command_holding_an_absolute_path_never_goes_into_a_committed_file(
    agent: str, tmp_path: Path
) -> None:
    done = snippet(tmp_path, '/usr/bin:/bin', '--agent', agent)  # memory-gate not on PATH
    assert done.returncode == 0
    assert sys.executable in done.stdout
    first = done.stderr.splitlines()[0]
    assert first.startswith(f'memory-gate: merge into {OWN[agent]} (')
    assert f'not into {COMMITTED[agent]}, which the team commits' in first
    assert os.listdir(tmp_path) == []  # memory-gate writes none of them


def test_copilot_settings_hold_the_events_under_hooks_without_a_version(tmp_path: Path) -> None:
    """.github/hooks/*.json has `version: 1`; a settings file holds the events under "hooks"."""
    local = json.loads(snippet(tmp_path, '/usr/bin:/bin', '--agent', 'copilot').stdout)
    assert set(local) == {'hooks'} and set(local['hooks']) == {'agentStop', 'sessionEnd'}


def test_a_codex_without_hooks_gets_the_agents_md_paragraph(tmp_path: Path) -> None:
    bin_dir = tmp_path / 'bin'
    on_path(bin_dir, 'codex', 'echo "Usage: codex exec [OPTIONS] [PROMPT]"\n')
    done = snippet(tmp_path, f'{bin_dir}{os.pathsep}/usr/bin:/bin', '--agent', 'codex')
    assert done.stdout == snippet(tmp_path, '/usr/bin:/bin').stdout
    assert 'has no hooks' in done.stderr and 'AGENTS.md' in done.stderr
    on_path(bin_dir, 'codex', 'echo "      --dangerously-bypass-hook-trust"\n')
    done = snippet(tmp_path, f'{bin_dir}{os.pathsep}/usr/bin:/bin', '--agent', 'codex')
    assert json.loads(done.stdout)['hooks'].keys() == {'Stop'}
