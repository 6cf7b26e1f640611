"""How the gate does on the voices set: synthetic sessions in seven formats and many voices,
labeled by other hands.

    python -m benchmarks.voices [--corpus DIR] [--show] [--curve]

Reads ../shared/transcripts/voices (labels.jsonl: what a maintainer would keep; traps.jsonl:
sentences that look durable and are not), runs the real pipeline on every session with no cap and
matches proposals to labels with benchmarks/real.py's one-to-one matching (a Codex `event_msg` copy
of a `response_item` and a Copilot prompt repeated in its hook are one statement: the parser keeps
one). A trap is a proposal that matches no label and matches a trap quote. Prints precision, recall
and traps proposed at the default settings; --curve the same across thresholds (every candidate
scored once, threshold -1); --show each proposal (KEEP, TRAP or junk) with its score.
This set is a benchmark, never a fixture: nothing is tuned to its sentences.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from benchmarks import real
from memory_gate.reading.records import Proposal, Settings
from memory_gate.reading.rules import weights

CORPUS = Path(__file__).resolve().parents[2] / 'shared' / 'transcripts' / 'voices'
THRESHOLDS = [x / 20 for x in range(0, 20)]


class Judged(NamedTuple):
    session: str
    proposal: Proposal
    verdict: str  # KEEP | TRAP | junk


class Tally(NamedTuple):
    proposed: int
    correct: int
    traps: int
    labels: int

    def line(self) -> str:
        return (
            f'{self.proposed:>5} {real.ratio(self.correct, self.proposed):>5.2f} '
            f'{real.ratio(self.correct, self.labels):>5.2f} '
            f'{self.traps:>5}  ({self.correct}/{self.labels} labels)'
        )


def quotes(path: Path) -> dict[str, list[real.Label]]:
    out: dict[str, list[real.Label]] = {}
    for raw in path.read_text(encoding='utf-8').splitlines():
        if raw.strip():
            item = json.loads(raw)
            out.setdefault(item['file'], []).append(
                real.Label(
                    item['file'], item['quote'], item.get('kind', 'trap'), item.get('role', '')
                )
            )
    return out


def session_files(corpus: Path) -> list[str]:
    return sorted(
        p.name
        for p in corpus.iterdir()
        if p.is_file()
        and p.suffix in ('.jsonl', '.json')
        and p.name not in ('labels.jsonl', 'traps.jsonl')
    )


def verdicts(
    proposed: Sequence[Proposal], labels: Sequence[real.Label], traps: Sequence[real.Label]
) -> list[str]:
    return [
        'KEEP'
        if hit is not None
        else 'TRAP'
        if any(real.matches(p.text, t.quote) for t in traps)
        else 'junk'
        for p, hit in zip(proposed, real.judge(proposed, labels))
    ]


def candidates(corpus: Path) -> list[tuple[str, list[Proposal]]]:
    """Every session with every candidate the pipeline scores (threshold -1, no cap), in the
    pipeline's order."""
    return [
        (rel, real.propose(corpus, rel, Settings(threshold=-1.0, join=False)))
        for rel in session_files(corpus)
    ]


def tally(
    found: Sequence[tuple[str, list[Proposal]]],
    labels: dict[str, list[real.Label]],
    traps: dict[str, list[real.Label]],
    threshold: float,
    show: bool = False,
    score: Callable[[Proposal], float] = lambda p: p.score,
) -> Tally:
    """Proposals, correct ones and traps among the candidates scoring at least `threshold` (by
    `score`: the shipped one, or fit_weights' refit)."""
    proposed = correct = trapped = 0
    for rel, props in found:
        kept = [p for p in props if score(p) >= threshold]
        marks = verdicts(kept, labels.get(rel, []), traps.get(rel, []))
        proposed += len(kept)
        correct += marks.count('KEEP')
        trapped += marks.count('TRAP')
        if show:
            for p, mark in zip(kept, marks):
                print(f'{mark} {rel}:{p.line} {p.role} {score(p):.2f} [{p.rule}]\n     {p.text}')
    return Tally(proposed, correct, trapped, sum(len(v) for v in labels.values()))


def main(argv: list[str]) -> int:
    corpus = Path(argv[argv.index('--corpus') + 1]) if '--corpus' in argv else CORPUS
    if not (corpus / 'labels.jsonl').is_file():
        print(f'voices set not found at {corpus}; skipped')
        return 0
    labels, traps = quotes(corpus / 'labels.jsonl'), quotes(corpus / 'traps.jsonl')
    report(
        candidates(corpus),
        labels,
        traps,
        weights.THRESHOLD,
        'as shipped',
        '--show' in argv,
        '--curve' in argv,
    )
    # as built: default settings, one message one proposal (merge.py), as a user gets them
    built = [(rel, real.propose(corpus, rel, Settings())) for rel in session_files(corpus)]
    print(f'{"as built":<18} ' + tally(built, labels, traps, 0.0, '--show' in argv).line())
    return 0


def report(
    found: Sequence[tuple[str, list[Proposal]]],
    labels: dict[str, list[real.Label]],
    traps: dict[str, list[real.Label]],
    threshold: float,
    how: str,
    show: bool,
    curve: bool,
    score: Callable[[Proposal], float] = lambda p: p.score,
) -> None:
    print(
        f'{"voices":<18} {"prop":>5} {"P":>5} {"R":>5} {"traps":>5}   '
        f'(threshold {threshold:.2f}, {how})'
    )
    print(f'{"default":<18} ' + tally(found, labels, traps, threshold, show, score).line())
    if curve:
        print(f'\n{"threshold":>9} {"prop":>5} {"P":>5} {"R":>5} {"traps":>5}   (voices, {how})')
        for t in THRESHOLDS:
            print(f'{t:>9.2f} ' + tally(found, labels, traps, t, score=score).line())


if __name__ == '__main__':
    raise SystemExit(main(sys.argv[1:]))
