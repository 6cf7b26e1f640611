"""Credential detection, measured: the corpus withheld by kind, false withholds, and the cost
per candidate.

    python -m benchmarks.secrets [TRANSCRIPT.jsonl ...]
    python -m benchmarks.secrets --scan-cost [--runs N] [--claude MB] [PATH ...]

The corpus is tests/secrets/fixtures/credentials.txt (fake credentials inside sentences that would
otherwise be proposed), run through the real pipeline. False withholds: the labeled durable
statements of benchmarks/devset/*.txt and every quote of ../shared/transcripts/real/labels/,
through the detector alone. The cost is secret_kind's, per candidate bullet of the transcripts
given (default: ../shared/transcripts/real/), in process time, best of 5 runs.

--scan-cost measures the transcript scan's own cost as issue 24 defines it: `build` with the
scan, `build` without it (scan.watch passing the lines through), and a json.loads loop over
the same files, run in turn (median of N runs, default 5, of each process's user + system
time); the scan adds (with - without) / floor, against the 0.1x aimed at. Inputs: the Claude
Code shape of benchmarks/harness.py (--claude MB, default 30; 0 for none), then each PATH
given (a folder: its *.jsonl and *.json), or by default each folder of ../shared/transcripts/real/.
"""
from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from benchmarks import harness
from benchmarks.quality import parse
from memory_gate.base.files import transcripts
from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from memory_gate.secrets.credentials import secret_kind

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / 'tests' / 'secrets' / 'fixtures' / 'credentials.txt'
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


# A build with the transcript scan off: every line passes through unscanned.
SCAN_OFF = ('from memory_gate.secrets import scan\n'
            'scan.watch = lambda source, lines, start, out, allowed: lines\n')


def scan_cost(paths: list[Path], runs: int) -> tuple[float, float, float]:
    """Median process seconds of build with the scan, build without it, and the json.loads
    floor, on the same files, run in turn."""
    memory = harness.DATA / 'none.md'
    with_scan = harness.build_cmd(memory, *paths)
    without = [sys.executable, '-c', SCAN_OFF + harness.BUILD, str(memory), *map(str, paths)]
    floor = harness.base_cmd(*paths)
    times: list[list[float]] = [[], [], []]
    for _ in range(runs):
        for spent, cmd in zip(times, (with_scan, without, floor)):
            spent.append(harness.child_time(cmd)[1])
    on, off, base = (statistics.median(t) for t in times)
    return on, off, base


def cost_inputs(argv: list[str]) -> list[tuple[str, list[Path]]]:
    """(name, files) for each input of --scan-cost."""
    size = int(argv[argv.index('--claude') + 1]) if '--claude' in argv else 30
    named = [a for i, a in enumerate(argv)
             if not a.startswith('--') and argv[i - 1] not in ('--claude', '--runs')]
    inputs = []
    if size:
        path = harness.generate(f'claude-{size}mb.jsonl', size * harness.MB, harness.claude_line)
        inputs.append((f'Claude Code shape, {size} MB', [path]))
    folders = [Path(a) for a in named] or sorted(
        p for p in REAL.iterdir() if p.is_dir() and p.name != 'labels')
    for folder in folders:
        files = sorted(folder.glob('*.json*')) if folder.is_dir() else [folder]
        if files:
            inputs.append((folder.name, files))
    return inputs


def print_scan_cost(argv: list[str]) -> None:
    runs = int(argv[argv.index('--runs') + 1]) if '--runs' in argv else 5
    print(f'| input | MB | build with the scan | without | json.loads floor '
          f'| the scan adds (target 0.1x) |  (median of {runs} runs, process seconds)')
    print('| --- | --- | --- | --- | --- | --- |')
    for name, files in cost_inputs(argv):
        mb = sum(f.stat().st_size for f in files) / harness.MB
        on, off, base = scan_cost(files, runs)
        print(f'| {name} | {mb:.1f} | {on:.2f} | {off:.2f} | {base:.2f} '
              f'| {(on - off) / base:.2f}x |', flush=True)


def main(argv: list[str]) -> int:
    if '--scan-cost' in argv:
        print_scan_cost(argv)
        return 0
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
