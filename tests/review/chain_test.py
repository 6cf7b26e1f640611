"""Which diffs of the chain a run of the hook prints (chain.to_apply), and how the printed
command is continued (hook_report.command). The chain itself, with real git, pre-commit and
git apply: hook_test.py."""
from __future__ import annotations

import subprocess

import pytest

from memory_gate.hook_report import command
from memory_gate.review.chain import Step, to_apply


def steps(*names: str) -> list[Step]:
    """One step per transcript: 'x' this run's, 'x~' left from an earlier commit, 'x!' another
    run's."""
    whose = {'~': 'left', '!': 'other'}
    return [Step(n.rstrip('~!') + '.memory.diff', n.rstrip('~!'), whose.get(n[-1], 'mine'))
            for n in names]


@pytest.mark.parametrize(('chain', 'batch', 'staged', 'printed'), [
    pytest.param(['a~', 'b', 'c~', 'd', 'e~'], ['b', 'd'], ['b', 'd'], ['a', 'b', 'c', 'd', 'e'],
                 id='one run: every diff'),
    pytest.param(['a~', 'b', 'c~', 'd!', 'e~'], ['b'], ['b', 'd'], ['a', 'b', 'c'],
                 id='first of two runs: up to the next run'),
    pytest.param(['a~', 'b!', 'c~', 'd', 'e~'], ['d'], ['b', 'd'], ['d', 'e'],
                 id='second of two runs: from its first transcript'),
    pytest.param(['a~', 'b'], ['b'], ['b', 'notes.md'], ['a', 'b'],
                 id='a staged file that is no transcript'),
])
def test_each_diff_is_printed_by_one_run(chain: list[str], batch: list[str], staged: list[str],
                                          printed: list[str]) -> None:
    names = [f'{n}.jsonl' for n in batch]
    found = to_apply(steps(*(f'{n[0]}.jsonl{n[1:]}' for n in chain)), names,
                     [f'{n}.jsonl' if '.' not in n else n for n in staged])
    assert found == [f'{n}.jsonl.memory.diff' for n in printed]


def test_a_long_command_is_continued_and_runs_as_one() -> None:
    words = ['echo', *(f'w{i:02d}' + 'x' * 20 for i in range(12)), '&&', 'echo', 'end']
    text = command(words)
    lines = text.split('\n')
    assert len(lines) > 1 and all(len(line) <= 100 for line in lines)
    assert all(line.endswith(' \\') for line in lines[:-1])
    done = subprocess.run(('bash',), input=text, capture_output=True, text=True, check=True)
    assert done.stdout.split() == [*words[1:13], 'end']
    assert command(['git', 'apply', 'a.diff']) == '  git apply a.diff'
