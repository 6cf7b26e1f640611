"""A huge turn's sentences held as places in its text, not as strings.

sentences.split_marked yields each sentence as a new string; a list of them (placing.placed
reads a turn's sentences in any order) costs about 1.5 times the turn's text in strings and
tuples again (an 8 MB turn: 116,000 sentences, 21 MB). Marked holds the same sequence as where
each sentence's characters start and end in the text, 17 bytes a sentence, and makes a
sentence again when it is read: its spaces collapsed and its list marker cut, as split_marked
does.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import overload

from memory_gate.text.sentences import LAYOUTS, LEAD_MARK_RE, MARK_CHARS, compiled, ends

KINDS = ('', 'item', *LAYOUTS.values())  # a line's layout, as its index
WHOLE = 2  # places(): a line kept whole, which opens its line too


class Marked(Sequence[tuple[str, str, bool]]):
    """list(split_marked(text)), each sentence made when it is read."""

    def __init__(self, text: str, whole: Callable[[str], bool] | None = None) -> None:
        self.text = text
        self.starts, self.ends = array('q'), array('q')
        # the layout's index, + 128 when the sentence opens its line, + 64 when it is a whole line
        # kept as written (split_marked's `whole`)
        self.kinds = bytearray()
        for start, end, layout, first in places(text, whole):
            self.starts.append(start)
            self.ends.append(end)
            self.kinds.append(KINDS.index(layout) + 128 * bool(first) + 64 * (first == WHOLE))

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, i: int) -> tuple[str, str, bool]: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[str, str, bool]]: ...

    def __getitem__(
        self, i: int | slice
    ) -> tuple[str, str, bool] | Sequence[tuple[str, str, bool]]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        kind = self.kinds[i]
        piece = self.text[self.starts[i]:self.ends[i]]
        if kind & 64:
            return piece, KINDS[kind & 63], True
        piece = ' '.join(piece.split())
        if piece[0] in MARK_CHARS:
            piece = compiled(LEAD_MARK_RE).sub('', piece)
        return piece, KINDS[kind & 63], kind >= 128


def places(text: str, whole: Callable[[str], bool] | None = None
           ) -> Iterator[tuple[int, int, str, bool | int]]:
    """Where each sentence of split_marked(text, whole) lies in the text: start, end, the layout of
    its line, whether it opens the line, WHOLE for a line kept whole (marked_lines and pieces,
    kept as offsets)."""
    lead = compiled(LEAD_MARK_RE)
    at = 0
    while at <= len(text):
        stop = text.find('\n', at)
        stop = len(text) if stop < 0 else stop
        line = text[at:stop]
        stripped = line.strip()
        base = at + len(line) - len(line.lstrip())
        at = stop + 1
        layout = ''
        if stripped[:1] in MARK_CHARS:
            bare = lead.sub('', stripped)
            if bare != stripped:
                layout = LAYOUTS.get(stripped[0], 'item')
            base += len(stripped) - len(bare)
            stripped = bare
        if not stripped:
            continue
        if whole is not None and whole(stripped):
            yield base, base + len(stripped), layout, WHOLE
            continue
        first, start = True, 0
        for end in [*ends(stripped), None]:
            stop = len(stripped) if end is None else end.start() + 1
            piece = stripped[start:stop]
            if piece and not piece.isspace():
                yield base + start, base + stop, layout, first
                first = False
            start = stop if end is None else end.end()
