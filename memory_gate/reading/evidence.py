"""Evidence, weighed: does a sentence stay true, or does it belong to the moment?

A signal rule makes a sentence a candidate; the features here decide whether it is worth a
reviewer's second. Each feature is a named family of phrasing or of layout, never a veto on
its own: its weight (weights.py, fitted by benchmarks/fit_weights.py) adds to the log-odds
that a maintainer would keep the sentence. The names are what the review prints as evidence.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from itertools import repeat

from memory_gate.reading.phrase_screen import may_show
from memory_gate.reading.placing import Context
from memory_gate.reading.rules.cues import LASTING, MOMENT, PHRASE_FEATURES, TOKEN_RE, UNFOLDED_RE
from memory_gate.reading.rules.form import ACTING_RE
from memory_gate.reading.rules.lasting import RECOMMEND_RE, RECOMMEND_WORDS
from memory_gate.reading.rules.marks import (
    ACCEPT_RE,
    DECISION_HEADING_ANY_LINE_RE,
    MARKER_ANY_LINE_RE,
)
from memory_gate.reading.rules.moment import ATTACHED_RE
from memory_gate.text.ascii_search import found
from memory_gate.text.prefilter import needs
from memory_gate.text.sentences import compiled, holds, plain_quotes

# A turn this long is a report or a plan, and a sentence this long is rarely a rule.
LONG_TURN = 12
LONG_SENTENCE = 200
# A statement with nothing but its voice to go on is said in a breath: a longer one explains the
# moment ("Based on the deleted function in the diff (which used ...), the CLI expects ...").
PLAIN_SENTENCE = 120
# What is explicit before any phrase: a marker, an accepted recommendation, a list under decisions,
# the team's own rule. (The phrase cues that are explicit are LASTING.)
EXPLICIT_PLACES = frozenset({'marked', 'accepted', 'decision_section', 'own_rule'})
# The signs of the moment that leave a statement with no lasting cue unsure; not 'deixis' ("still",
# "先": fitted 0, it tells nothing alone: "线上问题先回滚，再排查。" is a rule) nor
# 'cites_narration' (fitted 0).
MOMENT_SIGNS = frozenset({*MOMENT, 'long_sentence'} - {'deixis', 'cites_narration'})


def phrases(sentence: str) -> list[str]:
    """The names of the phrase features a sentence shows, in PHRASE_FEATURES order."""
    sentence = plain_quotes(sentence)
    wide = not sentence.isascii()
    if wide and compiled(UNFOLDED_RE).search(sentence):
        return [name for name, pattern in PHRASE_FEATURES if re.search(pattern, sentence)]
    low = sentence.lower()
    gated = may_show(sentence, compiled(TOKEN_RE).findall(low), wide)
    shown = []
    while gated:  # only the features whose gate the sentence passes, in their order
        i = (gated & -gated).bit_length() - 1
        name, pattern = PHRASE_FEATURES[i]
        gated &= gated - 1
        if wide:
            if compiled(pattern).search(sentence):
                shown.append(name)
            continue
        test = _needs[i]  # the pattern's own literals first (prefilter.needs: None asks nothing)
        if test is None:
            test = _needs[i] = needs(pattern) or _anything
        if test(low) and found(pattern, sentence, low):  # its ASCII program (ascii_search)
            shown.append(name)
    return shown


# Each phrase feature's prefilter test (prefilter.needs), looked up once per run.
_needs: list[Callable[[str], bool] | None] = [None] * len(PHRASE_FEATURES)


def _anything(low: str) -> bool:
    return True


def features(sentence: str, ctx: Context) -> list[str]:
    """The names of the features a sentence and its place show, in a fixed order."""
    voice = ctx.voice or ('pasted' if ctx.pasted else ctx.role)
    shown = phrases(sentence)
    if voice == 'assistant' and ('conclusive' in shown or 'labeled' in shown
                                 or 'explicit' in shown and is_statement(ctx)):
        # a root cause stated as found, a labeled rule, an explicit decision or rule said as such:
        # proposed like the user's, whoever says it
        voice = 'user'
    found = [voice, 'kind_' + ctx.kind]
    # an approved decision scoped to the task at hand ("... unchanged in this PR") is a one-off
    if ctx.section and not (ctx.section == 'decision_section' and 'one_off' in shown):
        found.append(ctx.section)
    # an answer to the assistant's numbered list is about the item at hand, as a one-off ask is
    found += form(sentence, [*shown, 'answer'] if ctx.answer else shown, voice)
    if ctx.layout:
        found.append(ctx.layout)
    if ctx.turn_sentences >= LONG_TURN:
        found.append('long_turn')
    if len(sentence) > LONG_SENTENCE:
        found.append('long_sentence')
    # "I recommend option 2", accepted, names its choice by a number only
    if ctx.accepted and 'option' not in shown:
        found.append('accepted')
    if ctx.marked:
        found.append('marked')
    if ctx.own_rule:
        found.append('own_rule')
    return found + doubts(sentence, found)


def doubts(sentence: str, found: list[str]) -> list[str]:
    """Quiet where unsure (issue 43, item 3): what the evidence cannot carry, each set by hand to
    keep a sentence out (weights.py). 'unsure': no explicit place and no lasting cue, so the voice
    is the only evidence, and one sign against it (a sign of the moment, a list item, a long turn or
    sentence, a question, a file attached to the prompt) or a sentence past PLAIN_SENTENCE. A
    recommendation the user accepted is explicit for its own lines, not for each item of a long
    plan under it. 'report_cause': a root cause told in a long turn is a report's finding about the
    fault at hand (unless it cites the project's rule)."""
    shown = set(found)
    explicit = EXPLICIT_PLACES - ({'accepted'} if {'item', 'long_turn'} <= shown else set())
    out = []
    if not shown & explicit and not shown.intersection(LASTING) and (
        shown & MOMENT_SIGNS
        or len(sentence) > PLAIN_SENTENCE
        or compiled(ATTACHED_RE).search(sentence)
    ):
        out.append('unsure')
    if {'long_turn', 'kind_root_cause'} <= shown and not shown & (EXPLICIT_PLACES | {'cites_rule'}):
        out.append('report_cause')
    return out


def is_statement(ctx: Context) -> bool:
    """A line of prose in a short turn: said as a statement, not an item of a long report or plan
    (the assistant's "Do not adopt an empty entry ..." under its recommended fix, mise)."""
    return ctx.layout != 'item' and ctx.turn_sentences < LONG_TURN


def form(sentence: str, shown: list[str], voice: str) -> list[str]:
    """The phrases, read for the form of the statement: scope in the user's voice (or an approved
    plan's), outside a question and a one-off ask, makes a standing rule ('standing'; the
    assistant's "never" describes the code in view, 'scope'); so does a rule with a generic subject.
    Narration acting on a rule it cites is the agent's move ('cites_narration'), not the rule; the
    agent's own environment ('local') is the assistant's moment, the user's "locally" a rule's
    place."""
    if (
        voice in ('user', 'plan')
        and ('scope' in shown or 'generic_rule' in shown)
        and not {'ask', 'one_off', 'answer'} & set(shown)
    ):
        shown = [n for n in shown if n != 'scope'] + ['standing']
        if 'explicit' in shown:  # "please always run ...": the rule asked for, not work now
            shown = [n for n in shown if n != 'request']
    if 'local' in shown and voice != 'assistant':  # "run the tests locally": where a rule applies
        shown = [n for n in shown if n != 'local']
    if 'labeled' in shown:  # "Decision: ..." names a lasting kind: not a label of the moment
        shown = [n for n in shown if n != 'label']
    # so is the agent's report of its own environment beside the rule ("`cross` isn't installed
    # locally, but the repo already uses mise-managed tools")
    if 'cites_rule' in shown and (
        'local' in shown or compiled(ACTING_RE).search(plain_quotes(sentence))
    ):
        shown = [n if n != 'cites_rule' else 'cites_narration' for n in shown]
    return shown


# every recommendation holds one of the words: most skip the pattern
def is_recommendation(sentence: str) -> bool:
    return (
        holds(sentence.lower(), RECOMMEND_WORDS)
        and compiled(RECOMMEND_RE).search(sentence) is not None
    )


def is_acceptance(turn_text: str) -> bool:
    """A whole short user turn that accepts: "yes", "ok, go ahead", "go with option 2",
    "好的，就这么办"."""
    text = turn_text.strip()
    return 0 < len(text) <= 60 and re.fullmatch(ACCEPT_RE, text) is not None


def may_speak(prose: str, role: str) -> bool:
    """Whether a turn no rule fires on may still hold a marked line, a list of decisions or (the
    assistant's) a recommendation."""
    marker = (':' in prose or '：' in prose) and re.search(MARKER_ANY_LINE_RE, prose) is not None
    low = prose.lower()  # a turn screened whole is short (pipeline.WHOLE_TURN_SCREEN)
    listed = ('decision' in low or 'decided' in low or '决' in prose) and re.search(
        DECISION_HEADING_ANY_LINE_RE, prose
    ) is not None
    return marker or listed or (role == 'assistant' and is_recommendation(prose))


def score(names: Iterable[str], weights: Mapping[str, float], bias: float) -> float:
    """The probability, from the fitted log-odds, that a maintainer keeps the sentence (rounded:
    byte-identical)."""
    z = bias + sum(map(weights.get, names, repeat(0.0)))  # the same additions, in the same order
    return round(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), 4)


