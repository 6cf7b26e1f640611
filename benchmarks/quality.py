"""Precision, recall and F1 of the extraction rules on the labeled development set.

    python benchmarks/quality.py [SESSIONS.txt ...] [--all] [--show]
    python benchmarks/quality.py --real [--show]
    python benchmarks/quality.py --harvest [--show]

Reads benchmarks/devset/sessions.txt (or the files given; --all: every set in
devset/, the holdouts too; format in devset/README.md), runs the real
pipeline on each session as a JSONL transcript, and prints the scores overall,
per kind and per rule, with the traps that got through. --show lists every miss
and every false positive. --real scores the hand-labeled real sessions instead
(benchmarks/real.py): per source, proposals and junk per session, precision and
recall; and whether a `Memory:` line appended to every session is proposed.
--harvest runs the harvest benchmark (benchmarks/harvest.py): `Memory:` lines planted in every
session of every format, proposed byte for byte, the local ones screened.
`python -m benchmarks.fit_weights --curve` adds leave-one-source-out scores and
the curve across the threshold.
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from memory_gate.base.records import Transcript
from memory_gate.reading.memory import identity
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Proposal, Settings

HERE = Path(__file__).resolve().parent
LABEL_RE = re.compile(r'\s*\[([a-z_]+)(?::([a-z_]+))?\]\s*$')
SEED_RE = re.compile(
    r'\b(?:decided|decision|chose|choose|must|never|always|root cause|prefer|preference|'
    r'require|convention|rule|fixed|fix was|workaround)\b|决定|偏好|修复|必须|不要|禁止|原因|约定',
    re.IGNORECASE,
)


class Labeled(NamedTuple):
    session: str
    text: str
    label: str  # a kind, 'trap', or '' for ordinary conversation
    family: str


def parse(text: str) -> tuple[dict[str, list[dict[str, str]]], list[Labeled]]:
    """Sessions as lists of {"role","text"} turns, and every labeled sentence."""
    sessions: dict[str, list[dict[str, str]]] = {}
    labeled: list[Labeled] = []
    turns: list[dict[str, str]] = []
    name = ''
    for raw in text.splitlines():
        if raw.startswith('== '):
            name = raw[3:].strip()
            turns = sessions.setdefault(name, [])
            continue
        if not raw.strip():
            continue
        head, body = raw[:3], raw[3:]
        match = LABEL_RE.search(body)
        if match:
            body = body[: match.start()]
        label, family = (match.group(1), match.group(2) or '') if match else ('', '')
        labeled.append(Labeled(name, body.strip(), label, family))
        if head in ('U> ', 'A> '):
            turns.append({'role': 'user' if head == 'U> ' else 'assistant', 'text': body})
        else:
            turns[-1]['text'] += '\n' + body
    return sessions, labeled


def score(
    sessions_text: str, settings: Settings
) -> tuple[list[Proposal], list[Labeled], dict[int, Labeled]]:
    """Run the pipeline on every session; map each proposal to the labeled line it came from."""
    sessions, labeled = parse(sessions_text)
    transcripts = [
        Transcript(name, [json.dumps(t, ensure_ascii=False).encode() + b'\n' for t in turns])
        for name, turns in sessions.items()
    ]
    result = build(transcripts, settings._replace(max_add=10**9))
    matched: dict[int, Labeled] = {}
    for i, p in enumerate(result.proposed):
        # a gold line first: a bullet that joins a labeled statement to its neighbour is found
        held = sorted(
            (item for item in labeled if holds(p, item)), key=lambda x: x.label in ('', 'trap')
        )
        if held:
            matched[i] = held[0]
    return result.proposed, labeled, matched


def holds(p: Proposal, item: Labeled) -> bool:
    """Whether a proposal is the labeled line's, or part of it (a sentence of a longer line), or
    holds it whole (merge.py's one bullet for the related sentences of one message)."""
    key, said = identity(p.text), identity(item.text)
    return item.session == p.source and bool(key) and bool(said) and (key in said or said in key)


def ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def report(
    proposed: list[Proposal], labeled: list[Labeled], matched: dict[int, Labeled], show: bool
) -> None:
    gold = [x for x in labeled if x.label not in ('', 'trap')]
    traps = [x for x in labeled if x.label == 'trap']
    # every labeled statement a bullet holds is found: a joined bullet may hold two
    hits = {x for x in gold if any(holds(p, x) for p in proposed)}
    tp = sum(1 for i in matched if matched[i].label not in ('', 'trap'))  # bullets holding gold
    precision, recall = ratio(tp, len(proposed)), ratio(len(hits), len(gold))
    f1 = ratio(2 * precision * recall, precision + recall) if precision + recall else 0.0
    no_seed = sum(1 for g in gold if not SEED_RE.search(g.text))
    print(f'development set: {len(gold)} durable statements '
          f'({no_seed} = {ratio(no_seed, len(gold)):.0%} without a seed keyword), '
          f'{len(traps)} traps, {len(labeled) - len(gold) - len(traps)} ordinary sentences')
    if not gold:  # a set of ordinary sentences only: everything proposed is a false positive
        print(f'overall: proposed {len(proposed)} of {len(labeled) - len(traps)} '
              'ordinary sentences (all false positives)')
        return
    print(f'overall: proposed {len(proposed)}, correct {tp}, found {len(hits)} of {len(gold)}, '
          f'precision {precision:.3f}, recall {recall:.3f}, F1 {f1:.3f}')
    print('\nper kind (recall over gold of that kind; '
          'precision over proposals whose rule has that kind):')
    for kind in ('decision', 'constraint', 'root_cause', 'convention', 'preference'):
        of_kind = [x for x in gold if x.label == kind]
        picked = [i for i, p in enumerate(proposed) if p.kind == kind]
        right = [i for i in picked if i in matched and matched[i].label not in ('', 'trap')]
        found = [x for x in of_kind if x in hits]
        print(f'  {kind:<11} gold {len(of_kind):>3}  recall {ratio(len(found), len(of_kind)):.3f}  '
              f'proposed {len(picked):>3}  precision {ratio(len(right), len(picked)):.3f}')
    print('\nper rule:')
    rules = Counter(p.rule for p in proposed)
    for name, count in sorted(rules.items(), key=lambda kv: -kv[1]):
        correct = sum(
            1
            for i, p in enumerate(proposed)
            if p.rule == name and i in matched and matched[i].label not in ('', 'trap')
        )
        print(f'  {name:<18} proposed {count:>3}  precision {ratio(correct, count):.3f}')
    leaked = Counter(matched[i].family for i in matched if matched[i].label == 'trap')
    families = dict(leaked) if leaked else ''
    print(f'\ntraps proposed: {sum(leaked.values())} of {len(traps)} {families}')
    if show:
        print('\nfalse positives:')
        for i, p in enumerate(proposed):
            if i not in matched or matched[i].label in ('', 'trap'):
                print(f'  [{p.rule}] {p.text}')
        print('\nmissed:')
        for item in gold:
            if item not in hits:
                print(f'  [{item.label}] {item.text}')


def main(argv: list[str]) -> int:
    if '--harvest' in argv:  # the agent's `Memory:` lines, byte for byte: benchmarks/harvest.py
        sys.path.insert(0, str(HERE.parent))
        from benchmarks import harvest
        return harvest.main(argv)
    # the hand-labeled real sessions: benchmarks/real.py, with the explicit-memory check
    if '--real' in argv:
        sys.path.insert(0, str(HERE.parent))
        from benchmarks import real
        return real.main([*argv, '--marked'])
    paths = [Path(a) for a in argv if not a.startswith('--')] or [HERE / 'devset' / 'sessions.txt']
    if '--all' in argv:
        paths = sorted((HERE / 'devset').glob('*.txt'))
    for path in paths:
        print(f'== {path.name}')
        report(*score(path.read_text(encoding='utf-8'), Settings()), show='--show' in argv)
    return 0


if __name__ == '__main__':
    raise SystemExit(main(sys.argv[1:]))
