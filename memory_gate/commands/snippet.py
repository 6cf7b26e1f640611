"""`memory-gate snippet [--agent AGENT]`: what to paste; memory-gate never writes an agent's
settings.

Without --agent: the paragraph for AGENTS.md that asks agents to mark what lasts. With --agent: the
hook entries for that agent's settings file, running `memory-gate agent-hook` at the end of each
turn (ask for Memory: lines once the session holds enough work) and at the end of the session
(collect it). Sources for each agent's hook protocol: docs/FORMATS.md §4.
"""

from __future__ import annotations

import argparse
import json
import sys

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.reading.records import Settings

if TYPE_CHECKING:
    from typing import Any

AGENTS = ('claude', 'gemini', 'copilot', 'codex')


class Target(NamedTuple):
    """Where an agent's hook block goes: `team`, a file the team commits, when the command is
    found by name on PATH; `own`, a file of this user's alone (local or user-level settings), when
    it holds this machine's path to memory-gate. A `~/` path is under the home directory."""

    team: str
    own: str


TARGETS = {
    'claude': Target('.claude/settings.json', '.claude/settings.local.json'),
    'gemini': Target('.gemini/settings.json', '~/.gemini/settings.json'),
    'copilot': Target('.github/hooks/memory-gate.json', '.github/copilot/settings.local.json'),
    'codex': Target('.codex/hooks.json', '~/.codex/hooks.json'),
}
BY_NAME = 'memory-gate'  # the command as found on PATH: the same on every machine


def target(agent: str, command: str) -> str:
    return TARGETS[agent].team if command == BY_NAME else TARGETS[agent].own


def hooks(agent: str, command: str) -> dict[str, Any]:
    """The block to merge into the agent's settings file (target())."""
    stop, end = f'{command} agent-hook stop', f'{command} agent-hook session-end'

    def entry(cmd: str) -> list[dict[str, Any]]:
        return [{'hooks': [{'type': 'command', 'command': cmd}]}]

    if agent == 'claude':
        return {'hooks': {'Stop': entry(stop), 'SessionEnd': entry(end)}}
    if agent == 'codex':  # Codex CLI's hooks have no session end: `memory-gate collect` copies
        return {'hooks': {'Stop': entry(stop)}}
    if agent == 'gemini':

        def named(cmd: str, name: str) -> list[dict[str, Any]]:
            return [{'hooks': [{'type': 'command', 'name': name, 'command': cmd}]}]

        return {
            'hooks': {
                'AfterAgent': named(stop, 'memory-gate-ask'),
                'SessionEnd': named(end, 'memory-gate-collect'),
            }
        }
    events = {
        'agentStop': [{'type': 'command', 'bash': stop, 'timeoutSec': 30}],
        'sessionEnd': [{'type': 'command', 'bash': end, 'timeoutSec': 30}],
    }
    # a .github/hooks/*.json file has a version; settings files hold the events under "hooks"
    return {'version': 1, 'hooks': events} if command == BY_NAME else {'hooks': events}


MERGE = (
    'merge into {file} (memory-gate never writes it): where it does not exist, this output is the '
    'file; where it does, add each event\'s entries to that event\'s list under "hooks" and keep '
    'the ones there'
)
OWN = (
    '; not into {team}, which the team commits: this command holds this machine\'s path to '
    'memory-gate (put memory-gate on PATH for a block the team can share)'
)
CODEX = (
    'Codex CLI has no session-end hook: run `memory-gate collect` after a session. A Codex without '
    'hooks (no `--dangerously-bypass-hook-trust` in `codex exec --help`) gets the AGENTS.md '
    'paragraph of `memory-gate snippet` instead (Codex reads AGENTS.md at the start of every '
    'session).'
)
NO_HOOKS = (
    'Codex CLI: the installed codex has no hooks. Paste this paragraph into AGENTS.md (Codex reads '
    'it at the start of every session), and run `memory-gate collect` after a session to copy it '
    'into the transcripts folder.'
)


def codex_has_hooks() -> bool:
    """Whether the codex on PATH has hooks (its `exec --help` names a hook option); a codex not
    found is taken to be a current one, which has."""
    import shutil
    import subprocess

    codex = shutil.which('codex')
    if codex is None:
        return True
    try:
        done = subprocess.run((codex, 'exec', '--help'), capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return True
    return b'hook' in done.stdout + done.stderr


def text(agent: str | None, command: str) -> str:
    """What to paste, alone, so that stdout redirected to a file is that file's content."""
    from memory_gate.reading.rules.marks import SNIPPET

    if agent is None or (agent == 'codex' and not codex_has_hooks()):
        return SNIPPET
    return json.dumps(hooks(agent, command), indent=2) + '\n'


def guidance(agent: str | None, command: str) -> str | None:
    """Where to paste it, for stderr; None for the paragraph, whose place is its own heading."""
    if agent is None:
        return None
    if agent == 'codex' and not codex_has_hooks():
        return NO_HOOKS
    where = MERGE.format(file=target(agent, command))
    if command != BY_NAME:
        where += OWN.format(team=TARGETS[agent].team)
    return where + ('. ' + CODEX if agent == 'codex' else '')


def command_name() -> str:
    """How the agent's hook runs memory-gate: by name when it is on PATH, else as this
    interpreter's module."""
    import shutil
    import sys

    if shutil.which(BY_NAME):
        return BY_NAME
    import shlex

    return f'{shlex.quote(sys.executable)} -m memory_gate'


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        '--agent',
        metavar='AGENT',
        help='claude, gemini, copilot or codex: the hook block for its settings',
    )


def run(args: argparse.Namespace, settings: Settings) -> int:
    from memory_gate.report import err

    if args.agent is not None and args.agent not in AGENTS:
        err(f'snippet --agent {args.agent}: expected one of {", ".join(AGENTS)}')
        return 2
    command = command_name()
    where = guidance(args.agent, command)
    if where is not None:
        err(where)
    sys.stdout.write(text(args.agent, command))
    return 0
