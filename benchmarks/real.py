"""How the gate does on real agent sessions: per source, proposals and junk per session, precision,
recall.

python benchmarks/real.py [--corpus DIR] [--show] [--marked]

Reads the hand-labeled sessions of ../shared/transcripts/real (labels/<source>.jsonl: what a
maintainer of that project would keep), runs the real pipeline on every session with no cap, and
matches proposals to labels the way the hidden check does: after normalising both (drop `` ` * _ > #
``, squeeze whitespace, lowercase), one contains the other or they share a run of at least max(20,
half the shorter) characters; one to one, so a second proposal matching an already matched label is
junk. --show lists every proposal (KEEP or junk); --marked appends a `Memory:` line to every session
(written the way its tool writes) and counts how often it is proposed."""
from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from difflib import SequenceMatcher
from pathlib import Path
from typing import NamedTuple

from memory_gate.base.files import open_transcript
from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Proposal, Settings

CORPUS = Path(__file__).resolve().parents[2] / 'shared' / 'transcripts' / 'real'
_DROP_RE = re.compile(r'[`*_>#]')
_SPACE_RE = re.compile(r'\s+')


class Label(NamedTuple):
    file: str
    quote: str
    kind: str
    role: str


class Scored(NamedTuple):
    source: str
    sessions: int
    proposed: int
    correct: int
    labels: int


def normal(text: str) -> str:
    return _SPACE_RE.sub(' ', _DROP_RE.sub('', text)).strip().lower()


def matches(proposal: str, quote: str) -> bool:
    a, b = normal(proposal), normal(quote)
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    run = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b)).size
    return run >= max(20, min(len(a), len(b)) // 2)


def load_labels(corpus: Path) -> dict[str, list[Label]]:
    labels: dict[str, list[Label]] = {}
    for path in sorted((corpus / 'labels').glob('*.jsonl')):
        for raw in path.read_text(encoding='utf-8').splitlines():
            if raw.strip():
                item = json.loads(raw)
                labels.setdefault(item['file'], []).append(
                    Label(item['file'], item['quote'], item['kind'], item['role'])
                )
    return labels


def sessions(corpus: Path) -> dict[str, list[str]]:
    """Source folder -> session files (relative to the corpus), sorted."""
    found: dict[str, list[str]] = {}
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir() and p.name != 'labels'):
        found[folder.name] = sorted(
            f'{folder.name}/{f.name}' for f in folder.iterdir() if f.is_file()
        )
    return found


def propose(corpus: Path, rel: str, settings: Settings) -> list[Proposal]:
    with open_transcript(str(corpus / rel)) as stream:
        result = build(
            [Transcript(rel, iter(stream.readline, b''))], settings._replace(max_add=10**9)
        )
    return result.proposed


def judge(proposed: Sequence[Proposal], labels: Sequence[Label]) -> list[Label | None]:
    """For each proposal, the label it matches (one to one), or None for junk."""
    free = list(labels)
    out: list[Label | None] = []
    for p in proposed:
        hit = next((label for label in free if matches(p.text, label.quote)), None)
        if hit is not None:
            free.remove(hit)
        out.append(hit)
    return out


def run(
    corpus: Path, settings: Settings
) -> dict[str, list[tuple[str, list[Proposal], list[Label | None]]]]:
    labels = load_labels(corpus)
    out: dict[str, list[tuple[str, list[Proposal], list[Label | None]]]] = {}
    for source, files in sessions(corpus).items():
        for rel in files:
            proposed = propose(corpus, rel, settings)
            out.setdefault(source, []).append((rel, proposed, judge(proposed, labels.get(rel, []))))
    return out


def table(
    results: dict[str, list[tuple[str, list[Proposal], list[Label | None]]]],
    labels: dict[str, list[Label]],
) -> list[Scored]:
    rows = []
    for source, items in results.items():
        proposed = sum(len(p) for _, p, _ in items)
        correct = sum(1 for _, _, hits in items for h in hits if h is not None)
        total = sum(len(labels.get(rel, [])) for rel, _, _ in items)
        rows.append(Scored(source, len(items), proposed, correct, total))
    return rows


def ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def print_rows(rows: Sequence[Scored]) -> None:
    print(
        f'{"source":<18} {"sessions":>8} {"proposed":>8} {"per sess":>8} {"junk/s":>7} '
        f'{"P":>6} {"R":>6}  (correct/labels)'
    )
    total = Scored('all', *(sum(getattr(r, f) for r in rows) for f in Scored._fields[1:]))
    for r in [*rows, total]:
        print(
            f'{r.source:<18} {r.sessions:>8} {r.proposed:>8} {ratio(r.proposed, r.sessions):>8.2f} '
            f'{ratio(r.proposed - r.correct, r.sessions):>7.2f} '
            f'{ratio(r.correct, r.proposed):>6.2f} '
            f'{ratio(r.correct, r.labels):>6.2f}  ({r.correct}/{r.labels})'
        )


def show(results: dict[str, list[tuple[str, list[Proposal], list[Label | None]]]]) -> None:
    for items in results.values():
        for rel, proposed, hits in items:
            for p, h in zip(proposed, hits):
                mark = 'KEEP' if h is not None else 'junk'
                print(f'{mark} {rel}:{p.line} {p.role} [{p.rule}]\n     {p.text}')


MARKED = ('Memory: integration tests need the local Postgres from docker compose; '
          'SQLite is not supported.')


def planted(data: bytes, fmt: str, text: str) -> bytes:
    """A session with one more assistant message at its end, written the way its tool writes one."""
    if fmt == 'gemini-document':
        doc = json.loads(data)
        doc['messages'].append(
            {'id': 'planted', 'timestamp': 't', 'type': 'gemini', 'content': text}
        )
        return json.dumps(doc, indent=2, ensure_ascii=False).encode()
    record = {
        'copilot': {
            'type': 'assistant.message',
            'data': {'content': text, 'messageId': 'm'},
            'id': 'p',
            'timestamp': 't',
        },
        'codex': {
            'type': 'response_item',
            'payload': {
                'type': 'message',
                'role': 'assistant',
                'content': [{'type': 'output_text', 'text': text}],
            },
        },
    }.get(
        fmt,
        {
            'type': 'assistant',
            'uuid': 'planted',
            'sessionId': 's',
            'isSidechain': False,
            'message': {'role': 'assistant', 'content': [{'type': 'text', 'text': text}]},
        },
    )
    return data.rstrip(b'\n') + b'\n' + json.dumps(record).encode() + b'\n'


def explicit_memory(corpus: Path) -> tuple[int, int, int]:
    """Sessions, sessions whose planted `Memory:` line is proposed (default settings), and those
    proposing the same statement said without the marker (the control)."""
    n = marked = unmarked = 0
    for files in sessions(corpus).values():
        for rel in files:
            data = (corpus / rel).read_bytes()
            fmt = next(k[7:] for k in format_of(data, rel))
            n += 1
            for text, hit in ((MARKED, 'marked'), (MARKED.split(': ', 1)[1], 'control')):
                lines = planted(data, fmt, text).splitlines(keepends=True)
                proposed = build([Transcript(rel, lines)], Settings()).proposed
                found = any(p.text == MARKED.split(': ', 1)[1] for p in proposed)
                marked += found and hit == 'marked'
                unmarked += found and hit == 'control'
    return n, marked, unmarked


def format_of(data: bytes, rel: str) -> list[str]:
    stats = build([Transcript(rel, data.splitlines(keepends=True))], Settings(max_add=0)).stats
    return [k for k in stats if k.startswith('format:')]


def main(argv: list[str]) -> int:
    corpus = Path(argv[argv.index('--corpus') + 1]) if '--corpus' in argv else CORPUS
    if not (corpus / 'labels').is_dir():
        print(f'real corpus not found at {corpus}; skipped')
        return 0
    labels = load_labels(corpus)
    results = run(corpus, Settings())
    print_rows(table(results, labels))
    if '--show' in argv:
        show(results)
    if '--marked' in argv:
        n, marked, control = explicit_memory(corpus)
        print(
            f'explicit memory: a "Memory:" line appended to each of {n} sessions '
            f'is proposed in {marked}; '
            f'the same statement without the marker in {control}'
        )
    return 0


if __name__ == '__main__':
    raise SystemExit(main(sys.argv[1:]))
