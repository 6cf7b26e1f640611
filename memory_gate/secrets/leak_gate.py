"""Whether a turn could hold a credential of SPLIT_KEY or more characters, told quickly.

withhold.turn_leaks runs every layer of credentials.findings over a whole turn, ~0.6 ms for
3 KB of prose, and keeps only values of SPLIT_KEY or more characters. Most turns hold none,
and what each layer needs to find one is written here weaker than the layer: a search that
never says no where the layer finds such a value (property-tested against the layers).

The searches over a run of characters are made on the turn's UTF-8 bytes translated to a few
classes (a letter, a sign, a separator), with str.find: a regular expression tried at every
position of a turn cost as much as the layers. A byte past ASCII is a sign where a value may
be in any script (the password layer's), a separator where it is ASCII only. Each table, and the
hints' search, is built the first time a turn needs it: most runs' turns need one or two.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import passwords
from memory_gate.text.long_text import PART, lowered
from memory_gate.text.prefilter import FOLDS_TO_ASCII

SPLIT_KEY = 8

# An assigning link (=, :, ：) or an address (@, ://) lets a value of any shape through: the
# layers judge it (ASSIGN_RE, an assigned password, USERINFO_RES, QUERY_RE, PAIR_RE).
ASSIGNING = ('=', ':', '\uff1a', '@')
# The vendor shapes' hints (credentials.by_shape), all ASCII: searched for in a turn's ASCII
# bytes alone (a hint in the text is in them); a private key's header has spaces in it.
@cache
def shape_hints_re() -> re.Pattern[bytes]:
    return re.compile(b'|'.join(re.escape(h.encode()) for h in dict.fromkeys(
        h for _, hints, _ in P.SHAPE_RES for h in hints)))


PAST_ASCII = bytes(range(128, 256))
SPACED_HINTS = tuple(h for _, hints, _ in P.SPACED_SHAPE_RES for h in hints)
# The context layer's words (credentials.by_context, lowercased): its patterns' and the
# authorization header's.
CONTEXT_HINTS = (*dict.fromkeys(h for hints, _ in P.CONTEXT_RES for h in hints),
                 *P.HEADER_HINTS)
# The password layer's quoted value (passwords.VALUE) of SPLIT_KEY characters or more.
QUOTED_RE = re.compile(r'"[^"\n]{8,64}"|\'[^\'\n]{8,64}\'')

# The characters past ASCII that the context layer's case-blind patterns read as ASCII letters
# (VALUE's a-z and the secret words match İ ı ſ and the Kelvin sign), each as the letter it
# matches, in its case: the context searches are made on the text with them folded.
FOLDED = str.maketrans('\u0130\u0131\u017f\u212a', 'IisK')

Classify = Callable[[str], str]


def table(classify: Classify, past_ascii: str) -> bytes:
    """A bytes.translate table: each ASCII character as `classify` names it, every byte past
    ASCII as `past_ascii`."""
    return bytes(ord(classify(chr(b))) for b in range(128)) + past_ascii.encode() * 128


def value_class(chars: str) -> Classify:
    """A character of a value class as 'a' (an ASCII letter), '.' (one of .:!?, which no value
    ends with: the layers cut it off), '#' (any other) or ' ' (not in the class)."""
    def classify(c: str) -> str:
        if not re.fullmatch(chars, c):
            return ' '
        return 'a' if c.isascii() and c.isalpha() else '.' if c in '.:!?' else '#'
    return classify


# credential_patterns.VALUE (the context layer: ASCII, no brackets) and passwords.VALUE (any
# script, brackets).
@cache
def context_value() -> bytes:
    return table(value_class(r'[!#-&*+\--:?-Z\\^_a-z|~]'), ' ')


@cache
def password_value() -> bytes:
    return table(value_class(r'[^\s"\'`<>{}\[\],;，。；、！？]'), '#')


# A passphrase run together (passwords.credible: [a-z]{16,}, correcthorsebatterystaple).
PASSPHRASE_RUN = b'a' * 16

# A sign in a value: a '#', or a '.' before another value character.
SIGNS = (b'#', b'.a', b'.#')


# Letters by case (values.is_scrambled: a quarter or more of 12 letters capitals holds a
# capital after a small letter, or a small letter after two capitals).
@cache
def letters() -> bytes:
    return table(lambda c: 'A' if c.isupper() and c.isascii() else 'a' if c.islower() else ' ', ' ')


SCRAMBLED = (b'aA', b'AAa')


# A PIN in groups with a space (passwords.VALUE's digits; a byte past ASCII may be a digit).
@cache
def digits() -> bytes:
    return table(lambda c: '0' if c.isdigit() else ' ' if c == ' ' else '-', '0')


# A run without a space (credentials.has_long_run; a byte past ASCII may be a space), and
# the randomness layer's token characters (TOKEN_RE; 64 hex digits are such a run).
@cache
def spaces() -> bytes:
    return table(lambda c: ' ' if c.isspace() else 'x', 'x')


@cache
def tokens() -> bytes:
    return table(lambda c: 't' if re.fullmatch(r'[A-Za-z0-9+/_.-]', c) else ' ', ' ')


LONG_RUN = b'x' * P.MIN_RUN
TOKEN_RUN = b't' * P.MIN_RUN


def run_with(classes: bytes, marks: tuple[bytes, ...], least: int) -> bool:
    """Whether a run of `least` or more bytes without a ' ' holds one of the marks."""
    for mark in marks:
        at = classes.find(mark)
        while at >= 0:
            start = classes.rfind(b' ', 0, at) + 1
            end = classes.find(b' ', at)
            end = len(classes) if end < 0 else end
            if end - start >= least:
                return True
            at = classes.find(mark, end)
    return False


def may_leak(text: str) -> bool:
    """False only when no layer of credentials.findings could find in `text` (invisible
    characters out) a value of SPLIT_KEY or more characters.

    Each layer needs what is asked for here: an address or an assigning link; a key header; a
    secret word or a login word (its layer's own hints) and a value no word of prose is: quoted,
    a PIN in groups, a run of value characters with a digit or a sign in it (values.is_credible
    and passwords.credible, without quotes or an assigning link) or of mixed-case letters
    (is_scrambled); or a run of MIN_RUN characters with a vendor's hint or of token characters
    (shapes, randomness, signing). A text longer than long_text.PART is let through: its
    bytes and their classes would be copies of many bytes a character."""
    if len(text) > PART:
        return True
    if any(map(text.__contains__, ASSIGNING)) or any(map(text.__contains__, SPACED_HINTS)):
        return True
    low = lowered(text)
    data = text.encode('utf-8', 'surrogatepass')
    hinted = (any(map(low.__contains__, passwords.HINTS))
              or any(map(low.__contains__, passwords.PAIR_PROSE_STARTS)))
    if hinted and (
            (('"' in text or "'" in text) and QUOTED_RE.search(text))
            or b'0 0' in data.translate(digits())
            or PASSPHRASE_RUN in data.translate(password_value())
            or run_with(data.translate(password_value()), SIGNS, SPLIT_KEY)):
        return True
    seen, read = low, data  # what the context layer reads: 'Bearer --prıvate' has a value of 10
    if not text.isascii() and any(map(text.__contains__, FOLDS_TO_ASCII)):
        folded = text.translate(FOLDED)
        seen, read = lowered(folded), folded.encode('utf-8', 'surrogatepass')
    if any(map(seen.__contains__, CONTEXT_HINTS)) and (
            run_with(read.translate(context_value()), SIGNS, SPLIT_KEY)
            or run_with(read.translate(letters()), SCRAMBLED, 12)):
        return True
    return LONG_RUN in data.translate(spaces()) and (
        TOKEN_RUN in data.translate(tokens())
        or shape_hints_re().search(data.translate(None, PAST_ASCII)) is not None)
