"""Answers read on a terminal for `review`, as `git add -p` reads them: one key at a time, no
Enter needed (git's interactive.singleKey); for `e`, the bullet to edit, in $VISUAL or $EDITOR
when one is set, else on the prompt line, prefilled. Without termios (Windows) answers are
lines, as input() reads them."""
from __future__ import annotations

import os
import sys


class Terminal:
    """The reviewer's terminal on stdin; `ended` once its input ended (Ctrl-D)."""

    def __init__(self) -> None:
        self.fd = sys.stdin.fileno()
        self.ahead = b''  # what was typed ahead of the prompt that reads it
        self.ended = False

    def key(self, prompt: str) -> str | None:
        """One key, echoed; None at the end of input."""
        try:
            import termios
            import tty
        except ImportError:
            return self.line(prompt)
        try:
            saved = termios.tcgetattr(self.fd)
        except termios.error:
            return self.line(prompt)
        try:
            tty.setcbreak(self.fd, termios.TCSANOW)  # TCSAFLUSH would drop what was typed ahead
            print(prompt, end='', flush=True)  # after: a Ctrl-D at the prompt is a key, not EOF
            key = self.next_key()
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)
        print(key or '')
        return key

    def next_key(self) -> str | None:
        while not self.ahead.lstrip(b'\r\n'):
            more = os.read(self.fd, 1024)  # what is there: a key, or a typed-ahead line
            if not more or more.startswith(b'\x04'):
                self.ended = True
                return None
            self.ahead = more
        self.ahead = self.ahead.lstrip(b'\r\n')
        key, self.ahead = self.ahead[:1], self.ahead[1:]
        if self.ahead[:1] in (b'\n', b'\r'):  # Enter after the key, out of habit
            self.ahead = self.ahead[1:]
        return key.decode('utf-8', 'replace')

    def line(self, prompt: str, text: str = '') -> str | None:
        """A line; None at the end of input. With `text`, the line starts as it (readline)."""
        if self.ahead:  # typed ahead: the rest of that line is the answer
            head, newline, rest = self.ahead.partition(b'\n')
            while not newline:
                more = os.read(self.fd, 1024)
                if not more:
                    break
                head, newline, rest = (head + more).partition(b'\n')
            self.ahead = rest
            print(prompt + head.decode('utf-8', 'replace'))
            return head.decode('utf-8', 'replace')
        try:
            import readline
        except ImportError:
            return self.read(prompt)
        readline.set_startup_hook(lambda: readline.insert_text(text))
        try:
            return self.read(prompt)
        finally:
            readline.set_startup_hook()

    def read(self, prompt: str) -> str | None:
        try:
            return input(prompt)
        except EOFError:
            self.ended = True
            return None

    def edit(self, text: str) -> str | None:
        """A new text for the bullet: edited in $VISUAL or $EDITOR, else on the prompt line."""
        editor = os.environ.get('VISUAL') or os.environ.get('EDITOR')
        if not editor:
            return self.line('New text: ', text)
        return in_editor(editor, text)


EDIT_NOTE = ('# Reword the bullet above, on one line or several (joined with spaces).\n'
             '# Lines starting with # are dropped; leave it empty to choose again.\n')


def in_editor(editor: str, text: str) -> str | None:
    """`text` edited in `editor`, run as git runs $EDITOR (through the shell); None when it
    fails."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory(prefix='memory-gate-') as folder:
        path = os.path.join(folder, 'BULLET_EDITMSG')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(f'{text}\n{EDIT_NOTE}')
        try:
            done = subprocess.run(('sh', '-c', f'{editor} "$@"', editor, path), check=False)
        except OSError:
            return None
        if done.returncode != 0:
            return None
        with open(path, encoding='utf-8', errors='replace') as f:
            kept = [line for line in f.read().splitlines() if not line.startswith('#')]
    return ' '.join(' '.join(kept).split())
