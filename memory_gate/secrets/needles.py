"""The transcript scan's prefilter: whether a raw line holds one of the byte needles.

Asking each of the ~140 needles of credential_patterns.NEEDLES in turn reads a line that
holds none ~140 times over (tool output: megabytes). Instead every needle is filed under
one of a few anchor bytes it contains; each anchor is found with bytes.find (memchr), and
only where it occurs are its needles compared, by the two bytes from the anchor on (or the
byte before it and the anchor, for a needle that ends with it). An anchor that is common
in a line (a letter in prose) is walked only ANCHOR_WALK times: then its needles are
looked for in the rest of the line directly. The same answer as asking every needle
(property-tested), only sooner.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from memory_gate.base.typed import NamedTuple
from memory_gate.secrets import credential_patterns as P

# The anchor bytes, in the order they are tried: each needle goes to the first it contains.
# Rare bytes in the real sessions' lines (uppercase, '@', 'w', 'x', 'J', ...) over common ones,
# and first the anchors of the needles real lines hold most ('oken', 'ass', '-p', 'AC', 'gl').
# Among near ties in those lines ('s' or 'a' for 'ass': 4.3% and 4.1% of bytes) the letter
# less common in tool output was taken. A needle past ASCII goes under its first byte, tried
# only on a line that is not ASCII.
ANCHORS = b'ks-Al@/urKwpmCPHSGLJx_yv:'
# How many times an anchor is looked at in one line before its needles are searched for
# directly in the rest of it.
ANCHOR_WALK = 64
# How many dots unnamed() looks at one by one before it searches the rest of the line at once:
# re's search, which begins at a literal dot, is about as fast as bytes.find past the first few,
# and a real session's lines hold dozens (over benchmarks/data/real's 78 MB, 64 dots walked:
# 325 ms, 4: 183 ms; a search from the first dot: 155 ms, but 36 ms to 6 ms on the tool output
# of claude-50mb, whose long lines hold few dots, where bytes.find is the faster).
UNNAMED_WALK = 4


class Anchor(NamedTuple):
    byte: bytes
    after: dict[bytes, tuple[tuple[bytes, int], ...]]  # anchor + next byte -> (needle, offset)
    before: dict[bytes, tuple[tuple[bytes, int], ...]]  # byte before + anchor (needle ends so)
    back: int  # the furthest the anchor is into one of its needles
    needles: tuple[bytes, ...]
    alone: bool  # a needle of the anchor alone ('@'): any occurrence is one


def anchors(order: Iterable[int], needles: Iterable[bytes]) -> tuple[Anchor, ...]:
    """The needles filed under the first anchor byte of `order` each holds (every needle must
    hold one)."""
    left = list(dict.fromkeys(needles))
    out = []
    for byte in order:
        mine = tuple(n for n in left if byte in n)
        left = [n for n in left if byte not in n]
        after: dict[bytes, tuple[tuple[bytes, int], ...]] = {}
        before: dict[bytes, tuple[tuple[bytes, int], ...]] = {}
        for needle in mine:
            at = needle.index(byte)
            keyed, key = (after, needle[at:at + 2]) if at + 1 < len(needle) else (
                before, needle[at - 1:at + 1])
            keyed[key] = (*keyed.get(key, ()), (needle, at))
        if mine:
            back = max(n.index(byte) for n in mine)
            out.append(Anchor(bytes([byte]), after, before, back, mine, min(map(len, mine)) == 1))
    if left:
        raise ValueError(f'needles without an anchor: {left}')
    return tuple(out)


ASCII = anchors(ANCHORS, (n for n in P.NEEDLES if n.isascii()))
WIDE = anchors(sorted({n[0] for n in P.NEEDLES if not n.isascii()}),
               (n for n in P.NEEDLES if not n.isascii()))


# A token no needle names: Discord's bot token (credential_patterns' Discord shape: id . 6 . 27
# or more), from its first dot on, as a line writes it (base64url: never escaped). One search
# that begins with its literal dot.
UNNAMED_BYTES = re.compile(P.DISCORD_TAIL.encode())


def may_hold(raw: bytes) -> bool:
    """Whether the raw line holds a needle (any(n in raw for n in P.NEEDLES), found sooner) or a
    token no needle names (UNNAMED_BYTES)."""
    return holds_needle(raw) or unnamed(raw)


def holds_needle(data: bytes) -> bool:
    """Whether data holds a needle (any(n in data for n in P.NEEDLES)), found as may_hold finds
    one: a long string's negative answer in a few memchr passes, not a regular expression tried
    at every character."""
    return walk(data, ASCII) or (not data.isascii() and walk(data, WIDE))


def unnamed(raw: bytes) -> bool:
    """UNNAMED_BYTES.search(raw), sooner: its first dots found with bytes.find (memchr; re reads
    a line a byte at a time), UNNAMED_WALK of them, then the rest searched at once."""
    at = raw.find(b'.')
    for _ in range(UNNAMED_WALK):
        if at < 0:
            return False
        if UNNAMED_BYTES.match(raw, at):
            return True
        at = raw.find(b'.', at + 1)
    return at >= 0 and UNNAMED_BYTES.search(raw, at) is not None


def walk(raw: bytes, anchors: tuple[Anchor, ...]) -> bool:
    """Whether a needle of the anchors is in raw. at_needle is written out in the loop: a Claude
    Code line's own keys hold the anchors some 15,000 times over 30 MB, each a step."""
    find, startswith = raw.find, raw.startswith
    for anchor in anchors:
        byte = anchor.byte
        at = find(byte)
        if at < 0:
            continue
        if anchor.alone:
            return True
        after, before = anchor.after.get, anchor.before.get
        for _ in range(ANCHOR_WALK):
            candidates = after(raw[at:at + 2])
            if candidates is not None:
                for needle, offset in candidates:
                    if at >= offset and startswith(needle, at - offset):
                        return True
            if at and anchor.before:
                candidates = before(raw[at - 1:at + 1])
                if candidates is not None:
                    for needle, offset in candidates:
                        if at >= offset and startswith(needle, at - offset):
                            return True
            at = find(byte, at + 1)
            if at < 0:
                break
        else:  # common in this line: the rest of it is searched for the needles themselves
            start = max(at - anchor.back, 0)
            if any(find(needle, start) >= 0 for needle in anchor.needles):
                return True
    return False
