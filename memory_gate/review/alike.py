"""Whether two bullets say the same thing in other words, in English and in Chinese.

Hand-made, measured (benchmarks/said_twice.py: the fixed pairs of tests/review/alike_test.py):
two bullets are alike when they keep the same words (English stems, Chinese characters, code
spans and numbers as written) once the words that carry no claim are set aside, and they turn
away the same things (a 'not', 'never', '不要' and what follows it). The bar is no false merge:
a bullet that differs by a number, a code span, a flag or what it refuses is never alike.
Against a maintained library (rapidfuzz 3.14: token_set_ratio, ratio, token_sort_ratio), at
the best threshold that makes no false merge on those pairs: 0 of 18 same pairs found by any of
them, 18 by this; on pairs written after it was tuned, 9 of 10 found, 0 of 12 merged. A string
distance cannot tell 'pnpm, not npm' from 'npm, not pnpm', nor 30 seconds from 60.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memory_gate.base.typed import NamedTuple

# Words that carry no claim: articles, auxiliaries, quantifiers, politeness, connectives.
STOP = frozenset('''
a an the this that these those it its is are was were be been being do does did to of in on at
for by with from as and or but so then than into onto over via per all every each any always
please should must shall will would can could may might need needs use using used make sure
we you our your they their there here just only also very really when whenever before after
same other one ones new instead rather keep keeps kept stay stays live lives get gets
'''.split())
# A negation: what follows it (NEGATED words) is turned away.
NEGATION_RE = re.compile(
    r"\b(?:not|never|no|don't|dont|doesn't|won't|cannot|can't|avoid|without|instead of"
    r"|rather than)\b|不要|不能|不得|不用|不可|别|禁止|切勿|勿|不|没有|而不是|而非"
)
NEGATED = 3  # the words after a negation that it turns away
# Chinese characters that carry no claim: particles, quantifiers, connectives.
HAN_STOP = frozenset('的了是在都也和就请要需须必一律所有全部任何每个'
                     '以把被将对于中候这那些会能可之先')
TOKEN_RE = re.compile(r'`[^`]+`|[A-Za-z][\w.+#/-]*|\d+(?:[.:]\d+)*[a-z%]*|--?[a-z][\w-]*'
                      r'|[\u4e00-\u9fff]')
SUFFIXES = ('ing', 'ed', 'en', 'es', 's', 'e', 'ly')
REFUSED = 0.6  # of the fewer words turned away, shared
JACCARD = 0.5  # of both bullets' words, shared (the shorter's are all in the longer)
FEWEST = 2  # words a bullet needs to be compared at all


class Claim(NamedTuple):
    """A bullet as compared: its words, what it turns away, its code spans and numbers."""

    words: frozenset[str]
    refused: frozenset[str]
    exact: frozenset[str]
    refuses: bool = False  # it turns something away at all


def stem(word: str) -> str:
    """A word without its inflection, doubled consonant undone: committing, commit -> commit."""
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in 'aeiouls':
        word = word[:-1]
    return word


def claim(text: str) -> Claim:
    """What a bullet claims, as compare() weighs it."""
    text = text.casefold()
    words: list[str] = []
    refused: set[str] = set()
    exact: set[str] = set()
    cut = cut_all = {m.end(): m for m in NEGATION_RE.finditer(text)}
    after = -1  # words left that the last negation turns away
    for match in TOKEN_RE.finditer(text):
        if any(end <= match.start() for end in cut):
            after = NEGATED
            cut = {end: m for end, m in cut.items() if end > match.start()}
        word = match[0]
        if word.startswith('`') or word[:1].isdigit() or word.startswith('-'):
            exact.add(word.strip('`'))
        elif word in STOP or word in HAN_STOP or NEGATION_RE.fullmatch(word):
            continue
        word = stem(word.strip('.')) if word.isascii() else word
        words.append(word)
        if after > 0:
            refused.add(word)
            after -= 1
    return Claim(frozenset(words), frozenset(refused), frozenset(exact), bool(cut_all))


def alike(first: str, second: str) -> bool:
    """Whether two bullets say the same thing (never a false merge: see the module's note)."""
    return same(claim(first), claim(second))


def same(a: Claim, b: Claim) -> bool:
    """alike(), on the claims (a memory file's bullets are each claimed once, compared often)."""
    if a.exact != b.exact or a.refuses != b.refuses:
        return False
    fewer = min(len(a.refused), len(b.refused))
    if fewer and len(a.refused & b.refused) / fewer < REFUSED:
        return False
    shorter, longer = sorted((a.words, b.words), key=len)
    return (len(shorter) >= FEWEST and shorter <= longer
            and len(shorter) / len(longer) >= JACCARD)


def similar_in(bullets: Sequence[str]) -> Callable[[str], str]:
    """A test of a proposed bullet against the memory file's bullets (each claimed once): the
    first that says the same thing in other words, or ''."""
    claims = [(bullet, claim(bullet)) for bullet in bullets]

    def similar(text: str) -> str:
        said = claim(text)
        return next((bullet for bullet, other in claims if same(said, other)), '')

    return similar
