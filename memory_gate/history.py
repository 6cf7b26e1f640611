"""What a commit adds to a transcript: the committed version of each file, and whether the file
only extends it.

Agents append to their session files. A transcript whose committed bytes are a prefix of
the file now is judged from the first line after that prefix (the earlier lines still give
the parser its context); a rewritten one is judged whole.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import NamedTuple

from memory_gate import files

_CHUNK = files._CHUNK


class Since(NamedTuple):
    """How a file stands against one committed version: 'new', 'unchanged', 'extended' or
    'rewritten'."""

    state: str
    start: int = 1  # the first line that version does not hold (extended, unchanged)


def committed(root: str, rev: str, rels: Sequence[str]) -> dict[str, tuple[str, int]] | None:
    """(blob id, size) of each path at `rev`; None when `rev` is no commit (no HEAD yet, a bad
    name)."""
    out = files.git(root, 'ls-tree', '-z', '-l', rev + '^{commit}', '--', *rels)
    if out is None:
        return None
    found: dict[str, tuple[str, int]] = {}
    for record in out.decode('utf-8', 'replace').split('\0'):
        meta, _, path = record.partition('\t')
        fields = meta.split()
        if len(fields) == 4 and fields[1] == 'blob' and fields[3].isdigit():
            found[path] = (fields[2], int(fields[3]))
    return found


def compare(path: str, blob: tuple[str, int] | None) -> Since:
    """The file on disk against a committed blob, read in chunks (a session log can be tens of
    MB)."""
    if blob is None:
        return Since('new')
    oid, size = blob
    import hashlib  # only when a committed transcript is compared: kept off build's start-up

    digest = hashlib.new('sha1' if len(oid) == 40 else 'sha256', b'blob %d\0' % size)
    lines = 1
    try:
        with open(path, 'rb') as f:
            left = size
            while left:
                chunk = f.read(min(left, _CHUNK))
                if not chunk:
                    return Since('rewritten')  # shorter than what was committed
                digest.update(chunk)
                lines += chunk.count(b'\n')
                left -= len(chunk)
            longer = bool(f.read(1))
    except OSError:
        return Since('new')  # reading it fails again, and is reported, when it is judged
    if digest.hexdigest() != oid:
        return Since('rewritten')
    return Since('extended' if longer else 'unchanged', lines)


def since(root: str, revs: Sequence[str], paths: Sequence[str]) -> dict[str, Since] | None:
    """Each path against each commit in `revs`, keeping the version it extends furthest; None
    when no rev exists."""
    real_root = os.path.realpath(root)
    rels = {p: files.rel(os.path.realpath(p), real_root) for p in paths if p != '-'}
    out: dict[str, Since] = {}
    wanted = sorted(set(rels.values()))
    trees = [t for t in (committed(root, rev, wanted) for rev in revs) if t is not None]
    if not trees:
        return None
    for path, rel in rels.items():
        found = [compare(path, tree.get(rel)) for tree in trees]
        best = max(found, key=lambda s: (s.state in ('extended', 'unchanged'), s.start))
        out[path] = best if best.state in ('extended', 'unchanged') else found[0]
    return out


def merging(root: str) -> bool:
    return files.git(root, 'rev-parse', '-q', '--verify', 'MERGE_HEAD') is not None


def starts(found: dict[str, Since], unchanged_whole: bool) -> dict[str, int]:
    """The first line to judge per path: after the committed prefix of an extended file; a file
    the commit does not change is judged whole (`pre-commit run --all-files`) or not at all
    (`build --since`)."""
    keep = ('extended',) if unchanged_whole else ('extended', 'unchanged')
    return {path: s.start for path, s in found.items() if s.state in keep}
