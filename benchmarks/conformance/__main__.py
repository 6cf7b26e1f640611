"""gitleaks' rule examples as tool output: what each scanner finds.

    python -m benchmarks.conformance [--misses]

Each example of benchmarks/conformance/gitleaks_examples.jsonl (gitleaks' hand-written true
and false examples, MIT, see GITLEAKS_LICENSE; extracted by benchmarks.conformance.extract)
is put in one Claude Code tool result line, as an agent's `cat` of a file would commit it. A
scanner finds an example when it reports its line. True examples found is recall; false
examples flagged are false alarms. Scanners: memory-gate's transcript scan (as installed),
the Kingfisher engine alone on the line's decoded text (if importable) and detect-secrets (the
bench extra; one file per line).
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.scanners import claude_tool_output, detect_secrets_lines, memory_gate_lines

EXAMPLES = Path(__file__).with_name('gitleaks_examples.jsonl')


def examples() -> list[dict[str, str]]:
    return [json.loads(line) for line in EXAMPLES.read_text(encoding='utf-8').splitlines()]


def lines_of(rows: list[dict[str, str]]) -> list[bytes]:
    return [(claude_tool_output(f"$ cat config\n{row['text']}\n") + '\n').encode() for row in rows]


def built_in_lines(lines: list[bytes]) -> set[int]:
    """memory-gate's scan with its built-in rules, as where the engine cannot import."""
    from memory_gate.secrets import engine

    os.environ[engine.OFF_VARIABLE] = '1'
    engine.loaded.cache_clear()
    try:
        return memory_gate_lines(lines)
    finally:
        del os.environ[engine.OFF_VARIABLE]
        engine.loaded.cache_clear()


def engine_lines(rows: list[dict[str, str]]) -> set[int] | None:
    """The examples the engine alone reports in their text (visible findings only)."""
    try:
        from kingfisher_sdk import Scanner
    except ImportError:
        return None
    scanner = Scanner()
    return {n for n, row in enumerate(rows, 1)
            if any(f.visible for f in scanner.scan(f"$ cat config\n{row['text']}\n"))}


def detect_secrets_all(lines: list[bytes]) -> set[int] | None:
    try:
        import detect_secrets  # noqa: F401
    except ImportError:
        return None
    found = set()
    with tempfile.TemporaryDirectory() as folder:
        for number, line in enumerate(lines, 1):
            path = Path(folder) / f'{number}.jsonl'
            path.write_bytes(line)
            found |= {number} if detect_secrets_lines(path) else set()
    return found


def timed(fn: Callable[[], set[int] | None]) -> tuple[set[int] | None, float]:
    start = time.process_time()
    found = fn()
    return found, time.process_time() - start


def row(name: str, found: set[int] | None, rows: list[dict[str, str]], seconds: float) -> str:
    if found is None:
        return f'| {name} | not installed | | |'
    true = [n for n, r in enumerate(rows, 1) if r['kind'] == 'true']
    false = [n for n, r in enumerate(rows, 1) if r['kind'] == 'false']
    hits = sum(n in found for n in true)
    alarms = sum(n in found for n in false)
    return f'| {name} | {hits} of {len(true)} | {alarms} of {len(false)} | {seconds:.1f} |'


def misses(name: str, found: set[int] | None, rows: list[dict[str, str]]) -> None:
    if found is None:
        return
    for n, r in enumerate(rows, 1):
        if (r['kind'] == 'true') != (n in found):
            what = 'missed' if r['kind'] == 'true' else 'flagged'
            print(f"  {name} {what} [{r['rule']}]: {r['text'][:120]!r}")


def main(argv: list[str]) -> int:
    rows = examples()
    lines = lines_of(rows)
    scanners = {
        'memory-gate': lambda: memory_gate_lines(lines),
        'memory-gate, built-in rules (no engine)': lambda: built_in_lines(lines),
        'Kingfisher alone': lambda: engine_lines(rows),
        'detect-secrets': lambda: detect_secrets_all(lines),
    }
    rules = len({r['rule'] for r in rows if r['kind'] == 'true'})
    print(f'gitleaks rule examples ({rules} rules) as tool output, a line each:')
    print('| scanner | true examples found | false examples flagged | process seconds |')
    print('| --- | --- | --- | --- |')
    results = {}
    for name, fn in scanners.items():
        found, seconds = timed(fn)
        results[name] = found
        print(row(name, found, rows, seconds), flush=True)
    if '--misses' in argv:
        for name, found in results.items():
            misses(name, found, rows)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
