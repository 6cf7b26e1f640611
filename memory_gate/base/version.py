"""What `memory-gate --version` prints: the version and the identity of the source it runs,
so that an install of the same version number from another commit (every commit before a
release is 0.1.0) is told apart: routes.is_this_version offers a `memory-gate` on the user's
PATH only when it prints this same line, since another one would review with other rules."""
from __future__ import annotations

import hashlib
import os

from memory_gate import __version__

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # memory_gate/, not base/


def source_id(folder: str = PACKAGE) -> str:
    """The first 12 hex digits of a SHA-256 over the package's Python files, every part's (their
    paths inside it and their bytes, in path order): equal for the same source, however
    installed."""
    digest = hashlib.sha256()
    names = []
    for top, dirs, found in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != '__pycache__')
        names += [os.path.join(top, f) for f in found if f.endswith('.py')]
    for path in sorted(names, key=lambda p: os.path.relpath(p, folder).split(os.sep)):
        with open(path, 'rb') as f:
            data = f.read()
        name = '/'.join(os.path.relpath(path, folder).split(os.sep))
        digest.update(f'{name}\0{len(data)}\0'.encode() + data)
    return digest.hexdigest()[:12]


def version_line() -> str:
    return f'memory-gate {__version__} (source {source_id()})'
