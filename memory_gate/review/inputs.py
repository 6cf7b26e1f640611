"""What a proposal is judged against, read once for `build` and the hook: the memory file, the
ledger of declined bullets, the allowlist of credentials. Each command keeps its own exit code
for a file that cannot be read (docs/cli.md: build 2, hook 1)."""
from __future__ import annotations

from collections.abc import Callable

from memory_gate.base import files
from memory_gate.base.files import InputError
from memory_gate.base.typed import NamedTuple
from memory_gate.reading.records import Settings
from memory_gate.review import ledger
from memory_gate.secrets import scan


class Inputs(NamedTuple):
    rel: str  # the memory file's path in a diff, relative to the repository root
    memory: str | None  # its text; None when it does not exist yet
    declined: ledger.Identities
    allowed: frozenset[str]  # the allowlist's fingerprints


# How a command reads the memory file: (its path in a diff, its real path) -> its text.
MemoryReader = Callable[[str, str], 'str | None']


def read(settings: Settings, memory_of: MemoryReader) -> Inputs:
    """The memory file (read by `memory_of`), the ledger and the allowlist, in that order.
    Raises InputError naming, in its path, the setting's file that cannot be read."""
    try:
        rel, real = files.memory_target(settings.memory)
        memory = memory_of(rel, real)
    except InputError as exc:
        raise InputError(str(exc), settings.memory) from None
    try:
        declined = ledger.read(settings.ledger)
    except InputError as exc:
        raise InputError(str(exc), settings.ledger) from None
    try:
        allowed = scan.parse_allowlist(files.read_allowlist(settings.allowlist))
    except InputError as exc:
        raise InputError(str(exc), settings.allowlist) from None
    return Inputs(rel, memory, declined, allowed)
