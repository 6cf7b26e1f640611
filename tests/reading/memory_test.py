from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory_gate.base.files import conflict_line
from memory_gate.reading.memory import (
    LEDGER_HEADER,
    identity,
    known_identities,
    parse_ledger,
    render_ledger,
)


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


@given(st.text(alphabet=st.sampled_from(list('`*_-+ 1.)\t\n:。！ab') + ['ß', 'İ', '\u00a0']),
               max_size=40))
def test_identity_is_its_written_definition(text: str) -> None:
    """identity deletes emphasis and code marks by replaces; the definition it keeps: strip,
    one list marker run off, the marks deleted, whitespace runs one space, trailing
    punctuation off, case folded."""
    spoken = text.strip()
    if spoken[:1] in set('-*+0123456789'):
        spoken = re.sub(r'^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+)+', '', spoken)
    spoken = spoken.translate(str.maketrans('', '', '`*_'))
    trail = ' \t\n\r\f\v.!?;:,。！？；：，、…'
    assert identity(text) == ' '.join(spoken.split()).rstrip(trail).casefold()


def test_emphasis_and_code_marks_make_no_new_bullet() -> None:
    said = '- **We** chose `pg_dump`, _not_ *pg_backup*.'
    assert identity(said) == 'we chose pgdump, not pgbackup'


def test_known_identities_reads_bullets_at_any_indent() -> None:
    memory = '# Memory\n- one rule\n   * two rule\n\t+ three rule\n  12. four rule\nplain line\n'
    known = known_identities(memory)
    assert {'one rule', 'two rule', 'three rule', 'four rule', 'plain line'} <= known


def test_ledger_gains_lines_in_sorted_place_and_keeps_hand_edits() -> None:
    old = '# my note\napple rule\nZebra rule\n'
    new = render_ledger(old, ['Mango rule.', 'apple rule'])
    assert new == '# my note\napple rule\nMango rule.\nZebra rule\n'
    assert parse_ledger(new) == {'apple rule', 'mango rule', 'zebra rule'}


@pytest.mark.parametrize(
    ('old', 'bullets', 'expected'),
    [
        pytest.param(
            'Never push to main.\nnever push to main\n',
            ['b rule'],
            'b rule\nNever push to main.\nnever push to main\n',
            id='case-variants-kept',
        ),
        pytest.param(
            'a rule\n# why c: the 2024 outage\nc rule\n',
            ['b rule'],
            'a rule\nb rule\n# why c: the 2024 outage\nc rule\n',
            id='comment-stays-in-place',
        ),
        pytest.param(
            'z rule\na rule\n', ['m rule'], 'm rule\nz rule\na rule\n', id='hand-order-kept'
        ),
        pytest.param(
            'a rule\r\nc rule\r\n', ['b rule'], 'a rule\r\nb rule\r\nc rule\r\n', id='crlf-kept'
        ),
        pytest.param(
            'a rule\n\nc rule', ['d rule'], 'a rule\n\nc rule\nd rule\n', id='blank-and-no-eol'
        ),
        pytest.param(
            '<<<<<<< HEAD\na rule\n=======\nc rule\n>>>>>>> feature\n',
            ['b rule'],
            'a rule\nb rule\nc rule\n',
            id='conflict-markers-dropped-both-sides-kept',
        ),
        pytest.param(
            '<<<<<<< ours\na rule\n||||||| base\n=======\nb rule\n>>>>>>> theirs\n',
            [],
            'a rule\nb rule\n',
            id='diff3-markers-dropped',
        ),
    ],
)
def test_ledger_rewrite_only_adds_lines(old: str, bullets: list[str], expected: str) -> None:
    assert render_ledger(old, bullets) == expected


def test_conflict_markers_are_no_ledger_entries() -> None:
    text = '<<<<<<< HEAD\na rule\n=======\nb rule\n>>>>>>> feature\n'
    assert parse_ledger(text) == {'a rule', 'b rule'}


@pytest.mark.parametrize(('text', 'line'), [
    ('# Memory\n<<<<<<< HEAD\n- a\n=======\n- b\n>>>>>>> x\n', 2),
    ('# Memory\n- a\n>>>>>>> theirs\n', 3),
    ('# Memory\n<<<<<<<\n', 2),
    ('Title\n=======\n\n- a rule\n', None),  # a setext heading, not a conflict
    ('- use <<<<<<< in docs\n', None),
    ('', None),
])
def test_conflict_line(text: str, line: int | None) -> None:
    assert conflict_line(text) == line


def test_new_ledger_has_header() -> None:
    assert render_ledger('', ['b rule', 'a rule']).splitlines()[-2:] == ['a rule', 'b rule']
    assert render_ledger('', ['x']).startswith('# memory-gate')
    assert (
        render_ledger(render_ledger('', ['b rule']), ['a rule'])
        == LEDGER_HEADER + 'a rule\nb rule\n'
    )


@pytest.mark.parametrize('line', [
    '<<<<<<< HEAD', '>>>>>>> theirs', '||||||| base', '=======', '<<<<<<<', '======= x',
    '<<<<<< six', '<- an arrow rule', '| a table row |', '>quoted', '=x', 'plain rule', '# note',
    '', '   ', '  <<<<<<< indented',
])
def test_a_ledger_entry_is_what_the_conflict_regex_and_the_comment_rule_say(line: str) -> None:
    """is_entry looks at the regex only for a line starting with a marker's character: the same
    answer as the regex on every line."""
    import re

    from memory_gate.reading.memory import LEDGER_MARKER_RE, is_entry

    plain = bool(line.strip()) and not line.lstrip().startswith('#')
    assert is_entry(line) == (plain and not re.match(LEDGER_MARKER_RE, line))
