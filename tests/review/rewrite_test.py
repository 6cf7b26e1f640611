"""The rewrite at the end of `memory-gate review` (rewrite.py): the choices applied to the
proposal files; pure, but applied with real git apply."""
from __future__ import annotations

from pathlib import Path

from memory_gate.reading.memory import identity
from memory_gate.review.choices import Proposal, items
from memory_gate.review.proposals import (
    DECLINED,
    SKIPPED,
    entries,
    pending_bullets,
    proposed_bullets,
)
from memory_gate.review.rewrite import rewrite
from tests.conftest import git
from tests.review.choices_test import MEMORY, A, B, proposals


def test_rewrite_chains_what_was_taken_and_applies_with_git(tmp_path: Path) -> None:
    every = items(proposals(), set())
    chosen = {1: ('reword', 'The parser stays pure Python.'), 2: ('decline', ''), 3: ('take', '')}
    out = rewrite(every, chosen, 'mg review')
    assert out.declined == [A[0].text, A[1].text]
    assert out.taken == ['The parser stays pure Python.', B[0].text]
    a, b = out.files['/r/a.jsonl.memory.diff'], out.files['/r/b.jsonl.memory.diff']
    assert a is not None and b is not None
    assert proposed_bullets(a) == ['The parser stays pure Python.']
    assert proposed_bullets(b) == [B[0].text]
    assert entries(a)[0].where == 'user, rule decision/decided, reworded'
    assert entries(a)[0].held == ''
    git(tmp_path, 'init', '-q')
    (tmp_path / 'AGENTS.md').write_text(MEMORY)
    (tmp_path / 'a.diff').write_text(a)
    (tmp_path / 'b.diff').write_text(b)
    git(tmp_path, 'apply', 'a.diff', 'b.diff')
    taken = '- The parser stays pure Python.\n- ' + B[0].text + '\n'
    assert (tmp_path / 'AGENTS.md').read_text() == MEMORY + taken


def test_rewrite_keeps_every_bullet_listed_in_place_while_any_is_pending() -> None:
    """Issue 21.5: the numbers of a second review are those of the first."""
    every = items(proposals(None), set())
    chosen = {1: ('skip', ''), 2: ('decline', ''), 3: ('decline', ''), 4: ('decline', '')}
    out = rewrite(every, chosen, 'mg review')
    a, b = out.files['/r/a.jsonl.memory.diff'], out.files['/r/b.jsonl.memory.diff']
    assert a is not None and b is not None and proposed_bullets(a) == []
    assert entries(a) == [A[0]._replace(held=SKIPPED), A[1]._replace(held=DECLINED)]
    assert pending_bullets(a) == [A[0].text] and pending_bullets(b) == []
    assert out.taken == [] and out.diff == ''
    again = [Proposal(p.path, p.source, p.rel, None, entries(text))
             for p, text in zip(proposals(None), (a, b))]
    declined = {identity(e.text) for e in (A[1], *B)}
    assert [(i.number, i.entry.text) for i in items(again, declined)] == [
        (i.number, i.entry.text) for i in every]


def test_rewrite_removes_the_proposals_once_nothing_is_pending() -> None:
    every = items(proposals(None), set())
    chosen = {1: ('take', ''), 2: ('decline', ''), 3: ('decline', ''), 4: ('decline', '')}
    out = rewrite(every, chosen, 'mg review')
    # nothing taken in it, nothing pending anywhere
    assert out.files['/r/b.jsonl.memory.diff'] is None
    assert proposed_bullets(out.files['/r/a.jsonl.memory.diff'] or '') == [A[0].text]
