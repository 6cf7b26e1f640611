"""A later decision that replaces an earlier one wins: the earlier is not proposed.

A decision replaces another when it names, as what it turns away from, the thing the earlier one
chose: "We'll cache the parsed feeds with pickle." then "Change of plan: parquet instead of pickle
for the feed cache." The earlier names pickle and does not itself turn it away; the later turns it
away ("instead of pickle", "drop pickle", "pickle is out", "不用 pickle 了"). A later decision that
turns away something the earlier also turned away agrees with it ("Postgres for all persistence,
not SQLite" then "the cache is in Postgres too, not SQLite") and replaces nothing.
"""
from __future__ import annotations

import re

from memory_gate.reading.rules.marks import TURNED_AWAY_RE, TURNED_AWAY_SKIP

_WORD = r"[\w.+#/-]+"


def turned_away(sentence: str) -> frozenset[str]:
    """What the sentence turns away from, lowercased, backticks dropped."""
    found = set()
    for match in re.finditer(TURNED_AWAY_RE, sentence.replace('`', '')):
        word = next(g for g in match.groups() if g).lower().strip('.,;:')
        if len(word) >= 3 and word not in TURNED_AWAY_SKIP:
            found.add(word)
    return frozenset(found)


def words(sentence: str) -> frozenset[str]:
    return frozenset(w.lower().strip('.,;:') for w in re.findall(_WORD, sentence.replace('`', '')))


def replaces(later: str, earlier: str) -> bool:
    """Whether the later decision turns away what the earlier one chose."""
    away = turned_away(later)
    return bool(away) and bool((away & words(earlier)) - turned_away(earlier))
