"""agents/stamps.py: a stamps file that cannot be trusted only means every session is read
again; never a traceback, never a hang."""
from __future__ import annotations

import os
from pathlib import Path

from memory_gate.agents import stamps

GOOD = [[10, 1], [12, 2], 'all', 0, 0]


def test_a_stamp_round_trips_and_a_bad_one_is_dropped(tmp_path: Path) -> None:
    path = str(tmp_path / stamps.NAME)
    stamps.save(path, {'transcripts/a.jsonl': stamps.Stamp((10, 1), (12, 2), 'all', 0, 0)})
    assert stamps.load(path) == {'transcripts/a.jsonl': stamps.Stamp((10, 1), (12, 2), 'all', 0)}
    for bad in ([[10, 1], [12, 2], 'all', 0], [[10, True], [12, 2], 'all', 0, 0],
                [[10, 1], [12], 'all', 0, 0], [[10, 1], [12, 2], 3, 0, 0],
                [[10, 1], [12, 2], 'all', -1, 0], 'x', None):
        assert stamps.parsed(bad) is None
    assert stamps.parsed(GOOD) is not None


def test_an_unreadable_stamps_file_is_no_stamps(tmp_path: Path) -> None:
    path = tmp_path / stamps.NAME
    for text in ('', '[]', '{', '{"a": 1}', '[' * 100_000):
        path.write_text(text)
        assert stamps.load(str(path)) == {}
    path.unlink()
    os.mkfifo(path)  # a FIFO with no writer: not opened for a read that would block
    assert stamps.load(str(path)) == {}
    assert stamps.load(None) == {} and stamps.load(str(tmp_path / 'none')) == {}


def test_a_copy_is_current_only_as_stamped_and_copied_the_same_way(tmp_path: Path) -> None:
    source, copy = tmp_path / 's.jsonl', tmp_path / 'c.jsonl'
    source.write_bytes(b'{}\n')
    copy.write_bytes(b'{}\n')
    stamp = stamps.Stamp(stamps.stat_of(str(source)) or (0, 0),
                         stamps.stat_of(str(copy)) or (0, 0), 'all', 0)
    assert stamps.is_current(stamp, str(source), str(copy), 'all')
    assert not stamps.is_current(stamp, str(source), str(copy), 'said')
    with source.open('ab') as f:
        f.write(b'{}\n')
    assert not stamps.is_current(stamp, str(source), str(copy), 'all')
