"""The ledger read as it is held: line by line from disk, as 8-byte digests of identities."""
from __future__ import annotations

import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.base.files import InputError, read_text
from memory_gate.reading.memory import parse_ledger
from memory_gate.review import ledger
from tests.conftest import ENV, git, run, say, write_jsonl

PIECES = st.sampled_from(['Never push to main.', '# a comment', '', ' ', 'x', '=======', 'ünï',
                          '\n', '\r\n', '\r', '\v', '\x1c', '\x85', '\u2028'])
RAW = st.sampled_from([b'\xff', b'\xc3', b'\xe2\x82', b'\xef\xbb\xbf'])
TEXTS = st.lists(st.one_of(PIECES.map(str.encode), RAW), max_size=30).map(b''.join)


@settings(max_examples=300, deadline=None)
@given(data=TEXTS, chunk=st.integers(1, 7))
def test_lines_read_in_chunks_are_the_lines_of_the_whole_text(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, chunk: int,
) -> None:
    path = tmp_path_factory.mktemp('ledger') / 'declined.txt'
    path.write_bytes(data)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ledger, 'CHUNK_BYTES', chunk)
        got = list(ledger.lines(str(path)))
    assert got == read_text(str(path)).splitlines()
    declined = ledger.read(str(path))
    expected = parse_ledger(read_text(str(path)))
    assert len({d for run in declined.runs for d in run}) == len(expected)
    assert all(key in declined for key in expected)


@given(keys=st.sets(st.text(max_size=12), max_size=50), probe=st.text(max_size=12))
def test_identities_answer_in_as_a_set_does(keys: set[str], probe: str) -> None:
    held = ledger.Identities(keys)
    assert all(k in held for k in keys) and (probe in held) == (probe in keys)
    assert 7 not in held


def test_a_ledger_that_does_not_exist_declines_nothing(tmp_path: Path) -> None:
    assert len(ledger.read(str(tmp_path / 'none.txt'))) == 0


def test_an_empty_ledger_answers_without_a_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Most runs have no ledger: each candidate's `in declined` then costs no BLAKE2b."""
    def no_digest(key: str) -> int:
        raise AssertionError(key)

    monkeypatch.setattr(ledger, 'digest', no_digest)
    assert 'never push to main.' not in ledger.Identities()


def test_a_ledger_that_cannot_be_read_raises(tmp_path: Path) -> None:
    with pytest.raises(InputError, match='is a directory'):
        ledger.read(str(tmp_path))


def test_a_large_ledger_is_held_in_a_few_bytes_an_entry(tmp_path: Path) -> None:
    path = tmp_path / 'declined.txt'
    entries = 200_000
    path.write_text(''.join(f'Declined bullet number {i}: keep module {i} under review.\n'
                            for i in range(entries)))
    tracemalloc.start()
    try:
        declined = ledger.read(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(declined) == entries
    assert 'declined bullet number 7: keep module 7 under review' in declined
    assert peak < path.stat().st_size  # less than the file itself; as strings, about 3 times it


def test_declines_run_at_once_lose_no_bullet(repo: Path) -> None:
    """Issue 21.4: two `decline` runs at once each read the ledger, added theirs, and renamed
    over the other's: one side's bullets were lost. Additions are made under a lock."""
    count = 8
    names = [f's{n}.jsonl' for n in range(count)]
    for n, name in enumerate(names):
        write_jsonl(repo / name, say('user', f'We decided to keep rule number {n} forever.'))
    git(repo, 'add', '.')
    assert run(repo, 'hook', *names).returncode == 1
    for trial in range(3):
        if trial:
            (repo / '.memory-gate-declined.txt').unlink()
            assert run(repo, 'hook', *names).returncode == 1
        decline = (sys.executable, '-m', 'memory_gate', 'decline')
        runs = [subprocess.Popen((*decline, name + '.memory.diff'), cwd=repo, env=ENV,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                for name in names]
        assert all(p.wait(timeout=120) == 0 for p in runs)
        ledger = (repo / '.memory-gate-declined.txt').read_text()
        assert [n for n in range(count) if f'rule number {n} ' not in ledger] == [], trial
