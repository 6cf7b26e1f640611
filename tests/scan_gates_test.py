"""The scan's cheap tests before its slow ones: each holds wherever the slow one matches."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate import credential_patterns as P
from memory_gate import passwords as W
from memory_gate.spans import AROUND, windows
from tests.spans_test import every_needle_windows

PIECES = st.sampled_from([
    'admin', 'root', 'as ', 'login ', 'user', ':', 'Adm1nPw77', 'x', ' ', '\n', '@', '/', "'",
    'sign ', 'hmac', 'secret', 'key', 'a3f1c9d2' * 4, 'a3f1c9d2' * 8, '0', 'sha256:', '-', '.',
])


@settings(max_examples=2000, deadline=None)
@given(st.lists(PIECES, max_size=20).map(''.join))
def test_each_quick_search_holds_where_its_pattern_matches(text: str) -> None:
    if re.search(W.PAIR_RE, text):
        assert re.search(W.PAIR_VALUE_RE, text), text
    if re.search(W.HEX64_RE, text):
        assert re.search(W.HEX64_RUN_RE, text), text


DENSE = st.sampled_from([*P.TEXT_NEEDLES[:12], 'x', 'y' * 90, 'z' * 300, '\n'])


@settings(max_examples=300, deadline=None)
@given(st.lists(DENSE, min_size=20, max_size=200).map(''.join))
def test_windows_skip_needles_inside_the_window_so_far_and_lose_none(text: str) -> None:
    assert windows(text) == every_needle_windows(text)


def test_a_long_run_of_needles_without_a_newline_is_one_window() -> None:
    text = 'token=' * 5000
    assert windows(text) == every_needle_windows(text) == [(0, len(text))]
    assert AROUND * 2 < len(text)
