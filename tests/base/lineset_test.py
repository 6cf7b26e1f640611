from __future__ import annotations

from memory_gate.base.lineset import LineSet


def test_a_line_set_holds_what_was_added_and_nothing_else() -> None:
    lines = LineSet([1, 9])
    lines.add(1 << 20)
    assert [n for n in range(-2, (1 << 20) + 9) if n in lines] == [1, 9, 1 << 20]
    assert 'x' not in lines and len(lines.bits) == (1 << 17) + 1  # a bit a line
