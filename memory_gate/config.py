"""Settings from the repository's pyproject.toml ([tool.memory-gate]) and the command line.

Precedence: built-in defaults < pyproject.toml < command-line options. Team rules
come before the built-in ones, so they name the proposals they pick.

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
from collections.abc import Mapping
from typing import Any

from memory_gate.patterns import KINDS, Rule
from memory_gate.pipeline import Settings


class ConfigError(Exception):
    """A bad option or pattern; str() is the one-line message."""


def make_rule(name: str, kind: str, pattern: object, where: str) -> Rule:
    if not isinstance(pattern, str):
        raise ConfigError(f'{where} rule {name!r}: the pattern must be a string')
    if kind not in KINDS + ('noise',):
        raise ConfigError(f'{where} rule {name!r}: unknown kind {kind!r} (one of {", ".join(KINDS)})')
    try:
        re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        raise ConfigError(f'{where} rule {name!r}: bad pattern {pattern!r}: {exc}') from None
    return Rule(name, kind, '(?i)' + pattern)


def parse_rule_arg(text: str, noise: bool) -> Rule:
    """--signal KIND:NAME=REGEX or --noise NAME=REGEX."""
    head, sep, pattern = text.partition('=')
    kind, _, name = head.rpartition(':') if not noise else ('noise', '', head)
    if not sep or not name or (not noise and not kind):
        form = 'NAME=REGEX' if noise else 'KIND:NAME=REGEX'
        raise ConfigError(f'--{"noise" if noise else "signal"} {text!r}: expected {form}')
    return make_rule(name, kind, pattern, '--noise' if noise else '--signal')


def table_rules(table: Any, noise: bool, where: str) -> list[Rule]:
    if not isinstance(table, Mapping):
        raise ConfigError(f'{where}: expected a table of NAME = pattern')
    rules = []
    for name, value in table.items():
        if isinstance(value, Mapping):
            rules.append(make_rule(name, 'noise' if noise else value.get('kind', ''), value.get('pattern'), where))
        elif noise and isinstance(value, str):
            rules.append(make_rule(name, 'noise', value, where))
        else:
            raise ConfigError(f'{where} rule {name!r}: expected {{ kind = "...", pattern = "..." }}')
    return rules


def load_pyproject(root: str) -> dict[str, Any]:
    """The [tool.memory-gate] table of root/pyproject.toml, or {} when there is none."""
    path = os.path.join(root, 'pyproject.toml')
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        return {}
    if b'memory-gate' not in data:  # most projects: no table, no TOML parser to import
        return {}
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python < 3.11 reads pyproject.toml only when tomli is installed
        try:
            import tomli as tomllib
        except ImportError:  # installed without its dependencies: say so rather than ignore the team's rules
            raise ConfigError(f'{path}: has [tool.memory-gate] but this Python cannot read TOML; pip install tomli') from None
    try:
        table = tomllib.loads(data.decode('utf-8')).get('tool', {}).get('memory-gate', {})
    except (UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f'{path}: {exc}') from None
    if not isinstance(table, dict):
        raise ConfigError(f'{path}: [tool.memory-gate] must be a table')
    return table


def settings_from(args: argparse.Namespace, table: Mapping[str, Any]) -> Settings:
    """One immutable Settings from pyproject values and parsed arguments."""
    def pick(name: str, key: str, default: Any) -> Any:
        value = getattr(args, name, None)
        return value if value is not None else table.get(key, default)

    base = Settings()
    signal = table_rules(table.get('signal', {}), False, '[tool.memory-gate.signal]')
    noise = table_rules(table.get('noise', {}), True, '[tool.memory-gate.noise]')
    signal += [parse_rule_arg(t, False) for t in getattr(args, 'signal', None) or ()]
    noise += [parse_rule_arg(t, True) for t in getattr(args, 'noise', None) or ()]
    roles = pick('roles', 'roles', None)
    if isinstance(roles, str):
        roles = roles.split(',')
    settings = base._replace(
        memory=str(pick('memory', 'memory', base.memory)),
        ledger=str(pick('ledger', 'ledger', base.ledger)),
        max_add=pick('max_add', 'max-add', base.max_add),
        min_length=pick('min_length', 'min-length', base.min_length),
        max_length=pick('max_length', 'max-length', base.max_length),
        budget=pick('budget', 'budget', base.budget),
        roles=frozenset(r.strip() for r in roles) if roles else base.roles,
        signal_rules=tuple(signal) + base.signal_rules,
        noise_rules=tuple(noise) + base.noise_rules,
    )
    for name in ('max_add', 'min_length', 'max_length', 'budget'):
        if not isinstance(getattr(settings, name), int) or getattr(settings, name) < 0:
            raise ConfigError(f'{name.replace("_", "-")}: expected a whole number >= 0')
    if not settings.roles <= {'user', 'assistant'}:
        raise ConfigError(f'roles: expected user and/or assistant, got {",".join(sorted(settings.roles))}')
    return settings
