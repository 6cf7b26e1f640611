"""Entire's checkpoints in this repository, the sessions it stored (docs/FORMATS.md §5).

Entire (entireio/cli) commits checkpoints to the branch entire/checkpoints/v1 (and its remote
copies), sharded <id[:2]>/<id[2:]>/<n>/ with full.jsonl (the agent's own log), transcript.jsonl
(Entire's compact format) and metadata.json ({"session_id", "agent", ...}); each checkpoint holds
the session up to then, so the largest copy of a session is its latest.
"""
from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator

from memory_gate.agents.stores import Session
from memory_gate.base.repo import git
from memory_gate.base.typed import TYPE_CHECKING

if TYPE_CHECKING:
    import subprocess
    from typing import Any, BinaryIO

REFS = (
    'refs/heads/entire/checkpoints/v1',
    'refs/remotes/*/entire/checkpoints/v1',
    'refs/entire/checkpoints/',
)
AGENTS = (('claude', 'claude'), ('codex', 'codex'), ('gemini', 'gemini'), ('copilot', 'copilot'))
FILES = ('full.jsonl', 'transcript.jsonl')  # full.jsonl wins when both are there
FULL_FIRST = 1 << 40  # ranks any full.jsonl over any transcript.jsonl


def sessions(root: str) -> Iterator[Session]:
    """The largest copy of each session Entire checkpointed here, full.jsonl before the compact."""
    best: dict[str, tuple[int, Session]] = {}
    refs = git(root, 'for-each-ref', '--format=%(refname)', *REFS) or b''
    for ref in refs.decode(errors='replace').split():
        for rank, session in copies(root, ref):
            if session.name not in best or rank > best[session.name][0]:
                best[session.name] = (rank, session)
    yield from (session for _, session in sorted(best.values(), key=lambda b: b[1].name))


def copies(root: str, ref: str) -> Iterator[tuple[int, Session]]:
    """Each session folder of one ref: its session, ranked by the size of the file taken."""
    tree = sizes(root, ref)
    for folder in sorted({os.path.dirname(p) for p in tree if os.path.basename(p) in FILES}):
        name = next(f for f in FILES if join(folder, f) in tree)
        meta = metadata(root, ref, join(folder, 'metadata.json'))
        named = str(meta.get('agent', '')).lower()
        agent = next((a for word, a in AGENTS if word in named), 'entire')
        fallback = (ref.rsplit('/', 1)[-1] + folder).replace('/', '')
        source = f'{ref}:{join(folder, name)}'
        session = Session(agent, str(meta.get('session_id') or fallback), source, 'entire')
        yield tree[join(folder, name)] + (FULL_FIRST if name == FILES[0] else 0), session


def sizes(root: str, ref: str) -> dict[str, int]:
    """Every file of the ref's tree and its size."""
    tree = {}
    for row in (git(root, 'ls-tree', '-r', '-l', ref) or b'').decode(errors='replace').splitlines():
        mode, _, path = row.partition('\t')
        size = mode.split()[-1] if mode else ''
        tree[path] = int(size) if size.isdigit() else 0
    return tree


def join(folder: str, name: str) -> str:
    return f'{folder}/{name}' if folder else name


def metadata(root: str, ref: str, path: str) -> dict[str, Any]:
    data = git(root, 'show', f'{ref}:{path}')
    try:
        value = json.loads(data) if data else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def opened(root: str, source: str) -> tuple[BinaryIO, int] | None:
    """A checkpointed file (REF:PATH) streamed from git, and its size: read in the same memory
    whatever its size; None when git has no such file."""
    size = git(root, 'cat-file', '-s', source)
    if size is None or not size.strip().isdigit():
        return None
    return io.BufferedReader(Committed(root, source), 1 << 16), int(size)


class Committed(io.RawIOBase):
    """A committed file as git streams it (`git cat-file blob`); seek(0) reads it again from the
    start (a new git), as a file's reader rereads its file."""

    def __init__(self, root: str, source: str) -> None:
        super().__init__()
        self.root, self.source, self.position = root, source, 0
        self.git = self.started()

    def started(self) -> subprocess.Popen[bytes]:
        import subprocess

        return subprocess.Popen(('git', 'cat-file', 'blob', self.source), cwd=self.root,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.position

    def readinto(self, buffer: Any) -> int:
        got: int = self.git.stdout.readinto(buffer) if self.git.stdout else 0  # type: ignore[attr-defined]
        self.position += got
        return got

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if (offset, whence) != (0, io.SEEK_SET):
            raise io.UnsupportedOperation('a committed file is read again only from its start')
        self.stopped()
        self.git, self.position = self.started(), 0
        return 0

    def stopped(self) -> None:
        if self.git.stdout:
            self.git.stdout.close()
        self.git.kill()
        self.git.wait()

    def close(self) -> None:
        if not self.closed:
            self.stopped()
        super().close()
