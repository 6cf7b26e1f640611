from __future__ import annotations

import pytest

from memory_gate.memory import identity, known_identities, parse_ledger, render_ledger


@pytest.mark.parametrize(('a', 'b'), [
    ('We chose Postgres.', 'we chose postgres'),
    ('- We chose  Postgres', 'We chose Postgres!'),
    ('1. We chose Postgres;', '* We chose Postgres'),
    ('Use `pnpm`, not npm.', 'Use pnpm, not npm'),
    ('  + Never push to main.  ', 'never push to main'),
    ('决定用 pnpm。', '决定用 pnpm'),
])
def test_same_bullet(a: str, b: str) -> None:
    assert identity(a) == identity(b)


@pytest.mark.parametrize(('a', 'b'), [
    ('We chose Postgres.', 'We chose MySQL.'),
    ('Never push to main.', 'Always push to main.'),
    ('Use tabs.', 'Use spaces.'),
])
def test_different_bullet(a: str, b: str) -> None:
    assert identity(a) != identity(b)


def test_known_identities_reads_bullets_at_any_indent() -> None:
    memory = '# Memory\n- one rule\n   * two rule\n\t+ three rule\n  12. four rule\nplain line\n'
    known = known_identities(memory)
    assert {'one rule', 'two rule', 'three rule', 'four rule', 'plain line'} <= known


def test_ledger_is_sorted_commented_and_keeps_hand_edits() -> None:
    old = '# my note\nZebra rule\napple rule\n'
    new = render_ledger(old, ['Mango rule.', 'apple rule'])
    assert new == '# my note\napple rule\nMango rule.\nZebra rule\n'
    assert parse_ledger(new) == {'apple rule', 'mango rule', 'zebra rule'}


def test_new_ledger_has_header() -> None:
    assert render_ledger('', ['b rule', 'a rule']).splitlines()[-2:] == ['a rule', 'b rule']
    assert render_ledger('', ['x']).startswith('# memory-gate')
