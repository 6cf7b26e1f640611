from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memory_gate.reading.records import Proposal
from memory_gate.review.diff import render
from memory_gate.review.proposals import (
    HELD,
    MARK,
    SKIPPED,
    Entry,
    entries,
    entry,
    header,
    is_ours,
    memory_of,
    proposed_bullets,
    shell,
    why,
)

PROPOSALS = [
    Proposal(
        'We decided to keep the parser in pure Python.',
        'notes/s.jsonl',
        7,
        'user',
        'decided',
        'decision',
        'sess-1',
        '2026-01-01T00:00:00Z',
        score=0.93,
        evidence="for: in the voice of the user, the team's practice",
        threshold=0.6,
    )
]


def test_header_names_line_role_rule_session_and_time_and_round_trips() -> None:
    text = header('notes/s.jsonl', 'AGENTS.md', [entry(PROPOSALS[0])], 'memory-gate review')
    text += render('AGENTS.md', '# Memory\n', [PROPOSALS[0].text])
    assert text.startswith(MARK + ' for AGENTS.md from notes/s.jsonl\n')
    assert (
        '# line 7 (user, decision/decided, score 0.93 (threshold 0.60) '
        "[for: in the voice of the user, the team's practice], "
        'session sess-1, 2026-01-01T00:00:00Z): '
        'We decided to keep the parser in pure Python.'
    ) in text
    assert proposed_bullets(text) == [PROPOSALS[0].text]
    assert memory_of(text, '/repo') == '/repo/AGENTS.md'


def test_why_names_the_evidence_and_the_accepting_line() -> None:
    accepted = PROPOSALS[0]._replace(role='assistant', accepted_line=9)
    assert why(accepted) == (
        'assistant, decision/decided, score 0.93 (threshold 0.60), accepted at line 9 '
        "[for: in the voice of the user, the team's practice]"
    )


def test_is_ours(tmp_path: Path) -> None:
    (tmp_path / 'a').write_text(MARK + ' for x\n')
    (tmp_path / 'b').write_text('mine\n')
    assert is_ours(str(tmp_path / 'a'))
    assert not is_ours(str(tmp_path / 'b'))
    assert not is_ours(str(tmp_path / 'c'))


def test_shell_quotes_and_neutralises() -> None:
    assert shell('notes/s.jsonl.memory.diff') == 'notes/s.jsonl.memory.diff'
    assert shell('my notes.jsonl') == "'my notes.jsonl'"
    assert '\x1b' not in shell('e\x1b[31mvil')


@pytest.mark.parametrize('name', [
    'e\x1b[31mvil.jsonl',
    "it's\x07.jsonl",
    os.fsdecode(b'bad\xff.jsonl'),
    'a\tb.jsonl',
    'two\nlines.jsonl',
])
def test_shell_names_a_hostile_file_so_bash_finds_it(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text('x')
    quoted = shell(name)
    assert quoted.isprintable()
    done = subprocess.run(
        ('bash', '-c', f'cat {quoted}'), cwd=tmp_path, capture_output=True, check=False
    )
    assert done.stdout == b'x', (quoted, done.stderr)


def test_memory_of_a_proposal_without_a_diff() -> None:
    text = MARK + " for 'my memory.md' from s.jsonl\n# line 1 (user): x\n"
    assert memory_of(text, '/r') == '/r/my memory.md'


def test_header_round_trips_held_and_odd_where() -> None:
    listed = [
        Entry('We decided to keep the parser in pure Python.', 3, 'user, rule decision/decided'),
        Entry('Never push directly to main.', 5, 'user, rule constraint/never_always', HELD),
        Entry('Skipped one.', 9, 'user, session x): y', SKIPPED),
    ]
    text = header('a.jsonl', 'AGENTS.md', listed, 'memory-gate review') + '--- a/AGENTS.md\n'
    parsed = entries(text)
    assert [(e.text, e.held) for e in parsed] == [
        ('We decided to keep the parser in pure Python.', ''),
        ('Never push directly to main.', HELD),
        ('Skipped one.', SKIPPED),
    ]
