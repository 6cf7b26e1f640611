"""A transcript stored with Git LFS: what git keeps (and what a checkout without git-lfs leaves
in the work tree) is a pointer of three lines, the content itself sits in the repository's
local LFS store once `git add` (git-lfs's clean filter) or `git lfs pull` put it there. The
pointer's layout and the store's: the Git LFS specification (docs/spec.md of git-lfs)."""
from __future__ import annotations

import os
import re

# A pointer file is under 1024 bytes (the spec): only so small a file is read for one.
POINTER_BYTES = 1024

# The pointer: 'version https://git-lfs.github.com/spec/v1' first, then 'key value' lines in
# key order, among them 'oid sha256:<64 hex>' and 'size <bytes>'. Must catch what git-lfs
# writes ('version …v1\noid sha256:4d7a…\nsize 12345\n'); must not: a JSON line, or a text that
# quotes a pointer after a first line of its own. (Compiled on the first small file read.)
POINTER_RE = (
    rb'version https://git-lfs\.github\.com/spec/v1\n'
    rb'(?:[a-z0-9.-]+ [^\n]*\n)*?oid sha256:(?P<oid>[0-9a-f]{64})\n'
    rb'(?:[a-z0-9.-]+ [^\n]*\n)*?size (?P<size>[0-9]{1,19})\n(?:[a-z0-9.-]+ [^\n]*\n)*\Z')

NOT_HERE = ('is stored with Git LFS and its content is not here (git lfs pull fetches it); '
            'its pointer alone cannot be judged')


def pointer(head: bytes) -> tuple[str, int] | None:
    """(oid, size) when `head`, a whole small file, is a Git LFS pointer; else None."""
    if len(head) >= POINTER_BYTES or not head.startswith(b'version https://git-lfs'):
        return None
    found = re.match(POINTER_RE, head)
    return (found['oid'].decode(), int(found['size'])) if found else None


def stored(path: str, oid: str, size: int) -> str | None:
    """The local LFS store's copy of the object a pointer at `path` names
    (<git common dir>/lfs/objects/aa/bb/<oid>), when it is there whole; else None."""
    from memory_gate.base.repo import git  # only for a pointer: build's start-up runs no git

    folder = os.path.dirname(os.path.abspath(path))
    common = git(folder, 'rev-parse', '--git-common-dir')
    if common is None:
        return None
    top = os.path.join(folder, os.fsdecode(common.rstrip(b'\n')))
    found = os.path.join(top, 'lfs', 'objects', oid[:2], oid[2:4], oid)
    try:
        return found if os.stat(found).st_size == size else None
    except OSError:
        return None
