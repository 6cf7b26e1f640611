"""What the memory file and the ledger of declined bullets already hold, and bullet identity."""
from __future__ import annotations

import re
from collections.abc import Iterable

# A memory bullet: a line whose first non-blank characters are a list marker, at any indent. Proposals are
# such lines; known_identities also reads every other memory line, so prose in memory is not proposed again.
BULLET_RE = r'^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(\S.*)$'
_MARKER_RE = r'^\s*(?:(?:[-*+]|\d{1,9}[.)])\s+)+'
_MARK_START = frozenset('-*+0123456789')


_DECOR = str.maketrans('', '', '`*_')
_TRAIL = ' \t\n\r\f\v.!?;:,。！？；：，、…'


def identity(text: str) -> str:
    """The key under which two bullets are the same.

    Whitespace runs, a leading list marker, Markdown emphasis or code ticks,
    trailing punctuation and case make no new bullet; different words do.
    """
    text = text.strip()
    if text[:1] in _MARK_START:
        text = re.sub(_MARKER_RE, '', text)
    return ' '.join(text.translate(_DECOR).split()).rstrip(_TRAIL).casefold()


def known_identities(memory_text: str) -> set[str]:
    """Identities of every bullet and every other non-blank line of a memory file."""
    return {identity(line) for line in memory_text.split('\n') if line.strip()}


def parse_ledger(text: str) -> set[str]:
    """Identities of declined bullets: one per line; blank lines and '#' comments are ignored."""
    return {identity(line) for line in text.splitlines() if line.strip() and not line.lstrip().startswith('#')}


LEDGER_HEADER = (
    '# memory-gate: bullets a reviewer declined. One per line, sorted; edit by hand freely.\n'
    '# A bullet listed here is never proposed again. Remove a line to let it be proposed.\n'
)


def render_ledger(old_text: str, bullets: Iterable[str]) -> str:
    """The ledger with bullets added: comments first, then every entry sorted by identity, once each."""
    comments = [line for line in old_text.splitlines() if line.lstrip().startswith('#')]
    entries = {identity(line): line.strip() for line in old_text.splitlines() if line.strip() and not line.lstrip().startswith('#')}
    for bullet in bullets:
        entries.setdefault(identity(bullet), ' '.join(bullet.split()))
    head = '\n'.join(comments) + '\n' if comments else LEDGER_HEADER
    return head + ''.join(entries[key] + '\n' for key in sorted(entries))
