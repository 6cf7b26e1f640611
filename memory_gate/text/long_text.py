"""A long text worked in bounded parts: its words and its lowercase without a whole-text
temporary. str.lower() of a non-ASCII text first allocates 12 bytes a character (a turn of 8 MB
took 90 MB for a moment), and str.split() a list of every word."""
from __future__ import annotations

import re
from collections.abc import Iterator

PART = 1 << 16  # characters
SPACE_RE = re.compile(r'\s')  # what str.split() splits on: str.isspace(), as re's \s


def parts(text: str, size: int = PART) -> Iterator[str]:
    """The text in pieces of about `size` characters, each cut before a space, so that the words
    of the pieces are the words of the text and each piece lowercases as it does in the text
    (a space is neither cased nor case-ignorable: final sigma looks no further)."""
    start = 0
    while len(text) - start > size:
        space = SPACE_RE.search(text, start + size)
        if space is None:
            break
        yield text[start:space.start()]
        start = space.start()
    yield text[start:] if start else text


def lowered(text: str, size: int = PART) -> str:
    """text.lower(), its temporaries bounded by `size`."""
    if len(text) <= size or text.isascii():  # ASCII lowers into one copy
        return text.lower()
    return ''.join(part.lower() for part in parts(text, size))
