"""The conversation before a bullet: what `review`'s c key and `build --context N` print.

The transcript is read through formats.parse, as the hook read it: each turn of the user and
the assistant is one entry, its speaker named and its text shortened; a tool call between two
turns is one line (its name and the gist of its input); every line is masked
(credentials.printable) and cut to fit the width.
"""
from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence

from memory_gate.base.files import InputError, iter_lines, open_content
from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.formats.parse import parse_lines
from memory_gate.secrets.credentials import printable
from memory_gate.text.width import fit, shortened, wrap

if TYPE_CHECKING:
    from typing import Any

WIDTH = 100  # columns a context line fits
TURN_COLUMNS = 280  # a turn's text is shortened to about this, then wrapped
TOOLS_SHOWN = 3  # tool calls shown after a turn; the rest are counted
INDENT = ' ' * 8  # where a tool call and a turn's second line start
RAW_KEPT = 64  # recent raw lines kept to name a skipped tool call (parse reads a little ahead)
RAW_BYTES = 65536  # a longer raw line (tool output, an image) is never a call worth naming
# The keys an agent's tool call gives its input under, and the input keys that say most.
INPUT_KEYS = ('input', 'arguments', 'args', 'parameters')
GIST_KEYS = ('command', 'cmd', 'pattern', 'query', 'file_path', 'path', 'url', 'description')


class Step(NamedTuple):
    """A turn (who: 'user' or 'assistant') or a tool call (who: 'tool') at its line."""

    line: int
    who: str
    text: str


def steps(lines: Iterable[bytes | None]) -> Iterator[Step]:
    """The turns and tool calls of a transcript's lines, in order."""
    raw: dict[int, bytes] = {}
    for outcome in parse_lines(remembered(lines, raw), Counter()):
        for turn in outcome.turns:
            yield Step(turn.line, turn.role, turn.text)
        call = tool_call(raw.get(outcome.line)) if outcome.skipped == 'tool' else ''
        if call:
            yield Step(outcome.line, 'tool', call)


def remembered(lines: Iterable[bytes | None], raw: dict[int, bytes]) -> Iterator[bytes | None]:
    """`lines` as they are, the short recent ones kept in `raw` by line number."""
    for number, line in enumerate(lines, 1):
        if line is not None and len(line) <= RAW_BYTES:
            raw[number] = line
        raw.pop(number - RAW_KEPT, None)
        yield line


def tool_call(line: bytes | None) -> str:
    """A tool call as one line, 'name gist', from the record it is in ('' when none is)."""
    try:
        found = called(json.loads(line or b'null'))
    except (ValueError, RecursionError):
        return ''
    if found is None:
        return ''
    name, given = found
    return f'{name} {gist(given)}'.strip()


def called(obj: Any, depth: int = 0) -> tuple[str, Any] | None:
    """The first (name, input) of a tool call in a record, searched breadth-first."""
    level = [obj]
    while level and depth < 6:
        for o in (o for o in level if isinstance(o, dict)):
            key = next((k for k in INPUT_KEYS if k in o), '')
            if isinstance(o.get('name'), str) and key:
                return o['name'], o[key]
        level = [v for o in level for v in children(o)]
        depth += 1
    return None


def children(o: Any) -> list[Any]:
    if isinstance(o, dict):
        return list(o.values())
    return list(o) if isinstance(o, list) else []


def gist(given: Any) -> str:
    """What a tool was given, in a few words: the command or path when it names one."""
    if isinstance(given, str):
        text: str = given
        try:
            given = json.loads(text)
        except (ValueError, RecursionError):
            return text
    if isinstance(given, dict):
        key = next((k for k in GIST_KEYS if k in given), '')
        given = given[key] if key else given
    if isinstance(given, list) and all(isinstance(g, str) for g in given):
        return ' '.join(given)
    return given if isinstance(given, str) else json.dumps(given, ensure_ascii=False)


def before(lines: Iterable[bytes | None], line: int, count: int) -> list[Step]:
    """The `count` turns before the turn at `line` (the tool calls after each), and that turn;
    [] when no turn is at `line`."""
    kept: deque[list[Step]] = deque(maxlen=count + 1)  # each turn with the tool calls after it
    for step in steps(lines):
        if step.who != 'tool':
            kept.append([step])
        elif kept:
            kept[-1].append(step)
        if step.who != 'tool' and step.line >= line:
            return [s for block in kept for s in block] if step.line == line else []
    return []


def render(shown: Sequence[Step], width: int = WIDTH) -> list[str]:
    """The steps as printed lines: a turn's line, speaker and shortened text, wrapped (the last
    turn, the bullet's, marked '>'); a tool call one line; past TOOLS_SHOWN calls in a row, how
    many more."""
    out: list[str] = []
    calls = 0
    last = max((n for n, s in enumerate(shown) if s.who != 'tool'), default=-1)
    for n, step in enumerate(shown):
        calls = calls + 1 if step.who == 'tool' else 0
        if calls > TOOLS_SHOWN:
            more = f'{INDENT}(+{calls - TOOLS_SHOWN} more tool calls)'
            out[len(out) - (calls > TOOLS_SHOWN + 1):] = [more]
        elif calls:
            out.append(fit(f'{INDENT}tool: {printable(step.text)}', width))
        else:
            mark = '>' if n == last else ' '
            head = f'{mark}{step.line:>6} {step.who}: '
            text = shortened(printable(step.text), TURN_COLUMNS)
            out += wrap(head + text, width, INDENT + '  ')
    return out


def around(path: str, line: int, count: int, width: int = WIDTH) -> list[str]:
    """The printed context of the turn at `line` of the transcript at `path`; raises InputError
    when the transcript cannot be read."""
    try:
        with open_content(path) as stream:
            found = before(iter_lines(stream), line, count)
    except OSError as exc:
        raise InputError(str(exc), path) from None
    if not found:
        return [f'{INDENT}(no turn at line {line} of the transcript now: has it changed?)']
    return render(found, width)
