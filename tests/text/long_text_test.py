"""A long turn is worked in bounded parts: the same words and the same lowercase as the whole
text, and no temporary of many bytes a character (a 7.6 MB turn had peaked at 182 MB)."""
from __future__ import annotations

import random
import tracemalloc

from hypothesis import given
from hypothesis import strategies as st

from memory_gate.secrets.credentials import has_long_run, has_suspect_word
from memory_gate.secrets.withhold import turn_leaks
from memory_gate.text.long_text import lowered, parts

# Final sigma, a case-ignorable mark and apostrophe, a letter that lowers to two, spaces of
# several kinds (a tab, NEL, ideographic space, the file separator), Chinese, plain letters.
CHARS = ['Σ', 'ΑΣ', '\u0301', "'", 'İ', ' ', '\t', '\n', '\x85', '\u3000', '\x1c', '中',
         'a', 'B', '.', '\u200b', '\u00ad']


@given(st.lists(st.sampled_from(CHARS), max_size=40), st.integers(1, 8))
def test_parts_have_the_words_and_the_lowercase_of_the_text(chars: list[str], size: int) -> None:
    text = ''.join(chars)
    assert [w for part in parts(text, size) for w in part.split()] == text.split()
    assert ''.join(parts(text, size)) == text
    assert lowered(text, size) == text.lower()


@given(st.lists(st.sampled_from(CHARS + ['x' * 19, 'y' * 20]), max_size=30))
def test_a_long_run_is_a_word_of_twenty_characters(chars: list[str]) -> None:
    text = ''.join(chars)
    assert has_long_run(text) == any(len(w) >= 20 for w in text.split())


def turn(size: int) -> str:
    rng = random.Random(4)
    words = ['the', 'parser', 'reads', 'cache', '我看了一下', '启动时读取', 'again.', 'Postgres']
    return ' '.join(rng.choice(words) for _ in range(size // 6))


def test_a_long_turn_is_screened_for_credentials_in_bounded_memory() -> None:
    text = turn(1_000_000)  # about 1M characters, two bytes each (Chinese in it)
    tracemalloc.start()
    try:
        assert not has_suspect_word(text)
        turn_leaks(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # the lowercase copy joined from its parts (two bytes a character each); text.lower()
    # alone had taken twelve a character, text.split() a list of every word
    assert peak < 5 * len(text)
