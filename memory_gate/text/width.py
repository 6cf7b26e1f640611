"""Text cut and wrapped to the columns a terminal gives it: a wide (East Asian) character takes
two. Used by what prints one line per thing (review's headers, the context of a bullet)."""
from __future__ import annotations

import unicodedata


def columns(ch: str) -> int:
    """The columns a character takes on a terminal: two for a wide (East Asian) one."""
    return 2 if unicodedata.east_asian_width(ch) in 'WF' else 1


def shortened(text: str, limit: int) -> str:
    """`text` with its whitespace collapsed, cut near `limit` columns (at a word) with '…'."""
    text = ' '.join(text.split())
    head = fit(text, limit)
    if head == text:
        return text
    return (head[:-1].rsplit(' ', 1)[0] if ' ' in head else head[:-1]) + ' …'


def fitting(text: str, width: int) -> int:
    """How many of `text`'s characters fit in `width` columns."""
    used = 0
    for n, ch in enumerate(text):
        used += columns(ch)
        if used > width:
            return n
    return len(text)


def fit(text: str, width: int) -> str:
    """`text` cut to at most `width` columns, ending in '…' when cut."""
    if fitting(text, width) == len(text):
        return text
    return text[:fitting(text, width - 1)] + '…'


def wrap(text: str, width: int, indent: str) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces where it has them, the
    lines after the first indented."""
    out: list[str] = []
    while text:
        line = text[:max(1, fitting(text, width - (len(indent) if out else 0)))]
        if line != text and ' ' in line[1:] and not text[len(line)].isspace():
            line = line[:line.rindex(' ')]
        out.append((indent if out else '') + line.rstrip())
        text = text[len(line):].lstrip()
    return out
