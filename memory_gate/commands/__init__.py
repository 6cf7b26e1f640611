"""The commands (the edge): every subcommand, once: the table `cli.py` dispatches and `usage.py`
renders.

A command is one module, `memory_gate/commands/<name>.py` (`-` spelt `_`), with its own
`arguments(parser)` and `run(args, settings) -> int`, and one line in COMMANDS below:
its help, the settings it takes, an example and its exit codes. The module is imported
only when its command is parsed or run, so every other command's start-up stays cheap
(pip's commands_dict does the same). Order here is the order --help lists them.
"""
from __future__ import annotations

import argparse
from types import ModuleType

from memory_gate.base.typed import NamedTuple
from memory_gate.reading.records import Settings

# The settings (options.OPTIONS, by name) of a command that mines transcripts.
MINING = (
    'memory',
    'ledger',
    'max-add',
    'min-length',
    'max-length',
    'roles',
    'threshold',
    'signal',
    'noise',
    'allow-secrets',
    'allowlist',
    'color',
    'heading',
)
# The hook's settings: decline and review accept them, so one args: list fits all hooks.
HOOK = (*MINING, 'budget', 'secrets')


class Command(NamedTuple):
    """One subcommand: what --help says of it, the settings it takes, and its module."""

    name: str
    help: str
    example: str  # a command line that runs as shown
    does: str  # what the example does
    exit_codes: str
    options: tuple[str, ...] = ()  # the settings it takes; none: it reads no settings at all
    bad_setting: int = 2  # its exit code when a setting is bad (agent-hook: 0, never a failed stop)
    accepts: tuple[str, ...] = ()  # settings it takes unlisted and unused: the hook's args: fit
    interrupted: int = 130  # its exit code on Ctrl-C, as a shell reports SIGINT (agent-hook: 0)

    def module(self) -> ModuleType:
        import importlib

        return importlib.import_module('memory_gate.commands.' + self.name.replace('-', '_'))

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        """Its own arguments (not its settings: cli adds those from `options`)."""
        self.module().arguments(parser)

    def run(self, args: argparse.Namespace, settings: Settings) -> int:
        code: int = self.module().run(args, settings)
        return code


COMMANDS = (
    Command(
        'build',
        'print the diff that would append proposals to the memory file',
        'memory-gate build session.jsonl --memory CLAUDE.md --stats',
        'print the diff of proposed bullets; counters on stderr; writes nothing',
        '0 done, with or without proposals; 2 a usage error, a bad setting, '
        'or a file that cannot be read',
        MINING,
    ),
    Command(
        'snippet',
        "print what to paste into AGENTS.md or an agent's hook settings to ask for what lasts",
        'memory-gate snippet > memory-snippet.md',
        'save the paragraph that asks agents to mark durable findings with "Memory:"; '
        'paste it into AGENTS.md (--agent claude: the .claude/settings.json hook block)',
        '0 done; 2 an agent memory-gate has no snippet for',
    ),
    Command(
        'hook',
        'the pre-commit hook: write proposals beside transcripts, exit 1 when any',
        'memory-gate hook transcripts/session.jsonl',
        'what pre-commit runs: write <transcript>.memory.diff, print the review',
        '0 nothing pending; 1 proposals pending, a credential in a staged transcript (unless '
        'secrets = "warn"), or a transcript that cannot be read; 2 a usage error (no transcript '
        'given) or bad setting',
        HOOK,
    ),
    Command(
        'scrub',
        'redact the credentials in transcripts, in place, or allow them as no secret',
        'memory-gate scrub transcripts/session.jsonl',
        'replace each credential\'s characters with [REDACTED:<kind>]; print file:line kind',
        '0 done, with or without findings; 2 a usage error or a file that cannot be read '
        'or written',
        ('allowlist',),
    ),
    Command(
        'decline',
        'record the bullets of proposals that are not in memory as declined',
        'memory-gate decline transcripts/session.jsonl.memory.diff',
        'record the bullets you did not apply in the ledger of declined bullets',
        '0 done; 2 a usage error, a bad setting, or a file that is not a proposal',
        ('ledger',),
        accepts=HOOK,
    ),
    Command(
        'review',
        'take, decline, reword or skip each pending bullet; rewrite the proposals to match',
        'memory-gate review --take 1,3',
        'take bullets 1 and 3 of the pending proposals, decline the rest (no option: asks each)',
        '0 done; 2 a usage error, a bad setting or file, or bullets pending with no terminal '
        'to ask on; 130 interrupted',
        ('ledger', 'heading'),
        accepts=HOOK,
    ),
    Command(
        'collect',
        "copy this checkout's sessions from the agents' stores into the transcripts folder",
        'memory-gate collect --dry-run',
        "list this checkout's sessions in the agents' stores and what copying them would do",
        '0 done; 1 a copy diverged from its session (not overwritten) or could not be written; '
        '2 a usage error, a bad setting, or not in a git repository',
        ('transcripts-folder', 'home-in-copies'),
    ),
    Command(
        'agent-hook',
        "an agent's hook: ask for Memory: lines at the end of a session (stop), collect it "
        '(session-end)',
        'memory-gate agent-hook stop < event.json',
        'what an agent runs at the end of a turn: prints the decision that asks for Memory: lines',
        '0 always: a problem is one line on stderr, never a failed stop of the agent',
        ('ask-after-prompts', 'ask-after-tools', 'transcripts-folder', 'home-in-copies'),
        bad_setting=0,
        interrupted=0,
    ),
    Command(
        'garden',
        "propose removing the memory file's stale bullets, each with its evidence",
        'memory-gate garden --memory AGENTS.md',
        'write AGENTS.md.garden.diff (removals only) and print it; --review takes, declines '
        '(recorded in the ledger), rewords or skips each',
        '0 nothing stale, or a review done; 1 removals proposed (the diff printed); 2 a usage '
        'error, not in a git repository, or a memory file that cannot be read',
        ('memory', 'ledger'),
    ),
)
BY_NAME = {command.name: command for command in COMMANDS}
