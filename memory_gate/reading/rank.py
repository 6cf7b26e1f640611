"""Ranking in bounded memory: the candidates over the threshold, best first, and the best few under
it."""
from __future__ import annotations

from memory_gate.base.typed import Generic, TypeVar

T = TypeVar('T')


class Ranking(Generic[T]):
    """Items with a score and an order (when they were said); ties break by that order."""

    def __init__(self, keep_below: int) -> None:
        self.kept: list[tuple[float, int, T]] = []  # over the threshold: every one is kept
        self.always: list[tuple[int, T]] = []  # proposed whatever the cut (the agent's own lines)
        # under it: a heap of the best `keep_below`, worst on top
        self.below: list[tuple[float, int, str, T]] = []
        self.keep_below = keep_below

    def keep(self, score: float, order: int, item: T, always: bool = False) -> None:
        """An item over the threshold; `always`: one the cut never holds back."""
        if always:
            self.always.append((order, item))
        else:
            self.kept.append((score, order, item))

    def drop(self, order: int) -> None:
        """A kept item no longer kept (a later decision replaced it)."""
        self.kept = [k for k in self.kept if k[1] != order]

    def under(self, score: float, order: int, item: T, key: str) -> None:
        """An item under the threshold, remembered only while among the best `keep_below`; one per
        `key`."""
        if self.keep_below and all(k != key for _, _, k, _ in self.below):
            import heapq  # only with --candidates: kept off every run's start-up

            heapq.heappush(self.below, (score, -order, key, item))
            if len(self.below) > self.keep_below:
                heapq.heappop(self.below)

    def best(self, cut: int) -> tuple[list[T], list[T]]:
        """The items kept `always` and the best of the others (score, then order) up to `cut` in
        all, and the rest, each in their order."""
        ranked = sorted(self.kept, key=lambda k: (-k[0], k[1]))
        room = max(cut - len(self.always), 0)
        chosen = self.always + [(order, item) for _, order, item in ranked[:room]]
        return ([item for _, item in sorted(chosen, key=lambda k: k[0])],
                [item for _, _, item in sorted(ranked[room:], key=lambda k: k[1])])

    def best_under(self) -> list[T]:
        """The remembered items under the threshold, best first (equal scores: the earliest
        first)."""
        return [item for _, _, _, item in sorted(self.below, key=lambda k: (-k[0], -k[1]))]
