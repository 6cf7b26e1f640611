"""What earlier runs left that this hook run builds on: the proposals of earlier pre-commit
batches of this commit, to chain after, and the bullets a review took that are not applied
yet, to keep. Reads git and the proposal files; prints nothing."""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from memory_gate import files, proposals
from memory_gate.memory import identity
from memory_gate.proposals import HELD, SKIPPED, SUFFIX, Entry
from memory_gate.records import Proposal


def bullets(root: str, first: str, tracked: set[str],
                    pending: set[str]) -> tuple[list[str], list[str]]:
    """Bullets of proposals already written for transcripts before `first` in path order:
    (in the diffs to chain after, all listed).

    pre-commit splits a long file list into several runs of the hook; a later run
    chains its proposals after those of the earlier ones, so they apply in path order.
    Only those of transcripts staged in this commit are chained: a proposal left from an
    earlier commit is not applied with this one, so chaining after it would make this
    one's diff fail. Its bullets are still listed, so none is proposed twice.
    """
    chain: list[str] = []
    listed: list[str] = []
    staged: set[str] | None = None
    kinds = {os.path.splitext(p)[1] for p in pending}  # like the transcripts: no stat per file
    for transcript in sorted(tracked):
        if transcript >= first or transcript in pending:
            continue
        if os.path.splitext(transcript)[1] not in kinds:
            continue
        path = transcript + SUFFIX
        text = None if path in tracked else proposals.read_ours(path)
        if text is None:
            continue
        listed += proposals.pending_bullets(text)
        if staged is None:
            staged = staged_paths(root)
        if transcript in staged:
            chain += proposals.proposed_bullets(text)
    return chain, listed


def staged_paths(root: str) -> set[str]:
    """The paths this commit changes (the index against HEAD), as git names them."""
    out = files.git(root, 'diff', '--cached', '--name-only', '-z', '--no-renames')
    return set(out.decode('utf-8', 'replace').split('\0')) - {''} if out else set()


def reworded(target: str, root: str, tracked: set[str], found: Sequence[Proposal],
             settled: Callable[[str], bool]) -> list[Entry]:
    """The bullets this proposal lists that are still pending and that the transcript does not
    propose now: those a review took (reworded ones) and has not applied, and, when a commit
    went in without the hook, those held back or skipped in review. Kept in the new proposal
    with their notes, so committing before `git apply`, or with --no-verify, loses none."""
    text = None if files.rel(target, root) in tracked else proposals.read_ours(target)
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
