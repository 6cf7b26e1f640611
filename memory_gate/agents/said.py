"""What `collect --said-only` keeps of a session: its own format, with only the records people's
words are read from (and the first, which names the format and the session); a session document
keeps only its user and reply messages' text."""

from __future__ import annotations

import json
from collections.abc import Iterable

from memory_gate.base.lineset import LineSet


def said_lines(lines: Iterable[bytes | None]) -> LineSet:
    """The line numbers `--said-only` keeps: the first record (it names the format and the
    session) and those people's words are read from; a bit each, whatever the session's size."""
    from collections import Counter

    from memory_gate.formats.parse import parse_lines

    keep = LineSet([1])
    for outcome in parse_lines(lines, Counter()):
        if outcome.turns:
            keep.add(outcome.line)
    return keep


def said_document(data: bytes) -> bytes:
    """A session document (Gemini CLI) with only its user and reply messages' text."""
    try:
        doc = json.loads(data)
    except ValueError:
        return data
    keys = ('id', 'timestamp', 'type', 'content')
    doc['messages'] = [
        {k: m[k] for k in keys if k in m}
        for m in doc.get('messages', [])
        if isinstance(m, dict) and m.get('type') in ('user', 'gemini') and m.get('content')
    ]
    return json.dumps(doc, indent=2, ensure_ascii=False).encode() + b'\n'
