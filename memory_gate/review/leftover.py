"""Proposals left from an earlier commit: one made without the hook (`git commit --no-verify`),
or one whose transcript was unstaged. Each run of the hook renews them in their place in the
chain (chain.py): against the memory file as it is staged now plus the proposals before them,
so the printed `git apply` applies again, and removes one once nothing it lists is pending.
Every entry stays listed as it was (held back, skipped or declined in review), so no reviewer's
choice is lost and the numbers do not move."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from memory_gate.reading.memory import identity
from memory_gate.review.diff import Tail, render_tail
from memory_gate.review.proposals import accept, entries, proposed_bullets, with_accept

Settled = Callable[[str], bool]  # whether a bullet's identity is in memory, declined or chained


def header_of(text: str) -> str:
    """A proposal's comment header: every line before its diff."""
    lines = text.splitlines(keepends=True)
    return ''.join(line for line in lines[: next_diff(lines)])


def next_diff(lines: list[str]) -> int:
    return next((n for n, line in enumerate(lines) if not line.startswith('#')), len(lines))


def renewed(text: str, target: str, rel: str, state: Tail, settled: Settled, heading: str = '',
            after: Sequence[str] = ()) -> str | None:
    """The text of the left proposal `target` with its diff rendered against `state` (the memory
    file and the bullets of the proposals before it), minus the bullets now settled; None once
    every bullet it lists is settled. `after`: the proposals before it in the chain, in order."""
    if all(settled(identity(e.text)) for e in entries(text)):
        return None
    bullets = [b for b in proposed_bullets(text) if not settled(identity(b))]
    diff = render_tail(rel, state, bullets, heading)
    line = accept(target, rel, after if diff else ())
    return with_accept(header_of(text), line) + diff
