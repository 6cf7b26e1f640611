from __future__ import annotations

from pathlib import Path

from memory_gate.diff import render
from memory_gate.proposals import (
    DECLINE_HOOK,
    MARK,
    Routes,
    entry,
    header,
    is_ours,
    memory_of,
    proposed_bullets,
    routes,
    shell,
    why,
)
from memory_gate.records import Proposal

PROPOSALS = [Proposal('We decided to keep the parser in pure Python.', 'notes/s.jsonl', 7, 'user', 'decided', 'decision',
                      'sess-1', '2026-01-01T00:00:00Z', score=0.93, evidence='+user · +team')]


def test_header_names_line_role_rule_session_and_time_and_round_trips() -> None:
    text = header('notes/s.jsonl', 'AGENTS.md', [entry(PROPOSALS[0])], 'memory-gate review') + render('AGENTS.md', '# Memory\n', [PROPOSALS[0].text])
    assert text.startswith(MARK + ' for AGENTS.md from notes/s.jsonl\n')
    assert ('# line 7 (user, decision/decided, score 0.93 [+user · +team], session sess-1, 2026-01-01T00:00:00Z): '
            'We decided to keep the parser in pure Python.') in text
    assert proposed_bullets(text) == [PROPOSALS[0].text]
    assert memory_of(text, '/repo') == '/repo/AGENTS.md'


def test_why_names_the_evidence_and_the_accepting_line() -> None:
    accepted = PROPOSALS[0]._replace(role='assistant', accepted_line=9)
    assert why(accepted) == 'assistant, decision/decided, score 0.93, accepted at line 9 [+user · +team]'


def test_is_ours(tmp_path: Path) -> None:
    (tmp_path / 'a').write_text(MARK + ' for x\n')
    (tmp_path / 'b').write_text('mine\n')
    assert is_ours(str(tmp_path / 'a')) and not is_ours(str(tmp_path / 'b')) and not is_ours(str(tmp_path / 'c'))


def test_shell_quotes_and_neutralises() -> None:
    assert shell('notes/s.jsonl.memory.diff') == 'notes/s.jsonl.memory.diff'
    assert shell('my notes.jsonl') == "'my notes.jsonl'"
    assert '\x1b' not in shell('e\x1b[31mvil')


def test_memory_of_a_proposal_without_a_diff() -> None:
    assert memory_of(MARK + " for 'my memory.md' from s.jsonl\n# line 1 (user): x\n", '/r') == '/r/my memory.md'


def test_routes_look_past_the_hooks_own_environment(tmp_path: Path) -> None:
    own, users = tmp_path / 'hook-env' / 'bin', tmp_path / 'user-bin'
    for folder in (own, users):
        folder.mkdir(parents=True)
        (folder / 'memory-gate').write_text('#!/bin/sh\n')
        (folder / 'memory-gate').chmod(0o755)
    python, root = str(own / 'python'), str(tmp_path)
    inside = {'PATH': f'{own}:/usr/bin', 'PRE_COMMIT': '1'}
    full = str(own / 'memory-gate')
    assert routes(inside, python, root) == Routes(f'{full} review', f'{full} decline --pending')  # only pre-commit has it
    (tmp_path / '.pre-commit-config.yaml').write_text('repos:\n-   repo: x\n    hooks:\n    -   id: memory-gate-decline\n')
    assert routes(inside, python, root).decline == DECLINE_HOOK
    mine = Routes('memory-gate review', 'memory-gate decline --pending')
    assert routes({**inside, 'PATH': f'{own}:{users}'}, python, root) == mine  # the user has it too
    assert routes({'PATH': str(own)}, python, root) == mine  # run by hand from that environment
    (own / 'memory-gate').unlink()
    assert routes(inside, python, root).review == f'{python} -m memory_gate review'


def test_routes_under_try_repo(tmp_path: Path) -> None:
    store = tmp_path / 'tmpabc123'
    (store / 'repo1' / 'py_env-python3' / 'bin').mkdir(parents=True)
    (store / '.pre-commit-config.yaml').write_text('repos:\n-   repo: /src/memory gate\n    rev: abc\n')
    python = str(store / 'repo1' / 'py_env-python3' / 'bin' / 'python')
    got = routes({'PATH': '/usr/bin', 'PRE_COMMIT': '1'}, python, str(tmp_path))
    assert got == Routes("pip install '/src/memory gate' && memory-gate review",
                         "pre-commit try-repo '/src/memory gate' memory-gate-decline --hook-stage manual")
