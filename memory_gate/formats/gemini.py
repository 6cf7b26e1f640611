"""Gemini CLI sessions: JSON lines (`*.jsonl`) and session documents (`session-*.json`).

User and gemini messages are mined; thoughts and toolCalls are never read; the CLI's own
notices are system. In JSON lines a later record with the same id replaces the earlier one
and $rewindTo drops the tail; a document holds every message in its "messages" array.
"""
from __future__ import annotations

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader
from memory_gate.formats.messages import as_str, block_texts, message_outcome

if TYPE_CHECKING:
    from typing import Any

MESSAGE_TYPES = ('user', 'gemini')
# Gemini CLI message types that are never mined: the CLI's own notices. Other types are 'unknown'.
GEMINI_SKIP = {'info': 'system', 'error': 'system', 'warning': 'system'}


def gemini_message(m: dict[str, Any], line: int, session: str) -> Outcome:
    """One message record: user and gemini content mined; thoughts and toolCalls never read."""
    kind = m.get('type')
    if kind not in MESSAGE_TYPES:
        return Outcome(line, skipped=GEMINI_SKIP.get(as_str(kind), 'unknown'))
    text, tool = block_texts(m.get('content'))
    tool = tool or bool(m.get('toolCalls'))
    role = 'user' if kind == 'user' else 'assistant'
    return message_outcome(line, role, text, tool, session, as_str(m.get('timestamp')))


class Gemini(Reader):
    """Gemini CLI JSON lines: messages held by id to the end, so a later record can replace one."""

    def __init__(self) -> None:
        self.session = ''
        self.records: dict[str, Outcome] = {}

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        if 'projectHash' in obj or '$set' in obj:
            self.session = self.session or as_str(obj.get('sessionId'))
            return [Outcome(line, skipped='meta')]
        if '$rewindTo' in obj:
            return [Outcome(line, skipped='meta'), *self.rewind(as_str(obj['$rewindTo']))]
        if obj.get('type') not in MESSAGE_TYPES:
            return [gemini_message(obj, line, self.session)]
        key = as_str(obj.get('id')) or f'#{line}'
        previous = self.records.pop(key, None)
        self.records[key] = gemini_message(obj, line, self.session)
        if previous is None:
            return []
        return [Outcome(previous.line, skipped='duplicate')]

    def rewind(self, key: str) -> list[Outcome]:
        if key not in self.records:
            return []
        keys = list(self.records)
        tail = keys[keys.index(key):]
        return [Outcome(self.records.pop(k).line, skipped='rewound') for k in tail]

    def finish(self) -> list[Outcome]:
        return sorted(self.records.values(), key=lambda o: o.line)


class GeminiDocument(Reader):
    """A Gemini CLI session document: {"sessionId", "projectHash", ..., "messages": [...]}."""

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        """A document written on one line: every message starts on it."""
        return self.read(obj, [line] * len(obj['messages']))

    @staticmethod
    def read(doc: dict[str, Any], lines: list[int]) -> list[Outcome]:
        """Each message's outcome; `lines[i]` is the file line where message i starts."""
        session, outcomes = as_str(doc.get('sessionId')), []
        for index, (m, line) in enumerate(zip(doc['messages'], lines)):
            if not isinstance(m, dict):
                outcomes.append(Outcome(line, skipped='unknown'))
                continue
            outcome = gemini_message(m, line, session)
            turns = tuple(t._replace(message=index) for t in outcome.turns)
            outcomes.append(outcome._replace(turns=turns))
        return outcomes


def is_gemini(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    if 'projectHash' in o or '$set' in o or '$rewindTo' in o:
        return True
    return kind in MESSAGE_TYPES and 'id' in o


def is_gemini_document(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    """Tested before the chat formats, which also read a "messages" array."""
    if not isinstance(o.get('messages'), list):
        return False
    return 'projectHash' in o or 'lastUpdated' in o


GEMINI = Format('gemini', Gemini, is_gemini, structured=True)
GEMINI_DOCUMENT = Format('gemini-document', GeminiDocument, is_gemini_document, structured=True)
