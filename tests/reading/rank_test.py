from __future__ import annotations

from memory_gate.reading.rank import Ranking


def test_best_keeps_the_highest_scores_and_gives_both_parts_in_the_order_offered() -> None:
    r: Ranking[str] = Ranking(0)
    for order, (score, item) in enumerate(((0.6, 'a'), (0.9, 'b'), (0.7, 'c'), (0.9, 'd'))):
        r.keep(score, order, item)
    assert r.best(2) == (['b', 'd'], ['a', 'c'])
    assert r.best(10) == (['a', 'b', 'c', 'd'], [])


def test_ties_break_by_order_offered() -> None:
    r: Ranking[str] = Ranking(0)
    for order, item in enumerate('xyz'):
        r.keep(0.8, order, item)
    assert r.best(1) == (['x'], ['y', 'z'])


def test_under_the_threshold_only_the_best_few_are_remembered() -> None:
    r: Ranking[int] = Ranking(3)
    for n in range(1000):
        r.under((n % 10) / 10, n, n, str(n))
    assert len(r.below) == 3
    assert r.best_under() == [9, 19, 29]  # best first; equal scores: the earliest first


def test_the_order_given_is_the_order_kept_whenever_an_item_arrives() -> None:
    r: Ranking[str] = Ranking(0)
    r.keep(0.9, 3, 'said third, weighed first')
    r.keep(0.9, 1, 'said first, weighed later')
    assert r.best(5) == (['said first, weighed later', 'said third, weighed first'], [])


def test_under_the_threshold_one_item_per_key() -> None:
    r: Ranking[str] = Ranking(5)
    for n in range(4):
        r.under(0.3, n, f'copy {n}', 'same sentence')
    assert r.best_under() == ['copy 0']


def test_nothing_under_the_threshold_is_remembered_unless_asked() -> None:
    r: Ranking[int] = Ranking(0)
    for n in range(100):
        r.under(0.1, n, n, str(n))
    assert r.below == [] and r.best_under() == []
