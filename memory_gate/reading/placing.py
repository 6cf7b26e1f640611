"""Where a sentence sits: the turn's layout read for what it says of its sentences.

Who said it, the section a heading opens ("## Decisions", "### Root cause", "## Steps"), whether a
memory marker opened its line, whether a long user turn was pasted (a template, a prompt written to
an agent, a log, a review bot's furniture) or holds a pasted review finding. evidence.features
weighs what this module tells; nothing here scores.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from memory_gate.base.typed import NamedTuple
from memory_gate.reading.rules.form import FURNITURE_RE, PASTED_LINE_RE
from memory_gate.reading.rules.marks import (
    DECISION_SECTION_RE,
    DO_SECTION_RE,
    FINDING_LINE_RE,
    LABEL_ITEM_RE,
    MARKER_RE,
    SECTION_WORDS,
    WHY_SECTION_RE,
)
from memory_gate.text.prefilter import possible
from memory_gate.text.sentences import compiled, holds, line_pieces

# A user turn this long that looks pasted (looks_pasted: a template, a hand-off prompt, a log) is
# not the user's own words.
PASTED_SENTENCES = 12
FINDING_LINE = 40  # a severity line is short: 'High Severity', '⚠️ Potential issue'


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
    # a user turn that answers the assistant's numbered list item by item (pipeline): one-off
    answer: bool = False


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
    places: dict[tuple[str, bool, str], Context] = {}
    while i < len(pieces):
        sentence, layout, first = pieces[i]
        i += 1
        if first and layout == 'heading':
            under = section(sentence, approved)
        elif first and (sentence.startswith('**') or sentence.endswith(':')):
            # a bold label or a lead-in line may open a section
            under = section(label(sentence), approved) or under
        # a line marked for memory comes whole (split_marked's `whole`: is_marked_line)
        statement = marked_statement(sentence) if first and is_marked_line(sentence) else None
        if statement is not None and (layout == 'heading' or pasted or layout == 'item'
                                      and is_checklist(pieces, i - 1)):
            # marking nothing here: its sentences, as any line's
            said = [(strip_lead(piece), False) for piece in line_pieces(sentence)]
        else:
            said = [(strip_lead(sentence), False) if statement is None else (statement, True)]
        # a decisions list holds items; prose under it is why
        listed = under != 'decision_section' or layout == 'item'
        for text, marked in said:
            place = (layout, marked, under if listed else 'why_section')
            ctx = places.get(place)
            if ctx is None:  # one record for each place of the turn: most sentences share one
                ctx = places[place] = Context(role, '', layout, len(pieces), marked=marked,
                                              voice=voice, section=place[2], pasted=pasted)
            yield text, ctx


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


def marker_end(line: str) -> int:
    """Where the statement after an explicit memory marker starts (0: the line has no marker)."""
    match = compiled(MARKER_RE).search(line)
    return match.end() if match else 0


def is_marked_line(line: str) -> bool:
    """Whether a line (stripped, its list or quote marker cut) opens with a memory marker."""
    return (':' in line or '：' in line) and marker_end(line) > 0


def marked_statement(line: str) -> str | None:
    """What a marked line says, exactly as written: the rest of the line after the marker and its
    wrapping (`**Memory:**`, `` `Memory:` ``), trimmed of spaces; a wrapping left open
    (`` `Memory: the whole line in a span` ``) closes at the line's end and is cut there too."""
    match = compiled(MARKER_RE).search(line)
    if match is None:
        return None
    statement, wrap = line[match.end():].strip(), match.group('wrap')
    if wrap and match.group(0).count(wrap) == 1 and statement.endswith(wrap):
        statement = statement[:-len(wrap)].rstrip()
    return statement or None


