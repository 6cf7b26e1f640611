"""Evidence, weighed: does a sentence stay true, or does it belong to the moment?

A signal rule makes a sentence a candidate; the features here decide whether it is worth a
reviewer's second. Each feature is a named family of phrasing or of layout, never a veto on
its own: its weight (weights.py, fitted by benchmarks/fit_weights.py) adds to the log-odds
that a maintainer would keep the sentence. The names are what the review prints as evidence.
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from memory_gate.cues import (
    ACCEPT_RE,
    CJK_RE,
    DO_SECTION_RE,
    GATES,
    MARKER_RE,
    PHRASE_FEATURES,
    RECOMMEND_RE,
    TOKEN_RE,
    WHY_SECTION_RE,
)


def phrases(sentence: str) -> list[str]:
    """The names of the phrase features a sentence shows, in PHRASE_FEATURES order."""
    if re.search(CJK_RE, sentence):
        return [name for name, pattern in PHRASE_FEATURES if re.search(pattern, sentence)]
    tokens = set(re.findall(TOKEN_RE, sentence.lower()))
    return [name for name, pattern in PHRASE_FEATURES if not GATES[name].isdisjoint(tokens) and re.search(pattern, sentence)]


# A user turn this long is pasted text (a template, a hand-off prompt, a plan, a log), not the user's own words.
PASTED_SENTENCES = 12


def section(heading: str) -> str:
    """What a heading says of the text under it: 'why_section', 'do_section' or ''."""
    if re.search(WHY_SECTION_RE, heading):
        return 'why_section'
    return 'do_section' if re.search(DO_SECTION_RE, heading) else ''


class Context(NamedTuple):
    """Where a sentence sits: who said it, the rule that picked it, and its layout in the turn."""

    role: str  # user | assistant (a long user turn is weighed as 'pasted', not as the user's voice)
    kind: str  # the picking rule's kind
    layout: str = ''  # '' (a line of prose), 'item' (list item), 'heading', 'quote'
    turn_sentences: int = 1  # how many sentences the turn holds
    accepted: bool = False  # the user accepted this recommendation in the next turn
    marked: bool = False  # an explicit memory marker opened the line
    voice: str = ''  # 'plan': a plan the user approved, replayed by the harness (Turn.voice)
    section: str = ''  # what the heading above the sentence says of it (section())


def features(sentence: str, ctx: Context) -> list[str]:
    """The names of the features a sentence and its place show, in a fixed order."""
    voice = ctx.voice or ('pasted' if ctx.role == 'user' and ctx.turn_sentences >= PASTED_SENTENCES else ctx.role)
    found = [voice, 'kind_' + ctx.kind]
    if ctx.section:
        found.append(ctx.section)
    found += phrases(sentence)
    if ctx.layout:
        found.append(ctx.layout)
    if ctx.turn_sentences >= 12:
        found.append('long_turn')
    if len(sentence) > 200:
        found.append('long_sentence')
    if ctx.accepted:
        found.append('accepted')
    if ctx.marked:
        found.append('marked')
    return found


def is_recommendation(sentence: str) -> bool:
    return re.search(RECOMMEND_RE, sentence) is not None


def is_acceptance(turn_text: str) -> bool:
    text = turn_text.strip()
    return len(text) <= 60 and re.search(ACCEPT_RE, text) is not None


def marker_end(line: str) -> int:
    """Where the statement after an explicit memory marker starts (0: the line has no marker)."""
    match = re.search(MARKER_RE, line)
    return match.end() if match else 0


def score(names: Iterable[str], weights: Mapping[str, float], bias: float) -> float:
    """The probability, from the fitted log-odds, that a maintainer keeps the sentence (rounded: byte-identical)."""
    z = bias + sum(weights.get(n, 0.0) for n in names)
    return round(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), 4)


def describe(names: Iterable[str], weights: Mapping[str, float]) -> str:
    """The evidence in a few words: every feature found, strongest first, signed by its weight."""
    weighed = sorted(((weights.get(n, 0.0), n) for n in names), key=lambda wn: (-abs(wn[0]), wn[1]))
    return ' · '.join(f'{"+" if w >= 0 else "-"}{n}' for w, n in weighed)
