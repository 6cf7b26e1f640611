"""A pattern's search of an ASCII text, as one faster program that finds the same spans.

Most sentences are ASCII. There an alternative of the whole pattern that needs a character past
ASCII (a Chinese word: prefilter.NEVER) cannot match, and is left out. And a case-insensitive
pattern that writes no uppercase ASCII letter, no character that folds to ASCII, no
backreference and no flag of its own inside finds in the lowered text, case-sensitively, what
it finds in the text: re compares each character of the text lowered with characters that
are their own lowercase, and an ASCII character lowers to ASCII. re runs the case-sensitive
program about twice as fast (tests/text/ascii_search_test.py compares the spans).
"""
from __future__ import annotations

import functools
import re

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.text.prefilter import FOLDS_TO_ASCII, NEVER, parsed, sequence

if TYPE_CHECKING:
    from typing import Any

try:  # Python 3.11 on
    from re import _compiler as compiler  # type: ignore[attr-defined]
    from re import _constants as C  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.9 and 3.10
    import sre_compile as compiler
    import sre_constants as C

UPPER = range(ord('A'), ord('Z') + 1)


class Program(NamedTuple):
    """What re.compile(pattern).search(text) finds in an ASCII text, `search` finds in the text,
    or in text.lower() when `lowered`."""

    search: re.Pattern[str]
    lowered: bool


@functools.cache
def program(pattern: str) -> Program:
    tree = parsed(pattern)  # the parse the pattern's prefilter test made, when it made one
    tree.data = ascii_alternatives(tree.data)
    lowered = bool(tree.state.flags & re.IGNORECASE) and not cased(tree.data)
    if lowered:
        tree.state.flags &= ~re.IGNORECASE
    return Program(compiler.compile(tree), lowered)


def found(pattern: str, text: str, low: str) -> bool:
    """re.search(pattern, text) is not None, for an ASCII text whose lowercase is `low`."""
    made = program(pattern)
    return made.search.search(low if made.lowered else text) is not None


def ascii_alternatives(items: Any) -> Any:
    """The whole pattern's alternatives that may match an ASCII text (all when none may: the
    gates rule such a pattern out first)."""
    if len(items) != 1 or items[0][0] is not C.BRANCH:
        return items
    branches = items[0][1][1]
    kept = [b for b in branches if sequence(b.data) != NEVER]
    if not kept or len(kept) == len(branches):
        return items
    return [(C.BRANCH, (None, kept))] if len(kept) > 1 else kept[0].data


def cased(items: Any) -> bool:
    """Whether IGNORECASE may tell apart what the parsed items match in an ASCII text and in it
    lowered (True for anything not read here)."""
    for op, av in items:
        if op is C.LITERAL or op is C.NOT_LITERAL:
            if av in UPPER or chr(av) in FOLDS_TO_ASCII:
                return True
        elif op is C.RANGE:
            low, high = av
            if low <= UPPER[-1] and high >= UPPER[0] or any(
                    low <= ord(c) <= high for c in FOLDS_TO_ASCII):
                return True
        elif op is C.IN:
            if cased(av):
                return True
        elif op is C.BRANCH:
            if any(cased(b.data) for b in av[1]):
                return True
        elif op is C.SUBPATTERN:  # (group, flags added, flags taken away, pattern)
            if av[1] or av[2] or cased(av[3].data):
                return True
        elif op in REPEATS:
            if cased(av[2].data):
                return True
        elif op is C.ASSERT or op is C.ASSERT_NOT:
            if cased(av[1].data):
                return True
        elif op is getattr(C, 'ATOMIC_GROUP', None):
            if cased(av.data):
                return True
        elif op not in CASELESS:
            return True
    return False


REPEATS = tuple(op for op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, 'POSSESSIVE_REPEAT', None))
                if op is not None)
# What matches the same in a text and in it lowered, whatever the case: \b and ^, any
# character, \w \d \s, a class's negation.
CASELESS = (C.AT, C.ANY, C.CATEGORY, C.NEGATE)
