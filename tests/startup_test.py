"""What a 2-line build (one proposal) leaves alone: start-up (benchmarks/speed.py --only
startup, at most +40 ms over `python -c pass`) is held by keeping modules it does not need
unimported and tables it does not use unbuilt. A module-level import or table that creeps back
onto every run fails here, by name, not in a timing (a +55 ms regression once shipped unnoticed).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Standard modules a build of a short transcript has no use for. typing: memory_gate.typed
# gives NamedTuple and TYPE_CHECKING (typing.NamedTuple compiles each field's annotation);
# shutil, fnmatch: usage.Formatter reads the terminal's width itself; string: leak_gate tells
# an ASCII letter itself; the rest are imported where the command that needs them runs.
UNUSED = ('typing', 'string', 'shutil', 'fnmatch', 'pathlib', 'subprocess', 'tempfile',
          'hashlib', 'difflib', 'textwrap', 'dataclasses', 'inspect', 'datetime', 'random',
          'glob', 'unicodedata', 'tomllib', 'email', 'urllib')

# Run without site (-S): no installed package, no editable install's finder (which imports
# pathlib), only the checkout and the standard library, as the hook's start-up pays them.
PROBE = r'''
import contextlib, io, json, sys
sys.argv = ['memory-gate', 'build', 'session.jsonl', '--memory', 'AGENTS.md']
from memory_gate.secrets import leak_gate
from memory_gate.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main()
tables = {name: getattr(leak_gate, name).cache_info().currsize for name in (
    'spaces', 'tokens', 'digits', 'letters', 'context_value', 'password_value', 'shape_hints_re')}
print(json.dumps({'code': code, 'out': out.getvalue(), 'modules': sorted(sys.modules),
                  'tables': tables}))
'''


@pytest.fixture(scope='module')
def probe(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp('startup')
    (folder / 'session.jsonl').write_text(
        '{"role": "user", "text": "From now on we always run the linter before each commit."}\n'
        '{"role": "assistant", "text": "Understood, I will do that."}\n')
    done = subprocess.run([sys.executable, '-S', '-c', PROBE], cwd=folder, capture_output=True,
                          text=True, timeout=60, env={'PYTHONPATH': str(ROOT), 'PATH': ''})
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    assert result['code'] == 0 and 'linter' in str(result['out'])  # it ran the build: a proposal
    return result


def test_a_two_line_build_imports_no_module_it_does_not_use(probe: dict[str, object]) -> None:
    modules = probe['modules']
    assert isinstance(modules, list) and 'memory_gate.reading.pipeline' in modules
    assert [name for name in UNUSED if name in modules] == []


def test_a_two_line_build_builds_only_the_leak_gate_table_it_reads(
        probe: dict[str, object]) -> None:
    """Its proposal's turn is searched for credentials (leak_gate.may_leak), but holds no secret
    word, no assigning link and no run of 20 characters: only the spaces table is read."""
    assert probe['tables'] == {'spaces': 1, 'tokens': 0, 'digits': 0, 'letters': 0,
                               'context_value': 0, 'password_value': 0, 'shape_hints_re': 0}
