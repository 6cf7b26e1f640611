"""A pattern's ASCII program finds, in an ASCII text, every span the pattern finds, and no other."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.text.ascii_search import found, program
from tests.text.prefilter_test import LITERALS, PATTERNS, TEXTS

# Patterns whose case or whose flags matter, and alternatives past ASCII: each must keep
# IGNORECASE (or its alternatives) and still find what the pattern finds.
HARD = [
    r'(?i)\bMr\. \w+', r'(?i)[A-Z]{2}\d', r'(?i)[0-~]x', r'(?i)(ab)\s\1', r'(?i)(?-i:Ab)c',
    '(?i)\u212aey|\u017fet', r'(?i)[\u0100-\u0140]d', r'(?i)ok(?=[A-F])', r'(?i)以后|\bnever\b',
    r'(?i)(?:以后|今后)|(?<!非)常に|\bok\b|(?<!x)yes', r'(?i)(a)?(?(1)b|c)', r'(?i)[^a-z]{3}',
    r'(?i)(?:\bi\b|我)[^\w]', 'caSe|以后',
]


def spans(pattern: str, text: str) -> list[tuple[int, int]]:
    made = program(pattern)
    return [m.span() for m in made.search.finditer(text.lower() if made.lowered else text)]


@pytest.mark.parametrize('pattern', PATTERNS + HARD, ids=lambda p: p[:40])
def test_the_same_spans_on_the_corpus_and_the_transcripts(pattern: str) -> None:
    plain = re.compile(pattern)
    for text in TEXTS + [t.upper() for t in TEXTS[:300]] + [t.title() for t in TEXTS[:300]]:
        assert spans(pattern, text) == [m.span() for m in plain.finditer(text)], text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(LITERALS), st.text('aKkSsiI1 .,:-', max_size=3)),
                min_size=1, max_size=8),
       st.sampled_from(['', ' ', '. ', '\n']),
       st.sampled_from([str, str.upper, str.title, str.swapcase]))
def test_the_same_spans_on_texts_of_the_patterns_own_words(words: list[str], glue: str,
                                                           case: object) -> None:
    text = case(glue.join(words))  # type: ignore[operator]
    for pattern in PATTERNS + HARD:
        expected = [m.span() for m in re.finditer(pattern, text)]
        assert spans(pattern, text) == expected, (pattern, text)
        assert found(pattern, text, text.lower()) == bool(expected)


def test_what_is_left_out_and_what_is_lowered() -> None:
    assert program(r'(?i)\bnever\b|以后|每次').search.pattern is None  # made from re's parse
    assert program(r'(?i)\bnever\b|以后|每次').lowered
    assert not program(r'(?i)\bMr\.').lowered  # an uppercase letter
    assert not program(r'(?i)(ab)\1').lowered  # a backreference
    assert not program(r'(?i)(?-i:ab)').lowered  # flags of its own
    assert not program('never').lowered  # case-sensitive already
    assert program(r'(?i)\bnever\b|以后').search.search('以后') is None  # left out: not ASCII
