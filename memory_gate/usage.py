"""What `--help` ends with: where settings come from, the exit codes, and an example per command."""
from __future__ import annotations

import argparse
import os
import sys

from memory_gate import config

# Every command has an example and its exit codes here; a command without them fails tests/cli_test.py.
EXAMPLES = {
    'build': ('memory-gate build session.jsonl --memory CLAUDE.md --stats',
              'print the diff of proposed bullets; counters on stderr; writes nothing'),
    'hook': ('memory-gate hook transcripts/session.jsonl',
             'what pre-commit runs: write <transcript>.memory.diff, print the review'),
    'decline': ('memory-gate decline transcripts/session.jsonl.memory.diff',
                'record the bullets you did not apply in the ledger of declined bullets'),
    'review': ('memory-gate review --take 1,3',
               'take bullets 1 and 3 of the pending proposals, decline the rest (no option: asks each)'),
    'snippet': ('memory-gate snippet > memory-snippet.md',
                'save the paragraph that asks agents to mark durable findings with "Memory:"; paste it into AGENTS.md'),
}
EXIT_CODES = {
    'build': '0 done, with or without proposals; 2 a usage error, a bad setting, or a file that cannot be read',
    'hook': '0 nothing pending; 1 proposals pending or a transcript that cannot be read; 2 a usage error or bad setting',
    'decline': '0 done; 2 a usage error, a bad setting, or a file that is not a proposal',
    'snippet': '0 always',
    'review': '0 done; 2 a usage error, a bad setting or file, or bullets pending with no terminal to ask on; 130 interrupted',
}


def settings(commands: list[str]) -> str:
    """Where settings come from, shown with an option these commands take."""
    taken = [o for o in config.OPTIONS if set(commands) & set(o.commands)] or list(config.OPTIONS)
    o = next((o for o in taken if o.name == 'max-add'), taken[0])
    value = o.metavar if o.kind is config.WHOLE else f'"{o.metavar}"'
    return ('settings:\n'
            '  the options that take a value are also keys of [tool.memory-gate] in the repository\'s\n'
            f'  pyproject.toml, under the same name (--{o.name} {o.metavar} is {o.name} = {value}).\n'
            "  Command-line options (the hook's args:) win over pyproject.toml, which wins over the defaults.")


def epilog(commands: list[str]) -> str:
    commands = [name for name in commands if name in EXAMPLES and name in EXIT_CODES]
    codes = '\n'.join(f'  {name}: {EXIT_CODES[name]}' for name in commands)
    examples = '\n'.join(f'  {EXAMPLES[name][0]}\n      {EXAMPLES[name][1]}' for name in commands)
    return f'{settings(commands)}\n\nexit codes:\n{codes}\n\nexamples:\n{examples}'


def teach(parser: argparse.ArgumentParser, commands: list[str]) -> None:
    """End the parser's --help with the settings, exit codes and examples of `commands`."""
    parser.epilog = epilog(commands)
    parser.formatter_class = Formatter


def columns() -> int:
    """shutil.get_terminal_size().columns, without importing shutil: its archive modules cost every run 4 ms."""
    try:
        width = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        width = 0
    if width <= 0 and sys.__stdout__ is not None:
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (ValueError, OSError):
            width = 0
    return width or 80


class Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter for a raw epilog, sized as argparse sizes it. argparse makes one per add_argument,
    so every parser is built with it (formatter_class=Formatter): the default one would import shutil."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, columns() - 2 if width is None else width)
