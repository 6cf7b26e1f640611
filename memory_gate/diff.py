"""Render: a unified diff that appends bullets at the end of the memory file."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

CONTEXT = 3  # lines of context before the appended bullets, as `diff -u`


def bullet_line(text: str) -> str:
    """One Markdown bullet on one line: line breaks and tabs collapsed."""
    return '- ' + ' '.join(text.split())


def split_lines(text: str) -> list[str]:
    """Lines as git sees them: split after each \\n only (a lone \\r or form feed stays
    inside its line)."""
    lines = text.split('\n')
    return [line + '\n' for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def line_ending(lines: Sequence[str]) -> str:
    """The file's line ending, as its first line has it: new lines keep it."""
    return '\r\n' if lines and lines[0].endswith('\r\n') else '\n'


class Tail(NamedTuple):
    """What appending to the memory file needs of it, not its whole text: how many lines come
    before `rest`, its last lines (`rest`), its line ending and its size in UTF-8 bytes. A hook
    run proposing into many transcripts' diffs holds this, so it splits the file once."""

    exists: bool  # False: the file does not exist yet
    before: int
    rest: str
    eol: str
    size: int


def tail_of(memory_text: str | None) -> Tail:
    """The Tail of the memory file's text (None: the file does not exist yet)."""
    if memory_text is None:
        return Tail(False, 0, '', '\n', 0)
    cut = rest_start(memory_text)
    before = memory_text.count('\n', 0, cut)
    size = len(memory_text.encode('utf-8'))
    return Tail(True, before, memory_text[cut:], ending(memory_text), size)


def rest_start(text: str) -> int:
    """Where the text's last CONTEXT + 1 lines start (0 when it has no more)."""
    cut = len(text)
    for _ in range(CONTEXT + 1):
        cut = text.rfind('\n', 0, cut)
        if cut < 0:
            return 0
    return cut + 1


def ending(text: str) -> str:
    """The text's line ending, as its first line has it (line_ending, without the split)."""
    newline = text.find('\n')
    return line_ending(split_lines(text if newline < 0 else text[:newline + 1]))


def render(path: str, memory_text: str | None, bullets: Sequence[str]) -> str:
    """The diff that appends `bullets` to the memory file at repository-relative `path`.

    `memory_text` is the file's text as read with newline='' (None: the file does not
    exist yet). New lines take the file's line ending; a last line without one gets it.
    """
    return render_tail(path, tail_of(memory_text), bullets)


def render_tail(path: str, tail: Tail, bullets: Sequence[str]) -> str:
    """render(), from the memory file's Tail."""
    if not bullets:
        return ''
    old_name = 'a/' + path if tail.exists else '/dev/null'
    lines = split_lines(tail.rest)
    total = tail.before + len(lines)
    eol = tail.eol
    added = ''.join('+' + bullet_line(b) + eol for b in bullets)
    context = lines[-CONTEXT:]
    start = total - len(context) + 1 if total else 0
    body = ''.join(' ' + line for line in context)
    if context and not context[-1].endswith('\n'):
        last = context[-1]
        body = ''.join(' ' + line for line in context[:-1])
        body += '-' + last + '\n\\ No newline at end of file\n+' + last + eol
    old = f'{start},{len(context)}'
    new = f'{start or 1},{len(context) + len(bullets)}'
    return f'--- {old_name}\n+++ b/{path}\n@@ -{old} +{new} @@\n{body}{added}'


def applied(memory_text: str | None, bullets: Sequence[str]) -> str | None:
    """The memory text as it will be once `render(...)` of these bullets is applied."""
    if not bullets:
        return memory_text
    text = memory_text or ''
    return appended(text, ending(text), bullets)


def applied_tail(tail: Tail, bullets: Sequence[str]) -> Tail:
    """applied(), on the memory file's Tail."""
    if not bullets:
        return tail
    text = appended(tail.rest, tail.eol, bullets)
    eol = ending(text) if tail.before == 0 else tail.eol  # rest is the whole text: its first line
    cut = rest_start(text)
    size = tail.size + len(text.encode('utf-8')) - len(tail.rest.encode('utf-8'))
    return Tail(True, tail.before + text.count('\n', 0, cut), text[cut:], eol, size)


def appended(text: str, eol: str, bullets: Sequence[str]) -> str:
    """The text with the bullets appended as lines ending in `eol` (a last line without an
    ending gets one first)."""
    if text and not text.endswith('\n'):
        text += eol
    return text + ''.join(bullet_line(b) + eol for b in bullets)
