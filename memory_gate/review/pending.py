"""The pending proposals of a repository, read and numbered: the one numbering of pending
bullets that the hook prints and `review --take N` reads (every bullet listed by every
pending proposal, in path order; see choices.items)."""
from __future__ import annotations

import os
from collections.abc import Container, MutableMapping, Sequence

from memory_gate.base import repo
from memory_gate.base.files import InputError, read_memory
from memory_gate.review import choices, proposals
from memory_gate.review.proposals import SUFFIX, entries, memory_of, read_ours


def read(path: str, root: str,
         memories: MutableMapping[str, str | None] | None = None) -> choices.Proposal:
    """One proposal file as review reads it; raises InputError for a file that is not one.
    `memories`: memory files already read, by path (the proposals of a run share one)."""
    text = read_ours(path) or ''
    if not text and os.path.exists(path):
        raise InputError('is not a memory-gate proposal')
    if not text:
        raise InputError('no such file')
    memory = memory_of(text, root)
    rel = repo.rel(memory, root)
    source = repo.rel(path, root)[: -len(SUFFIX)]  # the transcript it was proposed from
    if memories is not None and memory in memories:
        return choices.Proposal(path, source, rel, memories[memory], entries(text))
    try:
        now = read_memory(memory)
    except InputError as exc:
        raise InputError(str(exc), rel) from None  # the memory file is what cannot be used
    if memories is not None:
        memories[memory] = now
    return choices.Proposal(path, source, rel, now, entries(text))


def load(paths: Sequence[str], root: str) -> tuple[list[choices.Proposal], list[InputError]]:
    """The proposals named, read; and those that could not be, each with its path."""
    loaded, failed = [], []
    memories: dict[str, str | None] = {}  # each memory file read once, split once (choices.items)
    for path in paths:
        try:
            loaded.append(read(path, root, memories))
        except InputError as exc:
            failed.append(InputError(str(exc), exc.path or path))
    return loaded, failed


def numbered(root: str, declined: Container[str],
             known_in: dict[str, set[str]] | None = None) -> list[choices.Item]:
    """Every bullet of every pending proposal in the repository, numbered as review numbers
    them; a proposal that cannot be read is left out (review names it). `known_in`: see
    choices.items."""
    loaded, _ = load(proposals.pending(root), root)
    return choices.items(loaded, declined, known_in)
