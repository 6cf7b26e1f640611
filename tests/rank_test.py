from __future__ import annotations

from memory_gate.rank import Ranking


def test_best_keeps_the_highest_scores_and_gives_both_parts_in_the_order_offered() -> None:
    r: Ranking[str] = Ranking(0)
    for score, item in ((0.6, 'a'), (0.9, 'b'), (0.7, 'c'), (0.9, 'd')):
        r.keep(score, item)
    assert r.best(2) == (['b', 'd'], ['a', 'c'])
    assert r.best(10) == (['a', 'b', 'c', 'd'], [])


def test_ties_break_by_order_offered() -> None:
    r: Ranking[str] = Ranking(0)
    for item in 'xyz':
        r.keep(0.8, item)
    assert r.best(1) == (['x'], ['y', 'z'])


def test_under_the_threshold_only_the_best_few_are_remembered() -> None:
    r: Ranking[int] = Ranking(3)
    for n in range(1000):
        r.under((n % 10) / 10, n)
    assert len(r.below) == 3
    assert r.best_under() == [9, 19, 29]  # best first; equal scores: the earliest first


def test_nothing_under_the_threshold_is_remembered_unless_asked() -> None:
    r: Ranking[int] = Ranking(0)
    for n in range(100):
        r.under(0.1, n)
    assert r.below == [] and r.best_under() == []
