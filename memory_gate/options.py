"""Every setting, once: its name, how it is written and checked (its Kind), its --NAME.

One name per setting, the same in the command line (--max-add), in pyproject.toml's
[tool.memory-gate] (max-add) and in records.Settings (max_add). Where the values come from,
and which wins, is config.py.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Collection, Mapping, Sequence

from memory_gate import color
from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.reading.records import Settings

if TYPE_CHECKING:
    from typing import Any


class Kind(NamedTuple):
    """How a setting is written; the same check holds in pyproject.toml and in args:."""

    what: str  # what the error message says is expected
    valid: Callable[[Any], bool]  # a value from pyproject.toml, or an argument once parsed
    parse: Callable[[str], Any] = str  # the argument's text -> value (argparse type=)
    setting: Callable[[Any], Any] = lambda value: value  # value -> the Settings field
    show: Callable[[Any], str] = str  # the Settings default, for --help


def names(value: str | Sequence[str]) -> list[str]:
    return [n.strip() for n in value.split(',')] if isinstance(value, str) else list(value)


def is_roles(value: Any) -> bool:
    if not isinstance(value, (str, list)) or not all(isinstance(n, str) for n in value):
        return False
    return 0 < len(names(value)) and set(names(value)) <= {'user', 'assistant'}


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def is_score(value: Any) -> bool:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number and 0 <= value <= 1


def is_strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(s, str) for s in value)


WHOLE = Kind('a whole number >= 0', is_whole, int)
PATH = Kind('a path', lambda v: isinstance(v, str) and v != '')
ROLES = Kind('user and/or assistant, as "user,assistant" or a list', is_roles,
             setting=lambda v: frozenset(names(v)),
             show=lambda v: ','.join(sorted(v, reverse=True)))
SCORE = Kind('a score from 0 to 1', is_score, float)
# --signal/--noise repeat; the table adds to them
RULES = Kind('a table of rules', lambda v: isinstance(v, Mapping))
HEADING = Kind('one line of text, a heading like "## Decisions"',
               lambda v: isinstance(v, str) and v.strip() != '' and '\n' not in v and '\r' not in v,
               show=lambda v: v or 'the end of the file')
COLOR = Kind('auto, always or never', lambda v: v in color.CHOICES)
SECRETS = Kind('block or warn', lambda v: v in ('block', 'warn'))
HOME = Kind('keep or mask', lambda v: v in ('keep', 'mask'))
VALUES = Kind('a list of strings', is_strings,  # repeatable
              setting=lambda v: frozenset(s for s in v if s),
              show=lambda v: ', '.join(sorted(v)) or 'none')


class Option(NamedTuple):
    """One setting, one name: --NAME in args:, NAME in [tool.memory-gate], Settings.NAME
    (with _ for -)."""

    name: str
    kind: Kind
    metavar: str
    help: str

    @property
    def field(self) -> str:
        return self.name.replace('-', '_')


# Every setting, once. Adding one is a line here, a field (with its default) in records.Settings,
# and its name in the options of the commands that take it (commands.COMMANDS). Every key is
# valid in pyproject.toml, whichever commands take it.
OPTIONS = (
    Option('memory', PATH, 'PATH', 'memory file the proposals append to'),
    Option('ledger', PATH, 'PATH', 'ledger of declined bullets'),
    Option('max-add', WHOLE, 'N', 'propose at most N bullets (per transcript in the hook); an'
           " agent's Memory: lines are never held back"),
    Option('min-length', WHOLE, 'N', 'shortest sentence kept, in Latin-equivalent characters'),
    Option('max-length', WHOLE, 'N', 'longest sentence kept, in Latin-equivalent characters'),
    Option('budget', WHOLE, 'BYTES', 'warn when the memory file would grow past this'),
    Option('heading', HEADING, 'TEXT',
           'the heading bullets go under, added when missing (unset: the end of the file)'),
    Option('roles', ROLES, 'ROLES', 'whose words to mine, comma-separated'),
    Option('threshold', SCORE, 'SCORE', 'the score a candidate needs to be proposed'),
    Option('signal', RULES, 'KIND:NAME=REGEX', 'add a signal rule (repeatable)'),
    Option('noise', RULES, 'NAME=REGEX', 'add a noise rule (repeatable)'),
    Option('allow-secrets', VALUES, 'VALUE',
           'a public value (a documented test key) never withheld (repeatable)'),
    Option('allowlist', PATH, 'PATH',
           'findings in transcripts reviewed as no secret (memory-gate scrub --allow writes it)'),
    Option('secrets', SECRETS, 'WHAT',
           'a credential in a staged transcript: block the commit, or warn and let it pass'),
    Option('color', COLOR, 'WHEN',
           'colour the diff and the review: always, never, or auto: on a terminal unless NO_COLOR '
           'is set (pre-commit gives hooks one when its own colour is on)'),
    Option('transcripts-folder', PATH, 'DIR', 'the folder collect copies sessions to'),
    Option('home-in-copies', HOME, 'WHAT',
           "your home folder's path and your user name in collected copies: keep them, or mask "
           'them as ~ and <user>'),
    Option('ask-after-prompts', WHOLE, 'N',
           'agent-hook asks for Memory: lines after N prompts since it last asked'),
    Option('ask-after-tools', WHOLE, 'N', '... or after N tool calls'),
)
BY_NAME = {option.name: option for option in OPTIONS}


def add_arguments(parser: argparse.ArgumentParser, taken: Collection[str],
                  accepted: Collection[str] = ()) -> None:
    """The settings named in `taken` as options, in OPTIONS order, and those in `accepted`
    too, unlisted in --help; unset ones are None, so pyproject.toml and defaults apply."""
    parser.allow_abbrev = False  # one name per setting: --mem is not --memory
    defaults = Settings._field_defaults
    for o in (o for o in OPTIONS if o.name in taken or o.name in accepted):
        flag = '--' + o.name
        if o.kind in (RULES, VALUES):
            text = o.help
        else:
            text = f'{o.help} (default: {o.kind.show(defaults[o.field])})'
        if o.name not in taken:
            text = argparse.SUPPRESS
        if o.kind in (RULES, VALUES):
            parser.add_argument(flag, action='append', metavar=o.metavar, help=text)
        else:
            parser.add_argument(flag, type=o.kind.parse, metavar=o.metavar, help=text)
