"""Text cut and wrapped to a terminal's columns, wide characters taking two."""
from __future__ import annotations

import pytest

from memory_gate.text.width import fit, shortened, wrap


@pytest.mark.parametrize('text, width, cut', [
    ('abcdef', 6, 'abcdef'),
    ('abcdef', 4, 'abc…'),
    ('可以，几种', 5, '可以…'),  # two columns each
    ('', 3, ''),
])
def test_fit(text: str, width: int, cut: str) -> None:
    assert fit(text, width) == cut


def test_shortened_at_a_word() -> None:
    assert shortened('one  two\nthree four', 100) == 'one two three four'
    assert shortened('one two three four', 10) == 'one two …'


def test_wrap_at_spaces_and_by_columns() -> None:
    assert wrap('abc def ghi jkl', 7, '  ') == ['abc def', '  ghi', '  jkl']
    assert wrap('可以几种方式打开', 6, '') == ['可以几', '种方式', '打开']
    assert wrap('abcdefghij', 4, '') == ['abcd', 'efgh', 'ij']
