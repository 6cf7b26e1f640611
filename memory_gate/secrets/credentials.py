"""Credentials must never reach a review artifact: four layers of detection, and a mask.

Each layer yields Findings (the kind it reports as "looks like a <kind>", and where the
value is); the patterns are data, in credential_patterns.py. A value the team allows
(a documented test key) is never a finding. Near-misses are named predicates, in values.py.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Sequence

from memory_gate.base.typed import NamedTuple
from memory_gate.secrets import anchored, passwords, told
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.values import is_credible, is_pin, is_placeholder, is_random, word_kind
from memory_gate.text.long_text import lowered, parts
from memory_gate.text.sentences import sanitize

MASK = '[secret withheld]'


class Finding(NamedTuple):
    kind: str
    start: int
    end: int


def _found(kind: str, match: re.Match[str]) -> Finding:
    group = 'value' if match.re.groupindex.get('value') and match.group('value') else 0
    start, end = match.span(group)
    value = match.string[start:end].rstrip('.:!?')
    return Finding(kind, start, start + len(value))


def _matches(hints: tuple[str, ...], pattern: str, text: str,
             screened: str) -> Iterator[re.Match[str]]:
    """The pattern's matches in text, searched only when `screened` (text, or text lowercased)
    holds a hint; a context pattern only where its words begin (screened is then lowercased)."""
    if any(map(screened.__contains__, hints)):
        yield from anchored.finditer(pattern, text, screened, P.STARTS.get(pattern))


def has_suspect_word(text: str) -> bool:
    """Whether any layer could find something (property-tested): a word of 6+ characters that is
    not all letters once the punctuation after it is cut, or of 12+ characters, or a word naming
    a password or a code, or a general secret word where a value is assigned to it (`TOKEN:
    letmein`, whose value the password layer takes short and all letters) or quoted (`the secret
    is "blue fox 4242"`, whose value it takes with spaces). Most prose has none."""
    for part in parts(text):
        words = part.split()
        if any(len(w) >= 12 or (len(w) >= 6 and not w.rstrip(P.TRAILING).isalpha())
               for w in words):
            return True
    folded = lowered(text)
    if any(map(folded.__contains__, P.PASSWORD_HINTS)) or passwords.CODE_HINT in folded:
        return True
    return (any(map(text.__contains__, ASSIGNS))
            and any(map(folded.__contains__, ASSIGNED_HINTS)))


# A value assigned or quoted after a general secret word (passwords.by_password's `assigned`,
# and its quoted VALUE, which may hold spaces): the signs and the words.
ASSIGNS = ('=', ':', '\uff1a', '"', "'")
ASSIGNED_HINTS = ('key', 'secret', 'token')


INVISIBLE = re.compile(P.INVISIBLE_RE)


def visible(text: str) -> tuple[str, list[int] | None]:
    """The text without invisible characters (a soft hyphen inside a key), and where each kept
    character was."""
    if text.isascii() or not INVISIBLE.search(text):
        return text, None
    kept = [i for i, c in enumerate(text) if not INVISIBLE.match(c)]
    return ''.join(text[i] for i in kept), kept


LONG_RUN_RE = rf'\S{{{P.MIN_RUN}}}'
LONG_RUN = re.compile(LONG_RUN_RE)


def has_long_run(text: str) -> bool:
    """Whether the text holds P.MIN_RUN characters without a space: every token shape but a key
    header needs it."""
    # One search, not text.split(): a list of every word of a long turn was its peak memory.
    # re's \S is what str.split() does not split on (both are str.isspace()).
    return LONG_RUN.search(text) is not None


def by_shape(text: str) -> Iterator[Finding]:
    """Layer 1: vendor prefixes and formats."""
    shapes = P.SHAPE_RES if has_long_run(text) else P.SPACED_SHAPE_RES
    for kind, hints, pattern in shapes:
        if any(map(text.__contains__, hints)):  # as _matches does, without a generator per shape
            yield from (_found(kind, match) for match in re.finditer(pattern, text))


def by_shape_beside_engine(text: str) -> Iterator[Finding]:
    """Layer 1 beside the compiled engine (engine.py), which finds the vendor shapes: a private
    key's block, and every shape whose vendor it does not own (P.BESIDE_ENGINE_SHAPE_RES)."""
    shapes = P.BESIDE_ENGINE_SHAPE_RES if has_long_run(text) else P.SPACED_SHAPE_RES
    for kind, hints, pattern in shapes:
        if any(map(text.__contains__, hints)):
            yield from (_found(kind, match) for match in re.finditer(pattern, text))


def by_context(text: str) -> Iterator[Finding]:
    """Layer 2: a credible value after a word naming a secret (assignment, prose, Chinese, flag,
    header)."""
    folded = lowered(text)
    found = [_found(word_kind(match.group('word') or '-p'), match)
             for hints, pattern in P.CONTEXT_RES
             for match in _matches(hints, pattern, text, folded)]
    found += [_found('authorization header', match)
              for match in _matches(P.HEADER_HINTS, P.HEADER_RE, text, folded)]
    for f in found:
        value = text[f.start:f.end]
        if is_credible(value) or is_pin(f.kind, value):
            yield f


def in_address(text: str) -> Iterator[Finding]:
    """Layer 3: a password in a URL's or DSN's user-info, a secret in a query or
    connection-string parameter."""
    for hints, pattern in P.USERINFO_RES:
        for match in _matches(hints, pattern, text, text):
            yield _found('password in a URL', match)
    for match in _matches(P.QUERY_HINTS, P.QUERY_RE, text, text):
        found = _found('secret in a URL query', match)
        if is_credible(text[found.start:found.end]):
            yield found


def by_randomness(text: str) -> Iterator[Finding]:
    """Layer 4: a long token of mixed letters and digits, random enough, that is nothing more
    ordinary."""
    if not has_long_run(text):
        return
    for match in re.finditer(P.TOKEN_RE, text):
        token = match.group(0).strip('.')
        if is_random(token):
            start = match.start() + match.group(0).index(token)
            yield Finding('random token', start, start + len(token))


def by_password(text: str) -> Iterator[Finding]:
    """Layer 5: what a person types as a secret: a password of any shape, a passphrase, a PIN,
    user:password, a table's secret column, a password given in the sentence after its name."""
    for layer in (passwords.by_password, passwords.by_apposition, passwords.by_pair,
                  told.by_table, told.by_next_sentence, told.by_split):
        yield from (Finding(*found) for found in layer(text))


def by_split(text: str) -> Iterator[Finding]:
    """Layer 5's vendor shapes split over two lines (told.by_split): the one part of it whose
    kinds are not worded (readable.WORDED_KINDS), read on every line of tool output."""
    yield from (Finding(*found) for found in told.by_split(text))


def by_signing(text: str) -> Iterator[Finding]:
    """Layer 6, proposals only: a bare 64-hex value in a sentence about signing."""
    yield from (Finding(*found) for found in passwords.by_signing(text))


Layer = Callable[[str], Iterator[Finding]]
LAYERS: tuple[Layer, ...] = (
    by_shape, in_address, by_context, by_randomness, by_password, by_signing,
)


def findings(text: str, allowed: Collection[str] = (),
             layers: Sequence[Layer] = LAYERS) -> Iterator[Finding]:
    """Every finding of every layer, in layer order, found with invisible characters taken out
    and placed back where the text has them; placeholders and allowed values are none."""
    seen, where = visible(text)
    if not has_suspect_word(seen):
        return
    for layer in layers:
        for found in layer(seen):
            found = query_value(seen, found)
            value = seen[found.start:found.end]
            if is_placeholder(value) or is_allowed(value, allowed):
                continue
            if where is None:
                yield found
            else:
                yield found._replace(start=where[found.start], end=where[found.end - 1] + 1)


# Where a value of a query or a form ends: an & that begins the next parameter (&user=, &amp;).
NEXT_PARAMETER_RE = r'&(?:amp\b;?|[\w.-]*=)'


def query_value(text: str, found: Finding) -> Finding:
    """A value cut where the next parameter of its query begins: token=Xk29...&user=bob."""
    cut = re.compile(NEXT_PARAMETER_RE).search(text, found.start, found.end + 64)
    if cut is None or not found.start < cut.start() < found.end:
        return found
    return found._replace(end=cut.start())


def secret_kind(text: str, allowed: Collection[str] = ()) -> str | None:
    """The kind of credential the text seems to carry, or None."""
    return next((found.kind for found in findings(text, allowed)), None)


def redact(text: str, allowed: Collection[str] = ()) -> str:
    """The text with every value that looks like a credential masked: the check at the output
    edge."""
    spans = sorted({(f.start, f.end) for f in findings(text, allowed)})
    if not spans:
        return text
    out, last = [], 0
    for start, end in spans:
        if start >= last:
            out.append(text[last:start] + MASK)
        last = max(last, end)
    return ''.join(out) + text[last:]


def is_allowed(value: str, allowed: Collection[str]) -> bool:
    """A value the team declared public (a documented test key), or one that holds such a value."""
    return value in allowed or any(a and a in value for a in allowed)


def printable(text: str, allowed: Collection[str] = ()) -> str:
    """One line of text that is safe to print: no control sequences, and no credential
    (masked, whatever its source)."""
    return redact(' '.join(sanitize(text).split('\n')).replace('\t', ' '), allowed)

