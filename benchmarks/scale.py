"""The rows of issue 25 in speed.py's table: the Codex and Copilot shapes, each folder of the
real corpus, and what users hit before speed (memory file size, ledger size, peak memory).

    python benchmarks/speed.py --only scale   (these rows alone: shapes,parse,real,hook,ledger,turn)

Each row is a median of process CPU time (user + system) over at least 5 runs, paired with
its floor (a json.loads loop over the same files) in the same run, or an absolute figure
where no floor means anything (the hook's seconds, a peak RSS); each with its target.
"""
from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.harness import (
    CLI,
    DATA,
    MB,
    Group,
    Row,
    base_cmd,
    build_cmd,
    claude_line,
    generate,
    interleaved,
    sentences,
)

REAL = Path(__file__).resolve().parent.parent.parent / 'shared' / 'transcripts' / 'real'


def tool_output(rng: random.Random) -> str:
    size = 1 * MB if rng.random() < 0.01 else rng.randint(500, 40_000)
    return ''.join(rng.choice('abcdefghij \n{}":,') for _ in range(512)) * (size // 512 + 1)


def codex_line(rng: random.Random, i: int) -> bytes:
    """One line of a Codex CLI rollout as Codex writes it (compact JSON, timestamp first):
    mostly tool calls and their output, token counts and reasoning; some messages."""
    roll = rng.random()
    payload: dict[str, Any]
    if roll < 0.30:
        kind, payload = 'response_item', {'type': 'function_call_output', 'call_id': f'c{i}',
                                          'output': tool_output(rng)}
    elif roll < 0.42:
        kind, payload = 'response_item', {'type': 'custom_tool_call_output', 'call_id': f'c{i}',
                                          'output': tool_output(rng)}
    elif roll < 0.62:
        usage = {'input_tokens': rng.randint(1, 10**6), 'cached_input_tokens': 0,
                 'output_tokens': rng.randint(1, 10**4), 'total_tokens': rng.randint(1, 10**6)}
        kind, payload = 'event_msg', {'type': 'token_count', 'info': {
            'total_token_usage': usage, 'last_token_usage': usage, 'model_context_window': 272000}}
    elif roll < 0.74:
        argv = ['bash', '-lc', 'pytest -q ' + 'x' * rng.randint(10, 300)]
        command = json.dumps({'command': argv})
        kind, payload = 'response_item', {'type': 'function_call', 'name': 'shell',
                                          'arguments': command, 'call_id': f'c{i}'}
    elif roll < 0.86:
        kind, payload = 'response_item', {
            'type': 'reasoning', 'summary': [{'type': 'summary_text', 'text': sentences(rng, 3)}],
            'content': None, 'encrypted_content': 'gAAAA' + 'E' * rng.randint(500, 4000)}
    elif roll < 0.93:
        text = sentences(rng, rng.randint(2, 12))
        kind, payload = 'response_item', {'type': 'message', 'role': 'assistant',
                                          'content': [{'type': 'output_text', 'text': text}]}
    elif roll < 0.98:
        kind, payload = 'event_msg', {'type': 'agent_message', 'message': sentences(rng, 4)}
    else:
        text = sentences(rng, rng.randint(1, 4))
        kind, payload = 'response_item', {'type': 'message', 'role': 'user',
                                          'content': [{'type': 'input_text', 'text': text}]}
    line = {'timestamp': f'2026-07-01T10:{i // 60 % 60:02d}:{i % 60:02d}.000Z', 'type': kind,
            'payload': payload}
    return json.dumps(line, separators=(',', ':'), ensure_ascii=False).encode() + b'\n'


def copilot_line(rng: random.Random, i: int) -> bytes:
    """One line of a Copilot CLI events.jsonl as Copilot writes it (compact JSON, type first):
    mostly tool executions and hooks; some messages."""
    roll = rng.random()
    data: dict[str, Any]
    call: dict[str, Any] = {'toolCallId': f't{i}', 'toolName': 'bash',
                            'arguments': {'command': 'npm test'}}
    if roll < 0.30:
        kind, data = 'tool.execution_complete', {
            'toolCallId': f't{i}', 'success': True,
            'result': {'content': tool_output(rng), 'detailedContent': tool_output(rng)}}
    elif roll < 0.45:
        kind, data = 'tool.execution_start', call
    elif roll < 0.60:
        kind, data = 'hook.start', {'hookType': 'preToolUse', 'input': {'toolArgs': call}}
    elif roll < 0.70:
        kind, data = 'hook.end', {'hookType': 'preToolUse', 'success': True}
    elif roll < 0.80:
        kind, data = rng.choice(('assistant.turn_start', 'assistant.turn_end')), {'turnId': str(i)}
    elif roll < 0.85:
        kind, data = 'assistant.reasoning', {'content': sentences(rng, 5)}
    elif roll < 0.96:
        kind, data = 'assistant.message', {'content': sentences(rng, rng.randint(2, 12)),
                                           'toolRequests': [call] if rng.random() < 0.5 else []}
    else:
        kind, data = 'user.message', {'content': sentences(rng, rng.randint(1, 4))}
    event = {'type': kind, 'data': data, 'id': f'e{i}', 'timestamp': '2026-07-01T10:00:00.000Z',
             'parentId': f'e{i - 1}' if i else None}
    return json.dumps(event, separators=(',', ':'), ensure_ascii=False).encode() + b'\n'


def shapes(memory: Path, runs: int, quick: bool) -> list[Row]:
    rows = []
    for name, make in (('Codex', codex_line), ('Copilot', copilot_line)):
        size = 10 if quick else 50
        path = generate(f'{name.lower()}-{size}mb.jsonl', size * MB, make)
        ours, bare, peak = interleaved(build_cmd(memory, path), base_cmd(path), runs)
        rows.append((f'throughput: {size} MB {name} CLI shape', f'{ours:.2f} s vs {bare:.2f} s, '
                     f'peak {peak / 1024:.0f} MB', f'{ours / bare:.2f}x', 'at most 1.2x'))
    return rows


def parse_only(none: Path, runs: int, quick: bool) -> list[Row]:
    """The parse stage alone, in process (parse.parse_lines over the file's lines, against a
    json.loads loop over the same lines, paired run by run): what the shapes' build rows cost
    beyond start-up, the pattern compiles of a first run, the scan and the judging."""
    from collections import Counter

    from memory_gate.formats.parse import parse_lines

    def lines(path: Path) -> Iterator[bytes]:
        with open(path, 'rb') as f:
            yield from f

    def floor(path: Path) -> None:
        for line in lines(path):
            json.loads(line)

    def parse(path: Path) -> None:
        for _ in parse_lines(lines(path), Counter()):
            pass

    size = 10 if quick else 50
    rows = []
    for name, make, mb in (('Claude Code', claude_line, 100), ('Codex CLI', codex_line, size),
                           ('Copilot CLI', copilot_line, size)):
        file = 'claude-100mb' if mb == 100 else f'{name.split()[0].lower()}-{mb}mb'
        path = generate(f'{file}.jsonl', mb * MB, make)
        ours: list[float] = []
        bare: list[float] = []
        for _ in range(max(runs, 5)):
            for fn, times in ((parse, ours), (floor, bare)):
                start = time.process_time()
                fn(path)
                times.append(time.process_time() - start)
        median_ours, median_bare = statistics.median(ours), statistics.median(bare)
        rows.append((f'parse only, in process: {mb} MB {name} shape',
                     f'{median_ours:.2f} s vs {median_bare:.2f} s',
                     f'{median_ours / median_bare:.2f}x', '(no target; build: at most 1.2x)'))
    return rows


def repeated(source: Path, size: int) -> Path:
    """A JSON-lines session repeated to about `size` bytes; a document as it is (read whole)."""
    if source.suffix == '.json':
        return source
    path = DATA / 'real' / source.parent.name / f'{source.stem}-{size // MB}mb{source.suffix}'
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        data = source.read_bytes()
        data = data if data.endswith(b'\n') else data + b'\n'
        path.write_bytes(data * max(1, size // len(data)))
    return path


def real(memory: Path, runs: int, quick: bool) -> list[Row]:
    """One row per folder of the real corpus: every file in one run (ratio: summed time over
    summed floor, documents' floor one json.loads of the whole file)."""
    if not REAL.is_dir():
        return [('throughput: real folders', 'the shared corpus is not here', '', 'at most 2.0x')]
    rows = []
    for folder in sorted(p for p in REAL.iterdir() if p.is_dir() and p.name != 'labels'):
        files = [repeated(s, (1 if quick else 5) * MB) for s in sorted(folder.glob('*.json*'))]
        ours, bare, peak = interleaved(build_cmd(memory, *files), base_cmd(*files), runs)
        size = sum(p.stat().st_size for p in files) / MB
        rows.append((f'throughput: real {folder.name} ({len(files)} files, {size:.0f} MB)',
                     f'{ours:.2f} s vs {bare:.2f} s, peak {peak / 1024:.0f} MB',
                     f'{ours / bare:.2f}x', 'at most 5x (issue 41)'))
    return rows


def hook_repo(transcripts: int, memory_lines: int) -> Path:
    """A git repository with a memory file of `memory_lines` bullets committed and
    `transcripts` staged, each saying one decision: the hook proposes into every one."""
    repo = DATA / f'hook-{transcripts}x{memory_lines}'
    if (repo / '.git').is_dir():
        return repo
    repo.mkdir(parents=True)
    run = [['git', 'init', '-q', '-b', 'main'],
           ['git', 'config', 'user.email', 'b@example.invalid'],
           ['git', 'config', 'user.name', 'Bench'], ['git', 'config', 'commit.gpgsign', 'false']]
    for cmd in run:
        subprocess.run(cmd, cwd=repo, check=True)
    bullets = ''.join(f'- Rule number {i}: keep the module {i} under review.\n'
                      for i in range(memory_lines))
    (repo / 'AGENTS.md').write_text(bullets, encoding='utf-8')
    subprocess.run(['git', 'add', 'AGENTS.md'], cwd=repo, check=True)
    subprocess.run(['git', 'commit', '-qm', 'memory'], cwd=repo, check=True)
    for i in range(transcripts):
        said = f'We decided to use Postgres for the service number {i} going forward.'
        (repo / f't{i:03d}.jsonl').write_text(json.dumps({'role': 'user', 'text': said}) + '\n')
    subprocess.run(['git', 'add', '.'], cwd=repo, check=True)
    return repo


def ledger_file(lines: int) -> Path:
    path = DATA / f'ledger-{lines}.txt'
    if not path.exists():
        with open(path, 'w', encoding='utf-8') as f:
            for i in range(lines):
                f.write(f'Declined bullet number {i}: keep the module {i} under review.\n')
    return path


def one_turn(size: int) -> Path:
    """A transcript of one user turn of `size` bytes of prose (its line just under the cap)."""
    path = DATA / f'one-turn-{size // MB}mb.jsonl'
    if not path.exists():
        rng = random.Random(5)
        text = ''
        while len(text) < size:
            text += sentences(rng, 200) + '\n\n'
        said = text.encode()[: size * 95 // 100].decode('utf-8', 'ignore')  # room for escapes
        line = json.dumps({'role': 'user', 'text': said}, ensure_ascii=False) + '\n'
        path.write_text(line, encoding='utf-8')
    return path


def hook(none: Path, runs: int, quick: bool) -> list[Row]:
    """What users hit before speed: the memory file's size, through the hook."""
    repo = hook_repo(100, 100_000)
    command = [sys.executable, '-c', CLI, 'hook', '--memory', 'AGENTS.md',
               *sorted(p.name for p in repo.glob('t*.jsonl'))]
    floor = base_cmd(*sorted(repo.glob('t*.jsonl')))
    ours, bare, peak = interleaved(command, floor, runs, cwd=repo)
    return [('scale: hook, 100 transcripts x 100,000-line memory file',
             f'{ours:.2f} s CPU, peak {peak / 1024:.0f} MB', '', 'under 1.5 s CPU, under 128 MB')]


def ledger(none: Path, runs: int, quick: bool) -> list[Row]:
    """A ledger of a million declined bullets, read by build."""
    small = DATA / 'small.jsonl'
    path = ledger_file(1_000_000)
    cmd = [sys.executable, '-c', CLI, 'build', str(small), '--memory', str(none),
           '--ledger', str(path)]
    ours, bare, peak = interleaved(cmd, base_cmd(small), runs)
    return [(f'memory: 1,000,000-line ledger ({path.stat().st_size / MB:.0f} MB), peak RSS',
             f'{peak / 1024:.0f} MB ({ours:.2f} s CPU)', '', 'under 64 MB')]


def turn(none: Path, runs: int, quick: bool) -> list[Row]:
    """One user turn of 8 MB (just under the line cap), and a real log of 500 MB."""
    path = one_turn(8 * MB - 4096)
    ours, bare, peak = interleaved(build_cmd(none, path), base_cmd(path), runs)
    rows = [(f'memory: one user turn of {path.stat().st_size / MB:.1f} MB, peak RSS',
             f'{peak / 1024:.0f} MB',
             f'{ours / bare:.0f}x time', 'under 64 MB')]
    if not quick:
        agentv = max(REAL.glob('agentv/*.jsonl'), key=lambda p: p.stat().st_size)
        long = repeated(agentv, 500 * MB)
        ours, bare, peak = interleaved(build_cmd(none, long), base_cmd(long), max(5, runs // 2))
        name = f'memory: real agentv log repeated to {long.stat().st_size / MB:.0f} MB, peak RSS'
        rows.append((name, f'{peak / 1024:.0f} MB', f'{ours / bare:.2f}x time', 'under 128 MB'))
    return rows


GROUPS: dict[str, tuple[Group, str]] = {
    'shapes': (shapes, 'Codex and Copilot CLI shapes, 50 MB each (10 MB when --quick)'),
    'parse': (parse_only, 'the parse stage alone, in process: Claude Code 100 MB, Codex and '
              'Copilot shapes'),
    'real': (real, '../shared/transcripts/real, each folder, each file repeated to 5 MB'),
    'hook': (hook, 'the hook on 100 transcripts x 100,000-line memory file'),
    'ledger': (ledger, 'build with a 1,000,000-line ledger, peak RSS'),
    'turn': (turn, 'one 7.6 MB user turn; a real log repeated to 500 MB (not --quick)'),
}
