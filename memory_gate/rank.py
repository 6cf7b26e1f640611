"""Ranking in bounded memory: the candidates over the threshold, best first, and the best few under it."""
from __future__ import annotations

import heapq
from typing import Generic, TypeVar

T = TypeVar('T')


class Ranking(Generic[T]):
    """Items with a score, in the order they were offered; ties break by that order."""

    def __init__(self, keep_below: int) -> None:
        self.kept: list[tuple[float, int, T]] = []  # over the threshold: every one is kept
        self.below: list[tuple[float, int, T]] = []  # under it: a heap of the best `keep_below`, worst on top
        self.keep_below = keep_below
        self.offered = 0

    def keep(self, score: float, item: T) -> None:
        self.kept.append((score, self.offered, item))
        self.offered += 1

    def under(self, score: float, item: T) -> None:
        """An item under the threshold: remembered only while it is among the best `keep_below`."""
        self.offered += 1
        if self.keep_below:
            heapq.heappush(self.below, (score, -self.offered, item))
            if len(self.below) > self.keep_below:
                heapq.heappop(self.below)

    def best(self, cut: int) -> tuple[list[T], list[T]]:
        """The best `cut` kept items (score, then order) and the rest, each in the order they were offered."""
        ranked = sorted(self.kept, key=lambda k: (-k[0], k[1]))
        return ([item for _, _, item in sorted(ranked[:cut], key=lambda k: k[1])],
                [item for _, _, item in sorted(ranked[cut:], key=lambda k: k[1])])

    def best_under(self) -> list[T]:
        """The remembered items under the threshold, best first (equal scores: the earliest first)."""
        return [item for _, _, item in sorted(self.below, key=lambda k: (-k[0], -k[1]))]
