"""Settings from the repository's pyproject.toml ([tool.memory-gate]) and the command line.

Precedence: built-in defaults < pyproject.toml < command-line options. Every setting has
one name, the same in both (options.OPTIONS, which also says how each is written); an
unknown key or a value of the wrong type is a one-line error naming the nearest valid key.
Team rules come before the built-in ones, so they name the proposals they pick.

    [tool.memory-gate]
    memory = "AGENTS.md"
    max-add = 20
    [tool.memory-gate.signal]
    adr = { kind = "decision", pattern = "\\\\bADR-\\\\d+ (?:accepted|approved)\\\\b" }
    [tool.memory-gate.noise]
    bot = "^\\\\[bot\\\\]"
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.options import BY_NAME, OPTIONS, PATH, RULES, Option
from memory_gate.reading.records import Settings
from memory_gate.reading.rules.patterns import KINDS, Rule

if TYPE_CHECKING:
    from typing import Any

WHERE = 'pyproject.toml [tool.memory-gate]'
# memory-gate's name written as a key ([tool.memory-gate], tool."memory-gate".x =, a header
# cut short): the name then a quote, spaces, and '.', '=', ']' or the line's end. Must catch:
# '[tool.memory_gate]' (named, not read: an error); must not: '"memory_gate/x.py" = ["E501"]',
# a dependency "memory-gate>=0.1",: there the TOML parser's import (about 5 ms) is saved.
NAMED_RE = rb'(?im)memory[-_.]?gate[-_.]*["\']?\s*(?:[.=\]]|$)'


class ConfigError(Exception):
    """A bad option or pattern; str() is the one-line message."""


def unknown(key: str, valid: Sequence[str], where: str) -> ConfigError:
    """The one-line error for a misspelt key, naming the nearest valid one."""
    import difflib  # only for a mistyped key: kept off every run's start-up

    near = difflib.get_close_matches(key, valid, n=1)
    hint = f'did you mean {near[0]!r}?' if near else f'expected one of {", ".join(valid)}'
    return ConfigError(f'{where}: unknown setting {key!r}; {hint}')


def check_table(table: Mapping[str, Any]) -> None:
    """Every key of [tool.memory-gate] is a setting, with a value of its kind."""
    for key, value in table.items():
        option = BY_NAME.get(key)
        if option is None:
            raise unknown(key, list(BY_NAME), WHERE)
        if not option.kind.valid(value):
            raise ConfigError(f'{WHERE} {key}: expected {option.kind.what}, got {value!r}')


def make_rule(name: str, kind: str, pattern: object, where: str) -> Rule:
    if not isinstance(pattern, str):
        raise ConfigError(f'{where} rule {name!r}: the pattern must be a string')
    if kind not in KINDS + ('noise',):
        known = ', '.join(KINDS)
        raise ConfigError(f'{where} rule {name!r}: unknown kind {kind!r} (one of {known})')
    try:
        re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise ConfigError(f'{where} rule {name!r}: bad pattern {pattern!r}: {exc}') from None
    return Rule(name, kind, '(?i)' + pattern, own=True)


def parse_rule_arg(text: str, noise: bool) -> Rule:
    """--signal KIND:NAME=REGEX or --noise NAME=REGEX."""
    head, sep, pattern = text.partition('=')
    kind, _, name = head.rpartition(':') if not noise else ('noise', '', head)
    if not sep or not name or (not noise and not kind):
        form = 'NAME=REGEX' if noise else 'KIND:NAME=REGEX'
        raise ConfigError(f'--{"noise" if noise else "signal"} {text!r}: expected {form}')
    return make_rule(name, kind, pattern, '--noise' if noise else '--signal')


def table_rules(table: Mapping[str, Any], noise: bool, where: str) -> list[Rule]:
    rules = []
    for name, value in table.items():
        if isinstance(value, Mapping):
            for key in set(value) - {'kind', 'pattern'}:
                fields = ['pattern'] if noise else ['kind', 'pattern']
                raise unknown(key, fields, f'{where} rule {name!r}')
            kind = 'noise' if noise else value.get('kind', '')
            rules.append(make_rule(name, kind, value.get('pattern'), where))
        elif noise and isinstance(value, str):
            rules.append(make_rule(name, 'noise', value, where))
        else:
            form = '{ kind = "...", pattern = "..." }'
            raise ConfigError(f'{where} rule {name!r}: expected {form}')
    return rules


def load_pyproject(root: str) -> dict[str, Any]:
    """The [tool.memory-gate] table of root/pyproject.toml, or {} when there is none."""
    from memory_gate.base.files import InputError, open_regular

    path = os.path.join(root, 'pyproject.toml')
    try:
        with open_regular(path) as f:  # a FIFO or a device is named, never read
            data = f.read()
    except InputError as exc:
        raise ConfigError(f'{path}: {exc}') from None
    except OSError:
        return {}
    if not re.search(NAMED_RE, data):  # most projects: no TOML parser to import
        return {}
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python < 3.11 reads pyproject.toml only when tomli is installed
        try:
            import tomli as tomllib
        except ImportError:  # installed without its dependencies: say so, never ignore the rules
            raise ConfigError(f'{path}: has [tool.memory-gate] but this Python cannot read TOML; '
                              'pip install tomli') from None
    try:
        tool = tomllib.loads(data.decode('utf-8')).get('tool', {})
    except (UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f'{path}: {exc}') from None
    for key in tool:  # [tool.memory_gate] would be ignored without a word
        if key != 'memory-gate' and re.sub(r'[-_.]', '', key.lower()) == 'memorygate':
            raise ConfigError(f'{path}: [tool.{key}] is not read; name it [tool.memory-gate]')
    table = tool.get('memory-gate', {})
    if not isinstance(table, dict):
        raise ConfigError(f'{path}: [tool.memory-gate] must be a table')
    return table


def setting(option: Option, args: argparse.Namespace, table: Mapping[str, Any]) -> Any:
    """The option's value: the argument if given, else pyproject.toml's (checked already),
    else None."""
    value = getattr(args, option.field, None)
    if value is None:
        return table.get(option.name)
    if not option.kind.valid(value):
        raise ConfigError(f'--{option.name} {value}: expected {option.kind.what}')
    return value


def at_root(path: str, root: str) -> str:
    """A path written in pyproject.toml, or a default, which is relative to the repository root
    `root`, as a path from the current directory (unchanged when that is the root)."""
    if os.path.isabs(path) or os.path.abspath(root) == os.getcwd():
        return path
    return os.path.relpath(os.path.join(root, path))


# The files memory-gate itself writes: none may be the memory file, whatever it is called.
WRITTEN = ('ledger', 'allowlist')


def check_values(values: Mapping[str, Any]) -> None:
    """Settings that are each valid but wrong together, or plainly a slip of the args: list."""
    defaults = Settings._field_defaults
    low = values.get('min_length', defaults['min_length'])
    high = values.get('max_length', defaults['max_length'])
    if low > high:
        raise ConfigError(f'min-length {low} is above max-length {high}: nothing could be proposed')
    memory = values.get('memory', defaults['memory'])
    if memory.endswith(('.jsonl', '.memory.diff')):
        raise ConfigError(f'--memory {memory}: is a transcript or a proposal, not a memory file '
                          '(is the value after --memory missing in args:?)')
    for name in WRITTEN:
        written = values.get(name, defaults[name])
        if os.path.realpath(written) == os.path.realpath(memory):
            raise ConfigError(f'{name} {written}: is the memory file {memory}; memory-gate never '
                              'writes the memory file (name another file)')


def settings_from(args: argparse.Namespace, table: Mapping[str, Any], root: str = '.') -> Settings:
    """One immutable Settings: arguments over pyproject.toml values over the defaults. Paths
    given as arguments are from the current directory; those of pyproject.toml and the
    defaults are from the repository root `root`, where pyproject.toml is."""
    check_table(table)
    values: dict[str, Any] = {}
    for option in OPTIONS:
        value = None if option.kind is RULES else setting(option, args, table)
        if value is not None:
            values[option.field] = option.kind.setting(value)
    for option in (o for o in OPTIONS if o.kind is PATH):
        if getattr(args, option.field, None) is None:
            given = str(values.get(option.field, Settings._field_defaults[option.field]))
            values[option.field] = at_root(given, root)
    check_values(values)
    signal = table_rules(table.get('signal', {}), False, WHERE.replace(']', '.signal]'))
    noise = table_rules(table.get('noise', {}), True, WHERE.replace(']', '.noise]'))
    signal += [parse_rule_arg(t, False) for t in getattr(args, 'signal', None) or ()]
    noise += [parse_rule_arg(t, True) for t in getattr(args, 'noise', None) or ()]
    base = Settings()
    return base._replace(**values, signal_rules=tuple(signal) + base.signal_rules,
                         noise_rules=tuple(noise) + base.noise_rules)
