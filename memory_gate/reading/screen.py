"""Which signal rules can possibly fire on a sentence, told from its words at dictionary speed.

Most sentences carry no signal. A rule's gate word (patterns.Rule.contains) can only
occur in a sentence if its rarest run without spaces, its piece, lies inside one of
the sentence's words: at the word's start when a space precedes the piece in the gate
word, at its end when a space follows it. So a sentence is screened word by word, each
distinct word is looked at once per run, and only the rules it opens are tried.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import reduce
from operator import or_

from memory_gate.reading.rules.patterns import Rule
from memory_gate.text.sentences import compiled

# Words too common to screen on: a gate word's piece is one of these only when it has nothing else.
COMMON = frozenset(
    'a an and are as at be by for from in is it of on or the to was we were with'.split())
# Distinct words remembered per run, at most, and the longest remembered: at most about
# 6 MB. Past the count, start over; a longer word is worked out each time it comes.
WORD_CACHE = 50_000
WORD_LENGTH = 40
ASCII_RUN_RE = r'[\x00-\x7f]+'


def piece(word: str) -> tuple[str, bool, bool]:
    """The gate word's rarest run without spaces (the longest uncommon one); must it start a
    word, end one."""
    parts = word.split()
    if len(parts) == 1:  # most gate words: one run, no choice to make
        return parts[0], word[0].isspace(), word[-1].isspace()
    i = max(range(len(parts)), key=lambda k: (parts[k] not in COMMON, len(parts[k])))
    return parts[i], i > 0 or word[0].isspace(), i < len(parts) - 1 or word[-1].isspace()


class Screen:
    """A bit (1 << index) for each rule that may fire; never leaves out one that does.

    A gate word that must start a sentence (Rule.starts) is checked exactly on a
    sentence; on a whole turn it counts as a word that may occur anywhere, since a
    sentence may start inside one of the turn's words (after "。" or a stripped "OK,").
    Its bits are kept apart, above the others, in the same remembered mask per word.
    """

    def __init__(self, rules: Sequence[Rule], remember: int = WORD_CACHE) -> None:
        self.size = len(rules)
        self.remember = remember  # distinct words (and ASCII runs) held at most
        # the rules' own bits; start-of-sentence bits sit above them
        self.low_bits = (1 << self.size) - 1
        self.always = 0  # rules without gates (a team's own) are always tried
        self.starts: list[tuple[tuple[str, ...], int]] = []
        # pieces anywhere in a word, by first character
        self.inside: dict[str, list[tuple[str, int]]] = defaultdict(list)
        self.ends: dict[tuple[bool, int], dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for i, r in enumerate(rules):
            bit = 1 << i
            if not (r.contains or r.starts) or not all(w.strip() for w in r.contains + r.starts):
                self.always |= bit
            if r.starts:
                self.starts.append((r.starts, bit))
            for w in r.contains:
                if w.strip():
                    self.add(w, bit)
            for w in r.starts:
                if w.strip():
                    self.add(w, bit << self.size)
        # The start words by their first character: a sentence is tried only on those that begin
        # as it does (a blank start word, which begins every sentence, is of a rule always tried).
        self.start_words: dict[str, tuple[str, ...]] = {}
        for w in sorted({w for starts, _ in self.starts for w in starts}):
            self.start_words[w[:1]] = self.start_words.get(w[:1], ()) + (w,)
        self.words: dict[str, int] = {}
        # The pieces that must start or end a word, by that character: a word is looked up only at
        # the lengths of pieces that begin (end) with its own first (last) character.
        self.whole = self.ends.get((True, 0), {})
        self.by_first: dict[str, list[tuple[int, dict[str, int]]]] = defaultdict(list)
        self.by_last: dict[str, list[tuple[int, dict[str, int]]]] = defaultdict(list)
        for (at_start, size), texts in self.ends.items():
            if size:
                index = self.by_first if at_start else self.by_last
                for char in {text[0] if at_start else text[-1] for text in texts}:
                    index[char].append((size, texts))
        self.firsts = frozenset(self.inside)
        # Past ASCII (a Chinese clause is one word, and nearly every one is new), a word's ASCII
        # pieces can lie only in its runs of ASCII: those are tried on the runs, which recur
        # ("cache", "migration") and are remembered; only the pieces holding a wide character
        # are tried on the whole word.
        self.wide: dict[str, list[tuple[str, int]]] = {}
        for first, pieces in self.inside.items():
            wide = [(text, bit) for text, bit in pieces if not text.isascii()]
            if wide:
                self.wide[first] = wide
        self.wide_firsts = frozenset(self.wide)
        self.runs: dict[str, int] = {}  # an ASCII run's pieces, remembered as words are

    def add(self, gate_word: str, bit: int) -> None:
        text, at_start, at_end = piece(gate_word)
        if at_start and at_end:
            self.ends[(True, 0)][text] |= bit  # the whole word
        elif at_start or at_end:
            self.ends[(at_start, len(text))][text] |= bit
        else:
            self.inside[text[0]].append((text, bit))

    def word(self, word: str) -> int:
        """The rules one word (lowered, no spaces) may open."""
        found = self.whole.get(word, 0)
        for size, texts in self.by_first.get(word[0], ()):
            found |= texts.get(word[:size], 0)
        for size, texts in self.by_last.get(word[-1], ()):
            found |= texts.get(word[-size:], 0)
        if word.isascii():
            return found | self.inside_of(word, self.firsts, self.inside)
        runs = self.runs
        for run in compiled(ASCII_RUN_RE).findall(word):  # "cache" in "从cache里移到队列里面"
            bits = runs.get(run)
            if bits is None:
                if len(runs) >= self.remember:
                    runs.clear()
                bits = runs[run] = self.inside_of(run, self.firsts, self.inside)
            found |= bits
        return found | self.inside_of(word, self.wide_firsts, self.wide)

    @staticmethod
    def inside_of(text: str, firsts: frozenset[str],
                  pieces: dict[str, list[tuple[str, int]]]) -> int:
        """The bits of the pieces inside the text, of those starting with one of its characters."""
        found = 0
        for first in firsts.intersection(text):
            for piece, bit in pieces[first]:
                if piece in text:
                    found |= bit
        return found

    def mask(self, low: str) -> int:
        """What the words of a lowered text may open (gate words that must start a sentence in the
        high bits)."""
        words, known = low.split(), self.words
        if len(words) == 1 and len(words[0]) <= WORD_LENGTH:  # a Chinese clause: nearly always new
            word = words[0]
            found = known.get(word)
            if found is None:
                if len(known) >= self.remember:
                    known.clear()
                found = known[word] = self.word(word)
            return found
        try:  # most sentences have only words seen before: one pass in C
            return reduce(or_, map(known.__getitem__, words), 0)
        except KeyError:
            pass
        found, new = 0, set(words).difference(known)
        long = [word for word in new if len(word) > WORD_LENGTH]
        if long:  # a blob or a path: worked out each time, never remembered
            found = reduce(or_, map(self.word, long))
            words = [word for word in words if len(word) <= WORD_LENGTH]
            new.difference_update(long)
        if len(known) + len(new) > self.remember:
            known.clear()
            new = set(words)
        for word in new:
            known[word] = self.word(word)
        return reduce(or_, map(known.__getitem__, words), found)

    def rules(self, low: str) -> int:
        """The rules that may fire on this lowered sentence."""
        found = self.mask(low) & self.low_bits | self.always
        # most sentences start with no rule's gate word
        if low.startswith(self.start_words.get(low[:1], ())):
            for starts, bit in self.starts:
                if low.startswith(starts):
                    found |= bit
        return found

    def turn_rules(self, low: str) -> int:
        """The rules that may fire on some sentence of this lowered text, before it is split."""
        found = self.mask(low)
        return (found | found >> self.size) & self.low_bits | self.always
