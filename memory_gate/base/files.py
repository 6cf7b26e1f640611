"""The I/O helpers: reading transcripts as streams, reading memory, and writing proposals
safely (git and the repository: repo.py). They raise InputError (or hand it back, with its
path, for a transcript that cannot be read); the commands print it."""
from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence

from memory_gate.base import lfs
from memory_gate.base.records import LongLine, Transcript
from memory_gate.base.repo import rel, repo_root
from memory_gate.base.typed import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, BinaryIO

# Lines longer than this are skipped unread (counted 'oversized'), so memory stays bounded.
# People's words are far below it: human and assistant lines stay under 30 KB in real
# logs; the lines that reach megabytes are tool output and inline images.
MAX_LINE_BYTES = 8 * 1024 * 1024
_CHUNK = 1024 * 1024


# A file is written beside its target, then renamed into place; killed mid-write, the process
# leaves it: `.memory-gate-*.tmp` in .gitignore covers it (README).
TEMP_PREFIX, TEMP_SUFFIX = '.memory-gate-', '.tmp'


# An unresolved merge conflict: the lines git writes around each side. Must catch:
# '<<<<<<< HEAD', '>>>>>>> feature'; must not: '=======' under a Markdown heading (in memory,
# it counts only in a ledger).
CONFLICT_RE = r'^(?:<{7}|>{7})(?: |$)'


def conflict_line(text: str) -> int | None:
    """The number of the first line that opens or closes a merge conflict, or None."""
    if '<<<<<<<' not in text and '>>>>>>>' not in text:
        return None
    for number, line in enumerate(text.split('\n'), 1):
        if re.match(CONFLICT_RE, line.rstrip('\r')):
            return number
    return None


class InputError(Exception):
    """A file that cannot be used; str() is the one-line problem, without the path; `path`
    names the file where the raiser knows it and the caller may not (a transcript)."""

    def __init__(self, problem: str, path: str = '') -> None:
        super().__init__(problem)
        self.path = path


def iter_lines(stream: BinaryIO, cap: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """Yield each line of a binary stream, or None for a line longer than `cap` (drained unread)."""
    for line in iter_lines_keeping_long(stream, cap):
        yield None if isinstance(line, LongLine) else line


def iter_lines_keeping_long(stream: BinaryIO,
                            cap: int = MAX_LINE_BYTES) -> Iterator[bytes | LongLine | None]:
    """Yield each line of a binary stream, or a LongLine for a line longer than `cap`: its bytes
    as they are read, in chunks of at most `cap` + 1 bytes, drained if left unread."""
    readline = stream.readline
    while True:
        line = readline(cap + 1)
        if not line:
            return
        if len(line) > cap and not line.endswith(b'\n'):
            rest = chunks(readline, line)
            yield LongLine(rest)
            for _ in rest:  # drained, whether the consumer read it or not
                pass
        else:
            yield line


def chunks(readline: Callable[[int], bytes], first: bytes) -> Iterator[bytes]:
    """A long line's first piece, then the rest of it as read, up to its end of line."""
    yield first
    while True:
        rest = readline(_CHUNK)
        if not rest:
            return
        yield rest
        if rest.endswith(b'\n'):
            return


def problem(exc: OSError) -> str:
    """An OS error as the short lowercase phrase printed after a path
    ('no such file or directory')."""
    return (exc.strerror or str(exc)).lower()


def open_regular(path: str, buffering: int = -1) -> BinaryIO:
    """Open a regular file for reading, without blocking on what is not one: opened with
    O_NONBLOCK (a FIFO with no writer blocks inside open() itself), then fstat. Raises
    FileNotFoundError for a missing file, InputError for anything else that cannot be read
    (a directory, a FIFO, a device, a socket are named as such)."""
    flags = os.O_RDONLY | getattr(os, 'O_NONBLOCK', 0) | getattr(os, 'O_NOCTTY', 0)
    try:
        fd = os.open(path, flags | getattr(os, 'O_CLOEXEC', 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise InputError(opened(exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputError('is a directory' if stat.S_ISDIR(mode) else NOT_REGULAR)
        if flags & getattr(os, 'O_NONBLOCK', 0):
            os.set_blocking(fd, True)
        return os.fdopen(fd, 'rb', buffering=buffering)
    except BaseException:
        os.close(fd)
        raise


NOT_REGULAR = 'is not a regular file'


def opened(exc: OSError) -> str:
    """What open() failing says: a socket (ENXIO) or a directory opened for reading (EISDIR)
    is named as what it is."""
    import errno

    if exc.errno == errno.ENXIO:
        return NOT_REGULAR
    if exc.errno == errno.EISDIR:
        return 'is a directory'
    return problem(exc)


def limited(stream: BinaryIO, size: int) -> BinaryIO:
    """The stream's next `size` bytes, as a stream (a file read up to the size it had when
    opened, however it grows meanwhile)."""
    import io

    class Limited(io.RawIOBase):
        left = size

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            view = memoryview(buffer)[: self.left]
            got = stream.readinto(view) or 0  # type: ignore[attr-defined]
            self.left -= got
            return got

    return io.BufferedReader(Limited(), 1 << 16)


def open_transcript(path: str) -> BinaryIO:
    """Open a transcript for streaming (a large buffer reads long lines in fewer system
    calls). Raises InputError for a path that is not a readable regular file."""
    try:
        return open_regular(path, _CHUNK)
    except FileNotFoundError as exc:
        raise InputError(problem(exc)) from None


def open_content(path: str) -> BinaryIO:
    """Open a transcript to judge: the file, or, for a Git LFS pointer, the content it names in the
    local LFS store. Raises InputError for a path that is not a readable regular file, and for a
    pointer whose content is not here: the gate never passes what it could not read."""
    stream = open_transcript(path)
    if os.fstat(stream.fileno()).st_size >= lfs.POINTER_BYTES:
        return stream
    try:
        found = lfs.pointer(stream.peek(lfs.POINTER_BYTES))  # type: ignore[attr-defined]
    except OSError:  # reading it fails again, and is reported, as its lines are read
        found = None
    if found is None:
        return stream
    stream.close()
    content = lfs.stored(path, *found)
    if content is None:
        raise InputError(lfs.NOT_HERE)
    return open_transcript(content)


def decode_memory(data: bytes) -> str:
    """Memory text with line endings kept; raises InputError for a binary or non-UTF-8 file,
    or one in conflict."""
    if b'\0' in data[:8192]:
        raise InputError('is a binary file, not a Markdown memory file')
    try:
        text = data.decode('utf-8')
    except UnicodeDecodeError as exc:
        raise InputError(f'is not UTF-8 (byte {exc.start})') from None
    line = conflict_line(text)
    if line is not None:
        raise InputError(f'line {line} is a merge conflict marker; '
                         'resolve the conflict, then propose into it')
    return text


def read_bytes(path: str) -> bytes | None:
    """A regular file's bytes, or None when it does not exist. Raises InputError when it cannot
    be read, or is no regular file (a FIFO would hang the read, /dev/zero never end it)."""
    try:
        with open_regular(path) as f:
            return f.read()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(problem(exc)) from None


def head(path: str, size: int = 65536) -> bytes | None:
    """A regular file's first `size` bytes; None when it cannot be read (the reader names it)."""
    try:
        with open_regular(path) as f:
            return f.read(size)
    except (OSError, InputError):
        return None


def read_allowlist(path: str) -> str:
    """The allowlist's text, '' when there is none. Raises InputError for one in conflict: a
    marker line would be read as a fingerprint, and its two sides both allowed."""
    text = read_text(path)
    line = conflict_line(text)
    if line is not None:
        raise InputError(f'line {line} is a merge conflict marker; resolve the conflict, then '
                         'run again')
    return text


def read_text(path: str) -> str:
    """A small text file (the ledger) decoded leniently; '' when it does not exist.
    Raises InputError."""
    return (read_bytes(path) or b'').decode('utf-8', 'replace')


def write_new(path: str, text: str, ours: str) -> None:
    """Write `text` to `path` atomically (temporary file beside it, then rename).

    Refuses a symlink, and an existing file that does not start with `ours`
    (memory-gate's own marker), so nothing a user has is overwritten.
    """
    if os.path.islink(path):
        raise InputError('is a symlink; not writing through it')
    old = read_bytes(path)
    if old is not None and not old.startswith(ours.encode()):
        raise InputError('exists and was not written by memory-gate; not overwriting it')
    import tempfile

    folder = os.path.dirname(path) or '.'
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    try:
        os.fchmod(fd, file_mode(path))
        with os.fdopen(fd, 'w', encoding='utf-8', newline='') as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def temp_beside(path: str) -> tuple[BinaryIO, str]:
    """A new temporary file in the folder of `path`, named TEMP_PREFIX...TEMP_SUFFIX, and its
    path."""
    import tempfile

    folder = os.path.dirname(path) or '.'
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    return os.fdopen(fd, 'wb'), tmp


class Replacing:
    """A temporary file beside `path` (TEMP_PREFIX...TEMP_SUFFIX), made at the first write (a
    block that writes nothing and keeps nothing makes none), that replaces `path` at the end of
    the block when `keep`; removed otherwise, and on any error. No path: a dry run."""

    def __init__(self, path: str | None, mode: int) -> None:
        self.path, self.mode, self.keep = path, mode, True
        self.file: BinaryIO | None = None
        self.tmp = ''

    def __enter__(self) -> Replacing:
        return self

    def write(self, data: bytes) -> None:
        if self.path is not None and self.file is None:  # its folder, then the file, made now
            os.makedirs(os.path.dirname(self.path) or '.', exist_ok=True)
            self.file, self.tmp = temp_beside(self.path)
        if self.file is not None:
            self.file.write(data)

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None and self.keep:
            self.write(b'')  # a file kept, even an empty one
        if self.file is None:
            return
        try:
            os.fchmod(self.file.fileno(), self.mode)
            self.file.close()
            if kind is None and self.keep:
                os.replace(self.tmp, str(self.path))
                return
        except BaseException:
            os.unlink(self.tmp)
            raise
        os.unlink(self.tmp)


def file_mode(path: str) -> int:
    """The permission bits a rewrite of `path` keeps: the file's own, or what the umask gives a
    new one."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


OUTSIDE = ('is a symlink to a file outside the repository; '
           'memory-gate proposes only into a file inside it')


def confined(path: str) -> str:
    """The real path of a memory file. Raises InputError when a symlink takes it out of the
    repository that holds the link (the printed git apply would break the link)."""
    real = os.path.realpath(path)
    root = repo_root(os.path.dirname(os.path.abspath(path)) or '.')
    if root is not None and real != os.path.abspath(path):
        top = os.path.realpath(root)
        if not real.startswith(top + os.sep):
            raise InputError(OUTSIDE)
    return real


def memory_target(path: str) -> tuple[str, str]:
    """(path for the diff, relative to the repository root; real path on disk). Follows
    symlinks inside the repository; raises InputError for one that leads out of it."""
    real = confined(path)
    root = repo_root(os.path.dirname(real) or '.')
    if root is not None:
        root = os.path.realpath(root)
        if real.startswith(root + os.sep):
            return rel(real, root), real
    return os.path.normpath(path).replace(os.sep, '/'), real


def read_memory(path: str) -> str | None:
    """The memory file's text (line endings kept), or None when it does not exist yet."""
    data = read_bytes(confined(path))
    return None if data is None else decode_memory(data)


def transcripts(paths: Sequence[str], failed: list[InputError],
                starts: Mapping[str, int] | None = None,
                opener: Callable[[str], BinaryIO] | None = None) -> Iterator[Transcript]:
    """Open each transcript in turn (`opener`: the hook's opens what is staged); one that can't be
    read goes to `failed` with its path, and the next follows. `starts`: the first line judged."""
    for path in paths:
        if path == '-':
            yield Transcript('-', guarded('-', iter_lines_keeping_long(sys.stdin.buffer), failed))
            continue
        try:
            stream = (opener or open_content)(path)
        except InputError as exc:
            failed.append(InputError(str(exc), path))
            continue
        with stream:
            lines = guarded(path, iter_lines_keeping_long(stream), failed)
            yield Transcript(path, lines, (starts or {}).get(path, 1))


def guarded(path: str, lines: Iterator[bytes | LongLine | None],
            failed: list[InputError]) -> Iterator[bytes | LongLine | None]:
    """The lines of a transcript; a read error ends it, added to `failed` with the path."""
    try:
        yield from lines
    except OSError as exc:
        failed.append(InputError(problem(exc), path))
