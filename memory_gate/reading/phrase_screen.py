"""Which phrase features (cues.PHRASE_FEATURES) may show in a sentence, told from its tokens and,
past ASCII, its wide gate words, in one pass instead of one test per feature.

A feature may show when one of its gate words is a token of the lowered sentence, or, in a wide
sentence, when one of its non-ASCII gate words is in the sentence as it is (cues.GATES,
cues.CJK_GATES). The answer is a mask: bit i for PHRASE_FEATURES[i].
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from memory_gate.reading.rules.cues import CJK_GATES, GATES, PHRASE_FEATURES

NAMES = tuple(name for name, _ in PHRASE_FEATURES)


def _by_token() -> dict[str, int]:
    bits: dict[str, int] = defaultdict(int)
    for i, name in enumerate(NAMES):
        for word in GATES[name]:
            bits[word] |= 1 << i
    return dict(bits)


def _by_first() -> dict[str, tuple[tuple[str, int], ...]]:
    """The wide gate words by their first character, each with the features it opens."""
    bits: dict[str, int] = defaultdict(int)
    for i, name in enumerate(NAMES):
        for word in CJK_GATES[name]:
            bits[word] |= 1 << i
    first: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for word, bit in bits.items():
        first[word[0]].append((word, bit))
    return {char: tuple(words) for char, words in first.items()}


BY_TOKEN = _by_token()
BY_FIRST = _by_first()
FIRSTS = frozenset(BY_FIRST)


def may_show(sentence: str, tokens: Iterable[str], wide: bool) -> int:
    """The features whose gate the sentence passes: a token of it (lowered) is a gate word, or
    (wide) a wide gate word is in it."""
    found = 0
    for token in BY_TOKEN.keys() & tokens:
        found |= BY_TOKEN[token]
    if wide:
        for char in FIRSTS.intersection(sentence):
            for word, bit in BY_FIRST[char]:
                if bit & ~found and word in sentence:
                    found |= bit
    return found
