"""What speed.py and scale.py both use: generated prose, inputs built once under data/, and
paired measurement of a child process against its json.loads floor (CPU time, peak RSS)."""
from __future__ import annotations

import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / 'data'
MB = 1024 * 1024
Row = tuple[str, str, str, str]  # measurement, memory-gate vs baseline, ratio, target
# A group of rows: (memory file, runs, quick) -> its rows.
Group = Callable[[Path, int, bool], list[Row]]

# Prose is generated from templates with random fillers, so sentences rarely repeat (as in
# real transcripts). About one sentence in eight carries a signal; the rest is explanation
# and narration.
NOUNS = [
    'parser', 'cache', 'scheduler', 'migration', 'handler', 'client', 'worker',
    'config loader', 'test suite', 'retry helper', 'build script', 'API gateway',
    'queue consumer', 'auth module', 'logger', 'dashboard',
]
THINGS = [
    'Postgres', 'Redis', 'ruff', 'pnpm', 'orjson', 'httpx', 'Terraform', 'Vite',
    'structlog', 'Celery', 'gRPC',
]
VERBS = ['reads', 'writes', 'parses', 'loads', 'checks', 'wraps', 'calls', 'formats', 'skips',
         'returns']
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
    return template.format(n=rng.choice(NOUNS), m=rng.choice(NOUNS), v=rng.choice(VERBS),
                           t=rng.choice(THINGS), k=rng.randint(2, 9999))


def sentences(rng: random.Random, count: int) -> str:
    return ' '.join(sentence(rng) for _ in range(count))


def generate(name: str, size: int, make: Callable[[random.Random, int], bytes],
             seed: int = 7) -> Path:
    """data/NAME, at least `size` bytes of lines from `make`; built once, deterministically."""
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
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, hwm


# Each measured program reports its own peak RSS (VmHWM: this process only, unlike ru_maxrss
# after fork).
HWM = ('import re, sys; print("hwm=" + re.search(r"VmHWM:\\s+(\\d+)", '
       'open("/proc/self/status").read()).group(1), file=sys.stderr)')
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
BUILD = ('import sys\nfrom memory_gate.cli import main\n'
         'rc = main(["build", "--memory", sys.argv[1], *sys.argv[2:]])\n' + HWM
         + '\nraise SystemExit(rc)')
# The command line, in a process that reports its own peak RSS (as BUILD does).
CLI = ('import sys\nfrom memory_gate.cli import main\nrc = main(sys.argv[1:])\n' + HWM
       + '\nraise SystemExit(rc)')


def interleaved(ours: list[str], base: list[str], runs: int,
                cwd: Path | None = None) -> tuple[float, float, int]:
    """Median process (user + system) time of ours and of the baseline, run alternately; ours'
    peak RSS (KiB)."""
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


def claude_line(rng: random.Random, i: int) -> bytes:
    """One line in Claude Code's shape: mostly tool results (some of several MB), some prose."""
    base = {'parentUuid': f'p{i}', 'isSidechain': False, 'userType': 'external', 'cwd': '/repo',
            'sessionId': 's', 'version': '2.1.55', 'gitBranch': 'main', 'uuid': f'u{i}',
            'timestamp': '2026-01-01T00:00:00Z'}
    roll = rng.random()
    content: list[dict[str, Any]]
    if roll < 0.55:
        size = 3 * MB if rng.random() < 0.01 else rng.randint(2_000, 120_000)
        output = ''.join(rng.choice('abcdefghij \n{}":,') for _ in range(512)) * (size // 512)
        result = {'tool_use_id': f't{i}', 'type': 'tool_result', 'content': output}
        return dumps({**base, 'type': 'user', 'message': {'role': 'user', 'content': [result]},
                      'toolUseResult': {'stdout': output[: size // 2]}})
    if roll < 0.75:
        command = 'pytest -q ' + 'x' * rng.randint(10, 400)
        content = [{'type': 'tool_use', 'id': f't{i}', 'name': 'Bash',
                    'input': {'command': command}}]
    elif roll < 0.85:
        content = [{'type': 'thinking', 'thinking': sentences(rng, 30), 'signature': 'E' * 800}]
    elif roll < 0.95:
        content = [{'type': 'text', 'text': sentences(rng, rng.randint(2, 12))}]
    else:
        said = sentences(rng, rng.randint(1, 4))
        return dumps({**base, 'type': 'user', 'message': {'role': 'user', 'content': said}})
    message = {'id': f'm{i}', 'role': 'assistant', 'content': content}
    return dumps({**base, 'type': 'assistant', 'message': message})


def simple_line(rng: random.Random, i: int) -> bytes:
    """One line of the simple shape, all prose."""
    role = 'user' if i % 3 == 0 else 'assistant'
    return dumps({'role': role, 'text': sentences(rng, rng.randint(3, 25))})


def dumps(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode() + b'\n'
