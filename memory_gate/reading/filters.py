"""Named predicates that judge one sentence, pure functions over plain values; and Judge,
the same verdicts from a rule set compiled once for a run, with the word screen in front."""
from __future__ import annotations

import re
from collections.abc import Sequence

from memory_gate.base.typed import NamedTuple
from memory_gate.reading.records import MAX_LENGTH, MIN_LENGTH  # the length gates' defaults
from memory_gate.reading.rules import noise
from memory_gate.reading.rules.patterns import Rule
from memory_gate.reading.screen import Screen
from memory_gate.text.ascii_search import found
from memory_gate.text.prefilter import Test, gated_test
from memory_gate.text.sentences import compiled, holds, plain_quotes

# A Chinese, Japanese or Korean character carries about as much as three Latin
# characters (a normal Chinese sentence says in ~10 characters what English says
# in ~30), so each one counts three times: "以后都用UTC存时间" (10 chars) weighs 28.
WIDE_WEIGHT = 3
WIDE = (
    ('\u3040', '\u30ff'), ('\u3400', '\u4dbf'), ('\u4e00', '\u9fff'), ('\uac00', '\ud7af'),
    ('\uf900', '\ufaff'),
)


def weighted_length(sentence: str) -> int:
    """Length in Latin-equivalent characters: wide (CJK) characters count WIDE_WEIGHT times
    (counted by hand: a pattern takes ~5 ms to compile)."""
    if sentence.isascii():
        return len(sentence)
    wide = sum(1 for c in sentence for low, high in WIDE if low <= c <= high)
    return len(sentence) + (WIDE_WEIGHT - 1) * wide


def gated(r: Rule, low: str) -> bool:
    """False when the rule's cheap gate proves its pattern cannot match the lowered sentence."""
    if not (r.contains or r.starts):
        return True
    return low.startswith(r.starts) or bool(r.contains) and holds(low, r.contains)


def fires(r: Rule, sentence: str) -> bool:
    """The rule's pattern matches and its `unless` does not."""
    if compiled(r.pattern).search(sentence) is None:
        return False
    return not (r.unless and compiled(r.unless).search(sentence))


def signal_rule(sentence: str, rules: Sequence[Rule]) -> Rule | None:
    """The first signal rule that picks this sentence, or None."""
    return Judge(rules, ()).signal_rule(sentence)


def is_code(sentence: str) -> bool:
    """True when code characters make up more than CODE_CHAR_SHARE of the sentence. In a
    sentence of prose, a `code span` is a name the writer quoted, one word wherever it points
    (`cmd/entire/cli/e2e_test/`), and **bold** is emphasis; a sentence that is all spans
    (`if (!user) { throw err; }`) is code."""
    if '`' in sentence:
        around = re.sub(noise.CODE_SPAN_RE, ' ', sentence)
        if len(re.findall(noise.PROSE_WORD_RE, around)) >= 3:
            sentence = re.sub(noise.CODE_SPAN_RE, 'code', sentence)
    sentence = sentence.replace('**', '')
    code = sum(1 for c in sentence if c in noise.CODE_CHARS)
    return code > noise.CODE_CHAR_SHARE * len(sentence)


def noise_reason(sentence: str, rules: Sequence[Rule]) -> str | None:
    """The name of the first noise rule that drops this sentence, or None."""
    return Judge((), rules).noise_reason(sentence)


def length_ok(sentence: str, min_length: int = MIN_LENGTH, max_length: int = MAX_LENGTH) -> bool:
    if min_length <= len(sentence) <= max_length // WIDE_WEIGHT:
        return True  # in bounds even if all wide: nothing to count
    return len(sentence) <= max_length and min_length <= weighted_length(sentence) <= max_length


def strip_lead(sentence: str) -> str:
    """Drop leading words that carry nothing ("OK, ", "Sure - ")."""
    return compiled(noise.LEAD_CHATTER_RE).sub('', sentence)


class Verdict(NamedTuple):
    """What the judge says of a sentence: kept or not, why not, and the rule that picked it."""

    kept: bool
    # '' when kept; else NO_SIGNAL, LENGTH or NOISE + the noise rule's name (the stats key)
    reason: str
    rule: Rule | None  # None: no signal rule picked it


NO_SIGNAL, LENGTH, NOISE = 'no_signal', 'length', 'noise:'
# The verdict on most sentences, made once.
UNPICKED = Verdict(False, NO_SIGNAL, None)
# U+FFFD: what an undecodable byte or a lone surrogate became. A bullet never carries one: the
# words it stood for are lost, and memory would keep the hole (counted 'noise:undecodable').
UNDECODABLE = 'undecodable'


def fitting(sentence: str, rule: Rule, noise: str | None,
            min_length: int, max_length: int) -> Verdict:
    """The verdict on a sentence a rule picked: dropped as noise (the noise rule's name), for its
    length, or kept."""
    if noise is None and '\ufffd' in sentence:
        noise = UNDECODABLE
    if noise is not None:
        return Verdict(False, NOISE + noise, rule)
    if not length_ok(sentence, min_length, max_length):
        return Verdict(False, LENGTH, rule)
    return Verdict(True, '', rule)


def judge(sentence: str, signal: Sequence[Rule], noise: Sequence[Rule],
          min_length: int = MIN_LENGTH, max_length: int = MAX_LENGTH) -> Verdict:
    """Why a sentence is dropped (no signal, noise, length), or that it is kept, and the rule
    that picked it."""
    return Judge(signal, noise, min_length, max_length).verdict(sentence)


def tried(r: Rule, tests: list[Test | None], i: int, low: str, sentence: str,
          ascii: bool) -> bool:
    """Whether rule r, the i-th of its set, fires on the sentence (low is it lowered): for an
    ASCII sentence through its one gated test (prefilter.gated_test, made on first use and kept
    in tests[i]) and its patterns' ASCII programs, else through gated() and the pattern."""
    if ascii:
        test = tests[i]
        if test is None:
            test = tests[i] = gated_test(r.pattern, r.contains, r.starts)
        return test(low) and fires_ascii(r, sentence, low)
    return gated(r, low) and fires(r, sentence)


def fires_ascii(r: Rule, sentence: str, low: str) -> bool:
    """fires(r, sentence) for an ASCII sentence (low is it lowered), by the patterns' ASCII
    programs (ascii_search)."""
    return found(r.pattern, sentence, low) and not (r.unless and found(r.unless, sentence, low))


class Judge:
    """A rule set for one run; the verdicts are those of the predicates above.

    Each pattern is compiled the first time a sentence reaches it (sentences.compiled), so a
    run that judges nothing compiles nothing, and later sentences skip re's cache lookup.
    """

    def __init__(self, signal: Sequence[Rule], noise: Sequence[Rule],
                 min_length: int = MIN_LENGTH, max_length: int = MAX_LENGTH) -> None:
        self.signal, self.noise = signal, noise
        self.min_length, self.max_length = min_length, max_length
        # One screen over both sets: signal rule i is bit i, noise rule j bit len(signal) + j, so
        # a sentence's words are looked up once for its signal and its noise.
        self.screen = Screen([*signal, *noise])
        self.signal_bits = (1 << len(signal)) - 1
        # Each rule's gate and its pattern's needs as one test of an ASCII sentence
        # (prefilter.gated_test), made when an ASCII sentence first reaches the rule.
        self.signal_tests: list[Test | None] = [None] * len(signal)
        self.noise_tests: list[Test | None] = [None] * len(noise)

    def silent(self, text: str) -> bool:
        """True when no signal rule can fire on any sentence of the text (so none needs judging)."""
        return not self.screen.turn_rules(plain_quotes(text).lower()) & self.signal_bits

    def signal_rule(self, sentence: str) -> Rule | None:
        sentence = plain_quotes(sentence)
        low = sentence.lower()
        return self.signal_of(sentence, low, sentence.isascii(), self.screen.rules(low))

    def signal_of(self, sentence: str, low: str, ascii: bool, mask: int) -> Rule | None:
        """The first signal rule of the screen's mask that fires (ASCII: the gate and the
        pattern's own literals, prefilter, in one test)."""
        mask &= self.signal_bits
        rules, tests = self.signal, self.signal_tests
        while mask:
            i = (mask & -mask).bit_length() - 1
            if tried(rules[i], tests, i, low, sentence, ascii):
                return rules[i]
            mask &= mask - 1
        return None

    def noise_reason(self, sentence: str) -> str | None:
        sentence = plain_quotes(sentence)
        low = sentence.lower()
        return self.noise_of(sentence, low, sentence.isascii(), self.screen.rules(low))

    def noise_of(self, sentence: str, low: str, ascii: bool, mask: int) -> str | None:
        """The first noise rule of the screen's mask that drops the sentence, its name; else
        'code' for code, or None."""
        mask >>= len(self.signal)
        rules, tests = self.noise, self.noise_tests
        while mask:
            i = (mask & -mask).bit_length() - 1
            if tried(rules[i], tests, i, low, sentence, ascii):
                return rules[i].name
            mask &= mask - 1
        return 'code' if is_code(sentence) else None

    def verdict(self, sentence: str) -> Verdict:
        plain = plain_quotes(sentence)
        low = plain.lower()
        ascii, mask = plain.isascii(), self.screen.rules(low)
        found = self.signal_of(plain, low, ascii, mask)
        if found is None:
            return UNPICKED
        reason = self.noise_of(plain, low, ascii, mask)
        min_length = found.min_length or self.min_length
        return fitting(sentence, found, reason, min_length, self.max_length)
