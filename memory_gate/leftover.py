"""Proposals left from an earlier commit: one made without the hook (`git commit --no-verify`),
or one whose transcript was unstaged. Each run of the hook renews them against the memory file
as it is staged now, so the `git apply` each one prints applies again, and removes one once
nothing it lists is pending. Every entry stays listed as it was (held back, skipped or declined
in review), so no reviewer's choice is lost and the numbers do not move."""
from __future__ import annotations

import os
from collections.abc import Callable

from memory_gate import files, proposals
from memory_gate.diff import render
from memory_gate.files import InputError
from memory_gate.memory import identity
from memory_gate.proposals import MARK, SUFFIX, entries, memory_of, proposed_bullets

Settled = Callable[[str], bool]  # whether a bullet's identity is in memory or declined


def header_of(text: str) -> str:
    """A proposal's comment header: every line before its diff."""
    lines = text.splitlines(keepends=True)
    return ''.join(line for line in lines[: next_diff(lines)])


def next_diff(lines: list[str]) -> int:
    return next((n for n, line in enumerate(lines) if not line.startswith('#')), len(lines))


def renewed(text: str, rel: str, memory: str | None, settled: Settled,
            heading: str = '') -> str | None:
    """A left proposal's text with its diff rendered against `memory` (minus the bullets now
    settled); None once every bullet it lists is settled."""
    if all(settled(identity(e.text)) for e in entries(text)):
        return None
    bullets = [b for b in proposed_bullets(text) if not settled(identity(b))]
    return header_of(text) + render(rel, memory, bullets, heading)


def renew(root: str, rel: str, memory: str | None, staged: set[str], tracked: set[str],
          settled: Settled, heading: str = '') -> list[str]:
    """Renew or remove each untracked proposal whose transcript this commit does not change
    and whose memory file is `rel`; the paths renewed (a removal is silent, as the hook's)."""
    done = []
    for path in proposals.pending(root):
        name = files.rel(path, root)
        text = proposals.read_ours(path)
        if text is None or name in tracked or name[: -len(SUFFIX)] in staged:
            continue
        try:
            if os.path.realpath(memory_of(text, root)) != os.path.realpath(os.path.join(root, rel)):
                continue
            new = renewed(text, rel, memory, settled, heading)
            if new is None:
                files.remove_untracked(path, root, tracked)
            elif new != text:
                files.write_new(path, new, MARK)
                done.append(name)
        except (InputError, OSError):
            continue  # review names a proposal it cannot use
    return done
