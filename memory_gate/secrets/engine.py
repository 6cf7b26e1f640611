"""The compiled credential engine: Kingfisher's maintained vendor rules, or our own where it
cannot load.

Kingfisher (PyPI kingfisher-secret-scanner, import kingfisher_sdk; Apache-2.0) holds 488 rules
that include gitleaks' and betterleaks', compiled to one multi-pattern database. It is imported
the first time a text is scanned (its import and its rule cache cost about 0.3 s and 50 MB, so a
run that scans nothing never pays them), once a process. Only its `visible` findings are kept
(an invisible one is a helper part of another rule); its validation and revocation, which go on
the network, are never called.

Where it cannot load (no wheel: musl, an old glibc; `pip install --no-deps`), `loaded()` is None
and the caller keeps the built-in rules of credential_patterns.SHAPE_RES: the common vendor
shapes in pure Python. `name()` says which runs, for `memory-gate --version`.
"""
from __future__ import annotations

import functools
import os
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from kingfisher_sdk import Scanner

# Set to 1 to scan with the built-in rules even where the engine is installed (tests of the
# fallback, and a user whose engine misbehaves).
OFF_VARIABLE = 'MEMORY_GATE_NO_ENGINE'
BUILT_IN = 'built-in rules (no compiled engine)'


class Hit(NamedTuple):
    """A visible finding of the engine: byte offsets in what it was given, and its rule."""

    start: int
    end: int
    rule: str


@functools.cache
def loaded() -> Scanner | None:
    """The engine's scanner with its built-in rules, made once; None where it cannot load."""
    if os.environ.get(OFF_VARIABLE, '') not in ('', '0'):
        return None
    try:
        from kingfisher_sdk import Scanner
        return Scanner()
    except (ImportError, OSError, RuntimeError):
        # no wheel for this platform, a missing shared library, an unreadable rule cache
        return None


def name() -> str:
    """Which engine scans: 'Kingfisher 1.5.0', or the built-in rules (it loads the engine: what
    is named is what would scan)."""
    if loaded() is None:
        return BUILT_IN
    from kingfisher_sdk import __version__

    return f'Kingfisher {__version__}'


def hits(data: bytes) -> Iterator[Hit]:
    """The engine's visible findings in `data`, by byte offsets; none without the engine."""
    scanner = loaded()
    if scanner is None or not data:
        return
    for finding in scanner.scan(data):
        if finding.visible:
            where = finding.location
            yield Hit(where['start_offset'], where['end_offset'], short_rule(finding.rule_id))


def short_rule(rule_id: str) -> str:
    """A rule id as a kind a message can print: 'betterleaks.github-pat' -> 'github pat',
    'betterleaks.browserstack-access-key.1' -> 'browserstack access key'."""
    for prefix in RULE_PREFIXES:
        if rule_id.startswith(prefix):
            rule_id = rule_id[len(prefix):]
            break
    head, dot, tail = rule_id.rpartition('.')
    return (head if dot and tail.isdigit() else rule_id).replace('-', ' ')


RULE_PREFIXES = ('betterleaks.', 'kingfisher.', 'veles.secrets/', 'custom.')


def texts_spans(texts: list[str]) -> list[list[tuple[int, int, str]]]:
    """The engine's findings in each text, (start, end, kind) in characters, by one call for all
    of them (a call a string cost 8x more on real sessions, most strings being short). Each text
    is read with invisible characters taken out (a soft hyphen inside a key) and its spans placed
    back; a finding is named as the built-in rules name its value ('GitHub token', so a message
    says the same with or without the engine), else by the engine's rule."""
    out: list[list[tuple[int, int, str]]] = [[] for _ in texts]
    if loaded() is None or not texts:
        return out
    from memory_gate.secrets.credentials import by_shape

    seen, data = as_read(texts)
    starts = list(accumulate((len(d) + 1 for d in data), initial=0))
    for hit in hits(b'\n'.join(data)):
        number = bisect_right(starts, hit.start) - 1
        piece, (shown, where) = data[number], seen[number]
        start = chars(piece, hit.start - starts[number])
        end = chars(piece, min(hit.end - starts[number], len(piece)))
        if end <= start:
            continue
        value = shown[start:end]
        kind = next((f.kind for f in by_shape(value) if f.end - f.start == len(value)), hit.rule)
        if where is not None:
            start, end = where[start], where[end - 1] + 1
        out[number].append((start, end, kind))
    return out


def as_read(texts: list[str]) -> tuple[list[tuple[str, list[int] | None]], list[bytes]]:
    """Each text as the engine reads it (credentials.visible: invisible characters out, and
    where each kept character was), and its bytes; texts_spans joins them by line breaks."""
    from memory_gate.secrets.credentials import INVISIBLE, visible

    joined = '\n'.join(texts)  # most lines: nothing invisible, no text looked at alone
    plain = joined.isascii() or not INVISIBLE.search(joined)
    seen: list[tuple[str, list[int] | None]] = (
        [(text, None) for text in texts] if plain else [visible(text) for text in texts])
    return seen, [text.encode('utf-8', 'surrogatepass') for text, _ in seen]


def chars(data: bytes, offset: int) -> int:
    """The character offset of a byte offset in UTF-8 data (a character cut is left out)."""
    try:
        return len(data[:offset].decode('utf-8', 'surrogatepass'))
    except UnicodeDecodeError:
        return len(data[:offset].decode('utf-8', 'ignore'))
