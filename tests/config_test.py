from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from memory_gate.cli import parser
from memory_gate.config import ConfigError, load_pyproject, settings_from


def args(*argv: str) -> argparse.Namespace:
    return parser().parse_args(['build', 't.jsonl', *argv])


def test_defaults() -> None:
    settings = settings_from(args(), {})
    assert (settings.memory, settings.max_add, settings.min_length, settings.max_length) == ('AGENTS.md', 10, 20, 300)
    assert settings.roles == {'user', 'assistant'} and settings.ledger == '.memory-gate-declined.txt'


def test_command_line_wins_over_pyproject_which_wins_over_defaults() -> None:
    table = {'memory': 'CLAUDE.md', 'max-add': 20, 'min-length': 15, 'roles': ['user']}
    settings = settings_from(args('--max-add', '5'), table)
    assert (settings.memory, settings.max_add, settings.min_length, settings.roles) == ('CLAUDE.md', 5, 15, frozenset({'user'}))


def test_team_rules_come_first_and_keep_their_names() -> None:
    table = {'signal': {'adr': {'kind': 'decision', 'pattern': r'\bADR-\d+ accepted'}}, 'noise': {'bot': r'^\[bot\]'}}
    settings = settings_from(args('--signal', r'constraint:sla=\bp99 under \d+ ms\b', '--noise', 'wip=^WIP'), table)
    assert [r.name for r in settings.signal_rules[:2]] == ['adr', 'sla']
    assert [r.name for r in settings.noise_rules[:2]] == ['bot', 'wip']


@pytest.mark.parametrize(('argv', 'table', 'message'), [
    (['--signal', 'decision:broken=('], {}, "--signal rule 'broken': bad pattern '(': "),
    (['--signal', 'nokind=x'], {}, "--signal 'nokind=x': expected KIND:NAME=REGEX"),
    (['--signal', 'opinion:x=y'], {}, "--signal rule 'x': unknown kind 'opinion'"),
    (['--noise', 'broken=[a-'], {}, "--noise rule 'broken': bad pattern '[a-': "),
    ([], {'signal': {'adr': {'kind': 'decision', 'pattern': '('}}}, "[tool.memory-gate.signal] rule 'adr': bad pattern '(': "),
    ([], {'signal': {'adr': 'x'}}, "[tool.memory-gate.signal] rule 'adr': expected"),
    ([], {'noise': {'bot': 3}}, "[tool.memory-gate.noise] rule 'bot': expected"),
    (['--max-add', '-1'], {}, 'max-add: expected a whole number >= 0'),
    ([], {'max-add': 'ten'}, 'max-add: expected a whole number >= 0'),
    (['--roles', 'user,robot'], {}, 'roles: expected user and/or assistant'),
])
def test_bad_settings_are_one_line(argv: list[str], table: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as info:
        settings_from(args(*argv), table)
    assert str(info.value).startswith(message) and '\n' not in str(info.value)


def test_load_pyproject(tmp_path: Path) -> None:
    assert load_pyproject(str(tmp_path)) == {}
    (tmp_path / 'pyproject.toml').write_text('[tool.black]\nline-length = 100\n')
    assert load_pyproject(str(tmp_path)) == {}
    (tmp_path / 'pyproject.toml').write_text('[tool.memory-gate]\nmemory = "CLAUDE.md"\n')
    assert load_pyproject(str(tmp_path)) == {'memory': 'CLAUDE.md'}
    (tmp_path / 'pyproject.toml').write_text('[tool.memory-gate\nbroken')
    with pytest.raises(ConfigError, match='pyproject.toml'):
        load_pyproject(str(tmp_path))
