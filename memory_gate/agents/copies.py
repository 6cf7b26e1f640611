"""Copies of this checkout's sessions from the agents' stores into the transcripts
folder.

Each session gets a stable name (agent and session id). Every line of the copy is redacted
(credentials masked, line by line, so the JSON stays valid and a grown session's copy stays a byte
prefix of the redacted source); `--said-only` keeps the format and only what people said. A copy
that the redacted source extends is updated; one it does not extend (diverged) is reported and never
overwritten; a rerun changes nothing. One line per file; `--dry-run` writes nothing.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable, Iterator

from memory_gate.agents import checkpoints, stores
from memory_gate.base import files
from memory_gate.base.files import InputError
from memory_gate.base.lineset import LineSet
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


def said_lines(lines: Iterable[bytes | None]) -> LineSet:
    """The line numbers `--said-only` keeps: the first record (it names the format and the
    session) and those people's words are read from; a bit each, whatever the session's size."""
    from collections import Counter

    from memory_gate.formats.parse import parse_lines

    keep = LineSet([1])
    for outcome in parse_lines(lines, Counter()):
        if outcome.turns:
            keep.add(outcome.line)
    return keep


def said_document(data: bytes) -> bytes:
    """A session document (Gemini CLI) with only its user and reply messages' text."""
    try:
        doc = json.loads(data)
    except ValueError:
        return data
    keys = ('id', 'timestamp', 'type', 'content')
    doc['messages'] = [
        {k: m[k] for k in keys if k in m}
        for m in doc.get('messages', [])
        if isinstance(m, dict) and m.get('type') in ('user', 'gemini') and m.get('content')
    ]
    return json.dumps(doc, indent=2, ensure_ascii=False).encode() + b'\n'


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


class Compared:
    """How the copy being written compares, line by line, with the copy already there: the same
    so far, longer (grown), or not an earlier copy of it (diverged)."""

    def __init__(self, old: Iterator[bytes | None] | None) -> None:
        self.old, self.grown, self.diverged = old, old is None, False

    def feed(self, line: bytes) -> None:
        if self.grown or self.diverged or self.old is None:
            return
        before = next(self.old, b'')
        if before == line:
            return
        if before == b'' or is_cut(before, self.old):
            self.grown = True  # the old copy ends here (or in a line an earlier version cut)
        else:
            self.diverged = True

    def state(self) -> str:
        if self.old is None:
            return 'new'
        if self.diverged or (not self.grown and next(self.old, b'') != b''):
            return 'diverged'
        return 'grown' if self.grown else 'unchanged'


def is_cut(line: bytes | None, rest: Iterator[bytes | None]) -> bool:
    """A copy's last line without its line break: a line cut mid-write, copied by an earlier
    version of collect."""
    return line is not None and not line.endswith(b'\n') and next(rest, b'') == b''


def grew(old: bytes, new: bytes) -> bool:
    """A session document's copy is an earlier state of it (rewritten whole): a byte prefix, or
    the same messages so far."""
    if new.startswith(old):
        return True
    try:
        before, after = json.loads(old), json.loads(new)
    except ValueError:
        return False
    if not (isinstance(before, dict) and isinstance(after, dict)):
        return False
    messages, more = before.get('messages'), after.get('messages')
    return (
        isinstance(messages, list) and isinstance(more, list) and more[: len(messages)] == messages
    )


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


def copy_session(root: str, session: stores.Session, folder: str, said: bool,
                 dry_run: bool) -> Copy:
    """Collect one session: the copy written (unless `dry_run`) when it is new or grown."""
    target = os.path.join(folder, session.name)
    path = os.path.join(root, target)
    if os.path.islink(path):
        raise CollectError(f'{target}: is a symlink; not writing through it')
    source = opened(root, session)
    with source.stream:
        first = source.stream.readline(files.MAX_LINE_BYTES)
        source.stream.seek(0)
        if first.strip() == b'{':  # a session document (Gemini CLI), rewritten whole
            return copy_document(session, target, path, source, said, dry_run)
        return copy_lines(session, target, path, source, said, dry_run)


def copy_document(session: stores.Session, target: str, path: str, source: Source, said: bool,
                  dry_run: bool) -> Copy:
    """A session document (rewritten whole by its agent): read whole, up to the cap."""
    from memory_gate.formats.document import MAX_DOCUMENT_BYTES

    data = source.stream.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise CollectError(f'{session.source}: a session document past the '
                           f'{MAX_DOCUMENT_BYTES >> 20} MiB cap; not copied')
    data, count = redacted(data)
    if said:
        data = said_document(data)
    try:
        old = files.read_bytes(path)
    except InputError as exc:
        raise CollectError(f'{target}: {exc}') from None
    state = ('new' if old is None else 'unchanged' if old == data
             else 'grown' if grew(old, data) else 'diverged')
    if state in ('new', 'grown') and not dry_run:
        with files.Replacing(path, source.mode) as out:
            out.write(data)
    return Copy(session, target, state, count)


def copy_lines(session: stores.Session, target: str, path: str, source: Source, said: bool,
               dry_run: bool) -> Copy:
    """A JSON-lines session, streamed: each complete line redacted, compared with the copy
    already there and written to a temporary file that replaces it when the copy is new or
    grown."""
    whole = session.via == 'entire'
    keep = None
    if said:
        keep = said_lines(complete_lines(source, whole))
        source.stream.seek(0)
    compared = Compared(old_lines(path))
    count = left_out = 0
    with files.Replacing(None if dry_run else path, source.mode) as out:
        for number, raw in enumerate(complete_lines(source, whole), 1):
            if raw is None or (keep is not None and number not in keep):
                left_out += raw is None
                continue
            line, found = redacted_line(raw, number)
            count += found
            compared.feed(line)
            out.write(line)
        state = compared.state()
        out.keep = state in ('new', 'grown')
    return Copy(session, target, state, count, left_out)


def found(root: str, home: str) -> Iterator[stores.Session]:
    """This checkout's sessions in every store, then Entire's checkpoints of sessions no store still
    holds."""
    checkouts = stores.checkouts(root)
    seen = set()
    for store in stores.STORES:
        for session in store(home, checkouts):
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
    note = (
        '; not overwritten: it is not an earlier copy of this session'
        if copy.state == 'diverged'
        else ''
    )
    if copy.left_out:
        note += f'; {copy.left_out} line(s) past {files.MAX_LINE_BYTES >> 20} MiB left out'
    return printable(
        f'{copy.target}: {verb}, {copy.session.agent} session {copy.session.id} from {where}, '
        f'{copy.redacted} credential(s) redacted{note}'
    )


def collect(
    root: str, sessions: Iterable[stores.Session], settings: Settings, dry_run: bool, said: bool
) -> Iterator[Copy | CollectError]:
    """Copy each session (unless `dry_run`): what was done, or the problem, one per session; a
    transcripts folder outside the work tree is one problem, and nothing is copied."""
    try:
        folder = settings.transcripts_folder
        confined(root, folder)
    except CollectError as exc:
        yield exc
        return
    for session in sessions:
        try:
            copy = copy_session(root, session, folder, said, dry_run)
        except OSError as exc:
            yield CollectError(f'{session.source}: {exc.strerror or exc}')
        except CollectError as exc:
            yield exc
        else:
            yield copy


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
