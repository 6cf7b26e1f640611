"""What `--help` ends with: where settings come from, then the exit codes and the example of each
command in the table (commands.COMMANDS)."""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence

from memory_gate import options
from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.commands import Command

if TYPE_CHECKING:
    from typing import Any, NoReturn


def settings(commands: Sequence[Command]) -> str:
    """Where settings come from, shown with an option these commands take."""
    names = {name for c in commands for name in c.options}
    taken = [o for o in options.OPTIONS if o.name in names] or list(options.OPTIONS)
    o = next((o for o in taken if o.name == 'max-add'), taken[0])
    value = o.metavar if o.kind is options.WHOLE else f'"{o.metavar}"'
    return ('settings:\n'
            '  the options that take a value are also keys of [tool.memory-gate] in the '
            'repository\'s\n'
            f'  pyproject.toml, under the same name (--{o.name} {o.metavar} is '
            f'{o.name} = {value}).\n'
            "  Command-line options (the hook's args:) win over pyproject.toml, which wins over "
            'the defaults.')


def epilog(commands: Sequence[Command]) -> str:
    codes = '\n'.join(f'  {c.name}: {c.exit_codes}' for c in commands)
    examples = '\n'.join(f'  {c.example}\n      {c.does}' for c in commands)
    return f'{settings(commands)}\n\nexit codes:\n{codes}\n\nexamples:\n{examples}'


def teach(parser: argparse.ArgumentParser, commands: Sequence[Command]) -> None:
    """End the parser's --help with the settings, exit codes and examples of `commands`."""
    parser.epilog = epilog(commands)
    parser.formatter_class = Formatter


def columns() -> int:
    """shutil.get_terminal_size().columns, without importing shutil: its archive modules
    cost every run 4 ms."""
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
    """argparse's formatter for a raw epilog, sized as argparse sizes it. argparse makes one per
    add_argument, so every parser is built with it (formatter_class=Formatter): the default one
    would import shutil."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            width = columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose errors suggest what was meant: a misspelt command or option
    gets "did you mean" with the closest names it takes (difflib, as git and pip do).
    `commands`: the parser of each command, by name (cli.parser fills it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands: dict[str, argparse.ArgumentParser] = {}

    def error(self, message: str) -> NoReturn:
        super().error(message + suggestion(message, list(self._option_string_actions)))


# argparse's words for the two mistakes a suggestion helps with.
CHOICE_RE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)$")
UNKNOWN_RE = re.compile(r'unrecognized arguments: (.*)$')


def suggestion(message: str, flags: Sequence[str]) -> str:
    """' (did you mean X?)' for an argparse error about a misspelt name, else ''."""
    import difflib

    choice, unknown = CHOICE_RE.search(message), UNKNOWN_RE.search(message)
    if choice:
        names = [n.strip("' ") for n in choice[2].split(',')]
        close = difflib.get_close_matches(choice[1], names, 3, 0.6)
    elif unknown:
        given = [w.split('=')[0] for w in unknown[1].split() if w.startswith('-')]
        close = [m for w in given for m in difflib.get_close_matches(w, flags, 1, 0.6)]
    else:
        close = []
    return f' (did you mean {" or ".join(dict.fromkeys(close))}?)' if close else ''
