"""A command line people know (issue 45.6): -q and -v on every command, a usage error prints the
command's own usage, a misspelt name gets "did you mean", a passing hook says what it read."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_gate.cli import parser
from memory_gate.commands import COMMANDS
from memory_gate.usage import suggestion
from tests.conftest import git, run, say, write_jsonl

NAMES = [c.name for c in COMMANDS]


@pytest.mark.parametrize('command', NAMES)
def test_every_command_takes_q_and_v(command: str) -> None:
    text = parser(command).commands[command].format_help()
    assert '-q, --quiet' in text and '-v, --verbose' in text
    for flag, level in (('-q', -1), ('-v', 1), ('--verbose', 1)):
        given = [flag, 't.jsonl'] if command in ('build', 'scrub') else [flag]
        parsed = parser(command).commands[command].parse_known_args(given)[0]
        assert parsed.verbosity == level


def test_q_and_v_together_is_a_usage_error(tmp_path: Path) -> None:
    done = run(tmp_path, 'build', '-q', '-v', 't.jsonl')
    assert done.returncode == 2 and 'not allowed with argument' in done.stderr


def test_an_unknown_flag_prints_the_commands_own_usage_and_what_was_meant(tmp_path: Path) -> None:
    done = run(tmp_path, 'build', 't.jsonl', '--stat')
    assert done.returncode == 2 and done.stdout == ''
    assert done.stderr.startswith('usage: memory-gate build ')
    assert done.stderr.endswith(
        'memory-gate build: error: unrecognized arguments: --stat (did you mean --stats?)\n')
    done = run(tmp_path, 'review', '--tkae', '1')
    assert done.stderr.startswith('usage: memory-gate review ')
    assert done.stderr.endswith('(did you mean --take?)\n')


def test_a_misspelt_command_gets_did_you_mean(tmp_path: Path) -> None:
    done = run(tmp_path, 'biuld', 't.jsonl')
    assert done.returncode == 2
    assert done.stderr.endswith('(did you mean build?)\n')


@pytest.mark.parametrize('message, said', [
    ("argument command: invalid choice: 'colect' (choose from 'build', 'collect')",
     ' (did you mean collect?)'),
    ("argument command: invalid choice: 'colect' (choose from build, collect)",  # Python 3.12.8+
     ' (did you mean collect?)'),
    ("argument command: invalid choice: 'zzz' (choose from 'build', 'collect')", ''),
    ('unrecognized arguments: --dry-rn x', ' (did you mean --dry-run?)'),
    ('unrecognized arguments: --memroy=A.md', ' (did you mean --memory?)'),
    ('unrecognized arguments: extra', ''),
    ('the following arguments are required: TRANSCRIPT', ''),
])
def test_suggestion(message: str, said: str) -> None:
    assert suggestion(message, ['--dry-run', '--memory', '--max-add', '-h']) == said


@pytest.fixture
def session(repo: Path) -> Path:
    (repo / 'AGENTS.md').write_text('# Memory\n')
    write_jsonl(repo / 's.jsonl', say('user', 'Can you look at the failing test?'),
                say('assistant', 'The fixture was stale; fixed.'))
    git(repo, 'add', '.')
    return repo


def test_v_says_what_was_read_and_q_says_nothing_on_a_pass(session: Path) -> None:
    done = run(session, 'build', '-v', 's.jsonl')
    assert done.returncode == 0 and done.stdout == ''
    assert done.stderr == ('memory-gate: read s.jsonl (simple): 2 lines, 2 turns of people, '
                           '2 sentences, 1 with a signal, 0 proposed\n')
    assert run(session, 'build', 's.jsonl').stderr == ''
    passed = run(session, 'hook', 's.jsonl')
    assert passed.returncode == 0 and passed.stdout == ''
    assert passed.stderr == ('memory-gate: read 1 transcript(s): 2 lines, 2 turns of people, '
                             '2 sentences, 1 with a signal, 0 proposed; nothing pending for '
                             'AGENTS.md\n')
    quiet = run(session, 'hook', '-q', 's.jsonl')
    assert quiet.returncode == 0 and quiet.stdout + quiet.stderr == ''


def test_q_leaves_out_what_is_no_problem(session: Path) -> None:
    assert run(session, 'decline', '--pending').stdout == 'memory-gate: no pending proposals\n'
    assert run(session, 'decline', '--pending', '-q').stdout == ''
    assert run(session, 'review', '-q', '--take', 'all').stdout == ''
    assert 'redacted 0 credential(s) in 1 file(s)' in run(session, 'scrub', 's.jsonl').stderr
    assert run(session, 'scrub', '-q', 's.jsonl').stderr == ''
