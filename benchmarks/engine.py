"""What an optional compiled multi-pattern engine could buy the transcript scan (issue 25, item 4).

    python -m benchmarks.engine [--runs N] [--claude MB] [FOLDER ...]

For the Claude Code shape (--claude MB, default 30) and each folder of ../shared/transcripts/real
(or each FOLDER given), in process, median of N runs (default 5): a json.loads loop (the floor),
needles.may_hold over every line (the prefilter an engine would replace), the same answer from one
hyperscan database of every needle when hyperscan is installed (`pip install hyperscan`; it is no
dependency of memory-gate), the share of lines may_hold lets through, and scan.scan whole. An engine
that made may_hold free would save at most the may_hold column; what scan.scan spends on the lines
let through (decoding, the layers' Python re searches) stays. The hyperscan answers are checked
against may_hold's line by line; its database's compile time is printed, paid by every process.
"""
from __future__ import annotations

import importlib
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from benchmarks import harness
from benchmarks.secrets import cost_inputs
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import needles, scan


def timed(work: Callable[[], object], runs: int) -> float:
    spent = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        spent.append(time.perf_counter() - start)
    return statistics.median(spent)


def floor(lines: list[bytes]) -> None:
    for line in lines:
        try:
            json.loads(line)
        except ValueError:
            pass


def hyperscan_hold() -> tuple[Callable[[bytes], bool], float] | None:
    """may_hold from one hyperscan database, and its compile seconds; None without hyperscan."""
    try:
        hs: Any = importlib.import_module('hyperscan')
    except ImportError:
        return None
    patterns = [re.escape(n) for n in P.NEEDLES] + [P.DISCORD_TAIL.encode()]
    start = time.perf_counter()
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    db.compile(expressions=patterns, ids=list(range(len(patterns))),
               flags=[hs.HS_FLAG_SINGLEMATCH] * len(patterns))
    compiled = time.perf_counter() - start

    def stop(*_: object) -> bool:
        return True  # the first match ends the scan

    def hold(raw: bytes) -> bool:
        try:
            db.scan(raw, match_event_handler=stop)
        except hs.ScanTerminated:
            return True
        return False
    return hold, compiled


def inputs(argv: list[str]) -> list[tuple[str, list[bytes]]]:
    """The lines of each input of --scan-cost (benchmarks.secrets.cost_inputs: the same flags)."""
    return [(name, [line for f in files for line in f.read_bytes().splitlines()])
            for name, files in cost_inputs(argv)]


def main(argv: list[str]) -> int:
    if '-h' in argv or '--help' in argv:
        print(__doc__)
        return 0
    runs = int(argv[argv.index('--runs') + 1]) if '--runs' in argv else 5
    engine = hyperscan_hold()
    print('hyperscan: not installed (pip install hyperscan)' if engine is None else
          f'hyperscan database of {len(P.NEEDLES) + 1} patterns: '
          f'{engine[1] * 1000:.1f} ms to compile')
    print('\n| input | MB | json.loads floor | may_hold | hyperscan | lines let through '
          '| scan.scan |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    for name, lines in inputs(argv):
        print(row(name, lines, engine[0] if engine else None, runs))
    return 0


def row(name: str, lines: list[bytes], fast: Callable[[bytes], bool] | None, runs: int) -> str:
    mb = sum(map(len, lines)) / harness.MB
    base = timed(lambda: floor(lines), runs)
    held = [needles.may_hold(line) for line in lines]
    hold = timed(lambda: [needles.may_hold(line) for line in lines], runs)
    engine = '-'
    if fast is not None:
        wrong = sum(fast(line) != h for line, h in zip(lines, held))
        spent = timed(lambda: [fast(line) for line in lines], runs)
        engine = f'{spent / base:.2f}x' + (f' ({wrong} answers differ)' if wrong else '')
    whole = timed(lambda: list(scan.scan(lines)), runs)
    return (f'| {name} | {mb:.0f} | {base:.3f} s | {hold / base:.2f}x | {engine} '
            f'| {sum(held) / len(lines):.0%} | {whole / base:.2f}x |')


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
