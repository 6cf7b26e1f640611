"""Render: a unified diff that adds bullets to the memory file, at its end or under one heading."""
from __future__ import annotations

import re
from collections.abc import Sequence

from memory_gate.base.typed import NamedTuple

CONTEXT = 3  # lines of context around the added bullets, as `diff -u`
# An ATX heading and its level.
# Must catch: '## Decisions', '### a'; must not: '#hashtag', '    # code'.
HEADING_RE = r'^ {0,3}(#{1,6})(?:[ \t]|$)'
FENCES = ('```', '~~~')


def bullet_line(text: str) -> str:
    """One Markdown bullet on one line: line breaks become spaces; the rest is as written (a
    `Memory:` line's spaces and tabs, which the pipeline keeps; other sentences come collapsed)."""
    return '- ' + ' '.join(text.splitlines()).strip()


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
    run proposing into many transcripts' diffs holds this, so it splits the file once. Under
    a heading, the bullets may go anywhere: the Tail is then the whole text (`before` 0)."""

    exists: bool  # False: the file does not exist yet
    before: int
    rest: str
    eol: str
    size: int


def tail_of(memory_text: str | None, whole: bool = False) -> Tail:
    """The Tail of the memory file's text (None: the file does not exist yet); `whole`: all
    of it, as placing bullets under a heading needs."""
    if memory_text is None:
        return Tail(False, 0, '', '\n', 0)
    cut = 0 if whole else rest_start(memory_text)
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


def level(line: str) -> int:
    """The level of an ATX heading (1-6); 0 for any other line."""
    found = re.match(HEADING_RE, line)
    return len(found[1]) if found else 0


def section_end(lines: Sequence[str], heading: str) -> int | None:
    """The index just after the last non-blank line of the section under `heading`; None when
    no line is that heading.

    The section ends at the next heading of its level or above (any heading, for a
    heading that is not ATX); headings inside fenced code do not count.
    """
    want, top = heading.strip(), level(heading) or 7
    start: int | None = None
    fenced = False
    for index, line in enumerate(lines):
        text = line.strip()
        if text.startswith(FENCES):
            fenced = not fenced
        elif start is None and not fenced and text == want:
            start = end = index + 1
            continue
        if start is not None and not fenced and 0 < level(line) <= top:
            break
        if start is not None and text:
            end = index + 1
    return None if start is None else end


def place(lines: Sequence[str], bullets: Sequence[str], heading: str,
          eol: str) -> tuple[int, list[str]]:
    """Where the bullets go (an index into `lines`) and the lines added there.

    No heading: at the end. A heading: at the end of its section; when the file has no such
    line, the heading is added at the end (after a blank line), then the bullets.
    """
    added = [bullet_line(b) + eol for b in bullets]
    if not heading:
        return len(lines), added
    end = section_end(lines, heading)
    if end is not None:
        return end, added
    gap = [eol] if lines and lines[-1].strip() else []
    return len(lines), [*gap, heading.strip() + eol, eol, *added]


def render(path: str, memory_text: str | None, bullets: Sequence[str], heading: str = '') -> str:
    """The diff that adds `bullets` to the memory file at repository-relative `path`.

    `memory_text` is the file's text as read with newline='' (None: the file does not
    exist yet). New lines take the file's line ending; a last line without one gets it.
    """
    return render_tail(path, tail_of(memory_text, whole=bool(heading)), bullets, heading)


def render_tail(path: str, tail: Tail, bullets: Sequence[str], heading: str = '') -> str:
    """render(), from the memory file's Tail (the whole text, under a heading)."""
    if not bullets:
        return ''
    old_name = 'a/' + path if tail.exists else '/dev/null'
    lines = split_lines(tail.rest)
    at, added = place(lines, bullets, heading, tail.eol)
    before, after = lines[max(0, at - CONTEXT):at], lines[at:at + CONTEXT]
    body = ''.join(' ' + line for line in before)
    if before and not before[-1].endswith('\n'):  # adding after a last line without an ending
        last = before[-1]
        body = ''.join(' ' + line for line in before[:-1])
        body += '-' + last + '\n\\ No newline at end of file\n+' + last + tail.eol
    body += ''.join('+' + line for line in added) + ''.join(' ' + line for line in after)
    if after and not after[-1].endswith('\n'):
        body += '\n\\ No newline at end of file\n'
    first = tail.before + at - len(before) + 1 if tail.before + len(lines) else 0
    old = len(before) + len(after)
    hunk = f'@@ -{first},{old} +{first or 1},{old + len(added)} @@'
    return f'--- {old_name}\n+++ b/{path}\n{hunk}\n{body}'


def applied(memory_text: str | None, bullets: Sequence[str], heading: str = '') -> str | None:
    """The memory text as it will be once `render(...)` of these bullets is applied."""
    if not bullets:
        return memory_text
    text = memory_text or ''
    return inserted(text, ending(text), bullets, heading)


def applied_tail(tail: Tail, bullets: Sequence[str], heading: str = '') -> Tail:
    """applied(), on the memory file's Tail (the whole text, under a heading)."""
    if not bullets:
        return tail
    text = inserted(tail.rest, tail.eol, bullets, heading)
    eol = ending(text) if tail.before == 0 else tail.eol  # rest is the whole text: its first line
    cut = 0 if heading else rest_start(text)
    size = tail.size + len(text.encode('utf-8')) - len(tail.rest.encode('utf-8'))
    return Tail(True, tail.before + text.count('\n', 0, cut), text[cut:], eol, size)


def inserted(text: str, eol: str, bullets: Sequence[str], heading: str = '') -> str:
    """The text with the bullets added where `place` puts them, as lines ending in `eol` (a
    last line without an ending gets one first when they go after it)."""
    lines = split_lines(text)
    at, added = place(lines, bullets, heading, eol)
    if at == len(lines) and lines and not lines[-1].endswith('\n'):
        lines[-1] += eol
    return ''.join(lines[:at] + added + lines[at:])
