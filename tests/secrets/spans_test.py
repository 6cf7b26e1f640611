from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.spans import AROUND, first_letters, windows


def every_needle_windows(text: str) -> list[tuple[int, int]]:
    """The straightforward definition: a window around each occurrence of each needle, one
    pass over the text per needle, merged."""
    spans = []
    for needle in P.TEXT_NEEDLES:
        at = text.find(needle)
        while at >= 0:
            start = text.rfind('\n', max(at - AROUND, 0), at) + 1 or max(at - AROUND, 0)
            end = text.find('\n', at, at + 2 * AROUND)
            spans.append((start, end if end >= 0 else min(at + 2 * AROUND, len(text))))
            at = text.find(needle, at + 1)
    for match in re.finditer(r'\.[\w-]{6}\.[\w-]{27}', text):  # a token no needle names
        at = match.start()
        start = text.rfind('\n', max(at - AROUND, 0), at) + 1 or max(at - AROUND, 0)
        end = text.find('\n', at, at + 2 * AROUND)
        spans.append((start, end if end >= 0 else min(at + 2 * AROUND, len(text))))
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


PIECES = st.sampled_from([*P.TEXT_NEEDLES, 'x', ' ', '\n', 'a' * 200, 'sk', 'ke', 'to', '.',
                          'abcdef', 'x' * 27])


@settings(max_examples=300, deadline=None)
@given(text=st.lists(PIECES, max_size=40).map(''.join))
def test_windows_are_those_of_every_needle_searched_in_turn(text: str) -> None:
    assert windows(text) == every_needle_windows(text)


def test_overlapping_needles_each_open_their_window() -> None:
    # 'ass' inside 'pass' inside 'password'-like runs, 'sk' and 'sk-': every start counts
    text = 'y' * 300 + 'sk-ant-' + 'z' * 600 + 'Pass' + 'w' * 900
    assert windows(text) == every_needle_windows(text)


def test_first_letters_matches_where_any_word_begins() -> None:
    import re

    pattern = re.compile(first_letters(['ab', 'abc', 'b', 'ca']))
    starts, found = [], pattern.search('xabcxbca')
    while found:  # as windows() searches: from just past each start
        starts.append(found.start())
        found = pattern.search('xabcxbca', found.start() + 1)
    assert starts == [1, 2, 5, 6]
    assert pattern.match('ca') and not pattern.match('c')


# Lines of tool output: short and long (about AROUND and 2 * AROUND), needles at their ends and
# starts, so that a window ends at a newline, at 2 * AROUND past its needle, or at the text's end.
LINE_PIECES = st.sampled_from([*P.TEXT_NEEDLES[:30], 'key', '@', '\n', '\n\n', 'x', 'y' * 250,
                               'z' * 255, 'w' * 500, 'v' * 520, ' ', '.'])


@settings(max_examples=500, deadline=None)
@given(text=st.lists(LINE_PIECES, max_size=40).map(''.join))
def test_windows_going_on_from_a_newline_lose_none(text: str) -> None:
    assert windows(text) == every_needle_windows(text)
