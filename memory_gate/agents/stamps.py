"""What collect remembers of each copy it made, so that a session that has not changed since is
neither read again nor copied again to a temporary file.

A stamp holds the session's size and modification time as they were before it was read, the
copy's as written, how it was copied (--said-only, what was masked) and what the copy line says
(credentials redacted, lines left out). A session and a copy that still match their stamp are up
to date. The stamps live in the git directory (`memory-gate-collected.json`), one file per
checkout, never in the work tree; a missing or unreadable one only means every session is read
again. Two collects at once each write the whole file (a temporary file renamed into place): the
one that loses only reads its sessions again next time.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from memory_gate.agents.stores import Session

NAME = 'memory-gate-collected.json'
MAX_BYTES = 1 << 24  # a table past this is not read: every session (or head) is read again


class Stamp(NamedTuple):
    source: tuple[int, int]  # the session's (size, mtime_ns) before it was read
    copy: tuple[int, int]  # the copy's (size, mtime_ns) once written
    how: str  # how it was copied: 'all' or 'said', and what was masked
    redacted: int  # credentials masked in the copy
    left_out: int = 0  # lines past files.MAX_LINE_BYTES, not copied


def where(root: str, name: str = NAME) -> str | None:
    """The stamps' file (or another of collect's files), in the git directory of the checkout at
    `root`; None outside git."""
    from memory_gate.base.repo import git

    out = git(root, 'rev-parse', '--git-path', name)
    if not out or not out.strip():
        return None
    return os.path.join(root, os.fsdecode(out.rstrip(b'\n')))


def stat_of(path: str) -> tuple[int, int] | None:
    """A regular file's (size, mtime_ns); None when it is missing or not a regular file."""
    import stat

    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_size, info.st_mtime_ns) if stat.S_ISREG(info.st_mode) else None


def load(path: str | None) -> dict[str, Stamp]:
    """The stamps by copy (its path from the repository root); {} when none can be read."""
    return {k: stamp for k, v in table(path).items() if (stamp := parsed(v)) is not None}


def table(path: str | None) -> dict[str, object]:
    """One of collect's JSON tables in the git directory (stamps, heads.py's heads); {} when it
    is missing, unreadable, past MAX_BYTES or not a table."""
    from memory_gate.base import files

    try:
        with files.open_regular(path or '') as f:
            read = json.loads(f.read(MAX_BYTES))
    except (OSError, ValueError, RecursionError, files.InputError):
        return {}
    return read if isinstance(read, dict) else {}


def parsed(value: object) -> Stamp | None:
    """A stamp as stored ([[size, mtime], [size, mtime], how, redacted, left_out]); None when it
    is not one."""
    if not (isinstance(value, list) and len(value) == 5):
        return None
    source, copy, how, redacted, left_out = value
    pairs = [p for p in (source, copy) if isinstance(p, list) and len(p) == 2
             and all(type(n) is int for n in p)]
    if len(pairs) != 2 or not isinstance(how, str) or not is_count(redacted, left_out):
        return None
    return Stamp((pairs[0][0], pairs[0][1]), (pairs[1][0], pairs[1][1]), how, redacted, left_out)


def is_count(*values: object) -> bool:
    return all(type(v) is int and v >= 0 for v in values)


def save(path: str | None, stamps: Mapping[str, Stamp]) -> None:
    """Write the stamps where they are read (a temporary file renamed into place); raises
    OSError."""
    write_table(path, {k: [list(s.source), list(s.copy), s.how, s.redacted, s.left_out]
                       for k, s in sorted(stamps.items())})


def write_table(path: str | None, rows: Mapping[str, object]) -> None:
    """Write one of collect's tables (a temporary file renamed into place); raises OSError."""
    from memory_gate.base import files

    if path is not None:
        with files.Replacing(path, files.file_mode(path)) as out:
            out.write(json.dumps(rows, sort_keys=True).encode())


def is_current(stamp: Stamp | None, source: str, copy: str, how: str) -> bool:
    """Whether the copy at `copy` is up to date with the session at `source`: both as stamped,
    copied the same way."""
    if stamp is None or stamp.how != how:
        return False
    return stat_of(source) == stamp.source and stat_of(copy) == stamp.copy


class Book:
    """The stamps of one collect: looked up before a session is read, noted after its copy is
    written, saved once at the end (unless nothing changed)."""

    def __init__(self, root: str, how: str) -> None:
        self.root, self.how, self.path = root, how, where(root)
        self.known = load(self.path)
        self.before = dict(self.known)

    def current(self, session: Session, target: str) -> Stamp | None:
        """The stamp of a copy that is up to date with its session; None when it must be read
        (an Entire checkpoint, read from git, always is)."""
        stamp = self.known.get(target)
        if session.via == 'entire' or stamp is None:
            return None
        return stamp if is_current(stamp, session.source, os.path.join(self.root, target),
                                   self.how) else None

    def note(self, target: str, read_at: tuple[int, int] | None, redacted: int,
             left_out: int) -> None:
        """A copy just written (or found up to date), from a session as it was at `read_at`."""
        written = stat_of(os.path.join(self.root, target))
        if read_at is not None and written is not None:
            self.known[target] = Stamp(read_at, written, self.how, redacted, left_out)

    def made_otherwise(self, target: str) -> bool:
        """Whether the copy was last made another way than this collect makes it (--said-only,
        --home-in-copies): why it is not an earlier copy of what this one would write."""
        stamp = self.known.get(target)
        return stamp is not None and stamp.how != self.how

    def save(self) -> None:
        if self.known != self.before:
            try:
                save(self.path, self.known)
            except OSError:
                pass  # only that the next collect reads every session again
