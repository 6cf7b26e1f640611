"""What a pattern needs of an ASCII text before it can match, told from the pattern itself.

A regular expression's match holds its literals: "per the (repo|project) rules" cannot match a
text without "per" and without "repo" or "project" in it. `needs(pattern)` reads that condition
off re's own parse of the pattern (literal runs joined by AND along a sequence, by OR across an
alternation; what it cannot read, a class, a repeat that may be absent, a lookahead that must
fail, asks nothing) and returns a test on the lowered text: False proves the pattern cannot match
it, so the search is skipped; True says nothing. For ASCII texts only: there a case-insensitive
match of a literal is the same lowered characters, and a literal outside ASCII (Chinese, a box
drawing) cannot match at all, except the four that fold to ASCII under re.IGNORECASE.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable

from memory_gate.base.typed import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Union

try:  # Python 3.11 on
    from re import _compiler as compiler  # type: ignore[attr-defined]
    from re import _constants as C  # type: ignore[attr-defined]
    from re import _parser as parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.9 and 3.10
    import sre_compile as compiler
    import sre_constants as C
    import sre_parse as parser

# The characters past ASCII that match an ASCII one under re.IGNORECASE (İ ı ſ and the Kelvin
# sign; tests/text/prefilter_test.py checks every code point).
FOLDS_TO_ASCII = frozenset('\u0130\u0131\u017f\u212a')
# A requirement: None asks nothing, NEVER cannot hold on ASCII text, a string must occur, and
# ('and' | 'or', parts) combines them.
NEVER = ('never', ())
if TYPE_CHECKING:
    Need = Union[None, str, tuple[str, tuple[Any, ...]]]
Test = Callable[[str], bool]


def needs(pattern: str) -> Test | None:
    """A test on a lowered ASCII text that is False only when `pattern` cannot match the text;
    None when the pattern asks nothing a test could check."""
    return _needs(pattern)


@functools.cache
def _needs(pattern: str) -> Test | None:
    try:
        tree = _parsed[pattern] = parser.parse(pattern)
    except Exception:  # noqa: BLE001 - a pattern re cannot parse asks nothing here
        return None
    need = _need_of[pattern] = sequence(tree.data)
    return test(need)


# What each pattern read by _needs needs, for gated_test to join to a gate.
_need_of: dict[str, Need] = {}


def gated_test(pattern: str, contains: tuple[str, ...], starts: tuple[str, ...]) -> Test:
    """A rule's gate and its pattern's needs as one generated test of a lowered ASCII text: the
    text starts with one of `starts` or holds one of `contains` (no gate when both are empty, as
    filters.gated), and possible(pattern, text). False exactly when one of the two is; one call
    instead of two, and the gate words tested at bytecode speed."""
    parts = []
    if contains or starts:
        gate = [f'low.startswith({starts!r})'] if starts else []
        gate += [f'{word!r} in low' for word in contains]
        parts.append('(' + ' or '.join(gate) + ')')
    _needs(pattern)  # parsed once, the parse kept for compile_pattern
    expression = source(_need_of.get(pattern))
    parts += [expression] if expression is not None else []
    code = compile(f"lambda low: {' and '.join(parts) or 'True'}", '<prefilter>', 'eval')
    made: Test = eval(code, {})  # noqa: S307 - the text is built from repr()s of literals
    return made


# re's parse of each pattern read here and not yet compiled: compiling is parsing (about half of
# re.compile's time on these patterns) and then generating code, and compile_pattern does only
# the second for a pattern whose test came first (about 2 MB if every pattern is read and none
# compiled).
_parsed: dict[str, Any] = {}


def compile_pattern(pattern: str) -> re.Pattern[str]:
    """re.compile(pattern), the same program; from the parse `needs` made, when it made one. The
    Pattern's .pattern is then None (re.compile's cache does not hold it: sentences.compiled
    does)."""
    tree = _parsed.pop(pattern, None)
    if tree is None:
        return re.compile(pattern)
    made: re.Pattern[str] = compiler.compile(tree)
    return made


def parsed(pattern: str) -> Any:
    """re's parse of the pattern, the caller's to change: the one `needs` kept, given up, or a
    new one."""
    return _parsed.pop(pattern, None) or parser.parse(pattern)


def sequence(items: Any) -> Need:
    """Every item of a sequence must match in turn: the AND of their needs (a run of literals is
    one string)."""
    parts: list[Need] = []
    run: list[str] = []
    for op, av in items:
        if op is C.LITERAL:
            char = chr(av)
            if char.isascii():
                run.append(char.lower())
                continue
            if char not in FOLDS_TO_ASCII:
                return NEVER
        parts.append(''.join(run))
        run = []
        parts.append(item(op, av))
    parts.append(''.join(run))
    return both([p for p in parts if p != ''])


def item(op: Any, av: Any) -> Need:
    if op is C.SUBPATTERN:
        return sequence(av[-1].data)
    if op is C.BRANCH:
        return either([sequence(branch.data) for branch in av[1]])
    if op in (C.MAX_REPEAT, C.MIN_REPEAT) or op is getattr(C, 'POSSESSIVE_REPEAT', None):
        return sequence(av[2].data) if av[0] >= 1 else None
    if op is getattr(C, 'ATOMIC_GROUP', None):
        return sequence(av.data)
    if op is C.ASSERT:  # a lookahead or lookbehind that must hold: its text is in the text too
        return sequence(av[1].data)
    if op is C.IN:
        return klass(av)
    return None


def klass(members: Any) -> Need:
    """A character class matches no ASCII character when it holds only characters past ASCII
    that do not fold to it."""
    for op, av in members:
        if op is C.LITERAL and not chr(av).isascii() and chr(av) not in FOLDS_TO_ASCII:
            continue
        if op is C.RANGE and av[0] >= 128 and not any(
                av[0] <= ord(c) <= av[1] for c in FOLDS_TO_ASCII):
            continue
        return None
    return NEVER


def both(parts: list[Need]) -> Need:
    if NEVER in parts:
        return NEVER
    kept = [p for p in parts if p is not None]
    return kept[0] if len(kept) == 1 else ('and', tuple(kept)) if kept else None


def either(parts: list[Need]) -> Need:
    kept = [p for p in parts if p != NEVER]
    if not kept:
        return NEVER
    if any(p is None for p in kept):
        return None
    flat: list[Need] = []
    for p in kept:
        flat.extend(p[1] if isinstance(p, tuple) and p[0] == 'or' else (p,))
    return flat[0] if len(flat) == 1 else ('or', tuple(flat))


def test(need: Need) -> Test | None:
    """The need as one generated function of the lowered text: `in` tests joined by `and` and
    `or`, which Python runs at bytecode speed (a few tens of nanoseconds a literal)."""
    expression = source(need)
    if expression is None:
        return None
    code = compile(f'lambda low: {expression}', '<prefilter>', 'eval')
    made: Test = eval(code, {})  # noqa: S307 - the text is built above from repr()s of literals
    return made


def source(need: Need) -> str | None:
    """The need as a Python expression over `low`; None when it asks nothing worth a test (a
    one-character alternative is in nearly every text, so its OR asks nothing)."""
    if need is None:
        return None
    if isinstance(need, str):
        return f'{need!r} in low'
    kind, parts = need
    if kind == 'never':
        return 'False'
    if kind == 'or':
        if any(isinstance(p, str) and len(p) < 2 for p in parts):
            return None
        alternatives = [source(p) for p in parts]
        return None if None in alternatives else '(' + ' or '.join(map(str, alternatives)) + ')'
    # AND: a one-character literal (a space) is left out, and so is a part that asks nothing;
    # the strings first, as they are the cheapest
    ordered = sorted(parts, key=lambda p: not isinstance(p, str))
    conjuncts: list[str] = []
    for p in ordered:
        e = None if isinstance(p, str) and len(p) < 2 else source(p)
        conjuncts += [e] if e is not None else []
    return '(' + ' and '.join(dict.fromkeys(conjuncts)) + ')' if conjuncts else None


def possible(pattern: str, low: str) -> bool:
    """False only when `pattern` cannot match the ASCII text whose lowered copy is `low`."""
    check = _needs(pattern)
    return check is None or check(low)
