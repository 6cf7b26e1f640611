from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from memory_gate.cli import main
from memory_gate.commands import BY_NAME
from memory_gate.reading.rules import weights
from tests.conftest import git, read_only, run, say, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / 'examples' / 'session.jsonl'
CORE_KEYS = {
    'lines', 'parsed', 'malformed', 'sentences', 'signal', 'dropped_noise', 'dropped_length',
    'proposed', 'already_in_memory',
}


def build(cwd: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return run(cwd, 'build', *args, stdin=stdin)


def test_example_matches_its_expected_diff(tmp_path: Path) -> None:
    shutil.copy(EXAMPLE, tmp_path / 'session.jsonl')
    done = build(tmp_path, 'session.jsonl')
    assert done.returncode == 0, done.stderr
    expected = Path(__file__).parent / 'fixtures' / 'session.expected.diff'
    assert done.stdout == expected.read_text(encoding='utf-8')
    assert done.stderr == ''


def test_python_m_and_console_script_are_the_same_program(tmp_path: Path) -> None:
    shutil.copy(EXAMPLE, tmp_path / 'session.jsonl')
    script = shutil.which('memory-gate')
    if script is None:
        pytest.skip('memory-gate is not installed on PATH')
    console = subprocess.run(
        [script, 'build', 'session.jsonl'], cwd=tmp_path, capture_output=True, text=True
    )
    assert console.stdout == build(tmp_path, 'session.jsonl').stdout


def test_output_is_byte_identical_between_runs(tmp_path: Path) -> None:
    shutil.copy(EXAMPLE, tmp_path / 'session.jsonl')
    first = build(tmp_path, 'session.jsonl', '--json').stdout
    assert first == build(tmp_path, 'session.jsonl', '--json').stdout


def test_stdin_dash(tmp_path: Path) -> None:
    done = build(tmp_path, '-', stdin=EXAMPLE.read_bytes())
    assert done.returncode == 0 and '+- We decided to use Postgres' in done.stdout


def test_nothing_to_propose_prints_nothing(tmp_path: Path) -> None:
    write_jsonl(
        tmp_path / 't.jsonl', say('user', 'hello there'), say('assistant', 'Hi! How can I help?')
    )
    done = build(tmp_path, 't.jsonl')
    assert (done.returncode, done.stdout, done.stderr) == (0, '', '')


def test_json_shape_and_provenance(tmp_path: Path) -> None:
    write_jsonl(
        tmp_path / 't.jsonl',
        say('assistant', 'hello'),
        say('user', 'We decided to vendor the parser library.'),
    )
    done = build(tmp_path, 't.jsonl', '--json')
    data = json.loads(done.stdout)
    assert CORE_KEYS <= set(data['stats'])
    [proposal] = data['proposed']
    assert 0.5 < proposal.pop('score') <= 1
    assert proposal.pop('evidence').startswith('for: an explicit decision or rule "We decided", '
                                                'in the voice of the user')
    assert proposal.pop('threshold') == weights.THRESHOLD
    assert [f['name'] for f in proposal.pop('features')][:2] == ['explicit', 'user']
    assert proposal == {
        'text': 'We decided to vendor the parser library.',
        'source': 't.jsonl',
        'line': 2,
        'role': 'user',
        'rule': 'decided',
        'kind': 'decision',
        'session': None,
        'timestamp': None,
        'message': None,
        'accepted_line': None,
    }


def test_json_always_prints(tmp_path: Path) -> None:
    write_jsonl(tmp_path / 't.jsonl', say('user', 'hello'))
    assert json.loads(build(tmp_path, 't.jsonl', '--json').stdout)['proposed'] == []


def test_stats_go_to_stderr_and_account_for_everything(tmp_path: Path) -> None:
    shutil.copy(EXAMPLE, tmp_path / 'session.jsonl')
    done = build(tmp_path, 'session.jsonl', '--stats')
    assert done.stdout == build(tmp_path, 'session.jsonl').stdout
    pairs = [
        line.split(': ', 1)
        for line in done.stderr.splitlines()
        if not line.startswith('session.jsonl')
    ]
    stats = {k: int(v) for k, v in pairs}
    assert CORE_KEYS <= set(stats)
    read = stats['parsed'] + stats['malformed'] + stats['blank'] + stats['oversized']
    assert stats['lines'] == read
    assert stats['sentences'] == stats['dropped_no_signal'] + stats['signal']
    assert stats['signal'] == sum(stats.get(k, 0) for k in (
        'dropped_noise', 'dropped_length', 'withheld_secret', 'duplicate', 'already_in_memory',
        'declined', 'already_proposed', 'held_back', 'proposed', 'below_threshold', 'not_accepted'))
    assert stats['dropped_noise'] == sum(v for k, v in stats.items() if k.startswith('noise:'))
    by_rule = sum(v for k, v in stats.items() if k.startswith('rule:'))
    assert stats['proposed'] == by_rule - stats['held_back']


def test_several_transcripts_are_judged_together(tmp_path: Path) -> None:
    write_jsonl(tmp_path / 'a.jsonl', say('user', 'We decided to vendor the parser library.'))
    write_jsonl(tmp_path / 'b.jsonl', say('user', 'we decided to vendor the  parser library'),
                say('user', 'Never push directly to main.'))
    data = json.loads(build(tmp_path, 'a.jsonl', 'b.jsonl', '--json').stdout)
    assert [(p['source'], p['line']) for p in data['proposed']] == [('a.jsonl', 1), ('b.jsonl', 2)]
    assert data['stats']['duplicate'] == 1


def test_max_add_caps_and_counts(tmp_path: Path) -> None:
    write_jsonl(
        tmp_path / 't.jsonl',
        *(say('user', f'Never deploy service number {i} on a Friday.') for i in range(5)),
    )
    data = json.loads(build(tmp_path, 't.jsonl', '--json', '--max-add', '2').stdout)
    assert len(data['proposed']) == 2 and data['stats']['held_back'] == 3


def test_already_in_memory_is_skipped(tmp_path: Path) -> None:
    (tmp_path / 'AGENTS.md').write_text('# Memory\n  * never push directly to MAIN\n')
    write_jsonl(tmp_path / 't.jsonl', say('user', 'Never push directly to main.'))
    data = json.loads(build(tmp_path, 't.jsonl', '--json').stdout)
    assert data['proposed'] == [] and data['stats']['already_in_memory'] == 1


@pytest.mark.parametrize('memory', ['AGENTS.md', 'docs/CLAUDE.md', 'memory.md'])
def test_apply_then_build_again_proposes_nothing(repo: Path, memory: str) -> None:
    shutil.copy(EXAMPLE, repo / 'session.jsonl')
    (repo / 'docs').mkdir()
    from_docs = os.path.relpath(repo / memory, repo / 'docs')
    first = build(repo / 'docs', '../session.jsonl', '--memory', from_docs)
    assert f'+++ b/{memory}' in first.stdout  # relative to the repository root, wherever it ran
    (repo / 'p.diff').write_text(first.stdout, encoding='utf-8')
    git(repo, 'apply', 'p.diff')
    again = build(repo, 'session.jsonl', '--memory', memory)
    assert (again.returncode, again.stdout) == (0, '')


def test_build_never_writes(repo: Path) -> None:
    shutil.copy(EXAMPLE, repo / 'session.jsonl')
    memory = repo / 'AGENTS.md'
    memory.write_text('# Memory\n')
    before = git(repo, 'status', '--porcelain', '--ignored')
    with read_only(memory):
        done = build(repo, 'session.jsonl')
    assert done.returncode == 0 and '+- We decided' in done.stdout
    assert git(repo, 'status', '--porcelain', '--ignored') == before
    assert memory.read_text() == '# Memory\n'


@pytest.mark.parametrize(('setup', 'problem'), [
    (lambda p: None, 'no such file or directory'),
    (lambda p: p.mkdir(), 'is a directory'),
    (lambda p: os.mkfifo(p), 'is not a regular file'),
])
def test_unreadable_transcript_is_one_line_and_exit_2(tmp_path: Path, setup, problem: str) -> None:
    setup(tmp_path / 'bad.jsonl')
    write_jsonl(tmp_path / 'good.jsonl', say('user', 'We decided to vendor the parser library.'))
    done = build(tmp_path, 'bad.jsonl', 'good.jsonl')
    assert done.returncode == 2
    assert done.stderr == f'memory-gate: bad.jsonl: {problem}\n'
    assert '+- We decided to vendor' in done.stdout  # the run went on with the next file


@pytest.mark.skipif(os.geteuid() == 0, reason='root reads files whatever their mode')
def test_permission_denied(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / 't.jsonl', say('user', 'x'))
    path.chmod(0)
    done = build(tmp_path, 't.jsonl')
    assert done.returncode == 2 and 'permission denied' in done.stderr


@pytest.mark.skipif(not os.path.exists('/proc/self/mem'), reason='needs Linux /proc')
def test_read_error_mid_stream_is_one_line(tmp_path: Path) -> None:
    done = build(tmp_path, '/proc/self/mem')
    assert done.returncode == 2
    assert done.stderr.startswith('memory-gate: /proc/self/mem: ') and done.stderr.count('\n') == 1


@pytest.mark.parametrize(('content', 'problem'), [
    (b'\x00\x01binary\x00', 'is a binary file'),
    (b'- caf\xe9 au lait\n', 'is not UTF-8'),
])
def test_bad_memory_file(tmp_path: Path, content: bytes, problem: str) -> None:
    (tmp_path / 'AGENTS.md').write_bytes(content)
    write_jsonl(tmp_path / 't.jsonl', say('user', 'We decided to vendor the parser library.'))
    done = build(tmp_path, 't.jsonl')
    assert done.returncode == 2 and done.stdout == ''
    assert done.stderr.startswith(f'memory-gate: AGENTS.md: {problem}')
    assert done.stderr.count('\n') == 1


def test_memory_is_a_directory(tmp_path: Path) -> None:
    (tmp_path / 'AGENTS.md').mkdir()
    write_jsonl(tmp_path / 't.jsonl', say('user', 'x'))
    done = build(tmp_path, 't.jsonl')
    assert done.returncode == 2 and done.stderr == 'memory-gate: AGENTS.md: is a directory\n'


@pytest.mark.parametrize(
    'args', [[], ['build'], ['build', 't.jsonl', '--max-add', 'x'], ['frobnicate']]
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str]) -> None:
    done = run(tmp_path, *args)
    assert done.returncode == 2 and 'usage:' in done.stderr and 'Traceback' not in done.stderr


def test_main_returns_exit_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write_jsonl(tmp_path / 't.jsonl', say('user', 'Never push directly to main.'))
    assert main(['build', 't.jsonl']) == 0
    assert '+- Never push directly to main.' in capsys.readouterr().out


def test_memory_without_write_permission_bits_is_still_read(tmp_path: Path) -> None:
    memory = tmp_path / 'AGENTS.md'
    memory.write_text('- Never push directly to main.\n')
    memory.chmod(stat.S_IRUSR)
    write_jsonl(tmp_path / 't.jsonl', say('user', 'Never push directly to main.'))
    assert build(tmp_path, 't.jsonl').stdout == ''


def test_secret_is_withheld_everywhere_and_reported_without_echo(tmp_path: Path) -> None:
    key = 'AKIA' + 'IOSFODNN7EXAMPLE'
    write_jsonl(
        tmp_path / 't.jsonl',
        say('user', 'hello'),
        say('user', f'Always deploy with the key {key} from CI.'),
        say('user', 'Never push directly to main.'),
    )
    for args in ([], ['--json'], ['--stats']):
        done = build(tmp_path, 't.jsonl', *args)
        assert key not in done.stdout + done.stderr
        assert 't.jsonl:2: withheld a proposal that looks like an AWS access key id' in done.stderr
        assert 'Never push directly to main.' in done.stdout + done.stderr
    assert json.loads(build(tmp_path, 't.jsonl', '--json').stdout)['stats']['withheld_secret'] == 1


def test_no_raw_control_characters_reach_the_terminal(tmp_path: Path) -> None:
    hostile = (
        'We decided \x1b[31mred\x1b[0m \x1b]8;;http://evil\x07link\x1b]8;;\x07 '
        'and \u202eevil\u202c and bell\x07 \x1b[2J\x1b[H on\tall\rlines.'
    )
    write_jsonl(
        tmp_path / 't.jsonl',
        say('user', hostile),
        say('user', 'We decided that +++ b/x and @@ -1 +1 @@ are fine here.'),
    )
    done = build(tmp_path, 't.jsonl')
    assert done.stdout.count('\n+- ') == 2
    for ch in done.stdout:
        assert ch == '\n' or (ch.isprintable() and ch not in '\u202e\u202c'), repr(ch)


def test_output_is_utf8_whatever_the_locale(tmp_path: Path) -> None:
    write_jsonl(tmp_path / 't.jsonl', say('user', '以后都用 UTC 存时间。'))
    env = {**os.environ, 'PYTHONIOENCODING': 'latin-1', 'LC_ALL': 'C'}
    done = subprocess.run(
        [sys.executable, '-m', 'memory_gate', 'build', 't.jsonl'],
        cwd=tmp_path,
        capture_output=True,
        env=env,
    )
    assert done.returncode == 0 and '+- 以后都用 UTC 存时间。\n'.encode() in done.stdout


@pytest.mark.parametrize('flag', ['--version', '-V'])
def test_version(tmp_path: Path, flag: str) -> None:
    from memory_gate import __version__
    from memory_gate.base.version import source_id
    from memory_gate.secrets.engine import name

    done = run(tmp_path, flag)
    line = f'memory-gate {__version__} (source {source_id()})\ncredential engine: {name()}\n'
    assert (done.returncode, done.stdout, done.stderr) == (0, line, '')


def test_one_version_string() -> None:
    """The package metadata reads the version from memory_gate.__version__, and the installed one
    agrees."""
    from importlib.metadata import version

    from memory_gate import __version__

    assert 'version = attr: memory_gate.__version__\n' in (ROOT / 'setup.cfg').read_text()
    assert version('memory_gate') == __version__


@pytest.mark.parametrize('command', ['build', 'snippet', 'hook', 'decline', 'review'])
def test_the_parser_built_for_one_command_reads_as_the_whole_one(command: str) -> None:
    from memory_gate.cli import parser

    def help_of(p: argparse.ArgumentParser) -> str:
        sub = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
        return str(sub.choices[command].format_help())

    # what argparse prints for a stray argument
    assert parser(command).format_usage() == parser().format_usage()
    assert help_of(parser(command)) == help_of(parser())


@pytest.mark.parametrize(
    'env', [{}, {'COLUMNS': '60'}, {'COLUMNS': '0'}, {'COLUMNS': 'wide'}, {'COLUMNS': '-3'}]
)
def test_help_is_as_wide_as_argparse_makes_it(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    from memory_gate.usage import columns

    monkeypatch.delenv('COLUMNS', raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize(('command', 'has', 'lacks'), [
    ('build',
     ['--memory', '--ledger', '--max-add', '--signal', '--json', '--stats'],
     ['--budget', '--pending']),
    ('hook', ['--memory', '--ledger', '--max-add', '--budget'], ['--json', '--pending']),
    ('decline',
     ['--ledger', '--pending'],
     ['--memory', '--max-add', '--budget', '--signal', '--roles']),
])
def test_each_command_lists_only_its_options(
    tmp_path: Path, command: str, has: list[str], lacks: list[str]
) -> None:
    done = run(tmp_path, command, '--help')
    assert done.returncode == 0
    assert all(option in done.stdout for option in has)
    assert not any(option in done.stdout for option in lacks)


def test_build_reads_the_ledger(tmp_path: Path) -> None:
    write_jsonl(tmp_path / 't.jsonl', say('user', 'We decided to vendor the parser library.'))
    (tmp_path / '.memory-gate-declined.txt').write_text('we decided to vendor the parser library\n')
    done = build(tmp_path, 't.jsonl', '--stats')
    assert done.stdout == '' and '\ndeclined: 1\n' in done.stderr
    (tmp_path / 'dir').mkdir()
    done = build(tmp_path, 't.jsonl', '--ledger', 'dir')
    assert done.returncode == 2 and done.stderr.startswith('memory-gate: dir: ')


def test_help_teaches_settings_exit_codes_and_an_example_per_command(tmp_path: Path) -> None:
    top = run(tmp_path, '--help')
    commands = re.search(r'\{([\w,-]+)\}', top.stdout)
    assert top.returncode == 0 and commands is not None
    assert 'pyproject.toml, which wins over the defaults' in top.stdout
    for command in commands.group(1).split(','):
        assert f'\n  {command}: ' in top.stdout.split('exit codes:')[1], command
        assert f'\n  memory-gate {command} ' in top.stdout.split('examples:')[1], command
        done = run(tmp_path, command, '--help')
        assert 'pyproject.toml, which wins over the defaults' in done.stdout
        assert f'exit codes:\n  {command}: 0 ' in done.stdout
        example = rf'examples:\n  memory-gate {command} .*\n      \S.*\n$'
        assert re.search(example, done.stdout), done.stdout


def test_help_examples_run(repo: Path) -> None:
    (repo / 'transcripts').mkdir()
    shutil.copy(EXAMPLE, repo / 'transcripts' / 'session.jsonl')
    shutil.copy(EXAMPLE, repo / 'session.jsonl')
    for command, code in (('build', 0), ('hook', 1), ('decline', 0)):
        done = run(repo, *BY_NAME[command].example.split()[1:])
        assert done.returncode == code, done.stderr
    assert 'Postgres' in (repo / '.memory-gate-declined.txt').read_text()


LAZY = ('shutil', 'subprocess', 'difflib', 'tempfile', 'hashlib', 'heapq', 'tomllib')


def test_importing_the_cli_stays_cheap() -> None:
    """Start-up is a specification: these modules are imported inside the functions that need
    them, never by `import memory_gate.cli` (a fresh interpreter, so nothing is imported yet)."""
    code = f'import sys, memory_gate.cli; print(sorted(set({LAZY!r}) & set(sys.modules)))'
    done = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True)
    assert done.stdout == '[]\n', done.stdout
