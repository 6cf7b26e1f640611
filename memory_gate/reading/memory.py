"""What the memory file and the ledger of declined bullets already hold, and bullet identity."""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from memory_gate.reading.rules.marks import MARKER_RE

# A memory bullet: a line whose first non-blank characters are a list marker, at any indent.
# Proposals are such lines; known_identities also reads every other memory line, so prose in
# memory is not proposed again.
BULLET_RE = r'^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(\S.*)$'
_MARKER_RE = r'^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+)+'
_MARK_START = frozenset('-*+0123456789')


_TRAIL = ' \t\n\r\f\v.!?;:,。！？；：，、…'


@cache
def compiled(pattern: str) -> re.Pattern[str]:
    """The compiled pattern, on first use (a memory file or ledger of a million lines asks per
    line: re's own cache lookup was a fifth of each identity)."""
    return re.compile(pattern)


def identity(text: str) -> str:
    """The key under which two bullets are the same.

    Whitespace runs, a leading list marker, Markdown emphasis or code ticks,
    trailing punctuation and case make no new bullet; different words do.
    """
    text = text.strip()
    if text[:1] in _MARK_START:
        text = compiled(_MARKER_RE).sub('', text)
    # the emphasis and code marks deleted: three replaces, each a C scan (str.translate with a
    # table walks the text a character at a time, half of an identity's time on a long memory)
    text = text.replace('`', '').replace('*', '').replace('_', '')
    return ' '.join(text.split()).rstrip(_TRAIL).casefold()


def known_identities(memory_text: str) -> set[str]:
    """Identities of every bullet and every other non-blank line of a memory file; a line
    marked for memory ("Memory: ...", as the snippet's own example is) also under its
    statement, so an agent repeating it adds nothing."""
    known = set()
    for line in memory_text.split('\n'):
        stripped = line.strip()
        if stripped:
            known.add(identity(stripped))
            if ':' in line or '：' in line:
                marked = compiled(MARKER_RE).match(stripped)
                if marked:
                    known.add(identity(stripped[marked.end():]))
    return known


# The lines git writes around each side of a conflict in a ledger (memory: base.files.CONFLICT_RE).
LEDGER_MARKER_RE = r'^(?:<{7}|\|{7}|>{7})(?: |$)|^={7}$'


def is_entry(line: str) -> bool:
    """A ledger line that declines a bullet: not blank, not a '#' comment, not a conflict marker."""
    if not line.strip() or line.lstrip().startswith('#'):
        return False
    # a conflict marker starts with one of its four characters: other lines need no regex
    return line[:1] not in '<|>=' or not compiled(LEDGER_MARKER_RE).match(line)


def parse_ledger(text: str) -> set[str]:
    """Identities of declined bullets: one per line (blank lines, '#' comments and conflict
    markers are none)."""
    return {identity(line) for line in text.splitlines() if is_entry(line)}


LEDGER_HEADER = (
    '# memory-gate: bullets a reviewer declined. One per line, sorted; edit by hand freely.\n'
    '# A bullet listed here is never proposed again. Remove a line to let it be proposed.\n'
)


def render_ledger(old_text: str, bullets: Iterable[str]) -> str:
    """The ledger with bullets added, each new one before the first entry that sorts after it.

    Every line already there stays as written, where it is (comments, case variants, a
    hand-made order); conflict markers go, both sides' entries stay (what merge=union keeps).
    """
    lines = [line for line in old_text.splitlines() if not re.match(LEDGER_MARKER_RE, line)]
    eol = '\r\n' if old_text.split('\n', 1)[0].endswith('\r') else '\n'
    known = {identity(line) for line in lines if is_entry(line)}
    new: dict[str, str] = {}
    for bullet in bullets:
        new.setdefault(identity(bullet), ' '.join(bullet.split()))
    adding = sorted((key, text) for key, text in new.items() if key not in known)
    out = [] if lines else LEDGER_HEADER.splitlines()
    # comments between two entries belong to the next: a new entry goes above them
    notes: list[str] = []
    entries = 0
    for line in lines:
        if is_entry(line):
            while adding and adding[0][0] < identity(line):
                out.append(adding.pop(0)[1])
            entries += 1
        # the comments atop the file (before any entry) are its header
        if is_entry(line) or not line.strip() or not entries:
            out += notes + [line]
            notes = []
        else:
            notes.append(line)
    out += notes + [text for _, text in adding]
    return ''.join(line + eol for line in out)
