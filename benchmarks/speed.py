"""Speed and memory of memory-gate against a bare json.loads loop, on generated transcripts.

    python benchmarks/speed.py [--quick] [--runs N]

Generates its inputs deterministically under benchmarks/data/ (no downloads), measures
each figure as the median of at least 5 runs, each against its baseline measured in the
same run, prints one table and writes it to benchmarks/RESULTS.md. --quick skips the
1 GB and 1,000-file measurements (for a fast look; the results file says so).
"""
from __future__ import annotations

import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / 'data'
MB = 1024 * 1024

# Prose is generated from templates with random fillers, so sentences rarely repeat (as in real
# transcripts). About one sentence in eight carries a signal; the rest is explanation and narration.
NOUNS = ['parser', 'cache', 'scheduler', 'migration', 'handler', 'client', 'worker', 'config loader', 'test suite',
         'retry helper', 'build script', 'API gateway', 'queue consumer', 'auth module', 'logger', 'dashboard']
THINGS = ['Postgres', 'Redis', 'ruff', 'pnpm', 'orjson', 'httpx', 'Terraform', 'Vite', 'structlog', 'Celery', 'gRPC']
VERBS = ['reads', 'writes', 'parses', 'loads', 'checks', 'wraps', 'calls', 'formats', 'skips', 'returns']
PLAIN = [
    'The {n} {v} the {m} before it {v} the {m} again.',
    'I looked at the {n} and it {v} {k} lines in about {k} ms.',
    'Let me check how the {n} handles an empty {m} first.',
    'Here is the updated {n}, with the {m} moved out of the loop.',
    'That should make the {n} faster because the {m} is loaded on demand.',
    'The {n} {v} a list of {k} items when the {m} is warm.',
    'Running the {n} on the staging copy took {k} seconds.',
    'Thanks, the {n} change looks good to me.',
    'I think the {m} might be slow because of the {n}.',
    'Can you show me where the {n} {v} the {m}?',
    'After the refactor, the {n} only {v} the {m} once per request.',
    'The diff touches {k} files in the {n} and the {m}.',
    '我看了一下 {n}，它会在启动时读取 {m}。',
    '这个 {n} 大概需要 {k} 秒才能跑完。',
]
SIGNAL = [
    'We decided to use {t} for the {n} going forward.',
    'Never call the {n} from inside the {m}.',
    'The flaky {n} test was down to a shared {m} between workers.',
    'Timestamps in the {n} are stored in UTC.',
    'I prefer small commits that touch only the {n}.',
    '以后 {n} 都用 {t}。',
]


def sentence(rng: random.Random) -> str:
    template = rng.choice(SIGNAL) if rng.random() < 0.125 else rng.choice(PLAIN)
    return template.format(n=rng.choice(NOUNS), m=rng.choice(NOUNS), v=rng.choice(VERBS), t=rng.choice(THINGS),
                           k=rng.randint(2, 9999))


def sentences(rng: random.Random, count: int) -> str:
    return ' '.join(sentence(rng) for _ in range(count))


def claude_line(rng: random.Random, i: int) -> bytes:
    """One line in Claude Code's shape: mostly tool results (some of several MB), some prose."""
    base = {'parentUuid': f'p{i}', 'isSidechain': False, 'userType': 'external', 'cwd': '/repo', 'sessionId': 's',
            'version': '2.1.55', 'gitBranch': 'main', 'uuid': f'u{i}', 'timestamp': '2026-01-01T00:00:00Z'}
    roll = rng.random()
    if roll < 0.55:
        size = 3 * MB if rng.random() < 0.01 else rng.randint(2_000, 120_000)
        output = ''.join(rng.choice('abcdefghij \n{}":,') for _ in range(512)) * (size // 512)
        record = {**base, 'type': 'user', 'message': {'role': 'user', 'content': [
            {'tool_use_id': f't{i}', 'type': 'tool_result', 'content': output}]}, 'toolUseResult': {'stdout': output[: size // 2]}}
    elif roll < 0.75:
        record = {**base, 'type': 'assistant', 'message': {'id': f'm{i}', 'role': 'assistant', 'content': [
            {'type': 'tool_use', 'id': f't{i}', 'name': 'Bash', 'input': {'command': 'pytest -q ' + 'x' * rng.randint(10, 400)}}]}}
    elif roll < 0.85:
        record = {**base, 'type': 'assistant', 'message': {'id': f'm{i}', 'role': 'assistant', 'content': [
            {'type': 'thinking', 'thinking': sentences(rng, 30), 'signature': 'E' * 800}]}}
    elif roll < 0.95:
        record = {**base, 'type': 'assistant', 'message': {'id': f'm{i}', 'role': 'assistant', 'content': [
            {'type': 'text', 'text': sentences(rng, rng.randint(2, 12))}]}}
    else:
        record = {**base, 'type': 'user', 'message': {'role': 'user', 'content': sentences(rng, rng.randint(1, 4))}}
    return json.dumps(record, ensure_ascii=False).encode() + b'\n'


def simple_line(rng: random.Random, i: int) -> bytes:
    """One line of the simple shape, all prose."""
    role = 'user' if i % 3 == 0 else 'assistant'
    return json.dumps({'role': role, 'text': sentences(rng, rng.randint(3, 25))}, ensure_ascii=False).encode() + b'\n'


def generate(name: str, size: int, make: Callable[[random.Random, int], bytes], seed: int = 7) -> Path:
    path = DATA / name
    if path.exists() and path.stat().st_size >= size:
        return path
    DATA.mkdir(exist_ok=True)
    rng = random.Random(seed)
    written, i = 0, 0
    with open(path, 'wb') as f:
        while written < size:
            line = make(rng, i)
            f.write(line)
            written += len(line)
            i += 1
    return path


def recordings(size: int) -> list[Path]:
    """The real agent session logs of tests/transcripts (Claude Code, Codex), each repeated to about `size` bytes."""
    paths = []
    for source in sorted((HERE.parent / 'tests' / 'transcripts').glob('*/*.jsonl')):
        data = source.read_bytes()
        if source.parent.name not in ('claude-code', 'codex-rollout') or len(data) < 64 * 1024:
            continue  # the small fixtures are not sessions
        path = DATA / f'recording-{source.stem[:24]}.jsonl'
        if not path.exists():
            path.write_bytes((data if data.endswith(b'\n') else data + b'\n') * max(1, size // len(data)))
        paths.append(path)
    return paths


def child_time(cmd: list[str], cwd: Path | None = None) -> tuple[float, float, int]:
    """Run a command; its wall time, its process (user + system) time, and its peak RSS in KiB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, check=False, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f'{cmd}: exit {done.returncode}: {done.stderr.decode()[-500:]}')
    hwm = int(done.stderr.decode().rsplit('hwm=', 1)[-1]) if b'hwm=' in done.stderr else 0
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), hwm


# Each measured program reports its own peak RSS (VmHWM: this process only, unlike ru_maxrss after fork).
HWM = 'import re, sys; print("hwm=" + re.search(r"VmHWM:\\s+(\\d+)", open("/proc/self/status").read()).group(1), file=sys.stderr)'
BASELINE = ('import json, sys\n'
            'for path in sys.argv[1:]:\n'
            '    with open(path, "rb") as f:\n'
            '        if path.endswith(".json"):  # a document: one json.loads of the whole file\n'
            '            json.loads(f.read())\n'
            '            continue\n'
            '        for line in f:\n'
            '            try:\n'
            '                json.loads(line)\n'
            '            except ValueError:\n'
            '                pass\n' + HWM)
BUILD = ('import sys\nfrom memory_gate.cli import main\nrc = main(["build", "--memory", sys.argv[1], *sys.argv[2:]])\n' + HWM +
         '\nraise SystemExit(rc)')


def interleaved(ours: list[str], base: list[str], runs: int, cwd: Path | None = None) -> tuple[float, float, int]:
    """Median process (user + system) time of ours and of the baseline, run alternately; ours' peak RSS (KiB)."""
    mine, theirs, peak = [], [], 0
    for _ in range(runs):
        _, cpu, hwm = child_time(ours, cwd)
        mine.append(cpu)
        peak = max(peak, hwm)
        theirs.append(child_time(base)[1])
    return statistics.median(mine), statistics.median(theirs), peak


def build_cmd(memory: Path, *paths: Path) -> list[str]:
    return [sys.executable, '-c', BUILD, str(memory), *map(str, paths)]


def base_cmd(*paths: Path) -> list[str]:
    return [sys.executable, '-c', BASELINE, *map(str, paths)]


def gate_script() -> list[str]:
    """The installed console script (what the hook runs), or the module when it is not installed."""
    script = Path(sys.executable).with_name('memory-gate')
    return [str(script)] if script.exists() else [sys.executable, '-m', 'memory_gate']


def stage_shares(path: Path) -> list[tuple[str, float]]:
    """In-process seconds for the prose file, stage by stage: each step runs everything before it too."""
    from collections import Counter

    from memory_gate import patterns
    from memory_gate.files import iter_lines
    from memory_gate.filters import Judge, strip_lead
    from memory_gate.parse import parse_lines
    from memory_gate.pipeline import WHOLE_TURN_SCREEN, build
    from memory_gate.records import Settings, Transcript
    from memory_gate.sentences import sanitize, split_sentences, strip_code

    def timed(fn: Callable[[], object]) -> float:
        start = time.process_time()
        fn()
        return time.process_time() - start

    def json_only() -> None:
        with open(path, 'rb') as f:
            for line in f:
                json.loads(line)

    def prose() -> Iterator[str]:
        with open(path, 'rb', buffering=MB) as f:
            for outcome in parse_lines(iter_lines(f), Counter()):
                for turn in outcome.turns:
                    yield strip_code(sanitize(turn.text))[0]

    def parse_only() -> None:
        with open(path, 'rb', buffering=MB) as f:
            for _ in parse_lines(iter_lines(f), Counter()):
                pass

    def split_too() -> None:
        for text in prose():
            for sentence in split_sentences(text):
                strip_lead(sentence)

    def screen_too() -> None:
        judge = Judge(patterns.SIGNAL_RULES, patterns.NOISE_RULES)
        for text in prose():
            if len(text) > WHOLE_TURN_SCREEN or not judge.silent(text):  # as the pipeline does
                for sentence in split_sentences(text):
                    judge.screen.rules(strip_lead(sentence).lower())

    def everything() -> None:
        with open(path, 'rb', buffering=MB) as f:
            build([Transcript(str(path), iter_lines(f))], Settings())

    stages = (json_only, parse_only, split_too, screen_too, everything)
    times = [statistics.median(timed(fn) for _ in range(3)) for fn in stages]
    names = ('read + json.loads', 'formats and dispatch', 'code removal, sentence split, lead words',
             'word screens (turn, then sentence)', 'rules, noise, secrets, dedupe')
    return [(name, max(0.0, times[i] - (times[i - 1] if i else 0))) for i, name in enumerate(names)]


def memory_scale() -> str:
    """Per-candidate check time against memory files of 0, 1,000 and 10,000 bullets (the file is read once per run)."""
    from memory_gate.memory import identity, known_identities

    rng = random.Random(11)
    candidates = [sentence(rng) for _ in range(20_000)]
    parts = []
    for bullets in (0, 1000, 10000):
        text = ''.join(f'- Rule number {i}: keep the module {i} under review.\n' for i in range(bullets))
        start = time.process_time()
        known = known_identities(text)
        read = time.process_time() - start
        checks = []
        for _ in range(5):
            start = time.process_time()
            for c in candidates:
                _ = identity(c) in known
            checks.append((time.process_time() - start) / len(candidates))
        parts.append(f'{bullets} bullets: {statistics.median(checks) * 1e6:.2f} us per candidate (read once: {read * 1000:.0f} ms)')
    return '; '.join(parts)


def main(argv: list[str]) -> int:
    """Every row, or with --only GROUP,... those groups: speed (the rows above) and the groups
    of benchmarks/scale.py (shapes, real, memory); RESULTS.md is written for a whole run."""
    from benchmarks import scale

    quick = '--quick' in argv
    runs = int(argv[argv.index('--runs') + 1]) if '--runs' in argv else 5
    only = set(argv[argv.index('--only') + 1].split(',')) if '--only' in argv else None
    subprocess.run([sys.executable, '-m', 'compileall', '-q', str(HERE.parent / 'memory_gate')], check=True)  # as pip install does
    DATA.mkdir(exist_ok=True)
    memory = DATA / 'none.md'
    small = DATA / 'small.jsonl'
    small.write_text('{"role": "user", "text": "hello there"}\n{"role": "assistant", "text": "Hi! How can I help?"}\n')
    rows: list[tuple[str, str, str, str]] = []
    stage_text = speed_rows(rows, memory, small, runs, quick) if only is None or 'speed' in only else ''
    for name, group in scale.GROUPS.items():
        if only is None or name in only:
            rows += group(memory, runs, quick)
    table = render_table(rows, stage_text, quick, runs)
    print(table)
    if only is None:
        (HERE / 'RESULTS.md').write_text(table, encoding='utf-8')
    return 0


def speed_rows(rows: list[tuple[str, str, str, str]], memory: Path, small: Path, runs: int, quick: bool) -> str:
    """The start-up, throughput and scale rows; returns the share of time per stage on prose."""
    gate = gate_script() + ['build', str(small), '--memory', str(memory)]
    ours, bare, _ = interleaved(gate, [sys.executable, '-c', 'pass'], max(runs, 21))
    rows.append(('start-up: build on a 2-line transcript vs python -c pass', f'{ours * 1000:.1f} ms vs {bare * 1000:.1f} ms',
                 f'+{(ours - bare) * 1000:.1f} ms', 'at most +40 ms'))

    claude = generate('claude-100mb.jsonl', 100 * MB, claude_line)
    ours, bare, peak = interleaved(build_cmd(memory, claude), base_cmd(claude), runs)
    rows.append(('throughput: 100 MB Claude Code shape', f'{ours:.2f} s vs {bare:.2f} s ({100 / ours:.0f} MB/s)',
                 f'{ours / bare:.2f}x', 'at most 1.2x'))

    prose = generate('prose-20mb.jsonl', 20 * MB, simple_line)
    ours, bare, _ = interleaved(build_cmd(memory, prose), base_cmd(prose), runs)
    rows.append(('throughput: 20 MB prose, simple shape', f'{ours:.2f} s vs {bare:.2f} s ({20 / ours:.1f} MB/s)',
                 f'{ours / bare:.1f}x', 'at most 3x'))
    for real in recordings(20 * MB):
        ours, bare, _ = interleaved(build_cmd(memory, real), base_cmd(real), runs)
        real_mb = real.stat().st_size / MB
        rows.append((f'throughput: real session log {real.stem[10:]}, repeated to {real_mb:.0f} MB',
                     f'{ours:.2f} s vs {bare:.2f} s ({real_mb / ours:.0f} MB/s)', f'{ours / bare:.2f}x', '(no target)'))

    shares = stage_shares(prose)
    total = sum(t for _, t in shares)
    stage_text = '; '.join(f'{name} {t:.2f} s ({t / total:.0%})' for name, t in shares)

    sizes = [10, 100] if quick else [10, 100, 1024]
    per_mb = []
    for size in sizes:
        path = generate(f'claude-{size}mb.jsonl', size * MB, claude_line)
        ours, bare, peak = interleaved(build_cmd(memory, path), base_cmd(path), runs if size < 1024 else max(5, runs // 2))
        per_mb.append(f'{size} MB: {ours / size * 1000:.1f} ms/MB, peak {peak / 1024:.0f} MB')
        if size == 1024:
            rows.append(('memory: 1 GB Claude Code shape, peak RSS', f'{peak / 1024:.0f} MB', f'{ours / bare:.2f}x time', 'under 64 MB'))
    huge = DATA / 'one-line-1gb.jsonl'
    if not quick and not huge.exists():
        with open(huge, 'wb') as f:
            f.write(b'{"role": "user", "text": "')
            for _ in range(1024):
                f.write(b'x' * MB)
            f.write(b'"}\n{"role": "user", "text": "We decided to keep the parser in pure Python."}\n')
    if not quick:
        _, _, peak = interleaved(build_cmd(memory, huge), base_cmd(small), runs)
        rows.append(('memory: 1 GB transcript of one line, peak RSS', f'{peak / 1024:.0f} MB', 'skipped, counted', 'under 64 MB'))
    rows.append(('scale: size (time per MB should stay flat)', '; '.join(per_mb), '', 'linear'))

    counts = [1, 100] if quick else [1, 100, 1000]
    folder = DATA / 'many'
    folder.mkdir(exist_ok=True)
    rng = random.Random(3)
    files = []
    for i in range(max(counts)):
        path = folder / f't{i:04d}.jsonl'
        if not path.exists():
            path.write_bytes(b''.join(claude_line(rng, j) for j in range(40)))
        files.append(path)
    per_file = []
    for count in counts:
        ours, _, _ = interleaved(build_cmd(memory, *files[:count]), base_cmd(*files[:count]), runs)
        per_file.append(f'{count}: {ours / count * 1000:.1f} ms/file')
    rows.append(('scale: transcripts in one run (time per file)', '; '.join(per_file), '', 'linear'))

    rows.append(('scale: memory file size', memory_scale(), '', 'flat per candidate'))
    return stage_text


def render_table(rows: list[tuple[str, str, str, str]], stages: str, quick: bool, runs: int) -> str:
    head = (f'# memory-gate benchmark results\n\nPython {platform.python_version()} on {platform.machine()}, '
            f'{os.cpu_count()} cores. Each figure is the median of at least {runs} runs of process (user + system) '
            'time, alternating with its baseline (a bare Python loop that json.loads every line of the same files) '
            f'in the same run.{" Quick mode: the 1 GB and 1,000-file measurements were skipped." if quick else ""}\n'
            'Produced by `python benchmarks/speed.py`.\n\n')
    lines = ['| measurement | memory-gate vs baseline | ratio | target |', '| --- | --- | --- | --- |']
    lines += [f'| {a} | {b} | {c} | {d} |' for a, b, c, d in rows]
    shares = f'\n\nShare of time per stage on the 20 MB prose file: {stages}.\n' if stages else '\n'
    return head + '\n'.join(lines) + shares


if __name__ == '__main__':
    raise SystemExit(main(sys.argv[1:]))
