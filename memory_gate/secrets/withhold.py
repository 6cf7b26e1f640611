"""What a proposal may not carry: a credential found anywhere in its turn, whole or in part.

A key split across two sentences, or cut in two by an invisible character, is in no
sentence whole; found in the turn's text, every sentence holding SPLIT_KEY or more
contiguous characters of it is withheld. Values are compared without invisible characters.
A turn is searched only when leak_gate.may_leak says it could hold such a value.
"""
from __future__ import annotations

import re
from collections.abc import Collection

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.credentials import findings, visible
from memory_gate.secrets.leak_gate import SPLIT_KEY, may_leak

Leaks = tuple[tuple[str, str], ...]  # (value, kind)


def turn_leaks(text: str, allowed: Collection[str] = ()) -> Leaks:
    """The credentials anywhere in a turn's text (code included), as (value, kind), invisible
    characters out."""
    if not may_leak(visible(text)[0]):
        return ()
    found = ((re.sub(P.INVISIBLE_RE, '', text[f.start:f.end]), f.kind)
             for f in findings(text, allowed))
    return tuple(leak for leak in found if len(leak[0]) >= SPLIT_KEY)


def shared_leak(text: str, leaks: Leaks) -> str | None:
    """The kind of a turn's credential of which the text holds SPLIT_KEY or more contiguous
    characters."""
    if not leaks:
        return None
    text = re.sub(P.INVISIBLE_RE, '', text) if not text.isascii() else text
    for value, kind in leaks:
        if any(value[i:i + SPLIT_KEY] in text for i in range(len(value) - SPLIT_KEY + 1)):
            return kind
    return None
