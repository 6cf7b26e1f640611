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
CHUNK = 4096  # bullets indexed at a time
NEGATED = 3  # the words after a negation that it turns away
# Chinese characters that carry no claim: particles, quantifiers, connectives.
HAN_STOP = frozenset('的了是在都也和就请要需须必一律所有全部任何每个'
                     '以把被将对于中候这那些会能可之先')
TOKEN_RE = re.compile(r'`[^`]+`|[A-Za-z][\w.+#/-]*|\d+(?:[.:]\d+)*[a-z%]*|--?[a-z][\w-]*'
                      r'|[\u4e00-\u9fff]')
# The same tokens in bullets joined by NUL (a code span never runs on into the next bullet).
SPLIT_RE = re.compile(TOKEN_RE.pattern.replace('`[^`]+`', r'`[^`\x00]+`', 1) + r'|\x00')
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


def similar_in(bullets: Callable[[], Sequence[str]]) -> Callable[[str], str]:
    """A test of a proposed bullet against the memory file's bullets: the first that says the
    same thing in other words, or ''. The bullets are read and indexed at the first test (a
    commit that proposes nothing pays nothing), and only those sharing enough of its words are
    claimed: on 100,000 bullets, claiming each (84 us) would cost seconds and 160 MB."""
    index: list[Index] = []

    def similar(text: str) -> str:
        if not index:
            index.append(Index(bullets()))
        return index[0].first_alike(claim(text))

    return similar


class Index:
    """The memory file's bullets by the words they hold (as claim() stems them), each bullet
    claimed only when a proposal shares enough of its words to be alike."""

    def __init__(self, bullets: Sequence[str]) -> None:
        self.bullets = bullets
        self.claims: dict[int, Claim] = {}
        self.postings: dict[str, list[int]] = {}
        self.stems: dict[str, str] = {}  # a token as claim() keeps it as a word, '' if it does not
        for start in range(0, len(bullets), CHUNK):  # a chunk's tokens at a time: memory stays low
            self.add(start, '\0'.join(b.replace('\0', ' ') for b in bullets[start:start + CHUNK]))

    def add(self, at: int, text: str) -> None:
        """Index the bullets of `text` (joined by NUL), the first of them numbered `at`."""
        stems, postings = self.stems, self.postings
        for token in SPLIT_RE.findall(text.casefold()):
            if token == '\0':
                at += 1
                continue
            word = stems.get(token)
            if word is None:
                word = stems[token] = '' if token in STOP or token in HAN_STOP else (
                    stem(token.strip('.')) if token.isascii() else token)
            posting = postings.get(word) if word else None
            if posting is None:
                if word:
                    postings[word] = [at]
            elif posting[-1] != at:
                posting.append(at)

    def first_alike(self, said: Claim) -> str:
        """The first bullet alike to `said`, or ''. Alike bullets share at least `need` of its
        words (the shorter's words are all in the longer, which has at most twice as many), so
        each holds one of its len - need + 1 rarest words: only those are claimed."""
        words = sorted(said.words, key=lambda w: len(self.postings.get(w, ())))
        need = max(FEWEST, -(-len(words) // 2))
        if len(words) < need:
            return ''
        near: set[int] = set()
        for word in words[: len(words) - need + 1]:
            near.update(self.postings.get(word, ()))
        for at in sorted(near):
            other = self.claims.get(at) or self.claims.setdefault(at, claim(self.bullets[at]))
            if same(said, other):
                return self.bullets[at]
        return ''
