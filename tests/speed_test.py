"""benchmarks/speed.py's command line: asked for help or given nothing to run, it generates
nothing and measures nothing (it once built its 1 GB inputs when asked for --help)."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / 'benchmarks' / 'data'


def files_under(folder: Path) -> dict[Path, float]:
    return {p: p.stat().st_mtime for p in folder.rglob('*')} if folder.is_dir() else {}


def speed(*args: str) -> tuple[subprocess.CompletedProcess[str], float, bool]:
    """benchmarks/speed.py run as a file; its outcome, its seconds, whether data/ is untouched."""
    before = files_under(DATA)
    start = time.monotonic()
    done = subprocess.run([sys.executable, str(ROOT / 'benchmarks' / 'speed.py'), *args],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    return done, time.monotonic() - start, files_under(DATA) == before


@pytest.mark.parametrize('flag', ['--help', '-h'])
def test_help_prints_the_groups_and_exits_at_once(flag: str) -> None:
    done, seconds, untouched = speed(flag)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('usage:')
    assert 'groups:' in done.stdout and 'turn ' in done.stdout and '--only' in done.stdout
    assert seconds < 15 and untouched


@pytest.mark.parametrize('args', [[], ['--only', 'nope'], ['--only', 'turn', '--all'],
                                  ['--only', 'turn', '--runs', '0'], ['--unknown']])
def test_nothing_to_run_is_a_usage_error(args: list[str]) -> None:
    done, seconds, untouched = speed(*args)
    assert done.returncode == 2
    assert done.stdout == '' and done.stderr.startswith('usage:')
    assert seconds < 15 and untouched


def test_aliases_expand_in_the_table_order() -> None:
    from benchmarks.speed import groups

    assert groups('turn,startup') == ['startup', 'turn']
    assert groups('scale') == ['shapes', 'parse', 'real', 'hook', 'ledger', 'turn']


@pytest.mark.parametrize('language', ['en', 'zh'])
def test_dense_prose_is_long_turns_of_one_language_and_the_same_each_time(language: str) -> None:
    import json
    import random

    from benchmarks.harness import dense_line

    make = dense_line(language)
    lines = [make(random.Random(7), i) for i in range(2)]
    assert lines == [make(random.Random(7), i) for i in range(2)]
    turn = json.loads(lines[0])
    assert turn['role'] == 'assistant' and json.loads(lines[1])['role'] == 'user'
    assert len(turn['text']) > 500  # longer than the pipeline's whole-turn screen
    han = sum('\u4e00' <= c <= '\u9fff' for c in turn['text'])
    assert (han > len(turn['text']) // 3) if language == 'zh' else han == 0
