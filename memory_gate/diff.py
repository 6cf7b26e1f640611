"""Render: a unified diff that appends bullets at the end of the memory file."""
from __future__ import annotations

from collections.abc import Sequence

CONTEXT = 3  # lines of context before the appended bullets, as `diff -u`


def bullet_line(text: str) -> str:
    """One Markdown bullet on one line: line breaks and tabs collapsed."""
    return '- ' + ' '.join(text.split())


def split_lines(text: str) -> list[str]:
    """Lines as git sees them: split after each \\n only (a lone \\r or form feed stays inside its line)."""
    lines = text.split('\n')
    return [line + '\n' for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def line_ending(lines: Sequence[str]) -> str:
    """The file's line ending, as its first line has it: new lines keep it."""
    return '\r\n' if lines and lines[0].endswith('\r\n') else '\n'


def render(path: str, memory_text: str | None, bullets: Sequence[str]) -> str:
    """The diff that appends `bullets` to the memory file at repository-relative `path`.

    `memory_text` is the file's text as read with newline='' (None: the file does not
    exist yet). New lines take the file's line ending; a last line without one gets it.
    """
    if not bullets:
        return ''
    old_name = '/dev/null' if memory_text is None else 'a/' + path
    lines = split_lines(memory_text or '')
    eol = line_ending(lines)
    added = ''.join('+' + bullet_line(b) + eol for b in bullets)
    context = lines[-CONTEXT:]
    start = len(lines) - len(context) + 1 if lines else 0
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
    eol = line_ending(split_lines(text))
    if text and not text.endswith('\n'):
        text += eol
    return text + ''.join(bullet_line(b) + eol for b in bullets)
