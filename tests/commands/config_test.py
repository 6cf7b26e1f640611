from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from memory_gate.cli import parser
from memory_gate.commands import COMMANDS
from memory_gate.config import ConfigError, load_pyproject, settings_from
from memory_gate.options import (
    COLOR,
    HEADING,
    HOME,
    OPTIONS,
    PATH,
    ROLES,
    RULES,
    SCORE,
    SECRETS,
    VALUES,
    WHOLE,
    Kind,
    Option,
)
from memory_gate.reading.records import Settings
from tests.conftest import run, say, write_jsonl


def args(*argv: str) -> argparse.Namespace:
    return parser().parse_args(['build', 't.jsonl', *argv])


def test_defaults() -> None:
    settings = settings_from(args(), {})
    lengths = (settings.memory, settings.max_add, settings.min_length, settings.max_length)
    assert lengths == ('AGENTS.md', 10, 20, 300)
    assert settings.roles == {'user', 'assistant'}
    assert settings.ledger == '.memory-gate-declined.txt'


def test_command_line_wins_over_pyproject_which_wins_over_defaults() -> None:
    table = {'memory': 'CLAUDE.md', 'max-add': 20, 'min-length': 15, 'roles': ['user']}
    settings = settings_from(args('--max-add', '5'), table)
    got = (settings.memory, settings.max_add, settings.min_length, settings.roles)
    assert got == ('CLAUDE.md', 5, 15, frozenset({'user'}))


def test_team_rules_come_first_and_keep_their_names() -> None:
    table = {
        'signal': {'adr': {'kind': 'decision', 'pattern': r'\bADR-\d+ accepted'}},
        'noise': {'bot': r'^\[bot\]'},
    }
    argv = args('--signal', r'constraint:sla=\bp99 under \d+ ms\b', '--noise', 'wip=^WIP')
    settings = settings_from(argv, table)
    assert [r.name for r in settings.signal_rules[:2]] == ['adr', 'sla']
    assert [r.name for r in settings.noise_rules[:2]] == ['bot', 'wip']


@pytest.mark.parametrize(('argv', 'table', 'message'), [
    (['--signal', 'decision:broken=('], {}, "--signal rule 'broken': bad pattern '(': "),
    (['--signal', 'nokind=x'], {}, "--signal 'nokind=x': expected KIND:NAME=REGEX"),
    (['--signal', 'opinion:x=y'], {}, "--signal rule 'x': unknown kind 'opinion'"),
    (['--noise', 'broken=[a-'], {}, "--noise rule 'broken': bad pattern '[a-': "),
    ([], {'signal': {'adr': {'kind': 'decision', 'pattern': '('}}},
     "pyproject.toml [tool.memory-gate.signal] rule 'adr': bad pattern '(': "),
    ([], {'signal': {'adr': 'x'}}, "pyproject.toml [tool.memory-gate.signal] rule 'adr': expected"),
    ([], {'signal': {'adr': {'kind': 'decision', 'patern': 'x'}}},
     "pyproject.toml [tool.memory-gate.signal] rule 'adr': unknown setting 'patern'; "
     "did you mean 'pattern'?"),
    ([], {'noise': {'bot': 3}}, "pyproject.toml [tool.memory-gate.noise] rule 'bot': expected"),
    ([], {'noise': 'x'},
     "pyproject.toml [tool.memory-gate] noise: expected a table of rules, got 'x'"),
    (['--max-add', '-1'], {}, '--max-add -1: expected a whole number >= 0'),
    ([], {'max-add': 'ten'},
     "pyproject.toml [tool.memory-gate] max-add: expected a whole number >= 0, got 'ten'"),
    ([], {'max-add': True},
     'pyproject.toml [tool.memory-gate] max-add: expected a whole number >= 0, got True'),
    ([], {'memory': 3}, 'pyproject.toml [tool.memory-gate] memory: expected a path, got 3'),
    ([], {'roles': ['user', 'robot']},
     'pyproject.toml [tool.memory-gate] roles: expected user and/or assistant'),
    (['--roles', 'user,robot'], {}, '--roles user,robot: expected user and/or assistant'),
    ([], {'max_add': 2},
     "pyproject.toml [tool.memory-gate]: unknown setting 'max_add'; did you mean 'max-add'?"),
    ([], {'memroy': 'CLAUDE.md'},
     "pyproject.toml [tool.memory-gate]: unknown setting 'memroy'; did you mean 'memory'?"),
    ([], {'signals': {}},
     "pyproject.toml [tool.memory-gate]: unknown setting 'signals'; did you mean 'signal'?"),
    ([], {'color': 'sometimes'},
     "pyproject.toml [tool.memory-gate] color: expected auto, always or never, got 'sometimes'"),
    (['--color', 'red'], {}, '--color red: expected auto, always or never'),
    ([], {'zzz': 1},
     "pyproject.toml [tool.memory-gate]: unknown setting 'zzz'; "
     'expected one of memory, ledger, max-add,'),
])
def test_bad_settings_are_one_line(argv: list[str], table: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as info:
        settings_from(args(*argv), table)
    assert str(info.value).startswith(message) and '\n' not in str(info.value)


# For each kind of setting: (argument text, the same value in pyproject.toml).
SAMPLES: dict[Kind, tuple[str, object]] = {
    WHOLE: ('70', 70),
    PATH: ('X.md', 'X.md'),
    ROLES: ('user', ['user']),
    VALUES: ('K', ['K']),
    SCORE: ('0.9', 0.9),
    COLOR: ('never', 'never'),
    HEADING: ('## Decisions', '## Decisions'),
    SECRETS: ('warn', 'warn'),
    HOME: ('mask', 'mask'),
}


@pytest.mark.parametrize('option', OPTIONS, ids=lambda o: o.name)
def test_every_setting_has_one_name_in_args_and_pyproject(option: Option) -> None:
    """--NAME in args: and NAME in [tool.memory-gate] set the same thing, for every command."""
    value: object
    if option.kind is RULES:
        text = 'decision:x=y' if option.name == 'signal' else 'x=y'
        value = {'x': {'kind': 'decision', 'pattern': 'y'}}
    else:
        text, value = SAMPLES[option.kind]
    for command in (c.name for c in COMMANDS if option.name in c.options):
        # collect and garden take no positional argument
        head = [command] if command in ('collect', 'garden') else [command, 'x']
        from_args = settings_from(parser(command).parse_args([*head, '--' + option.name, text]), {})
        from_table = settings_from(parser(command).parse_args(head), {option.name: value})
        assert from_args == from_table != Settings()


def test_abbreviated_options_are_usage_errors() -> None:
    with pytest.raises(SystemExit) as info:
        parser().parse_args(['build', 't.jsonl', '--mem', 'X.md'])
    assert info.value.code == 2


def test_load_pyproject(tmp_path: Path) -> None:
    assert load_pyproject(str(tmp_path)) == {}
    (tmp_path / 'pyproject.toml').write_text('[tool.black]\nline-length = 100\n')
    assert load_pyproject(str(tmp_path)) == {}
    (tmp_path / 'pyproject.toml').write_text('[tool.memory-gate]\nmemory = "CLAUDE.md"\n')
    assert load_pyproject(str(tmp_path)) == {'memory': 'CLAUDE.md'}
    (tmp_path / 'pyproject.toml').write_text('[tool.memory-gate\nbroken')
    with pytest.raises(ConfigError, match='pyproject.toml'):
        load_pyproject(str(tmp_path))



@pytest.mark.parametrize('toml', [
    '[tool."memory-gate"]\nmax-add = 3\n',
    "[ tool . 'memory-gate' ]\nmax-add = 3\n",
    '[tool]\nmemory-gate = { max-add = 3 }\n',
    '[tool]\n"memory-gate".max-add = 3\n',
    'tool.memory-gate.max-add = 3\n',
    '[tool.memory-gate.signal]\n[tool.memory-gate]\nmax-add = 3\n',
])
def test_every_way_of_writing_the_table_is_read(tmp_path: Path, toml: str) -> None:
    (tmp_path / 'pyproject.toml').write_text(toml + '[tool.ruff]\nline-length = 100\n')
    assert load_pyproject(str(tmp_path))['max-add'] == 3


def test_a_pyproject_naming_memory_gate_only_as_a_path_or_dependency_is_not_parsed(
        tmp_path: Path) -> None:
    """The TOML parser's import (about 5 ms of start-up) only where the name is a key."""
    (tmp_path / 'pyproject.toml').write_text(
        '[project]\ndependencies = ["memory-gate>=0.1", "x"]\n'
        '[tool.ruff.lint.per-file-ignores]\n"memory_gate/reading/rules/cues.py" = ["E501"]\n'
        '[tool.ruff.lint.isort]\nknown-first-party = ["memory_gate", "tests"]\n')
    code = ('import sys; from memory_gate.config import load_pyproject; '
            f'assert load_pyproject({str(tmp_path)!r}) == {{}}; '
            'print(sorted({"tomllib", "tomli"} & set(sys.modules)))')
    done = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, '[]\n', '')

@pytest.mark.parametrize(('toml', 'message'), [
    ('max_add = 2', "unknown setting 'max_add'; did you mean 'max-add'?"),
    ('memroy = "CLAUDE.md"', "unknown setting 'memroy'; did you mean 'memory'?"),
    ('max-add = "2"', "max-add: expected a whole number >= 0, got '2'"),
])
def test_mistyped_pyproject_is_one_line_and_exit_2(repo: Path, toml: str, message: str) -> None:
    (repo / 'pyproject.toml').write_text(f'[tool.memory-gate]\n{toml}\n')
    write_jsonl(repo / 't.jsonl', say('user', 'Never push directly to main.'))
    for command in ('build', 'hook'):
        done = run(repo, command, 't.jsonl')
        assert (done.returncode, done.stdout) == (2, '')
        assert done.stderr.startswith('memory-gate: pyproject.toml [tool.memory-gate]')
        assert done.stderr.endswith(message + '\n')
        assert done.stderr.count('\n') == 1


@pytest.mark.parametrize(('argv', 'table', 'message'), [
    (['--min-length', '400'], {}, 'min-length 400 is above max-length 300: nothing could be'),
    ([], {'max-length': 10}, 'min-length 20 is above max-length 10: nothing could be'),
    (['--memory', 's.jsonl'], {}, '--memory s.jsonl: is a transcript or a proposal, not a memory'),
    (['--ledger', 'AGENTS.md'], {}, 'ledger AGENTS.md: is the memory file AGENTS.md; memory-gate'),
    ([], {'ledger': './AGENTS.md'},
     'ledger ./AGENTS.md: is the memory file AGENTS.md; memory-gate'),
    (['--allowlist', 'CLAUDE.md', '--memory', 'CLAUDE.md'], {},
     'allowlist CLAUDE.md: is the memory'),
])
def test_settings_that_would_pass_every_commit_unjudged_are_errors(
        argv: list[str], table: dict[str, object], message: str) -> None:
    """Issue 21.8: each of these made the gate propose nothing, forever, without a word."""
    with pytest.raises(ConfigError, match=re.escape(message)):
        settings_from(args(*argv), table)


@pytest.mark.parametrize('name', ['memory_gate', 'memorygate', 'Memory-Gate'])
def test_a_misspelt_table_is_named_not_ignored(tmp_path: Path, name: str) -> None:
    (tmp_path / 'pyproject.toml').write_text(f'[tool.{name}]\nmax-add = 3\n')
    message = f'[tool.{name}] is not read; name it [tool.memory-gate]'
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_pyproject(str(tmp_path))


def test_paths_from_pyproject_and_defaults_are_from_the_repository_root(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21.4: run from a subdirectory, the ledger and memory file are the repository's;
    a path typed on the command line is from where it is typed."""
    (tmp_path / 'sub').mkdir()
    monkeypatch.chdir(tmp_path / 'sub')
    root = str(tmp_path)
    settings = settings_from(args(), {}, root)
    assert (settings.memory, settings.ledger) == ('../AGENTS.md', '../.memory-gate-declined.txt')
    assert settings_from(args(), {'memory': 'docs/M.md'}, root).memory == '../docs/M.md'
    assert settings_from(args('--memory', 'M.md'), {'memory': 'docs/M.md'}, root).memory == 'M.md'
