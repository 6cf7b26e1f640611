"""A cue: a named feature the evidence weighs, with the gate of tokens without which its
pattern cannot match and the way it leans (lasting or of the moment); the helpers that build
word lists into patterns. The cues themselves: lasting.py, moment.py, form.py, gathered in cues.py."""
from __future__ import annotations

import re
from collections.abc import Iterable

from memory_gate.base.typed import NamedTuple


class Cue(NamedTuple):
    """One evidence feature, declared once: every table of the judgment derives from CUES.

    A phrase cue has a pattern (case-insensitive by its leading (?i), compiled on first use)
    and a gate: the tokens (TOKEN_RE, on the lowered sentence) or CJK words without one of which
    the pattern cannot match, so most sentences try few patterns (tests/reading/evidence_test.py proves
    each gate sound). A cue of place or voice has neither: evidence.features tells it from where
    the sentence sits. `leans` is the way it points before any data; the fit
    (benchmarks/fit_weights.py) keeps the sign and learns the size.
    """

    name: str
    pattern: str  # '' for a cue of place or voice
    gate: frozenset[str]
    leans: str  # LASTS | PASSES | '' (the data says which way)


LASTS, PASSES = 'lasting', 'moment'  # the two ways a cue can lean
# of a signal rule (patterns.Rule.kind)
KINDS = ('decision', 'constraint', 'root_cause', 'convention', 'preference')


def cue(name: str, pattern: str = '', gate: Iterable[str] = (), leans: str = '') -> Cue:
    """A cue; `gate` holds tokens and CJK words, or strings of them separated by spaces."""
    return Cue(name, pattern, frozenset(w for words in gate for w in words.split()), leans)


def tokens(words: Iterable[str]) -> tuple[str, ...]:
    """The lowercase ASCII words of a word list (its alternatives may hold spaces, ? and groups)."""
    return tuple(w for alternative in words for w in re.findall(r'[a-z]+', alternative))


def either(words: Iterable[str]) -> str:
    return '|'.join(words)


DIGITS = '0 1 2 3 4 5 6 7 8 9'
