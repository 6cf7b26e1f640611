"""Copies of this checkout's sessions from the agents' stores into the transcripts
folder.

Each session gets a stable name (agent and session id). Every line of the copy is redacted
(credentials masked, line by line, so the JSON stays valid and a grown session's copy stays a byte
prefix of the redacted source); `--said-only` keeps the format and only what people said. A copy
that the redacted source extends is updated; one it does not extend (diverged) is reported and never
overwritten; a rerun changes nothing. One line per file; `--dry-run` writes nothing.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator

from memory_gate.agents import checkpoints, masks, stamps, stores
from memory_gate.agents.compared import Compared, grew
from memory_gate.agents.said import said_document, said_lines
from memory_gate.base import files
from memory_gate.base.files import InputError
from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.reading.records import Settings
from memory_gate.secrets import redact, scan
from memory_gate.secrets.credentials import printable

if TYPE_CHECKING:
    from typing import BinaryIO


class Copy(NamedTuple):
    """What collecting one session did (or, on a dry run, would do)."""

    session: stores.Session
    target: str  # the copy's path, relative to the repository root
    state: str  # new, grown, unchanged, diverged
    redacted: int  # credentials masked in the copy
    left_out: int = 0  # lines past files.MAX_LINE_BYTES, not copied
    size: int = 0  # the copy's bytes, as written (or, on a dry run, as it would be)
    home: int = 0  # times the copy holds the home folder's path (kept: not masked)
    otherwise: bool = False  # diverged: the copy was made with other settings


class CollectError(Exception):
    """A store or copy that cannot be read or written; str() names it."""


def redacted_line(raw: bytes, number: int) -> tuple[bytes, int]:
    """The line with its credentials masked by the credentials detector (memory_gate.scan),
    line-local and deterministic; and how many were masked."""
    if not scan.may_hold(raw):  # most lines: no needle, no finding
        return raw, 0
    body = raw.rstrip(b'\r\n')
    line, found = redact.redact_line(body.decode('utf-8', 'surrogateescape'), number)
    return line.encode('utf-8', 'surrogateescape') + raw[len(body) :], len(found)


def redacted(data: bytes) -> tuple[bytes, int]:
    """Every line of `data` redacted (redacted_line); and how many credentials were masked."""
    out, count = [], 0
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        line, found = redacted_line(raw, number)
        out.append(line)
        count += found
    return b''.join(out), count


class Source(NamedTuple):
    """A session as read: an open stream of it (or its bytes, from git), the bytes it held
    when opened, and the mode a copy of it gets."""

    stream: BinaryIO
    size: int
    mode: int


def opened(root: str, session: stores.Session) -> Source:
    """The session, opened without blocking on what is not a regular file; an Entire checkpoint
    is streamed from git (a committed file, whole)."""
    if session.via == 'entire':
        committed = checkpoints.opened(root, session.source)
        if committed is None:
            raise CollectError(f'{session.source}: cannot be read from git')
        return Source(*committed, files.file_mode('') & COPY_MODE)
    try:
        stream = files.open_regular(session.source, 1 << 16)
    except FileNotFoundError as exc:
        raise CollectError(f'{session.source}: {files.problem(exc)}') from None
    except InputError as exc:
        raise CollectError(f'{session.source}: {exc}') from None
    info = os.fstat(stream.fileno())
    return Source(stream, info.st_size, stat.S_IMODE(info.st_mode) & COPY_MODE)


COPY_MODE = 0o644  # a copy keeps its session's mode bits, never wider than this


def complete_lines(source: Source, whole: bool) -> Iterator[bytes | None]:
    """The session's lines up to the size it had when opened (a session grows while it is read),
    None for one past files.MAX_LINE_BYTES; a last line without its line break is being written
    and waits for the next collect, unless `whole` (a committed checkpoint)."""
    bounded = files.limited(source.stream, source.size)
    for line in files.iter_lines(bounded):
        if line is not None and not line.endswith(b'\n') and not whole:
            return
        yield line


def old_lines(path: str) -> Iterator[bytes | None] | None:
    """The lines of the copy already there, or None when there is none."""
    try:
        stream = files.open_regular(path, 1 << 16)
    except FileNotFoundError:
        return None
    except InputError as exc:
        raise CollectError(f'{path}: {exc}') from None

    def lines() -> Iterator[bytes | None]:
        with stream:
            yield from files.iter_lines(stream)

    return lines()


def confined(root: str, folder: str) -> str:
    """The transcripts folder's path; raises CollectError when it, or a parent, resolves outside
    the repository's work tree (a symlink out, '..', an absolute path elsewhere)."""
    top = os.path.realpath(root)
    real = os.path.realpath(os.path.join(root, folder))
    if real != top and not real.startswith(top.rstrip(os.sep) + os.sep):
        raise CollectError(
            f'{folder}: resolves outside the repository ({real}); collect writes only inside it'
        )
    return os.path.join(root, folder)


class How(NamedTuple):
    """How a collect copies: --said-only, --dry-run, --home-in-copies mask (None: kept), and the
    home folder a kept copy's count is of."""

    said: bool
    dry_run: bool
    mask: masks.Mask | None
    home: bytes

    def finished(self, line: bytes) -> tuple[bytes, int]:
        """A redacted line as the copy holds it (masked), and the times it holds the home
        folder's path (kept)."""
        if self.mask is not None:
            return masks.masked(line, self.mask), 0
        return line, line.count(self.home) if len(self.home) > 1 else 0


def copy_session(root: str, session: stores.Session, folder: str, how: How) -> Copy:
    """Collect one session: the copy written (unless a dry run) when it is new or grown."""
    target = os.path.join(folder, session.name)
    path = os.path.join(root, target)
    if os.path.islink(path):
        raise CollectError(f'{target}: is a symlink; not writing through it')
    source = opened(root, session)
    with source.stream:
        first = source.stream.readline(files.MAX_LINE_BYTES)
        source.stream.seek(0)
        if first.strip() == b'{':  # a session document (Gemini CLI), rewritten whole
            return copy_document(session, target, path, source, how)
        return copy_lines(session, target, path, source, how)


def copy_document(session: stores.Session, target: str, path: str, source: Source,
                  how: How) -> Copy:
    """A session document (rewritten whole by its agent): read whole, up to the cap."""
    from memory_gate.formats.document import MAX_DOCUMENT_BYTES

    data = source.stream.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise CollectError(f'{session.source}: a session document past the '
                           f'{MAX_DOCUMENT_BYTES >> 20} MiB cap; not copied')
    data, count = redacted(data)
    if how.said:
        data = said_document(data)
    data, home = how.finished(data)
    try:
        old = files.read_bytes(path)
    except InputError as exc:
        raise CollectError(f'{target}: {exc}') from None
    state = ('new' if old is None else 'unchanged' if old == data
             else 'grown' if grew(old, data) else 'diverged')
    if state in ('new', 'grown') and not how.dry_run:
        with files.Replacing(path, source.mode) as out:
            out.write(data)
    return Copy(session, target, state, count, size=len(data), home=home)


def copy_lines(session: stores.Session, target: str, path: str, source: Source,
               how: How) -> Copy:
    """A JSON-lines session, streamed: each complete line redacted, compared with the copy
    already there and written to a temporary file that replaces it when the copy is new or
    grown. The lines a grown copy repeats are written once it is known to have grown: a copy
    found unchanged (or diverged) writes no temporary file."""
    whole = session.via == 'entire'
    keep = None
    if how.said:
        keep = said_lines(complete_lines(source, whole))
        source.stream.seek(0)
    compared = Compared(old_lines(path))
    count = left_out = size = held = home = 0  # held: the old copy's bytes, not written yet
    with files.Replacing(None if how.dry_run else path, source.mode) as out:
        for number, raw in enumerate(complete_lines(source, whole), 1):
            if raw is None or (keep is not None and number not in keep):
                left_out += raw is None
                continue
            line, found = redacted_line(raw, number)
            line, at_home = how.finished(line)
            count, home = count + found, home + at_home
            compared.feed(line)
            if compared.grown:
                held = repeat(path, held, out)
                out.write(line)
            held += 0 if compared.grown or compared.diverged else len(line)
            size += len(line)
        state = compared.state()
        out.keep = state in ('new', 'grown')
    return Copy(session, target, state, count, left_out, size, home)


def repeat(path: str, size: int, out: files.Replacing) -> int:
    """Write the first `size` bytes of the copy at `path` (the lines a grown copy repeats, read
    again only now that it grew); 0, what is left to repeat."""
    if size and out.path is not None:
        with files.open_regular(path, 1 << 16) as old:
            while size > 0:
                chunk = old.read(min(size, 1 << 20))
                if not chunk:
                    raise CollectError(f'{path}: changed while it was read')
                out.write(chunk)
                size -= len(chunk)
    return 0


def found(root: str, home: str, read: stores.Reader | None = None) -> Iterator[stores.Session]:
    """This checkout's sessions in every store (their heads read by `read`: heads.Heads.head
    keeps them), then Entire's checkpoints of sessions no store still holds."""
    checkouts = stores.checkouts(root)
    seen = set()
    for store in stores.STORES:
        for session in store(home, checkouts, read):
            seen.add(session.name)
            yield session
    yield from (s for s in checkpoints.sessions(root) if s.name not in seen)


def line(copy: Copy, dry_run: bool) -> str:
    verb = {'new': 'new', 'grown': 'updated', 'unchanged': 'unchanged', 'diverged': 'diverged'}[
        copy.state
    ]
    if dry_run and copy.state in ('new', 'grown'):
        verb = 'would write (' + ('new' if copy.state == 'new' else 'grown') + ')'
    where = copy.session.source if copy.session.via else os.path.basename(copy.session.source)
    note = '; not overwritten: it is not an earlier copy of this session' * (
        copy.state == 'diverged')
    if copy.otherwise:
        note += (' (it was copied with other settings: --said-only, --home-in-copies; delete it '
                 'to copy it again)')
    if copy.left_out:
        note += f'; {copy.left_out} line(s) past {files.MAX_LINE_BYTES >> 20} MiB left out'
    size = f', {human(copy.size)}' if dry_run else ''
    return printable(
        f'{copy.target}: {verb}{size}, {copy.session.agent} session {copy.session.id} from '
        f'{where}, {copy.redacted} credential(s) redacted{note}'
    )


def human(size: int) -> str:
    """A size as people read it: 812 bytes, 41.3 KB, 2.4 MB (powers of 1000, as ls -h --si)."""
    if size < 1000:
        return f'{size} bytes'
    for power, unit in enumerate(('KB', 'MB', 'GB'), 1):
        if size < 1000 ** (power + 1) or unit == 'GB':
            return f'{size / 1000 ** power:.1f} {unit}'
    return f'{size} bytes'


def collect(
    root: str, sessions: Iterable[stores.Session], settings: Settings, dry_run: bool, said: bool
) -> Iterator[Copy | CollectError]:
    """Copy each session (unless `dry_run`): what was done, or the problem, one per session; a
    transcripts folder outside the work tree is one problem, and nothing is copied. A session
    whose copy is up to date with it (stamps.py) is not read again."""
    try:
        folder = settings.transcripts_folder
        confined(root, folder)
    except CollectError as exc:
        yield exc
        return
    home = os.path.expanduser('~')
    how = How(said, dry_run, masks.mask_of(settings, home), os.fsencode(home.rstrip(os.sep)))
    book = stamps.Book(root, ('said' if said else 'all') + (' masked' if how.mask else ''))
    for session in sessions:
        target = os.path.join(folder, session.name)
        stamp = book.current(session, target)
        if stamp is not None:
            yield Copy(session, target, 'unchanged', stamp.redacted, stamp.left_out, stamp.copy[0])
            continue
        read_at = stamps.stat_of(session.source) if session.via != 'entire' else None
        try:
            copy = copy_session(root, session, folder, how)
        except OSError as exc:
            yield CollectError(f'{session.source}: {exc.strerror or exc}')
        except CollectError as exc:
            yield exc
        else:
            if not dry_run and copy.state != 'diverged':
                book.note(target, read_at, copy.redacted, copy.left_out)
            if copy.state == 'diverged' and book.made_otherwise(target):
                copy = copy._replace(otherwise=True)
            yield copy
    book.save()


def session_of(path: str, root: str) -> stores.Session:
    """The session an agent's hook named (SessionEnd), found by its store's rule."""
    real = os.path.realpath(path)
    checkouts = stores.checkouts(root)
    home = os.path.expanduser('~')
    for store in stores.STORES:
        for session in store(home, checkouts):
            if os.path.realpath(session.source) == real:
                return session
    raise CollectError(
        f'{path}: not a session of this checkout in any agent store memory-gate knows'
    )
