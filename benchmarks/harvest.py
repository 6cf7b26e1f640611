"""The harvest benchmark (issue 42): are the agent's `Memory:` lines proposed exactly as written?

    python -m benchmarks.harvest [--corpus DIR] [--max-add N] [--show]

Appends four assistant messages to every session of ../shared/transcripts (the real sessions,
the format samples and the voices: every format the product reads assistant text from), written
the way that session's tool writes one: `Memory:` lines of benchmarks/harvest_lines.jsonl (several
languages and marker forms, code spans first, markdown tables and links, a 1,400-character line,
list-marked, several to a message among other prose), and a `Memory: none`. Runs the real pipeline
at the default settings and counts, per format: lines proposed byte for byte ('exact'), proposed
changed ('altered'), not proposed ('missing'); the local lines ('screen' in the data) listed by the
screen with their reason ('screened'), proposed anyway ('leaked') or dropped without a trace
('untraced'); proposals of `Memory: none` and any other proposal of the planted messages ('extra').
Exit 1 unless every line is exact, every local line screened and nothing extra: a failing check.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from benchmarks.real import matches, normal
from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / 'shared' / 'transcripts'
SKIP = ('labels', 'traps', 'PROVENANCE', 'README')
COLUMNS = ('sessions', 'lines', 'exact', 'altered', 'missing', 'local', 'screened', 'leaked',
           'untraced', 'extra')


class Line(NamedTuple):
    form: str  # how the marker is written, '{}' where the statement goes
    text: str  # the statement, exactly as it must be proposed
    screen: str  # the screen's reason for a local line, '' for one to propose


def load_lines(path: Path = HERE / 'harvest_lines.jsonl') -> list[Line]:
    with path.open(encoding='utf-8') as stream:
        return [Line(**json.loads(raw)) for raw in stream if raw.strip()]


def messages(lines: Sequence[Line]) -> list[str]:
    """The planted messages: the lines in three messages among prose, and a `Memory: none`."""
    said = [line.form.format(line.text) for line in lines]
    third = len(said) // 3
    return [
        'That is the change, and the tests pass.\n\n' + '\n'.join(said[:third]) + '\n\nThanks.',
        'A few things worth keeping:\n\n' + '\n\n'.join(said[third:2 * third]),
        'Notes:\n' + '\n'.join(said[2 * third:]) + '\nLet me know if anything else is needed.',
        'Nothing else lasts from this part.\n\nMemory: none',
    ]


def first_record(data: bytes) -> dict[str, Any]:
    for raw in data.splitlines():
        try:
            record = json.loads(raw)
        except ValueError:
            continue
        if isinstance(record, dict):
            return record
    return {}


def record(fmt: str, text: str, n: int, first: dict[str, Any]) -> dict[str, Any]:
    """One assistant message as the session's tool writes it."""
    parts = [{'type': 'text', 'text': text}]
    if fmt == 'openai-chat':
        if 'messages' in first:
            return {'messages': [{'role': 'assistant', 'content': text}]}
        shaped = isinstance(first.get('content'), list)
        return {'role': 'assistant', 'content': parts if shaped else text}
    shapes: dict[str, dict[str, Any]] = {
        'simple': {'role': 'assistant', 'text': text},
        'cursor': {'role': 'assistant', 'message': {'content': parts}},
        'gemini': {'id': f'planted-{n}', 'timestamp': 't', 'type': 'gemini', 'content': text},
        'copilot': {'type': 'assistant.message', 'data': {'content': text, 'messageId': f'p{n}'},
                    'id': f'planted-{n}', 'parentId': None, 'timestamp': 't'},
        'codex': {'type': 'response_item', 'payload': {
            'type': 'message', 'role': 'assistant',
            'content': [{'type': 'output_text', 'text': text}]}},
    }
    claude = {'type': 'assistant', 'uuid': f'planted-{n}', 'sessionId': 's', 'isSidechain': False,
              'message': {'role': 'assistant', 'content': parts}}
    return shapes.get(fmt, claude)


def planted(data: bytes, fmt: str, said: Sequence[str]) -> tuple[bytes, set[int]]:
    """The session with the messages appended, and where they sit (lines; for a Gemini document,
    message indexes)."""
    if fmt == 'gemini-document':
        doc = json.loads(data)
        start = len(doc['messages'])
        doc['messages'] += [{'id': f'planted-{n}', 'timestamp': 't', 'type': 'gemini',
                             'content': text} for n, text in enumerate(said)]
        return json.dumps(doc, indent=2, ensure_ascii=False).encode(), set(
            range(start, start + len(said)))
    body = data.rstrip(b'\n') + b'\n'
    start = body.count(b'\n') + 1
    first = first_record(data)
    added = b''.join(json.dumps(record(fmt, text, n, first), ensure_ascii=False).encode() + b'\n'
                     for n, text in enumerate(said))
    return body + added, set(range(start, start + len(said)))


def session_files(corpus: Path) -> list[Path]:
    return sorted(
        p for p in corpus.rglob('*')
        if p.is_file() and p.suffix in ('.jsonl', '.json')
        and not any(word in str(p.relative_to(corpus)) for word in SKIP)
    )


def format_of(data: bytes, name: str) -> str:
    stats = build([Transcript(name, data.splitlines(keepends=True))], Settings(max_add=0)).stats
    return next((k[7:] for k in stats if k.startswith('format:')), '')


def score(data: bytes, name: str, fmt: str, lines: Sequence[Line],
          settings: Settings) -> tuple[Counter[str], list[str]]:
    """The counts of one session with the lines planted, and what went wrong, one line each."""
    text, where = planted(data, fmt, messages(lines))
    result = build([Transcript(name, text.splitlines(keepends=True))], settings)
    proposed = [p.text for p in result.proposed]
    ours = [p.text for p in result.proposed
            if (p.message if fmt == 'gemini-document' else p.line) in where]
    screened = {(s.text, s.reason) for s in getattr(result, 'screened', ())}
    counts: Counter[str] = Counter(sessions=1)
    wrong: list[str] = []
    for line in lines:
        counts['local' if line.screen else 'lines'] += 1
        outcome = judge(line, proposed, screened)
        counts[outcome] += 1
        if outcome not in ('exact', 'screened'):
            wrong.append(f'{outcome}: {line.text[:100]}')
    extra = [p for p in ours if not any(alike(p, line.text) for line in lines)]
    counts['extra'] += len(extra)
    wrong += [f'extra: {p[:100]}' for p in extra]
    return counts, wrong


def judge(line: Line, proposed: Sequence[str], screened: set[tuple[str, str]]) -> str:
    if line.screen:
        if (line.text, line.screen) in screened:
            return 'screened'
        return 'leaked' if any(alike(p, line.text) for p in proposed) else 'untraced'
    if line.text in proposed:
        return 'exact'
    return 'altered' if any(alike(p, line.text) for p in proposed) else 'missing'


def alike(proposal: str, text: str) -> bool:
    """Whether a proposal is the line, changed: matched as real.py matches labels, or equal but
    for whitespace, code ticks and emphasis."""
    return matches(proposal, text) or ''.join(normal(proposal).split()) == ''.join(
        normal(text).split())


def run(corpus: Path, lines: Sequence[Line], settings: Settings,
        show: bool) -> dict[str, Counter[str]]:
    table: dict[str, Counter[str]] = {}
    for path in session_files(corpus):
        data = path.read_bytes()
        name = str(path.relative_to(corpus))
        fmt = format_of(data, name)
        if not fmt:
            continue
        counts, wrong = score(data, name, fmt, lines, settings)
        table.setdefault(fmt, Counter()).update(counts)
        if show:
            print(*(f'{name}: {w}' for w in wrong), sep='\n') if wrong else None
    return table


def print_table(table: dict[str, Counter[str]]) -> bool:
    print(f'{"format":<16}' + ''.join(f'{c:>9}' for c in COLUMNS))
    total: Counter[str] = Counter()
    for fmt in sorted(table):
        total.update(table[fmt])
        print(f'{fmt:<16}' + ''.join(f'{table[fmt][c]:>9}' for c in COLUMNS))
    print(f'{"all":<16}' + ''.join(f'{total[c]:>9}' for c in COLUMNS))
    return (total['exact'] == total['lines'] and total['screened'] == total['local']
            and not total['extra'])


def main(argv: list[str]) -> int:
    corpus = Path(argv[argv.index('--corpus') + 1]) if '--corpus' in argv else CORPUS
    if not corpus.is_dir():
        print(f'corpus not found at {corpus}; skipped')
        return 0
    lines = load_lines()
    settings = Settings()
    if '--max-add' in argv:  # the cap the product proposes at (default 10)
        settings = settings._replace(max_add=int(argv[argv.index('--max-add') + 1]))
    table = run(corpus, lines, settings, '--show' in argv)
    held = print_table(table)
    print(f'harvest: {len(lines)} lines a session, '
          + ('every line exact, every local line screened' if held else 'NOT byte-identical'))
    return 0 if held else 1


if __name__ == '__main__':
    raise SystemExit(main(sys.argv[1:]))
