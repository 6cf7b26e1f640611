"""What a commit holds of a file: its blob in the index. The hook judges that, not the work
tree's copy, which may differ (a hook run outside pre-commit's stash of unstaged changes, an
agent writing on while the commit runs).

Git's blob is read from the work tree's file when its bytes are proved to be that blob: git's
object id of them (sha1 or sha256 over 'blob <size>\\0' and the bytes, as the repository names
objects) is the index's, computed as they are read, up to the blob's size (lines an agent
appended since are not the commit's). So the file is hashed once before it is judged, and again
as it is judged: `Changed` is raised at its end when what was read was not the blob after all
(it changed while read), and the caller judges git's copy instead (`opened(..., proof=False)`).
A blob that is a Git LFS pointer names the content the commit holds: the work tree's file
proved by its SHA-256, else the local LFS store's copy.
"""
from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Sequence
from typing import IO, BinaryIO

from memory_gate.base import lfs
from memory_gate.base.files import InputError, open_content, open_transcript
from memory_gate.base.repo import git
from memory_gate.base.typed import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import subprocess

_CHUNK = 1024 * 1024
REGULAR = ('100644', '100755')  # a symbolic link (120000) or a submodule is read as today


class Entry(NamedTuple):
    """A path's version in the index: its blob's object id and size; `pointer` the (sha256,
    size) of the content it names when it is a Git LFS pointer."""

    oid: str
    size: int
    pointer: tuple[str, int] | None = None


class Changed(Exception):
    """The work tree's file was not the staged blob after all: it changed while it was read."""


def entries(root: str, rels: Sequence[str]) -> dict[str, Entry]:
    """The index's entry of each of `rels` that git stages as a regular file (not in conflict);
    the others are missing (read as the work tree holds them)."""
    out = git(root, '--literal-pathspecs', 'ls-files', '-s', '-z', '--', *rels) if rels else None
    oids: dict[str, str] = {}
    for record in (out or b'').decode('utf-8', 'surrogateescape').split('\0'):
        meta, _, rel = record.partition('\t')
        fields = meta.split()
        if len(fields) == 3 and fields[0] in REGULAR and fields[2] == '0':
            oids[rel] = fields[1]
    sizes = blob_sizes(root, sorted(set(oids.values())))
    found = {rel: Entry(oid, sizes[oid]) for rel, oid in oids.items() if oid in sizes}
    return {rel: with_pointer(root, e) for rel, e in found.items()}


def blob_sizes(root: str, oids: Sequence[str]) -> dict[str, int]:
    """The size of each blob, by one `git cat-file --batch-check`."""
    import subprocess  # only the hook runs git

    try:
        done = subprocess.run(('git', 'cat-file', '--batch-check'), cwd=root, check=False,
                              input=''.join(o + '\n' for o in oids).encode(), capture_output=True)
    except OSError:
        return {}
    sizes = {}
    for line in done.stdout.decode('ascii', 'replace').splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] == 'blob' and fields[2].isdigit():
            sizes[fields[0]] = int(fields[2])
    return sizes


def with_pointer(root: str, entry: Entry) -> Entry:
    """The entry, with the content it names when its blob is a Git LFS pointer."""
    if entry.size >= lfs.POINTER_BYTES:
        return entry
    blob = git(root, 'cat-file', 'blob', entry.oid)
    return entry._replace(pointer=lfs.pointer(blob)) if blob else entry


class Index:
    """The staged entries of the paths a hook judges, and the readers it opened on them: the
    judgement stands when every work tree file it read was proved whole (`proved`)."""

    def __init__(self, root: str, paths: Sequence[str]) -> None:
        from memory_gate.base.repo import rel

        rels = {p: rel(os.path.abspath(p), root) for p in paths if p != '-'}
        found = entries(root, sorted(set(rels.values())))
        self.root = root
        self.proofs: list[Proven] = []
        self.entries = {p: found[r] for p, r in rels.items() if r in found}

    def opener(self, proof: bool, kept: bool = True) -> Callable[[str], BinaryIO]:
        """How to open each path: its staged content where the index has it, else the file;
        `kept`: its proof counts (the judgement's reads, not a look at a prefix)."""
        def open_one(path: str) -> BinaryIO:
            entry = self.entries.get(path)
            if entry is None:
                return open_content(path)
            stream = opened(self.root, path, entry, proof)
            if kept and isinstance(stream, io.BufferedReader) and isinstance(stream.raw, Proven):
                self.proofs.append(stream.raw)
            return stream
        return open_one

    def proved(self) -> bool:
        return all(p.proved for p in self.proofs)


def opened(root: str, path: str, entry: Entry, proof: bool = True) -> BinaryIO:
    """The staged content of `path` as a stream: the work tree's file proved as it is read
    (`proof`, when it is at least as long), else git's copy (an LFS pointer's: the store's).
    Raises InputError when it cannot be read."""
    oid, size = entry.pointer or (entry.oid, entry.size)
    if proof and on_disk(path) >= size:
        digest = hashlib.sha256() if entry.pointer else new_digest(entry.oid, size)
        return io.BufferedReader(Proven(open_transcript(path), digest, size, oid), _CHUNK)
    if entry.pointer:
        stored = lfs.stored(path, oid, size)
        if stored is None:
            raise InputError(lfs.NOT_HERE)
        return open_transcript(stored)
    return from_git(root, entry.oid)


def on_disk(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return -1


def new_digest(oid: str, size: int) -> hashlib._Hash:
    """Git's object id of a blob of `size` bytes, to be fed its bytes: sha1 or sha256, as long
    as the repository's ids are."""
    return hashlib.new('sha1' if len(oid) == 40 else 'sha256', b'blob %d\0' % size)


class Proven(io.RawIOBase):
    """A file's first `size` bytes, hashed as they are read; at their end `Changed` is raised
    unless they hash to `oid`, and `proved` is set when they do."""

    def __init__(self, stream: BinaryIO, digest: hashlib._Hash, size: int, oid: str) -> None:
        super().__init__()
        self.stream, self.digest, self.left, self.oid = stream, digest, size, oid
        self.proved = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if not self.left:
            self.check()
            return 0
        view = memoryview(buffer)[: min(len(buffer), self.left)]
        got = self.stream.readinto(view)  # type: ignore[attr-defined]
        if not got:
            raise Changed('it is shorter than the staged blob')
        self.digest.update(view[:got])
        self.left -= got
        return int(got)

    def check(self) -> None:
        if not self.proved and self.digest.hexdigest() != self.oid:
            raise Changed('its bytes are not the staged blob')
        self.proved = True

    def close(self) -> None:
        self.stream.close()
        super().close()


def from_git(root: str, oid: str) -> BinaryIO:
    """A blob streamed from `git cat-file blob` (a session log can be tens of MB)."""
    import subprocess

    try:
        proc = subprocess.Popen(('git', 'cat-file', 'blob', oid), cwd=root,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError as exc:
        raise InputError(f'git cannot be run to read the staged version ({exc.strerror})') from None
    return io.BufferedReader(Piped(proc), _CHUNK)


class Piped(io.RawIOBase):
    """A child's standard output, the child waited for when closed."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        super().__init__()
        self.proc = proc
        self.out: IO[bytes] = proc.stdout  # type: ignore[assignment]

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        got = int(self.out.readinto(buffer))  # type: ignore[attr-defined]
        if not got and self.proc.wait():  # never an empty blob for one git could not read
            raise OSError(f'git could not read the staged version (exit {self.proc.returncode})')
        return got

    def close(self) -> None:
        if not self.closed:
            self.out.close()
            self.proc.wait()
        super().close()
