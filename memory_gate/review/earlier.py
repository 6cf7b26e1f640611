"""What earlier runs left that this hook run builds on: the paths this commit changes, and the
bullets a review took that are not applied yet, to keep. Reads git and the proposal files;
prints nothing. (The proposals of earlier pre-commit runs of this commit, and those left from
earlier commits, are chained in chain.py.)"""
from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence

from memory_gate.base import repo
from memory_gate.reading.memory import identity
from memory_gate.reading.records import Proposal
from memory_gate.review import proposals
from memory_gate.review.proposals import HELD, SKIPPED, Entry


def staged_paths(root: str) -> set[str]:
    """The paths this commit changes (the index against HEAD), as git names them."""
    out = repo.git(root, 'diff', '--cached', '--name-only', '-z', '--no-renames')
    return set(out.decode('utf-8', 'replace').split('\0')) - {''} if out else set()


# pre-commit splits a hook's files over several runs only past its command-line bound, which is
# never below 4096 bytes (pre_commit.xargs, the same for a require_serial hook); room is kept for
# the entry and the hook's args.
ONE_RUN_BYTES = 4096 - 1024


def in_one_run(passed: Sequence[str], staged: Collection[str]) -> bool:
    """Whether pre-commit cannot have split this commit's files over several runs of the hook:
    the files passed and every other staged one fit under its lowest bound together. Then a
    staged transcript not passed is one the user's `files:` or `exclude:` leaves out, judged by
    no run, and this run's stretch of the chain is all of it."""
    names = set(passed) | set(staged)
    return sum(len(os.fsencode(name)) + 1 for name in names) <= ONE_RUN_BYTES


def reworded(target: str, root: str, tracked: set[str], found: Sequence[Proposal],
             settled: Callable[[str], bool]) -> list[Entry]:
    """The bullets this proposal lists that are still pending and that the transcript does not
    propose now: those a review took (reworded ones) and has not applied, and, when a commit
    went in without the hook, those held back or skipped in review. Kept in the new proposal
    with their notes, so committing before `git apply`, or with --no-verify, loses none."""
    text = None if repo.rel(target, root) in tracked else proposals.read_ours(target)
    if text is None:
        return []
    fresh = {identity(p.text) for p in found}
    in_diff = {identity(b) for b in proposals.proposed_bullets(text)}
    kept = []
    for e in proposals.entries(text):
        key = identity(e.text)
        listed = key in in_diff if not e.held else e.held in (HELD, SKIPPED)
        if listed and not settled(key) and key not in fresh:
            kept.append(e)
    return kept
