"""re.finditer, tried only where a match can start.

A pattern that begins with one of a few words ("password", "token", "with") and is matched
case-insensitively gets no help from the re module's first-character scan, so re.finditer
tries it at every position of a text. The text's lowercased copy keeps every position (past
ASCII: see folded), the words are found there with str.find, and the pattern is tried only
at those positions: the same matches, in the same order (property-tested).
"""
from __future__ import annotations

import re
from collections.abc import Iterator


def finditer(pattern: str, text: str, low: str,
             starts: tuple[str, ...] | None) -> Iterator[re.Match[str]]:
    """re.finditer(pattern, text), for a pattern whose every match begins with one of `starts`
    (lowercase) and a text whose lowercased copy is `low`; None: no such words are known."""
    if starts is not None and not text.isascii():
        low = folded(text, low)
    if starts is None or len(low) != len(text):
        yield from re.finditer(pattern, text)
        return
    compiled = re.compile(pattern)
    end = 0
    for at in sorted(positions(low, starts)):
        if at >= end:
            match = compiled.match(text, at)
            if match:
                yield match
                end = match.end()


def positions(low: str, starts: tuple[str, ...]) -> set[int]:
    """Where each of the words begins in the text."""
    found = set()
    for word in starts:
        at = low.find(word)
        while at >= 0:
            found.add(at)
            at = low.find(word, at + 1)
    return found


# The characters past ASCII that re's IGNORECASE matches with an ASCII letter but str.lower()
# does not lower to it (every code point checked against re on Python 3.11): dotted and dotless
# I, long s. The Kelvin sign lowers to k. Only U+0130 lowers to two characters.
ASCII_FOLDS = (('\u0130', 'i'), ('\u0131', 'i'), ('\u017f', 's'))


def folded(text: str, low: str) -> str:
    """A text past ASCII, lowercased (`low`: text.lower()) so that an ASCII start word is found
    wherever re matches it; the caller falls back to re.finditer when the length has changed."""
    if any(odd in text for odd, _ in ASCII_FOLDS):
        for odd, plain in ASCII_FOLDS:
            text = text.replace(odd, plain)
        return text.lower()
    return low
