"""Hyperscan's places of the needles (literals.py): every place each needle begins, in
characters, or None where the caller must search itself; windows the same either way."""
from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import literals, spans
from tests.secrets.spans_test import every_needle_windows

try:
    import hyperscan  # noqa: F401
except ImportError:  # a platform without its wheel: only the tests of the fallback run
    HYPERSCAN = False
else:
    HYPERSCAN = True
needs_hyperscan = pytest.mark.skipif(not HYPERSCAN, reason='no hyperscan wheel here')


def every_start(text: str) -> list[int]:
    """Each place a needle begins, one str.find pass per needle."""
    found = set()
    for needle in P.TEXT_NEEDLES:
        at = text.find(needle)
        while at >= 0:
            found.add(at)
            at = text.find(needle, at + 1)
    return sorted(found)


# Needles, the letters around them, text past ASCII (two, three and four bytes in UTF-8, a lone
# surrogate a \\ud800 escape decodes to) so that a byte offset is not a character offset.
PIECES = st.sampled_from([*P.TEXT_NEEDLES, 'x', ' ', '\n', 'é', '→', '密', '😀', '\ud800',
                          'a' * 40, 'sk', 'ke', 'to', 'pass', 'wörd'])


@needs_hyperscan
@settings(max_examples=500, deadline=None)
@given(text=st.lists(PIECES, max_size=60).map(''.join))
def test_starts_are_every_place_a_needle_begins(text: str) -> None:
    found = literals.starts(text)
    if found is not None:  # None only over the budget
        assert found == every_start(text)
    else:
        assert len(every_start(text)) > len(text) // literals.SPARSEST


@needs_hyperscan
def test_a_text_past_ascii_is_placed_in_characters() -> None:
    text = ('密码 → ' + 'é' * 60) * 20 + 'token=ghp_x ' + '😀' * 20 + 'password'
    found = literals.starts(text)
    assert found == every_start(text)
    assert found is not None and found[-1] == len(text) - len('assword')  # the needle 'ass'


@needs_hyperscan
def test_a_text_dense_with_needles_is_left_to_the_caller() -> None:
    assert literals.starts('@' * 100_000) is None
    sparse = ('@' + 'x' * 20) * (literals.MOST + 1)  # one in 21 characters, but too many in all
    assert literals.starts(sparse) is None
    assert spans.windows(sparse) == [(0, len(sparse))]
    text = 'token=' * 5000  # a needle ('oken') in every 6 characters
    assert literals.starts(text) is None
    assert spans.windows(text) == every_needle_windows(text) == [(0, len(text))]


@contextlib.contextmanager
def hyperscan_off() -> Iterator[None]:
    """As where Hyperscan has no wheel: its import fails."""
    with mock.patch.dict(sys.modules, {'hyperscan': None}):
        literals.compiled.cache_clear()
        try:
            yield
        finally:
            literals.compiled.cache_clear()


@needs_hyperscan
def test_without_hyperscan_starts_says_none() -> None:
    text = 'x' * 100 + 'password token'
    with hyperscan_off():
        assert literals.starts(text) is None
    assert literals.starts(text) == every_start(text)


@settings(max_examples=100, deadline=None)
@given(text=st.lists(PIECES, max_size=60).map(''.join))
def test_without_hyperscan_windows_are_searched_as_before(text: str) -> None:
    with hyperscan_off():
        assert spans.windows(text) == every_needle_windows(text)


LINE_PIECES = st.sampled_from([*P.TEXT_NEEDLES[:40], 'key', '@', '\n', '\n\n', 'x', 'y' * 250,
                               'z' * 255, 'w' * 500, ' ', '.', 'é' * 300, '→'])


@settings(max_examples=200, deadline=None)
@given(text=st.lists(LINE_PIECES, max_size=40).map(''.join))
def test_windows_are_the_same_with_and_without_hyperscan(text: str) -> None:
    with_it = spans.windows(text)
    assert with_it == every_needle_windows(text)
    assert spans.needle_windows(text) == spans.merged_windows(
        [spans.around(text, at) for at in every_start(text)])
