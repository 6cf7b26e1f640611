"""gitleaks' rule examples (benchmarks/conformance, docs/credentials.md) as tool output: the
figures issue 41 measured hold. The true examples found and the false ones flagged, by the scan
with the engine and with the built-in rules alone."""
from __future__ import annotations

import pytest

from benchmarks.conformance.__main__ import built_in_lines, examples, lines_of
from benchmarks.scanners import memory_gate_lines
from memory_gate.secrets import engine

ROWS = examples()
LINES = lines_of(ROWS)


def counts(found: set[int]) -> tuple[int, int]:
    """(true examples found, false examples flagged)."""
    true = sum(n in found for n, r in enumerate(ROWS, 1) if r['kind'] == 'true')
    false = sum(n in found for n, r in enumerate(ROWS, 1) if r['kind'] == 'false')
    return true, false


def test_the_corpus_is_gitleaks_literal_examples() -> None:
    assert counts(set(range(1, len(ROWS) + 1))) == (270, 252)
    assert len({r['rule'] for r in ROWS if r['kind'] == 'true'}) == 61


@pytest.mark.skipif(engine.loaded() is None, reason='the engine is not installed')
def test_with_the_engine_most_true_examples_are_found_and_few_false_ones_flagged() -> None:
    true, false = counts(memory_gate_lines(LINES))
    assert true >= 244 and false <= 9


def test_the_built_in_rules_alone_find_what_they_found_before_and_flag_fewer() -> None:
    true, false = counts(built_in_lines(LINES))
    assert true >= 181 and false <= 29  # before issue 41: 181 found, 50 flagged
