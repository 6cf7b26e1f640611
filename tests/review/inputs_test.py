"""What build and the hook read before a transcript (review/inputs.py): each file that cannot be
read is named, and each command keeps its own exit code for it (build 2, hook 1)."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_gate.base.files import InputError, read_memory
from memory_gate.reading.records import Settings
from memory_gate.review import inputs
from tests.conftest import git, run, say, write_jsonl


def test_the_memory_file_the_ledger_and_the_allowlist_are_read_in_one(tmp_path: Path) -> None:
    (tmp_path / 'AGENTS.md').write_text('- Keep it short.\n')
    (tmp_path / 'ledger.txt').write_text('Never do this.\n')
    (tmp_path / 'allowed.txt').write_text('# comment\nabc123 s.jsonl:1\n')
    settings = Settings(memory=str(tmp_path / 'AGENTS.md'), ledger=str(tmp_path / 'ledger.txt'),
                        allowlist=str(tmp_path / 'allowed.txt'))
    found = inputs.read(settings, lambda rel, real: read_memory(real))
    assert found.memory == '- Keep it short.\n' and found.allowed == frozenset({'abc123'})
    assert len(found.declined) == 1


@pytest.mark.parametrize('which', ['memory', 'ledger', 'allowlist'])
def test_a_file_that_cannot_be_read_is_named(tmp_path: Path, which: str) -> None:
    names = {'memory': 'AGENTS.md', 'ledger': 'ledger.txt', 'allowlist': 'allowed.txt'}
    (tmp_path / names[which]).mkdir()
    settings = Settings(memory=str(tmp_path / names['memory']),
                        ledger=str(tmp_path / names['ledger']),
                        allowlist=str(tmp_path / names['allowlist']))
    with pytest.raises(InputError) as raised:
        inputs.read(settings, lambda rel, real: read_memory(real))
    assert raised.value.path == str(tmp_path / names[which])
    assert str(raised.value) == 'is a directory'


@pytest.mark.parametrize('name', ['AGENTS.md', '.memory-gate-declined.txt',
                                  '.memory-gate-allowed.txt'])
def test_build_exits_2_and_the_hook_1_naming_the_file(repo: Path, name: str) -> None:
    (repo / name).mkdir()
    write_jsonl(repo / 's.jsonl', say('user', 'We decided to keep the parser in pure Python.'))
    git(repo, 'add', 's.jsonl')
    for command, code in (('build', 2), ('hook', 1)):
        done = run(repo, command, 's.jsonl')
        assert done.returncode == code and done.stdout == '', done.stderr
        assert done.stderr == f'memory-gate: {name}: is a directory\n'
