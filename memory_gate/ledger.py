"""The ledger of declined bullets on disk: read it, add to it. Raises InputError or OSError."""
from __future__ import annotations

from collections.abc import Sequence

from memory_gate import files
from memory_gate.memory import parse_ledger, render_ledger


def read(path: str) -> set[str]:
    """The identities of the bullets the ledger declines; none when it does not exist."""
    return parse_ledger(files.read_text(path))


def append(path: str, bullets: Sequence[str]) -> None:
    """Add the bullets to the ledger, written atomically."""
    files.write_new(path, render_ledger(files.read_text(path), bullets), '')
