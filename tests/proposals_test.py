from __future__ import annotations

from pathlib import Path

from memory_gate.diff import render
from memory_gate.pipeline import Proposal
from memory_gate.proposals import MARK, header, is_ours, memory_of, proposed_bullets, shell

PROPOSALS = [Proposal('We decided to keep the parser in pure Python.', 'notes/s.jsonl', 7, 'user', 'decided', 'decision',
                      'sess-1', '2026-01-01T00:00:00Z')]


def test_header_names_line_role_rule_session_and_time_and_round_trips() -> None:
    text = header('notes/s.jsonl', 'AGENTS.md', PROPOSALS) + render('AGENTS.md', '# Memory\n', [PROPOSALS[0].text])
    assert text.startswith(MARK + ' for AGENTS.md from notes/s.jsonl\n')
    assert ('# line 7 (user, rule decision/decided, session sess-1, 2026-01-01T00:00:00Z): '
            'We decided to keep the parser in pure Python.') in text
    assert proposed_bullets(text) == [PROPOSALS[0].text]
    assert memory_of(text, '/repo') == '/repo/AGENTS.md'


def test_is_ours(tmp_path: Path) -> None:
    (tmp_path / 'a').write_text(MARK + ' for x\n')
    (tmp_path / 'b').write_text('mine\n')
    assert is_ours(str(tmp_path / 'a')) and not is_ours(str(tmp_path / 'b')) and not is_ours(str(tmp_path / 'c'))


def test_shell_quotes_and_neutralises() -> None:
    assert shell('notes/s.jsonl.memory.diff') == 'notes/s.jsonl.memory.diff'
    assert shell('my notes.jsonl') == "'my notes.jsonl'"
    assert '\x1b' not in shell('e\x1b[31mvil')
