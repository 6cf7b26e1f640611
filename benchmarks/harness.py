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


# Dense prose: long turns of one language, every sentence new (random fillers from wide word
# lists), one in eight from a signal template (rules fire on about a quarter). English has
# spaces, so its words repeat and the word screen remembers them; Chinese has none, so each
# sentence is one run the screen has never seen.
EN_WORDS = [
    'request', 'response', 'buffer', 'thread', 'socket', 'index', 'schema', 'column', 'table',
    'branch', 'commit', 'release', 'module', 'package', 'import', 'function', 'method', 'class',
    'field', 'record', 'payload', 'header', 'token', 'session', 'cookie', 'template', 'route',
    'endpoint', 'service', 'container', 'volume', 'cluster', 'node', 'pod', 'job', 'task',
    'event', 'message', 'topic', 'stream', 'batch', 'window', 'counter', 'metric', 'trace',
    'span', 'sample', 'fixture', 'mock', 'snapshot', 'report', 'widget', 'layout', 'style',
]
EN_ADJS = [
    'large', 'small', 'stale', 'fresh', 'cached', 'nested', 'empty', 'partial', 'optional',
    'legacy', 'shared', 'private', 'public', 'remote', 'local', 'sorted', 'unsorted', 'broken',
    'slow', 'quick', 'noisy', 'quiet', 'strict', 'loose', 'typed', 'untyped', 'pinned',
]
EN_PLAIN = [
    'The {a} {w} {v} the {w2} before the {n} {v} it again.',
    'I read through the {n} and found that it {v} {k} {w}s on every call.',
    'Let me look at how the {a} {w} reaches the {n} in the first place.',
    'This version of the {n} {v} the {w} lazily, so the {a} {w2} is never built.',
    'When the {w} is {a}, the {n} falls back to the {w2} and {v} it twice.',
    'So far the {n} has {v} about {k} {w}s, most of them {a}.',
    'Now the {a} {w} goes straight into the {w2} without a copy.',
    'Looking at the output, the {n} spent {k} ms on the {a} {w}.',
    'It seems the {w} was {a} because the {n} never {v} the {w2}.',
    'Next I will move the {w} check out of the {n} and into the {w2}.',
    'The test for the {a} {w} passes, and the {n} still {v} the {w2}.',
    'Could the {a} {w} be the reason the {n} {v} so many {w2}s?',
    'Here the {n} {v} each {w} in turn and keeps the {a} ones.',
    'With that change the {w2} is {a} and the {n} {v} {k} fewer {w}s.',
    'I have updated the {n} so the {w} and the {w2} stay in step.',
    'Once the {w} is loaded, the {n} {v} the {a} {w2} from memory.',
]
EN_SIGNAL = [
    'We decided to use {t} for every {w} in the {n} from now on.',
    'Never let the {n} write the {w} directly; go through the {w2}.',
    'The flaky {w} test was caused by a {a} {w2} shared between workers.',
    'Always store the {w} timestamps in UTC.',
    'I prefer one small commit per {w} change in the {n}.',
    'Going forward, the {n} must validate the {w} before it {v} the {w2}.',
    'Do not add a new {w} to the {n} without a test for it.',
    'The root cause was the {a} {w} the {n} kept between requests.',
]
ZH_WORDS = [
    '请求', '响应', '缓冲区', '线程', '索引', '字段', '表结构', '分支', '提交', '版本', '模块',
    '依赖', '函数', '方法', '配置', '令牌', '会话', '模板', '路由', '接口', '服务', '容器',
    '集群', '节点', '任务', '事件', '消息', '队列', '批次', '计数器', '指标', '日志', '快照',
    '报告', '组件', '页面', '样式', '脚本', '数据库', '文件', '目录', '参数', '结果', '用户',
]
ZH_ADJS = [
    '过期的', '新的', '缓存的', '嵌套的', '空的', '部分', '旧的', '共享的', '私有的', '远程的',
    '本地的', '排好序的', '坏掉的', '很慢的', '严格的', '宽松的', '固定的', '临时的',
]
ZH_PLAIN = [
    '我看了一下{n}，它在每次调用时会处理{k}个{w}。',
    '这里的{n}会先读取{a}{w}，然后再写入{w2}。',
    '看起来{a}{w}一直没有被{n}清理掉。',
    '接下来我把{w}的检查从{n}里移到{w2}里面。',
    '这个版本的{n}只在需要的时候才加载{w}，所以{w2}不会被提前创建。',
    '从输出来看，{n}在{a}{w}上花了大约{k}毫秒。',
    '现在{a}{w}直接进入{w2}，中间不再复制一份。',
    '测试已经通过了，{n}还是会正常处理{w2}。',
    '当{w}为空的时候，{n}会退回到{w2}，再处理一遍。',
    '我已经更新了{n}，让{w}和{w2}保持一致。',
    '到目前为止{n}一共处理了{k}个{w}，大部分都是{a}。',
    '你能看一下{n}是在哪里读取{w}的吗？',
    '改完以后{w2}变小了，{n}少处理了{k}个{w}。',
    '这一段代码里{n}逐个检查{w}，只保留{a}那些。',
]
ZH_SIGNAL = [
    '我们决定以后{n}的{w}都用{t}。',
    '以后{n}都用{t}来处理{w}。',
    '不要在{n}里直接修改{w}，必须通过{w2}。',
    '根本原因是{n}在请求之间保留了{a}{w}。',
    '提交之前必须先跑完{n}的测试。',
    '{w}的时间统一用 UTC 存储。',
]
DENSE = {'en': (EN_PLAIN, EN_SIGNAL, EN_WORDS, EN_ADJS, VERBS, ' '),
         'zh': (ZH_PLAIN, ZH_SIGNAL, ZH_WORDS, ZH_ADJS, ['处理'], '')}


def dense_sentence(rng: random.Random, language: str) -> str:
    plain, signal, words, adjs, verbs, _ = DENSE[language]
    template = rng.choice(signal) if rng.random() < 0.125 else rng.choice(plain)
    return template.format(n=rng.choice(NOUNS), w=rng.choice(words), w2=rng.choice(words),
                           a=rng.choice(adjs), v=rng.choice(verbs), t=rng.choice(THINGS),
                           k=rng.randint(2, 9999))


def dense_line(language: str) -> Callable[[random.Random, int], bytes]:
    """Lines of the simple shape, each a long turn of dense prose in one language (en, zh):
    20 to 60 sentences, users and assistant alternating."""
    gap = DENSE[language][-1]

    def make(rng: random.Random, i: int) -> bytes:
        text = gap.join(dense_sentence(rng, language) for _ in range(rng.randint(20, 60)))
        return dumps({'role': 'user' if i % 2 else 'assistant', 'text': text})
    return make
