"""Transcript formats: one module per agent, each ending with its `Format` record.

A reader turns one parsed JSON object (a transcript line) into outcomes: the turns people
wrote in it, or the reason it was skipped. Only natural-language turns of the user and the
assistant are ever mined. See docs/FORMATS.md and FORMATS.md in the shared folder.

The modules: `chat` (the simple shape, OpenAI chat, Anthropic blocks), `claude_code`,
`codex`, `gemini` (JSON lines and session documents), `cursor`, `copilot`; `messages`
judges one message for all of them; `document` reads a file that is one JSON document.

Add a format: one new file here, `<agent>.py`, holding its Reader and its skip table and
ending with its `Format(name, reader, detect, structured)` record; and one line in
`parse.FORMATS`, at its place in the detection order (first match wins, so the order is
specification). Its tests: `tests/formats/<agent>_test.py`, feeding records to the reader.

`parse` reads a file's lines (records.Transcript) into turns, naming the format it detected.
Takes and gives: JSON objects and lines in, Turn records and skip reasons out. Pure.
May import: base.
"""
from __future__ import annotations

from collections.abc import Callable

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from typing import Any


class Turn(NamedTuple):
    role: str  # 'user' or 'assistant'
    text: str
    line: int
    session: str = ''
    timestamp: str = ''
    # index in the document's messages, for a transcript that is one JSON document
    message: int | None = None
    # 'plan': an assistant-written plan the harness replays in a user message once approved
    voice: str = ''


class Outcome(NamedTuple):
    line: int
    turns: tuple[Turn, ...] = ()
    skipped: str = ''  # why the line yielded nothing ('' when turns were mined)


class Reader:
    """One format's reader: feed() each parsed line in order, then finish() for what it held."""

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        raise NotImplementedError

    def finish(self) -> list[Outcome]:
        return []


# Whether one parsed line names a format: (the object, its 'type' and its 'role' when they
# are strings, else None). parse.detect asks each format in turn; the first that says yes wins.
if TYPE_CHECKING:
    Detect = Callable[[dict[str, Any], 'str | None', 'str | None'], bool]


# Why a raw line the reader would skip is skipped, told from its bytes alone ('' when they do
# not tell): parse skips such a line before json.loads, in a file already known to be in the
# format. Only for lines the agent's own JSON writer wrote (valid JSON and UTF-8 by
# construction) whose outcome depends on nothing the reader holds.
SkipLine = Callable[[bytes], str]


class Format(NamedTuple):
    """A transcript format, declared at the end of its module and listed in parse.FORMATS.

    `name` is the `format:<name>` counted in --stats (two layouts of one agent may share it);
    `structured`: an agent log, where a record its reader does not know is 'unknown', not
    'malformed' as in a chat file; `skip_line`: see SkipLine.
    """

    name: str
    reader: type[Reader]
    detect: Detect
    structured: bool
    skip_line: SkipLine | None = None
