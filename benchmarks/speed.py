"""Speed and memory of memory-gate against a bare json.loads loop, on generated transcripts.

    python benchmarks/speed.py --only GROUP[,GROUP...] [--runs N] [--quick] [--write]
    python benchmarks/speed.py --all [--runs N] [--quick]     (every group: hours)
    python benchmarks/speed.py --help           (the groups, what each builds and costs)

Generates its inputs deterministically under benchmarks/data/ (no downloads), measures each
figure as the median of --runs runs, each against its baseline measured in the same run,
and prints one table; --write (and --all) write it to benchmarks/RESULTS.md. --quick skips
the 1 GB and 1,000-file measurements and shrinks the generated shapes.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

if not __package__:  # run as a file (python benchmarks/speed.py): the root holds the package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import scale  # noqa: E402
from benchmarks.harness import (  # noqa: E402
    CLI,
    DATA,
    HERE,
    MB,
    Group,
    Row,
    base_cmd,
    build_cmd,
    claude_line,
    dense_line,
    generate,
    interleaved,
    sentence,
    simple_line,
)


def recordings(size: int) -> list[Path]:
    """The real agent session logs of tests/transcripts (Claude Code, Codex), each repeated to
    about `size` bytes."""
    paths = []
    for source in sorted((HERE.parent / 'tests' / 'transcripts').glob('*/*.jsonl')):
        data = source.read_bytes()
        if source.parent.name not in ('claude-code', 'codex-rollout') or len(data) < 64 * 1024:
            continue  # the small fixtures are not sessions
        path = DATA / f'recording-{source.stem[:24]}.jsonl'
        if not path.exists():
            whole = data if data.endswith(b'\n') else data + b'\n'
            path.write_bytes(whole * max(1, size // len(data)))
        paths.append(path)
    return paths


def gate_script() -> list[str]:
    """The installed console script (what the hook runs), or the module when it is not."""
    script = Path(sys.executable).with_name('memory-gate')
    return [str(script)] if script.exists() else [sys.executable, '-m', 'memory_gate']


def small_transcript() -> Path:
    small = DATA / 'small.jsonl'
    small.write_text('{"role": "user", "text": "hello there"}\n'
                     '{"role": "assistant", "text": "Hi! How can I help?"}\n')
    return small


def startup(memory: Path, runs: int, quick: bool) -> list[Row]:
    gate = gate_script() + ['build', str(small_transcript()), '--memory', str(memory)]
    ours, bare, _ = interleaved(gate, [sys.executable, '-c', 'pass'], max(runs, 21))
    return [('start-up: build on a 2-line transcript vs python -c pass',
             f'{ours * 1000:.1f} ms vs {bare * 1000:.1f} ms', f'+{(ours - bare) * 1000:.1f} ms',
             'at most +40 ms')]


def claude(memory: Path, runs: int, quick: bool) -> list[Row]:
    path = generate('claude-100mb.jsonl', 100 * MB, claude_line)
    ours, bare, peak = interleaved(build_cmd(memory, path), base_cmd(path), runs)
    return [('throughput: 100 MB Claude Code shape',
             f'{ours:.2f} s vs {bare:.2f} s ({100 / ours:.0f} MB/s), peak {peak / 1024:.0f} MB',
             f'{ours / bare:.2f}x', 'at most 6x (issue 41)')]


def blocked_repo(size: int) -> Path:
    """A git repository with a transcript of the Claude Code shape staged, `size` bytes of it and
    a GitHub token (fake) in its last line's tool output: the hook blocks the commit."""
    repo = DATA / f'blocked-{size // MB}mb'
    if (repo / '.git').is_dir():
        return repo
    repo.mkdir(parents=True)
    for cmd in (['git', 'init', '-q', '-b', 'main'], ['git', 'config', 'user.email', 'b@x.invalid'],
                ['git', 'config', 'user.name', 'Bench']):
        subprocess.run(cmd, cwd=repo, check=True)
    (repo / 'AGENTS.md').write_text('- Keep the parser in pure Python.\n', encoding='utf-8')
    token = 'ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5'
    said = {'type': 'tool_result', 'tool_use_id': 'last', 'content': f'GITHUB_TOKEN={token}\n'}
    last = {'type': 'user', 'message': {'role': 'user', 'content': [said]}}
    shape = generate(f'claude-{size // MB}mb.jsonl', size, claude_line)
    (repo / 't.jsonl').write_bytes(shape.read_bytes() + json.dumps(last).encode() + b'\n')
    subprocess.run(['git', 'add', '.'], cwd=repo, check=True)
    return repo


def blocked(memory: Path, runs: int, quick: bool) -> list[Row]:
    """The pre-commit hook on a staged 50 MB transcript (10 MB when quick) that holds a token."""
    size = (10 if quick else 50) * MB
    repo = blocked_repo(size)
    command = [sys.executable, '-c', CLI, 'hook', '--memory', 'AGENTS.md', 't.jsonl']
    ours, bare, peak = interleaved(command, base_cmd(repo / 't.jsonl'), runs, cwd=repo)
    return [(f'hook: a commit of a {size // MB} MB Claude Code shape transcript holding a token '
             '(blocked)', f'{ours:.2f} s CPU vs {bare:.2f} s, peak {peak / 1024:.0f} MB',
             f'{ours / bare:.1f}x', 'under 1.2 s CPU (50 MB), under 128 MB')]


def prose(memory: Path, runs: int, quick: bool) -> list[Row]:
    path = generate('prose-20mb.jsonl', 20 * MB, simple_line)
    ours, bare, _ = interleaved(build_cmd(memory, path), base_cmd(path), runs)
    return [('throughput: 20 MB prose, simple shape',
             f'{ours:.2f} s vs {bare:.2f} s ({20 / ours:.1f} MB/s)', f'{ours / bare:.1f}x',
             'at most 3x')]


def dense(memory: Path, runs: int, quick: bool) -> list[Row]:
    """20 MB of dense prose (long turns, every sentence new), English and Chinese."""
    rows = []
    for language, name, target in (('en', 'English', 40), ('zh', 'Chinese', 20)):
        path = generate(f'dense-{language}-20mb.jsonl', 20 * MB, dense_line(language))
        ours, bare, peak = interleaved(build_cmd(memory, path), base_cmd(path), runs)
        rows.append((f'throughput: 20 MB dense prose, {name}',
                     f'{ours:.2f} s vs {bare:.2f} s ({20 / ours:.1f} MB/s), '
                     f'peak {peak / 1024:.0f} MB',
                     f'{ours / bare:.1f}x', f'at most {target}x'))
    return rows


def recorded(memory: Path, runs: int, quick: bool) -> list[Row]:
    rows = []
    for real in recordings(20 * MB):
        ours, bare, _ = interleaved(build_cmd(memory, real), base_cmd(real), runs)
        real_mb = real.stat().st_size / MB
        rows.append((f'throughput: real session log {real.stem[10:]}, repeated to {real_mb:.0f} MB',
                     f'{ours:.2f} s vs {bare:.2f} s ({real_mb / ours:.0f} MB/s)',
                     f'{ours / bare:.2f}x', '(no target)'))
    return rows


def stages(memory: Path, runs: int, quick: bool) -> list[Row]:
    shares = stage_shares(generate('prose-20mb.jsonl', 20 * MB, simple_line))
    total = sum(t for _, t in shares)
    text = '; '.join(f'{name} {t:.2f} s ({t / total:.0%})' for name, t in shares)
    return [('stages: share of time on the 20 MB prose file (in process)', text, '', '')]


def stage_shares(path: Path) -> list[tuple[str, float]]:
    """In-process seconds for the prose file, stage by stage: each step runs everything before
    it too."""
    from collections import Counter

    from memory_gate.base.files import iter_lines
    from memory_gate.base.records import Transcript
    from memory_gate.formats.parse import parse_lines
    from memory_gate.reading.filters import Judge, strip_lead
    from memory_gate.reading.pipeline import WHOLE_TURN_SCREEN, build
    from memory_gate.reading.records import Settings
    from memory_gate.reading.rules import patterns
    from memory_gate.text.sentences import sanitize, split_sentences, strip_code

    def timed(fn: Callable[[], object]) -> float:
        start = time.process_time()
        fn()
        return time.process_time() - start

    def json_only() -> None:
        with open(path, 'rb') as f:
            for line in f:
                json.loads(line)

    def texts() -> Iterator[str]:
        with open(path, 'rb', buffering=MB) as f:
            for outcome in parse_lines(iter_lines(f), Counter()):
                for turn in outcome.turns:
                    yield strip_code(sanitize(turn.text))[0]

    def parse_only() -> None:
        with open(path, 'rb', buffering=MB) as f:
            for _ in parse_lines(iter_lines(f), Counter()):
                pass

    def split_too() -> None:
        for text in texts():
            for said in split_sentences(text):
                strip_lead(said)

    def screen_too() -> None:
        judge = Judge(patterns.SIGNAL_RULES, patterns.NOISE_RULES)
        for text in texts():
            if len(text) > WHOLE_TURN_SCREEN or not judge.silent(text):  # as the pipeline does
                for said in split_sentences(text):
                    judge.screen.rules(strip_lead(said).lower())

    def everything() -> None:
        with open(path, 'rb', buffering=MB) as f:
            build([Transcript(str(path), iter_lines(f))], Settings())

    steps = (json_only, parse_only, split_too, screen_too, everything)
    times = [statistics.median(timed(fn) for _ in range(3)) for fn in steps]
    names = ('read + json.loads', 'formats and dispatch',
             'code removal, sentence split, lead words', 'word screens (turn, then sentence)',
             'rules, noise, secrets, dedupe')
    return [(name, max(0.0, times[i] - (times[i - 1] if i else 0))) for i, name in enumerate(names)]


def size(memory: Path, runs: int, quick: bool) -> list[Row]:
    """Time per MB and peak RSS as the Claude Code shape grows (to 1 GB unless quick)."""
    rows, per_mb = [], []
    for mb in [10, 100] if quick else [10, 100, 1024]:
        path = generate(f'claude-{mb}mb.jsonl', mb * MB, claude_line)
        count = runs if mb < 1024 else max(5, runs // 2)
        ours, bare, peak = interleaved(build_cmd(memory, path), base_cmd(path), count)
        per_mb.append(f'{mb} MB: {ours / mb * 1000:.1f} ms/MB, peak {peak / 1024:.0f} MB')
        if mb == 1024:
            rows.append(('memory: 1 GB Claude Code shape, peak RSS', f'{peak / 1024:.0f} MB',
                         f'{ours / bare:.2f}x time', 'under 64 MB'))
    return rows + [('scale: size (time per MB should stay flat)', '; '.join(per_mb), '', 'linear')]


def huge(memory: Path, runs: int, quick: bool) -> list[Row]:
    """A 1 GB transcript of one line (over the cap: skipped, counted); none when quick."""
    if quick:
        return []
    path = DATA / 'one-line-1gb.jsonl'
    if not path.exists():
        with open(path, 'wb') as f:
            f.write(b'{"role": "user", "text": "')
            for _ in range(1024):
                f.write(b'x' * MB)
            f.write(b'"}\n{"role": "user", '
                    b'"text": "We decided to keep the parser in pure Python."}\n')
    _, _, peak = interleaved(build_cmd(memory, path), base_cmd(small_transcript()), runs)
    return [('memory: 1 GB transcript of one line, peak RSS', f'{peak / 1024:.0f} MB',
             'skipped, counted', 'under 64 MB')]


def files(memory: Path, runs: int, quick: bool) -> list[Row]:
    """Time per transcript as one run takes 1, 100 (and 1,000 unless quick) of them."""
    counts = [1, 100] if quick else [1, 100, 1000]
    folder = DATA / 'many'
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(3)
    paths = []
    for i in range(max(counts)):
        path = folder / f't{i:04d}.jsonl'
        if not path.exists():
            path.write_bytes(b''.join(claude_line(rng, j) for j in range(40)))
        paths.append(path)
    per_file = []
    for count in counts:
        ours, _, _ = interleaved(build_cmd(memory, *paths[:count]), base_cmd(*paths[:count]), runs)
        per_file.append(f'{count}: {ours / count * 1000:.1f} ms/file')
    return [('scale: transcripts in one run (time per file)', '; '.join(per_file), '', 'linear')]


def memory_scale(memory: Path, runs: int, quick: bool) -> list[Row]:
    """Per-candidate check time against memory files of 0, 1,000 and 10,000 bullets (the file
    is read once per run), in process."""
    from memory_gate.reading.memory import identity, known_identities

    rng = random.Random(11)
    candidates = [sentence(rng) for _ in range(20_000)]
    parts = []
    for bullets in (0, 1000, 10000):
        text = ''.join(f'- Rule number {i}: keep the module {i} under review.\n'
                       for i in range(bullets))
        start = time.process_time()
        known = known_identities(text)
        read = time.process_time() - start
        checks = []
        for _ in range(5):
            start = time.process_time()
            for c in candidates:
                _ = identity(c) in known
            checks.append((time.process_time() - start) / len(candidates))
        parts.append(f'{bullets} bullets: {statistics.median(checks) * 1e6:.2f} us per candidate '
                     f'(read once: {read * 1000:.0f} ms)')
    return [('scale: memory file size', '; '.join(parts), '', 'flat per candidate')]


SPEED: dict[str, tuple[Group, str]] = {
    'startup': (startup, 'build on a 2-line transcript vs python -c pass (21 runs at least)'),
    'claude': (claude, '100 MB Claude Code shape'),
    'blocked': (blocked, 'the hook blocking a commit of a 50 MB Claude Code shape holding a token'),
    'prose': (prose, '20 MB prose, simple shape (about 15 s a run)'),
    'dense': (dense, '20 MB dense prose, English and Chinese (about 25 s a run each)'),
    'recordings': (recorded, "tests/transcripts' session logs, each repeated to 20 MB"),
    'stages': (stages, 'share of time per stage on the 20 MB prose, in process (slow)'),
    'size': (size, '10, 100 MB and 1 GB Claude Code shape (builds 1 GB; not --quick)'),
    'huge': (huge, 'a 1 GB transcript of one line (builds 1 GB; skipped by --quick)'),
    'files': (files, '1, 100 and 1,000 transcripts in one run'),
    'memory': (memory_scale, 'memory file of 0, 1,000, 10,000 bullets, in process'),
}
GROUPS: dict[str, tuple[Group, str]] = {**SPEED, **scale.GROUPS}
ALIASES = {'speed': tuple(SPEED), 'scale': tuple(scale.GROUPS)}


def parser() -> argparse.ArgumentParser:
    listed = '\n'.join(f'  {name:<11} {about}' for name, (_, about) in GROUPS.items())
    aliases = '\n'.join(f'  {name:<11} {",".join(names)}' for name, names in ALIASES.items())
    parse = argparse.ArgumentParser(
        prog='python benchmarks/speed.py', formatter_class=argparse.RawDescriptionHelpFormatter,
        description='Speed and memory of memory-gate against a bare json.loads loop, as one\n'
                    'table. Inputs are generated under benchmarks/data/ on first use (several\n'
                    'GB for --all).',
        epilog=f'groups:\n{listed}\naliases:\n{aliases}')
    which = parse.add_mutually_exclusive_group(required=True)
    which.add_argument('--only', metavar='GROUP[,GROUP...]', type=groups,
                       help='run these groups alone')
    which.add_argument('--all', action='store_true',
                       help='run every group (hours, and 1 GB inputs) and write RESULTS.md')
    parse.add_argument('--runs', type=positive, default=5, metavar='N',
                       help='runs per figure, each paired with its baseline (default 5)')
    parse.add_argument('--quick', action='store_true',
                       help='skip the 1 GB and 1,000-file measurements, shrink the shapes')
    parse.add_argument('--write', action='store_true',
                       help='write the table to benchmarks/RESULTS.md (--all always does)')
    return parse


def positive(value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f'not a count of runs: {value!r}')
    return int(value)


def groups(value: str) -> list[str]:
    """The group names of --only, aliases expanded, in the table's order."""
    asked: set[str] = set()
    for name in filter(None, value.split(',')):
        if name not in GROUPS and name not in ALIASES:
            raise argparse.ArgumentTypeError(f'no group {name!r} (see --help)')
        asked.update(ALIASES.get(name, (name,)))
    return [name for name in GROUPS if name in asked]


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    chosen = list(GROUPS) if args.all else args.only
    load = os.getloadavg()
    # Bytecode written first, as pip install does.
    subprocess.run([sys.executable, '-m', 'compileall', '-q', str(HERE.parent / 'memory_gate')],
                   check=True)
    DATA.mkdir(exist_ok=True)
    memory = DATA / 'none.md'
    rows: list[Row] = []
    for name in chosen:
        rows += GROUPS[name][0](memory, args.runs, args.quick)
    table = render_table(rows, chosen, args, (load, os.getloadavg()))
    print(table)
    if args.write or args.all:
        (HERE / 'RESULTS.md').write_text(table, encoding='utf-8')
    return 0


def render_table(rows: list[Row], chosen: list[str], args: argparse.Namespace,
                 loads: tuple[tuple[float, ...], ...]) -> str:
    quick = ' Quick mode: the 1 GB and 1,000-file measurements were skipped.' if args.quick else ''
    every = len(chosen) == len(GROUPS)
    asked = '' if every else f' --only {",".join(chosen)}'
    load = ', '.join(f'{one[0]:.1f}' for one in loads)
    head = (f'# memory-gate benchmark results\n\nPython {platform.python_version()} on '
            f'{platform.machine()}, {os.cpu_count()} cores (1-minute load average at the start and '
            f'the end: {load}). Each figure is the median of {args.runs} runs of process (user + '
            'system) time, alternating with its baseline (a bare Python loop that json.loads '
            f'every line of the same files) in the same run.{quick}\n'
            f'Produced by `python benchmarks/speed.py{asked}{" --quick" if args.quick else ""}'
            f' --runs {args.runs}`.\n\n')
    lines = ['| measurement | memory-gate vs baseline | ratio | target |',
             '| --- | --- | --- | --- |']
    lines += [f'| {a} | {b} | {c} | {d} |' for a, b, c, d in rows]
    return head + '\n'.join(lines) + '\n'


if __name__ == '__main__':
    raise SystemExit(main())
