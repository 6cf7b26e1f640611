"""Credential detection, measured: the corpus withheld by kind, false withholds, and the cost
per candidate.

    python -m benchmarks.secrets [TRANSCRIPT.jsonl ...]

The corpus is tests/fixtures/credentials.txt (fake credentials inside sentences that would
otherwise be proposed), run through the real pipeline. False withholds: the labeled durable
statements of benchmarks/devset/*.txt and every quote of ../shared/transcripts/real/labels/,
through the detector alone. The cost is secret_kind's, per candidate bullet of the transcripts
given (default: ../shared/transcripts/real/), in process time, best of 5 runs.
"""
from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

from benchmarks.quality import parse
from memory_gate.credentials import secret_kind
from memory_gate.files import transcripts
from memory_gate.pipeline import build
from memory_gate.records import Settings, Transcript

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / 'tests' / 'fixtures' / 'credentials.txt'
REAL = HERE.parent.parent / 'shared' / 'transcripts' / 'real'


def expand(value: str) -> str:
    """(TEXT)*N is TEXT repeated N times: the corpus never writes a whole fake key down."""
    return re.sub(r'\(([^()]*)\)\*(\d+)', lambda m: m.group(1) * int(m.group(2)), value)


def corpus() -> list[tuple[str, str, str]]:
    """(kind, value, sentence with {} for the value) for every case of the corpus."""
    lines = CORPUS.read_text(encoding='utf-8').splitlines()
    cases = [[part.strip() for part in line.split(' | ', 2)]
             for line in lines if line and not line.startswith('#')]
    return [(kind, expand(value), sentence) for kind, value, sentence in cases]


def run(text: str) -> Counter[str]:
    line = json.dumps({'role': 'user', 'text': text}, ensure_ascii=False).encode()
    return build([Transcript('t.jsonl', [line])], Settings()).stats


def durable_statements() -> dict[str, list[str]]:
    """The labeled durable statements of the devset, and the real sessions' label quotes when
    present."""
    devset = [item.text for path in sorted((HERE / 'devset').glob('*.txt'))
              for item in parse(path.read_text(encoding='utf-8'))[1]
              if item.label and item.label != 'trap']
    quotes = [json.loads(line).get('quote') or ''
              for path in sorted((REAL / 'labels').glob('*.jsonl'))
              for line in path.read_text(encoding='utf-8').splitlines() if line.strip()]
    return {'devset durable statements': devset, 'real label quotes': quotes}


def candidates(paths: list[str]) -> list[str]:
    """Every candidate bullet of these transcripts, with no cap and no score threshold (withheld
    ones aside)."""
    everything = build(transcripts(paths, []), Settings(max_add=sys.maxsize, threshold=0.0))
    return [p.text for p in everything.proposed + everything.held_back]


def cost(texts: list[str]) -> float:
    """Microseconds of process time per text of secret_kind, best of 5 runs."""
    best = float('inf')
    for _ in range(5):
        start = time.process_time()
        for text in texts:
            secret_kind(text)
        best = min(best, time.process_time() - start)
    return best / max(len(texts), 1) * 1e6


def main(argv: list[str]) -> int:
    cases = corpus()
    withheld = Counter(kind for kind, value, sentence in cases
                       if run(sentence.replace('{}', value))['withheld_secret:' + kind])
    controls = sum(run(sentence.replace('{}', '<token>'))['proposed'] for _, _, sentence in cases)
    kinds = len({k for k, _, _ in cases})
    print(f'corpus: {sum(withheld.values())}/{len(cases)} withheld with their kind, {kinds} kinds; '
          f'controls proposed {controls}/{len(cases)}')
    for kind, total in sorted(Counter(k for k, _, _ in cases).items()):
        print(f'  {kind}: {withheld[kind]}/{total}')
    for name, texts in durable_statements().items():
        false = [t for t in texts if secret_kind(t)]
        share = len(false) / max(len(texts), 1)
        print(f'false withholds, {name}: {len(false)}/{len(texts)} ({share:.1%})')
    paths = argv or sorted(str(p) for p in REAL.glob('*/*.jsonl') if p.parent.name != 'labels')
    texts = candidates(paths)
    print(f'cost: {cost(texts):.1f} us per candidate '
          f'({len(texts)} candidates of {len(paths)} transcripts), '
          f'{sum(map(bool, map(secret_kind, texts)))} withheld')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
