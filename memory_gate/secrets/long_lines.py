"""Credentials in a line too long to read whole (files.MAX_LINE_BYTES): its bytes as they stream
past, in bounded overlapping windows, so memory stays bounded and a token across a window's edge
is still found, once.

A window is read as text (its JSON escapes as spans.unescaped reads them) by the same detector as
any string (spans.detect: the engine and our own layers); the line is never decoded as JSON.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from memory_gate.base.typed import NamedTuple
from memory_gate.secrets.spans import Span, detect

WINDOW = 1024 * 1024
# Windows overlap by OVERLAP bytes; a window reports the spans that begin in its own part (half
# the overlap in from each inner edge), so a token up to OVERLAP // 2 bytes long is reported once,
# whole, by the window whose own part it begins in.
OVERLAP = 16 * 1024


class Window(NamedTuple):
    start: int  # its first byte's offset in the line
    data: bytes
    last: bool


def windows(chunks: Iterable[bytes], size: int = WINDOW,
            overlap: int = OVERLAP) -> Iterator[Window]:
    """The line's bytes as windows of `size` bytes, each beginning `size - overlap` after the
    one before; at most `size` + one chunk held at a time."""
    held, at = b'', 0
    for chunk in chunks:
        held += chunk
        while len(held) > size:
            yield Window(at, held[:size], False)
            held, at = held[size - overlap:], at + size - overlap
    yield Window(at, held, True)


def own_spans(window: Window, overlap: int = OVERLAP) -> Iterator[tuple[Span, str]]:
    """Each span of the window's text that begins in its own part, with its value."""
    text = window.data.decode('utf-8', 'replace')
    first = 0 if window.start == 0 else chars(window.data, overlap // 2)
    end = len(text) if window.last else chars(window.data, len(window.data) - overlap // 2)
    for span in detect(text):
        if first <= span.start < end:
            yield span, text[span.start:span.end]


def chars(data: bytes, offset: int) -> int:
    return len(data[:offset].decode('utf-8', 'replace'))


def spans(chunks: Iterable[bytes], size: int = WINDOW,
          overlap: int = OVERLAP) -> Iterator[tuple[Span, str]]:
    """Every credential in a long line's bytes, with its value, each once."""
    for window in windows(chunks, size, overlap):
        yield from own_spans(window, overlap)
