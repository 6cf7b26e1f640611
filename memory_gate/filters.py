"""Named predicates that judge one sentence. Pure functions over plain values."""
from __future__ import annotations

import re
from collections.abc import Sequence

from memory_gate import patterns
from memory_gate.patterns import Rule

# Length gates, in Latin-equivalent characters.
# 20: shorter than "Never push to main." carries no durable knowledge ("ok, done").
# 300: longer is a paragraph glued together by a missing full stop; a bullet must be one idea.
MIN_LENGTH = 20
MAX_LENGTH = 300
# A Chinese, Japanese or Korean character carries about as much as three Latin
# characters (a normal Chinese sentence says in ~10 characters what English says
# in ~30), so each one counts three times: "以后都用UTC存时间" (10 chars) weighs 28.
WIDE_WEIGHT = 3
WIDE_RE = r'[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]'


def weighted_length(sentence: str) -> int:
    """Length in Latin-equivalent characters: wide (CJK) characters count WIDE_WEIGHT times."""
    if sentence.isascii():
        return len(sentence)
    return len(sentence) + (WIDE_WEIGHT - 1) * len(re.findall(WIDE_RE, sentence))


def gated(r: Rule, low: str) -> bool:
    """False when the rule's cheap gate proves its pattern cannot match the lowered sentence."""
    if not (r.contains or r.starts):
        return True
    return low.startswith(r.starts) or any(map(low.__contains__, r.contains))


def candidates(text: str, rules: Sequence[Rule]) -> list[Rule]:
    """The rules that may match some sentence of `text` (lowered, whitespace collapsed).

    A rule none of whose gate words occur anywhere in the text cannot match any of its
    sentences, so a turn is judged against these rules only: same verdicts, less work.
    """
    return [r for r in rules if not (r.contains or r.starts)
            or any(map(text.__contains__, r.contains)) or any(map(text.__contains__, r.starts))]


def fires(r: Rule, sentence: str) -> bool:
    """The rule's pattern matches and its `unless` does not (patterns compile once, in re's cache)."""
    return re.search(r.pattern, sentence) is not None and not (r.unless and re.search(r.unless, sentence))


def signal_rule(sentence: str, rules: Sequence[Rule]) -> Rule | None:
    """The first signal rule that picks this sentence, or None."""
    low = sentence.lower()
    for r in rules:
        if gated(r, low) and fires(r, sentence):
            return r
    return None


def is_code(sentence: str) -> bool:
    """True when code characters make up more than CODE_CHAR_SHARE of the sentence."""
    code = sum(1 for c in sentence if c in patterns.CODE_CHARS)
    return code > patterns.CODE_CHAR_SHARE * len(sentence)


def noise_reason(sentence: str, rules: Sequence[Rule]) -> str | None:
    """The name of the first noise rule that drops this sentence, or None."""
    for r in rules:
        if fires(r, sentence):
            return r.name
    return 'code' if is_code(sentence) else None


def length_ok(sentence: str, min_length: int = MIN_LENGTH, max_length: int = MAX_LENGTH) -> bool:
    return min_length <= weighted_length(sentence) <= max_length


def strip_lead(sentence: str) -> str:
    """Drop leading words that carry nothing ("OK, ", "Sure - ")."""
    return re.sub(patterns.LEAD_CHATTER_RE, '', sentence)


def judge(sentence: str, signal: Sequence[Rule], noise: Sequence[Rule],
          min_length: int = MIN_LENGTH, max_length: int = MAX_LENGTH) -> tuple[str, Rule | None]:
    """Why a sentence is dropped ('no_signal', 'noise:<rule>', 'length'), or ('keep', rule that picked it)."""
    found = signal_rule(sentence, signal)
    if found is None:
        return 'no_signal', None
    reason = noise_reason(sentence, noise)
    if reason is not None:
        return 'noise:' + reason, found
    if not length_ok(sentence, found.min_length or min_length, max_length):
        return 'length', found
    return 'keep', found
