"""Colour for what a person reads on a terminal: the diff and the review. Never in files or --json.

pre-commit runs a hook on a pseudo-terminal when its own colour is on (`--color`,
`PRE_COMMIT_COLOR`, or a terminal), so `auto` follows it. `NO_COLOR` (https://no-color.org) and
`TERM=dumb` turn `auto` off.
"""
from __future__ import annotations

import os

from memory_gate.base.typed import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TextIO

CHOICES = ('auto', 'always', 'never')
STYLES = {'bold': '1', 'red': '31', 'green': '32', 'yellow': '33', 'cyan': '36'}


def use_color(setting: str, stream: TextIO | None) -> bool:
    """Whether to colour what is written to `stream`; `setting` is one of CHOICES."""
    if setting != 'auto':
        return setting == 'always'
    if os.environ.get('NO_COLOR') or os.environ.get('TERM') == 'dumb':
        return False
    return stream is not None and stream.isatty()  # None: stdout closed


def paint(text: str, style: str, on: bool) -> str:
    """`text` in a style, the reset before any line ending so the next line starts clean."""
    if not on or not text:
        return text
    body = text.rstrip('\r\n')
    return f'\x1b[{STYLES[style]}m{body}\x1b[m{text[len(body):]}'


def diff_style(line: str) -> str | None:
    """The style git diff gives a line of a unified diff."""
    if line.startswith(('+++ ', '--- ')):
        return 'bold'
    if line.startswith('@@'):
        return 'cyan'
    return {'+': 'green', '-': 'red'}.get(line[:1])


def paint_diff(diff: str, on: bool) -> str:
    if not on:
        return diff
    painted = []
    for line in diff.splitlines(keepends=True):
        style = diff_style(line)
        painted.append(paint(line, style, on) if style else line)
    return ''.join(painted)
