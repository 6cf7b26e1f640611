"""A vendor token split over two messages (two lines of a transcript): the user pastes half a
token, then the rest in the next message, or the agent writes it across two. Found when its
halves are adjacent: the last word of one message's said text and the first word of the next
message's, joined, make the vendor's whole shape (credential_patterns.SHAPE_RES) and the first
half alone does not. Lines with no said text between them (tool output, a line of metadata)
leave the two adjacent; a message between them does not.

Memory is bounded: only the last word of the last message that may end with a first half is
kept. A line is decoded here only while such a word is kept (the scan decoded the first: it holds
the vendor's prefix, a needle); the record goes on to the parser (formats.parse.hand_over).
The finding is the second message's, its value the joined token (its hint, its fingerprint for
the allowlist): the scan makes it.
"""
from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from itertools import repeat

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.readable import is_tool_type, names_tool

# The strings that hold what a person or agent said in a message, by their key: Claude Code's
# and Codex's `content` and `text`, Codex's event `message`, a history's `display` and `prompt`.
# Not `thinking`, not a tool's fields (readable.is_tool: not said), not metadata (`cwd`).
MESSAGE_KEYS = frozenset(('text', 'content', 'message', 'display', 'prompt'))
# A first half at a message's end: a vendor's prefix and at least four more characters with a
# digit ('ghp_Ab12Cd34', 'glpat-Ab12'); not 'ghp_' alone, not 'release-notes'.
FIRST_HALF_RE = r'(?<![\w.-])[A-Za-z][\w.-]{1,12}[_.-](?=[\w-]*\d)[\w-]{4,}$'
LONGEST = 300  # the end of a message a first half is looked for in (a token is under 300)
# The rest at the next message's start: one word of six or more with a digit.
SECOND_HALF_RE = r'^\s*((?=[\w-]*\d)[\w-]{6,})(?![\w-])'
# How many lines without said text may stand between the halves (a tool's call and result).
MAX_BETWEEN = 8

Decoded = Callable[[bytes, object], None]
Mark = Callable[[str], str]  # scan.fingerprint, handed in (this module may not import scan)


class Seam:
    """The first half kept from the last message, while the lines after it are read."""

    def __init__(self, hand_over: Decoded, mark: Mark) -> None:
        self.hand_over, self.mark = hand_over, mark
        self.first, self.said, self.left = '', 0, 0  # said: the last message's hash
        self.seen: tuple[bytes, object] | None = None

    def decoded(self, raw: bytes, record: object) -> None:
        """What the scan decoded a line to: kept for `after`, handed on to the parser."""
        self.seen = (raw, record)
        self.hand_over(raw, record)

    def after(self, raw: bytes | None, marks: Iterable[str]) -> list[tuple[str, str]]:
        """(kind, token) of the token whose first half the last message ended with and this
        line's message begins with. A first half found on its own line (`marks`, the line's
        findings' marks: 'the token is glpat-…') is not carried: one credential, one finding."""
        record = self.record(raw)
        self.seen = None
        head = None if record is None or not self.first else said_string(record)
        said = said_string(record, last=True) if record is not None else None
        if said is None:  # no message here: the halves stay adjacent, a few lines long
            self.left -= 1
            self.first = self.first if self.left > 0 and raw is not None else ''
            return []
        spans = joined(self.first, head) if head is not None and hash(head) != self.said else []
        tail = re.search(FIRST_HALF_RE, said[-LONGEST:].rstrip())
        if tail and self.mark(tail[0]) in set(marks):
            tail = None
        self.first, self.said, self.left = (tail[0] if tail else ''), hash(said), MAX_BETWEEN
        return spans

    def record(self, raw: bytes | None) -> object:
        """This line's record: as the scan decoded it, or decoded here while a half is kept."""
        if raw is None:
            return None
        if self.seen is not None and self.seen[0] is raw:
            return self.seen[1]
        if not self.first:
            return None
        try:
            record = json.loads(raw)
        except (ValueError, RecursionError):
            return None
        self.hand_over(raw, record)
        return record


def said_string(record: object, last: bool = False) -> str | None:
    """The first (or `last`) string a record's message says, under a message's key, as the scan
    reads it said (scan.values); a tool's fields (readable.is_tool) and opaque ones are not
    walked at all."""
    stack: list[tuple[str | None, object]] = [(None, record)]
    while stack:
        key, value = stack.pop()  # depth first, in order (`last`: from the end)
        if isinstance(value, str):
            if key in MESSAGE_KEYS:
                return value
        elif isinstance(value, dict):
            kind = value.get('type')
            if is_skipped(key) or isinstance(kind, str) and is_tool_type(kind):
                continue
            stack.extend(value.items() if last else reversed(value.items()))
        elif isinstance(value, list) and not is_skipped(key):
            stack.extend(zip(repeat(key), value if last else reversed(value)))
    return None


@functools.lru_cache(maxsize=1024)
def is_skipped(key: str | None) -> bool:
    """Whether a field is not walked: an opaque one, or a tool's (readable.is_tool's test of its
    name), told once for the names a transcript repeats."""
    return key is not None and (key in P.OPAQUE_KEYS or names_tool(key))


def joined(first: str, said: str) -> list[tuple[str, str]]:
    """The token `first` and the start of `said` make, by the vendor shape its prefix names;
    none when the second half starts a token of its own or the first is one already."""
    head = re.match(SECOND_HALF_RE, said)
    if head is None:
        return []
    second = head[1]
    token = first + second
    for kind, hints, pattern in P.SHAPE_RES:
        named = [h for h in hints if len(h) >= 2 and h[0].isalnum() and first.startswith(h)]
        if not named:
            continue
        whole = re.match(pattern, token)
        if (whole is None or whole.end() != len(token) or re.search(pattern, first)
                or any(second.startswith(h) for h in named)):
            return []
        return [(kind, token)]
    return []

