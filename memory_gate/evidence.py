"""Evidence, weighed: does a sentence stay true, or does it belong to the moment?

A signal rule makes a sentence a candidate; the features here decide whether it is worth a
reviewer's second. Each feature is a named family of phrasing or of layout, never a veto on
its own: its weight (weights.py, fitted by benchmarks/fit_weights.py) adds to the log-odds
that a maintainer would keep the sentence. The names are what the review prints as evidence.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple

from memory_gate.cues import (
    ACCEPT_RE,
    ACTING_RE,
    DECISION_HEADING_ANY_LINE_RE,
    DECISION_SECTION_RE,
    DO_SECTION_RE,
    FINDING_LINE_RE,
    FURNITURE_RE,
    LABEL_ITEM_RE,
    MARKED_MOMENT,
    MARKER_ANY_LINE_RE,
    MARKER_RE,
    PASTED_LINE_RE,
    PHRASE_FEATURES,
    RECOMMEND_RE,
    RECOMMEND_WORDS,
    SAYS,
    SECTION_WORDS,
    STOPGAP_RE,
    TOKEN_RE,
    UNFOLDED_RE,
    WHY_SECTION_RE,
)
from memory_gate.phrase_screen import may_show
from memory_gate.prefilter import possible
from memory_gate.records import Feature
from memory_gate.sentences import compiled, holds, plain_quotes

# A user turn this long that looks pasted (looks_pasted: a template, a hand-off prompt, a log) is
# not the user's own words; a turn this long is a report or a plan, and a sentence this long is
# rarely a rule.
PASTED_SENTENCES = LONG_TURN = 12
LONG_SENTENCE = 200
FINDING_LINE = 40  # a severity line is short: 'High Severity', '⚠️ Potential issue'
# The review names the FEW strongest features for and against; one weighing under MINOR barely moves
# the score.
FEW, MINOR = 3, 0.25


PHRASES = dict(PHRASE_FEATURES)
# form(): what each is read from
READ_FROM = {'standing': ('scope', 'generic_rule'), 'cites_narration': ('cites_rule',)}


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
        name, pattern = PHRASE_FEATURES[(gated & -gated).bit_length() - 1]
        gated &= gated - 1
        if (wide or possible(pattern, low)) and compiled(pattern).search(sentence):
            shown.append(name)
    return shown


def section(heading: str, approved: bool = True) -> str:
    """What a heading says of the text under it: 'decision_section', 'why_section', 'do_section' or
    ''. Decisions are decisions when somebody approved them: the user's own list, or a plan the user
    approved (the harness replays it, Turn.voice 'plan'); under the assistant's own "Key decisions"
    they are its account of its work."""
    low = heading.lower()
    if ('decision' in low or 'decided' in low or '决' in heading) and re.search(
        DECISION_SECTION_RE, heading
    ):
        return 'decision_section' if approved else 'why_section'
    named = holds(low, SECTION_WORDS)  # most headings name neither kind: both patterns are skipped
    if named and compiled(WHY_SECTION_RE).search(heading):
        return 'why_section'
    return 'do_section' if named and compiled(DO_SECTION_RE).search(heading) else ''


class Context(NamedTuple):
    """Where a sentence sits: who said it, the rule that picked it, and its layout in the turn."""

    role: str  # user | assistant (a long user turn is weighed as 'pasted', not as the user's voice)
    kind: str  # the picking rule's kind
    layout: str = ''  # '' (a line of prose), 'item' (list item), 'heading', 'quote'
    turn_sentences: int = 1  # how many sentences the turn holds
    accepted: bool = False  # the user accepted this recommendation in the next turn
    marked: bool = False  # an explicit memory marker opened the line
    own_rule: bool = False  # a rule of the team's own configuration picked it
    # 'plan': a plan the user approved, replayed by the harness (Turn.voice); 'finding': placed()
    voice: str = ''
    section: str = ''  # what the heading above the sentence says of it (section())
    # a user turn that looks pasted (looks_pasted): weighed as 'pasted', not as the user's voice
    pasted: bool = False


def placed(
    pieces: Sequence[tuple[str, str, bool]], role: str, voice: str, strip_lead: Callable[[str], str]
) -> Iterator[tuple[str, Context]]:
    """Each statement of a turn with its place: the section it sits in, and whether a memory marker
    opened its line (then the rest of that line is one statement, marker cut). Pasted text marks
    nothing. A user turn that holds a code-review finding speaks with the reviewer's voice
    ('finding'), not the user's."""
    pasted = role == 'user' and (
        has_furniture(pieces) or len(pieces) >= PASTED_SENTENCES and looks_pasted(pieces)
    )
    if role == 'user' and not voice and is_finding(pieces):
        voice = 'finding'
    under, i, approved = '', 0, (role == 'user' and not pasted) or voice == 'plan'
    while i < len(pieces):
        sentence, layout, first = pieces[i]
        i += 1
        if first and layout == 'heading':
            under = section(sentence, approved)
        elif first and (sentence.startswith('**') or sentence.endswith(':')):
            # a bold label or a lead-in line may open a section
            under = section(label(sentence), approved) or under
        may_mark = first and layout != 'heading' and not pasted
        cut = marker_end(sentence) if may_mark and (':' in sentence or '：' in sentence) else 0
        if cut and layout == 'item' and is_checklist(pieces, i - 1):
            cut = 0
        while cut and i < len(pieces) and not pieces[i][2]:
            sentence, i = sentence + ' ' + pieces[i][0], i + 1
        # `Memory: the whole line in a span`
        if cut and sentence.endswith('`') and sentence[cut:].count('`') % 2:
            sentence = sentence[:-1]
        # a decisions list holds items; prose under it is why
        listed = under != 'decision_section' or layout == 'item'
        ctx = Context(role, '', layout, len(pieces), marked=cut > 0, voice=voice,
                      section=under if listed else 'why_section', pasted=pasted)
        yield (sentence[cut:] if cut else strip_lead(sentence)), ctx


def is_checklist(pieces: Sequence[tuple[str, str, bool]], at: int) -> bool:
    """Whether the list item at `at` sits in a list whose other items are mostly labels ("1.
    Security: ...", "2. Performance: ..."): then its "Memory:" is a category word too, not a marker.
    The list is the run of item lines around it; a marked item counts for the marker, a labelled one
    against it."""
    lines = [n for n, (_, _, first) in enumerate(pieces) if first]
    here = lines.index(at)
    start = end = here
    while start > 0 and pieces[lines[start - 1]][1] == 'item':
        start -= 1
    while end + 1 < len(lines) and pieces[lines[end + 1]][1] == 'item':
        end += 1
    marked = labelled = 0
    for n in lines[start:end + 1]:
        if marker_end(pieces[n][0]):
            marked += 1
        elif compiled(LABEL_ITEM_RE).match(pieces[n][0]):
            labelled += 1
    return labelled >= marked


def marked_moment(statement: str) -> bool:
    """A marked statement of the moment, which the snippet asks agents not to write: a work report
    ("I fixed"), a place in the code ("runner.ts:928"), narration, or a stopgap ("for now")."""
    return (
        any(name in MARKED_MOMENT for name in phrases(statement))
        or re.search(STOPGAP_RE, statement) is not None
    )


def looks_pasted(pieces: Sequence[tuple[str, str, bool]]) -> bool:
    """A long user turn is pasted when it looks pasted, not because the user wrote a lot: it holds a
    heading, a quoted line, a section or a template's label of things to do ("Deliverables:", "##
    Steps", "Step 3: run ..."), or a line of a log or of a prompt written to an agent ("You are a
    reviewer", "Report only P0-P2 findings", "2026-01-02 10:41:07 ERROR ...")."""
    for sentence, layout, first in pieces:
        if layout in ('heading', 'quote'):
            return True
        lead = sentence.split(':', 1)[0] if ':' in sentence[:40] else ''
        if sentence.startswith('**'):
            lead = label(sentence)
        if first and (
            compiled(PASTED_LINE_RE).match(sentence) or lead and section(lead) == 'do_section'
        ):
            return True
    return False


def has_furniture(pieces: Sequence[tuple[str, str, bool]]) -> bool:
    """A turn of any length is pasted when it carries a review bot's furniture or a terminal UI's
    frame."""
    return any((not sentence.isascii() or possible(FURNITURE_RE, sentence.lower()))
               and compiled(FURNITURE_RE).search(sentence) for sentence, _, _ in pieces)


def label(line: str) -> str:
    """What a line opening with a bold label names: the label ('**Root cause**: the pool is shared'
    names a root cause; '**A design doc** under `docs/`' names a deliverable, whatever words
    follow), else the whole line."""
    end = line.find('**', 2) if line.startswith('**') else -1
    return line[2:end] if end > 2 else line


def is_finding(pieces: Sequence[tuple[str, str, bool]]) -> bool:
    """A line of its own names a severity, as review bots and reviewers write a finding ("High
    Severity")."""
    return any(
        first and len(s) <= FINDING_LINE and compiled(FINDING_LINE_RE).match(s)
        for s, _, first in pieces
        if 'severity' in s.lower() or 'potential' in s.lower()
    )


def features(sentence: str, ctx: Context) -> list[str]:
    """The names of the features a sentence and its place show, in a fixed order."""
    voice = ctx.voice or ('pasted' if ctx.pasted else ctx.role)
    shown = phrases(sentence)
    if voice == 'assistant' and ('conclusive' in shown or 'labeled' in shown):
        # a root cause stated as found, a labeled rule: proposed like the user's, whoever says it
        voice = 'user'
    found = [voice, 'kind_' + ctx.kind]
    # an approved decision scoped to the task at hand ("... unchanged in this PR") is a one-off
    if ctx.section and not (ctx.section == 'decision_section' and 'one_off' in shown):
        found.append(ctx.section)
    found += form(sentence, shown, voice)
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
    return found


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
        and not {'ask', 'one_off'} & set(shown)
    ):
        shown = [n for n in shown if n != 'scope'] + ['standing']
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


def marker_end(line: str) -> int:
    """Where the statement after an explicit memory marker starts (0: the line has no marker)."""
    match = compiled(MARKER_RE).search(line)
    return match.end() if match else 0


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
    z = bias + sum(weights.get(n, 0.0) for n in names)
    return round(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), 4)


def weighed(
    sentence: str, names: Iterable[str], weights: Mapping[str, float]
) -> tuple[Feature, ...]:
    """Every feature found, strongest first (ties by name), with its weight and the words it
    matched."""
    ranked = sorted(((weights.get(n, 0.0), n) for n in names), key=lambda wn: (-abs(wn[0]), wn[1]))
    return tuple(Feature(n, w, matched(sentence, n)) for w, n in ranked)


def describe(features: Sequence[Feature], role: str = 'user') -> str:
    """The few features that decided, in words: the strongest FEW for and against, each past MINOR
    ('for: in the voice of the user, normative "must"; against: narrates the agent's moves "I'll"').
    The rule's kind is printed beside the rule already: its fitted nudge is no reason a reviewer
    reads."""
    telling = [f for f in features if abs(f.weight) >= MINOR and not f.name.startswith('kind_')]
    sides = (
        ('for', [f for f in telling if f.weight > 0]),
        ('against', [f for f in telling if f.weight < 0]),
    )
    return '; '.join(
        f'{side}: ' + ', '.join(said(f, role) for f in found[:FEW])
        for side, found in sides if found
    )


def said(feature: Feature, role: str = 'user') -> str:
    """A feature in words, with the words it matched: 'normative "must"'. The assistant's stated
    cause or labelled rule is weighed as the user's voice (features): said so, not "in the voice
    of the user"."""
    if feature.name == 'user' and role == 'assistant':
        return PROMOTED
    return SAYS[feature.name] + (f' "{feature.words}"' if feature.words else '')


PROMOTED = "the assistant's, weighed as the user's"
SHOWN_WORDS = 24  # characters of the words a feature matched, cut at a word


def shortened(words: str) -> str:
    """The words, cut at a word to at most SHOWN_WORDS characters and marked '…' when cut."""
    if len(words) <= SHOWN_WORDS:
        return words
    cut = words[: SHOWN_WORDS + 1].rsplit(' ', 1)[0] if ' ' in words[:SHOWN_WORDS + 1] else ''
    return (cut or words[:SHOWN_WORDS]).rstrip(' ,;:') + '…'


def matched(sentence: str, name: str) -> str:
    """The words a phrase feature matched, short ('' for a feature of place or voice); a cue of form
    (evidence.form) shows the words of the phrase it was read from."""
    patterns = [PHRASES[n] for n in READ_FROM.get(name, (name,)) if n in PHRASES]
    match = next(filter(None, (compiled(p).search(plain_quotes(sentence)) for p in patterns)), None)
    words = shortened(' '.join(match.group(0).split())) if match else ''
    return words if words.replace('"', '') else ''
