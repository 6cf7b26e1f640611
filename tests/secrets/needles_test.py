from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import needles
from memory_gate.secrets.needles import UNNAMED_BYTES, anchors, may_hold


def every_needle(raw: bytes) -> bool:
    """The straightforward definition the prefilter answers as: some needle is in the line, or a
    token no needle names."""
    return any(needle in raw for needle in P.NEEDLES) or UNNAMED_BYTES.search(raw) is not None


# Needles whole and cut short at either end (a near-miss), anchor bytes alone and repeated,
# a JSON escape, UTF-8 of a needle past ASCII split in two, and filler.
PIECES = st.sampled_from([
    *P.NEEDLES, *(n[:-1] for n in P.NEEDLES), *(n[1:] for n in P.NEEDLES),
    *(bytes([b]) for b in needles.ANCHORS), b'k' * 70, b's' * 70, b'x', b' ', b'"', b'\\u5bc6',
    '密码'.encode()[:4], '码'.encode(), b'\xe5', b'\n', b'.', b'MTk4NjIy', b'-_aB9' * 6,
])


@settings(max_examples=2000, deadline=None)
@given(st.lists(PIECES, max_size=14).map(b''.join))
def test_may_hold_answers_as_asking_every_needle(raw: bytes) -> None:
    assert may_hold(raw) is every_needle(raw)


@settings(max_examples=500, deadline=None)
@given(st.lists(PIECES, max_size=14).map(b''.join))
def test_an_anchor_walked_only_twice_then_searched_gives_the_same_answer(raw: bytes) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(needles, 'ANCHOR_WALK', 2)
        assert may_hold(raw) is every_needle(raw)


@pytest.mark.parametrize('needle', sorted(set(P.NEEDLES)))
def test_each_needle_is_found_alone_first_and_last_and_not_cut_short(needle: bytes) -> None:
    assert may_hold(needle) and may_hold(b'{"a": "' + needle) and may_hold(needle + b'"}')
    assert may_hold(needle[:-1]) is every_needle(needle[:-1])


def test_a_needle_without_an_anchor_is_refused() -> None:
    with pytest.raises(ValueError, match='without an anchor'):
        anchors(b'k', [b'key', b'ass'])



@pytest.mark.parametrize('anchor', [*needles.ASCII, *needles.WIDE], ids=lambda a: repr(a.byte))
def test_a_needle_just_past_the_walked_anchors_is_still_found(anchor: needles.Anchor) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(needles, 'ANCHOR_WALK', 2)
        for needle in anchor.needles:
            assert may_hold(2 * (anchor.byte + b' ') + needle), needle


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from([b'.', b'abcdef', b'x' * 27, b'-', b' ', b'..', b'MTk4']),
                max_size=40).map(b''.join))
def test_unnamed_answers_as_its_search_past_the_walked_dots(raw: bytes) -> None:
    assert needles.unnamed(raw) is (UNNAMED_BYTES.search(raw) is not None)
    for walked in (0, 1, 2, 64):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(needles, 'UNNAMED_WALK', walked)
            assert needles.unnamed(raw) is (UNNAMED_BYTES.search(raw) is not None), walked


@pytest.mark.parametrize('dots', [0, 3, 4, 5, 70])
def test_a_discord_tail_past_the_walked_dots_is_found(dots: int) -> None:
    tail = b'.' + b'G' * 6 + b'.' + b'x' * 27
    assert needles.unnamed(b'a. ' * dots + tail) and needles.unnamed(b'a. ' * dots + tail + b' .')
    assert not needles.unnamed(b'a. ' * dots + tail[:-1])
