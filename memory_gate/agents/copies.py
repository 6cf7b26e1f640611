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
from collections.abc import Iterable, Iterator

from memory_gate.agents import checkpoints, stores
from memory_gate.base.typed import NamedTuple
from memory_gate.reading.records import Settings
from memory_gate.secrets.credentials import printable


class Copy(NamedTuple):
    """What collecting one session does: its state and the redacted bytes to write."""

    session: stores.Session
    target: str  # the copy's path, relative to the repository root
    state: str  # new, grown, unchanged, diverged
    data: bytes
    redacted: int  # credentials masked in the copy


class CollectError(Exception):
    """A store or copy that cannot be read or written; str() names it."""


def redacted(data: bytes) -> tuple[bytes, int]:
    """Every line with its credentials masked by the credentials detector (memory_gate.scan),
    line-local and deterministic; and how many were masked."""
    from memory_gate.secrets import redact, scan

    out, count = [], 0
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        if not scan.may_hold(raw):  # most lines: no needle, no finding
            out.append(raw)
            continue
        body = raw.rstrip(b'\r\n')
        line, found = redact.redact_line(body.decode('utf-8', 'surrogateescape'), number)
        count += len(found)
        out.append(line.encode('utf-8', 'surrogateescape') + raw[len(body) :])
    return b''.join(out), count


def said_only(data: bytes) -> bytes:
    """The session in its own format with only the records people's words are read from (and its
    first record, which names the format and the session); a session document keeps only its user
    and reply messages' text."""
    from memory_gate.formats.parse import parse_lines

    lines = data.splitlines(keepends=True)
    if lines and lines[0].strip() == b'{':
        return said_document(data)
    from collections import Counter

    keep = {1} | {o.line for o in parse_lines(iter(lines), Counter()) if o.turns}
    return b''.join(line for n, line in enumerate(lines, 1) if n in keep)


def said_document(data: bytes) -> bytes:
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


def source_bytes(root: str, session: stores.Session) -> bytes:
    if session.via == 'entire':
        from memory_gate.base.repo import git

        data = git(root, 'show', session.source)
        if data is None:
            raise CollectError(f'{session.source}: cannot be read from git')
        return data
    try:
        with open(session.source, 'rb') as f:
            return f.read()
    except OSError as exc:
        raise CollectError(f'{session.source}: {exc.strerror or exc}') from None


def grew(old: bytes, new: bytes) -> bool:
    """The copy is an earlier state of the source: a byte prefix, or (a session document, rewritten
    whole) the same messages so far."""
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


def plan(root: str, session: stores.Session, folder: str, said: bool) -> Copy:
    data, count = redacted(source_bytes(root, session))
    if said:
        data = said_only(data)
    target = os.path.join(folder, session.name)
    try:
        with open(os.path.join(root, target), 'rb') as f:
            old: bytes | None = f.read()
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise CollectError(f'{target}: {exc.strerror or exc}') from None
    state = (
        'new'
        if old is None
        else 'unchanged'
        if old == data
        else 'grown'
        if grew(old, data)
        else 'diverged'
    )
    return Copy(session, target, state, data, count)


def write(root: str, copy: Copy) -> None:
    import tempfile

    path = os.path.join(root, copy.target)
    if os.path.islink(path):
        raise CollectError(f'{copy.target}: is a symlink; not writing through it')
    os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix='.memory-gate-', dir=os.path.dirname(path) or '.')
    with os.fdopen(fd, 'wb') as f:
        f.write(copy.data)
    os.replace(tmp, path)


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
    return printable(
        f'{copy.target}: {verb}, {copy.session.agent} session {copy.session.id} from {where}, '
        f'{copy.redacted} credential(s) redacted{note}'
    )


def collect(
    root: str, sessions: Iterable[stores.Session], settings: Settings, dry_run: bool, said: bool
) -> Iterator[Copy | CollectError]:
    """Copy each session (unless `dry_run`): what was done, or the problem, one per session."""
    for session in sessions:
        try:
            copy = plan(root, session, settings.transcripts_folder, said)
            if copy.state in ('new', 'grown') and not dry_run:
                write(root, copy)
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
