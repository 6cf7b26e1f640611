"""The ledger of declined bullets on disk: read it, add to it. Raises InputError or OSError.

A ledger is read a chunk at a time and held as 8-byte digests of its entries' identities
(Identities), not as strings: a million declined bullets cost about 8 MB, not 365.

Additions are made under a lock, so two runs at once (two `decline`s, a `review` and a
decline) both land: each reads the ledger, adds its bullets and renames the new file into
place while holding an exclusive lock on the ledger's folder (flock, released when the
process ends however it ends). Where the system has no flock (Windows) additions are not
locked, and two at once can still lose one side.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from memory_gate.base import files
from memory_gate.base.files import InputError, open_regular, problem
from memory_gate.reading.memory import identity, is_entry, render_ledger

CHUNK_BYTES = 1 << 20  # read at a time
SORTED_RUN = 1 << 16  # digests sorted at a time
# What str.splitlines() ends a line with.
BREAKS = '\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029'


class Identities:
    """Bullet identities as 8-byte digests, in sorted runs: `identity in declined`, as for a
    set (a run of SORTED_RUN at most is sorted at a time, so sorting holds no more than it)."""

    def __init__(self, identities: Iterable[str] = ()) -> None:
        from array import array

        self.runs: list[array[int]] = []
        run = array('Q')
        for key in identities:
            run.append(digest(key))
            if len(run) == SORTED_RUN:
                self.runs.append(array('Q', sorted(run)))
                run = array('Q')
        if run:
            self.runs.append(array('Q', sorted(run)))

    def __contains__(self, key: object) -> bool:
        if not self.runs or not isinstance(key, str):  # no ledger (most runs): no digest to take
            return False
        from bisect import bisect_left

        wanted = digest(key)
        for run in self.runs:
            at = bisect_left(run, wanted)
            if at < len(run) and run[at] == wanted:
                return True
        return False

    def __len__(self) -> int:
        return sum(len(run) for run in self.runs)


def digest(key: str) -> int:
    """8 bytes of BLAKE2b of an identity: two identities share one once in 2**64."""
    import hashlib

    data = key.encode('utf-8', 'surrogatepass')
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), 'big')


def read(path: str) -> Identities:
    """The identities of the bullets the ledger declines; none when it does not exist."""
    return Identities(identity(line) for line in lines(path) if is_entry(line))


def lines(path: str) -> Iterator[str]:
    """The file's lines as str.splitlines() gives them, decoded leniently as files.read_text
    does, a chunk at a time; none when it does not exist. Raises InputError."""
    import codecs

    try:
        stream = open_regular(path)  # a FIFO or a device is named, never read
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(problem(exc)) from None
    decoder = codecs.getincrementaldecoder('utf-8')('replace')
    carry = ''
    with stream:
        while True:
            try:
                chunk = stream.read(CHUNK_BYTES)
            except OSError as exc:
                raise InputError(problem(exc)) from None
            parts = (carry + decoder.decode(chunk, final=not chunk)).splitlines(keepends=True)
            carry = ''
            if chunk and parts and (parts[-1][-1] not in BREAKS or parts[-1][-1] == '\r'):
                carry = parts.pop()  # the line goes on in the next chunk (a '\r' may be '\r\n')
            for part in parts:
                yield part.splitlines()[0]
            if not chunk:
                return


def append(path: str, bullets: Sequence[str]) -> None:
    """Add the bullets to the ledger, written atomically, under the lock."""
    with locked(os.path.dirname(os.path.abspath(path))):
        files.write_new(path, render_ledger(files.read_text(path), bullets), '')


@contextmanager
def locked(folder: str) -> Iterator[None]:
    """An exclusive lock on `folder` while the block runs; none where flock is missing or the
    file system refuses it (the write itself still goes ahead)."""
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # a file system without flock on folders
            pass
        yield
    finally:
        os.close(fd)  # releases the lock
