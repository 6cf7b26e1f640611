"""What a commit adds to a transcript: the committed version of each file, and whether the file
only extends it.

Agents append to their session files. A transcript whose committed bytes are a prefix of
the file now is judged from the first line after that prefix (the earlier lines still give
the parser its context). A rewritten one (a word redacted, a session document saved again)
is judged whole, but what its committed version yields was reviewed then and is not proposed
again. A transcript git sees renamed is compared with the version at its old path.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import BinaryIO, cast

from memory_gate.base import files, repo
from memory_gate.base.records import Transcript
from memory_gate.base.typed import NamedTuple
from memory_gate.reading.records import Settings

_CHUNK = files._CHUNK


class Since(NamedTuple):
    """How a file stands against one committed version: 'new', 'unchanged', 'extended' or
    'rewritten'."""

    state: str
    start: int = 1  # the first line that version does not hold (extended, unchanged)
    blob: str = ''  # that version's object id ('' for a new file)
    renamed: str = ''  # the path that version had, when git sees the file renamed since


def committed(root: str, rev: str, rels: Sequence[str]) -> dict[str, tuple[str, int]] | None:
    """(blob id, size) of each path at `rev`; None when `rev` is no commit (no HEAD yet, a bad
    name)."""
    out = repo.git(root, 'ls-tree', '-z', '-l', rev + '^{commit}', '--', *rels)
    if out is None:
        return None
    found: dict[str, tuple[str, int]] = {}
    for record in out.decode('utf-8', 'replace').split('\0'):
        meta, _, path = record.partition('\t')
        fields = meta.split()
        if len(fields) == 4 and fields[1] == 'blob' and fields[3].isdigit():
            found[path] = (fields[2], int(fields[3]))
    return found


Opener = Callable[[str], BinaryIO]


def compare(path: str, blob: tuple[str, int] | None, opener: Opener | None = None) -> Since:
    """The file on disk (or as `opener` opens it: the hook's, staged) against a committed blob,
    read in chunks (a session log can be tens of MB)."""
    if blob is None:
        return Since('new')
    oid, size = blob
    import hashlib  # only when a committed transcript is compared: kept off build's start-up

    digest = hashlib.new('sha1' if len(oid) == 40 else 'sha256', b'blob %d\0' % size)
    lines = 1
    try:
        with (opener or files.open_transcript)(path) as f:
            left = size
            while left:
                chunk = f.read(min(left, _CHUNK))
                if not chunk:
                    return Since('rewritten')  # shorter than what was committed
                digest.update(chunk)
                lines += chunk.count(b'\n')
                left -= len(chunk)
            longer = bool(f.read(1))
    except (OSError, files.InputError):
        return Since('new')  # reading it fails again, and is reported, when it is judged
    if digest.hexdigest() != oid:
        return Since('rewritten')
    return Since('extended' if longer else 'unchanged', lines)


def renames(root: str, rev: str, staged: bool) -> dict[str, str]:
    """New path -> old path of each file git sees renamed since `rev`, in the index (`staged`)
    or the work tree."""
    where = ['--cached'] if staged else []
    out = repo.git(root, 'diff', '-M', '-z', '--name-status', '--diff-filter=R', *where, rev, '--')
    fields = (out or b'').decode('utf-8', 'replace').split('\0')
    triples = range(0, len(fields) - 2, 3)
    return {fields[i + 2]: fields[i + 1] for i in triples if fields[i].startswith('R')}


def against(path: str, rel: str, tree: dict[str, tuple[str, int]], moved: dict[str, str],
            opener: Opener | None = None) -> Since:
    """The file against its version in one commit's tree: at its own path, else at the path it
    was renamed from."""
    old = rel if rel in tree else moved.get(rel, rel)
    blob = tree.get(old)
    found = compare(path, blob, opener)
    renamed = '' if old == rel or blob is None else old
    return found._replace(blob=blob[0] if blob else '', renamed=renamed)


def tree_of(root: str, rev: str, rels: Sequence[str],
            staged: bool) -> tuple[dict[str, tuple[str, int]], dict[str, str]] | None:
    """The blobs of `rels` at `rev`, with those of the paths git sees renamed to one of them
    (asked only when a path is not in that commit); None when `rev` is no commit."""
    tree = committed(root, rev, rels)
    if tree is None or all(rel in tree for rel in rels):
        return (tree, {}) if tree is not None else None
    moved = {new: old for new, old in renames(root, rev, staged).items() if new in rels}
    if moved:
        tree.update(committed(root, rev, sorted(set(moved.values()))) or {})
    return tree, moved


def since(root: str, revs: Sequence[str], paths: Sequence[str],
          staged: bool = False, opener: Opener | None = None) -> dict[str, Since] | None:
    """Each path against each commit in `revs`, keeping the version it extends furthest; None
    when no rev exists.

    Renames are the ones git sees in the index (`staged`: the hook) or the work tree
    (`build --since`).
    """
    real_root = os.path.realpath(root)
    rels = {p: repo.rel(os.path.realpath(p), real_root) for p in paths if p != '-'}
    out: dict[str, Since] = {}
    wanted = sorted(set(rels.values()))
    trees = [t for t in (tree_of(root, rev, wanted, staged) for rev in revs) if t]
    if not trees:
        return None
    for path, rel in rels.items():
        found = [against(path, rel, tree, moved, opener) for tree, moved in trees]
        best = max(found, key=lambda s: (s.state in ('extended', 'unchanged'), s.start))
        out[path] = best if best.state in ('extended', 'unchanged') else found[0]
    return out


def merging(root: str) -> bool:
    return repo.git(root, 'rev-parse', '-q', '--verify', 'MERGE_HEAD') is not None


def starts(found: dict[str, Since], unchanged_whole: bool) -> dict[str, int]:
    """The first line to judge per path: after the committed prefix of an extended file; a file
    the commit does not change is judged whole (`pre-commit run --all-files`) or not at all
    (`build --since`). A file git sees renamed and otherwise unchanged adds nothing to judge."""
    keep = ('extended',) if unchanged_whole else ('extended', 'unchanged')
    return {path: s.start for path, s in found.items()
            if s.state in keep or (s.renamed and s.state == 'unchanged')}


def blob_lines(root: str, oid: str) -> Iterator[bytes | None]:
    """The lines of a committed blob, streamed from git (a session log can be tens of MB)."""
    import subprocess  # only when a rewritten transcript is compared with its committed version

    with subprocess.Popen(('git', 'cat-file', 'blob', oid), cwd=root, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) as proc:
        yield from files.iter_lines(cast(BinaryIO, proc.stdout))


def reviewed(root: str, found: dict[str, Since], settings: Settings) -> list[str]:
    """What the committed version of each rewritten transcript yields: a reviewer saw it when
    it was committed.

    The identity that survives a rewrite is the bullet's own (memory.identity), judged now as then.
    """
    from memory_gate.reading.pipeline import build  # only when a transcript was rewritten

    old = [Transcript(path, blob_lines(root, s.blob))
           for path, s in found.items() if s.state == 'rewritten' and s.blob]
    if not old:
        return []
    result = build(old, settings._replace(max_add=sys.maxsize, candidates=0))
    return [p.text for p in result.proposed + result.held_back]
