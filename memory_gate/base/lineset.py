"""A set of line numbers held in one bit each: a 1 GB session of short lines numbers millions of
them, which a set of ints would hold in tens of MB (collect --said-only keeps such a set)."""
from __future__ import annotations

from collections.abc import Iterable


class LineSet:
    """Line numbers (whole numbers from 0), one bit each: `add`, `in`."""

    def __init__(self, numbers: Iterable[int] = ()) -> None:
        self.bits = bytearray()
        for number in numbers:
            self.add(number)

    def add(self, number: int) -> None:
        byte = number >> 3
        if byte >= len(self.bits):
            self.bits.extend(bytes(byte + 1 - len(self.bits)))
        self.bits[byte] |= 1 << (number & 7)

    def __contains__(self, number: object) -> bool:
        if not isinstance(number, int) or number < 0 or number >> 3 >= len(self.bits):
            return False
        return bool(self.bits[number >> 3] & 1 << (number & 7))
