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

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.reading.records import Settings

if TYPE_CHECKING:
    from typing import Any

AGENTS = ('claude', 'gemini', 'copilot', 'codex')


def hooks(agent: str, command: str) -> tuple[str, dict[str, Any]]:
    """The settings file to paste into, and the block to paste, for one agent."""
    stop, end = f'{command} agent-hook stop', f'{command} agent-hook session-end'
    if agent == 'claude':

        def entry(cmd: str) -> list[dict[str, Any]]:
            return [{'hooks': [{'type': 'command', 'command': cmd}]}]

        return '.claude/settings.json', {'hooks': {'Stop': entry(stop), 'SessionEnd': entry(end)}}
    if agent == 'gemini':

        def named(cmd: str, name: str) -> list[dict[str, Any]]:
            return [{'hooks': [{'type': 'command', 'name': name, 'command': cmd}]}]

        return '.gemini/settings.json', {
            'hooks': {
                'AfterAgent': named(stop, 'memory-gate-ask'),
                'SessionEnd': named(end, 'memory-gate-collect'),
            }
        }
    return '.github/hooks/memory-gate.json', {
        'version': 1,
        'hooks': {
            'agentStop': [{'type': 'command', 'bash': stop, 'timeoutSec': 30}],
            'sessionEnd': [{'type': 'command', 'bash': end, 'timeoutSec': 30}],
        },
    }


CODEX = (
    'Codex CLI: memory-gate has no hook entry for it. Paste this paragraph into AGENTS.md (Codex '
    'reads it at the start of every session), and run `memory-gate collect` after a session to '
    'copy it into the transcripts folder.'
)


def text(agent: str | None, command: str) -> str:
    """What to paste, alone, so that stdout redirected to a file is that file's content."""
    from memory_gate.reading.rules.marks import SNIPPET

    if agent is None or agent == 'codex':
        return SNIPPET
    return json.dumps(hooks(agent, command)[1], indent=2) + '\n'


def guidance(agent: str | None) -> str | None:
    """Where to paste it, for stderr; None for the paragraph, whose place is its own heading."""
    if agent is None:
        return None
    if agent == 'codex':
        return CODEX
    return f'merge into {hooks(agent, "")[0]} (memory-gate never writes it)'


def command_name() -> str:
    """How the agent's hook runs memory-gate: by name when it is on PATH, else as this
    interpreter's module."""
    import shutil
    import sys

    if shutil.which('memory-gate'):
        return 'memory-gate'
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
    where = guidance(args.agent)
    if where is not None:
        err(where)
    sys.stdout.write(text(args.agent, command_name()))
    return 0
