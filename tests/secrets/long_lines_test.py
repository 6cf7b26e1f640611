"""A line over the size cap (base.files.MAX_LINE_BYTES) is scanned for credentials in bounded,
overlapping windows as it streams past (issue 41): a token in the middle of a 9 MB line is found
and blocks the commit, a token across any window's edge is found once and whole. Fake values."""
from __future__ import annotations

import io
import json

import pytest

from memory_gate.base.files import iter_lines, iter_lines_keeping_long
from memory_gate.base.records import LongLine, Secret
from memory_gate.secrets.long_lines import spans
from memory_gate.secrets.scan import watch
from tests.commands.hook_test import Repo, hook_repo, project  # noqa: F401  (fixtures)

TOKEN = 'ghp_' + 'Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznBab12'


def pieces(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)]


@pytest.mark.parametrize('at', [0, 1, 150, 190, 199, 200, 201, 230, 260, 300, 350, 399, 400, 777])
def test_a_token_at_any_place_across_window_edges_is_found_once_whole(at: int) -> None:
    data = b'x' * at + b' ' + TOKEN.encode() + b' ' + b'y' * 600
    found = [value for _, value in spans(pieces(data, 37), size=200, overlap=100)]
    assert found == [TOKEN]


def test_the_windows_hold_a_bounded_part_of_the_line() -> None:
    from memory_gate.secrets.long_lines import windows

    sizes = [len(w.data) for w in windows(pieces(b'z' * 10_000, 300), size=1000, overlap=100)]
    assert max(sizes) == 1000 and len(sizes) == 11


def long_line(size: int) -> bytes:
    """A Claude Code tool result line of about `size` bytes with the token in its middle."""
    half = 'build ok\n' * (size // 18)
    record = {'type': 'user', 'message': {'role': 'user', 'content': [
        {'type': 'tool_result', 'tool_use_id': 't', 'content': f'{half}{TOKEN}\n{half}'}]}}
    return (json.dumps(record) + '\n').encode()


def test_a_line_over_the_cap_streams_its_chunks_and_the_next_line_follows() -> None:
    stream = io.BytesIO(b'short\n' + b'a' * 50 + b'\n' + b'after\n')
    lines = list(iter_lines_keeping_long(stream, cap=20))
    assert lines[0] == b'short\n' and isinstance(lines[1], LongLine) and lines[2] == b'after\n'
    assert list(iter_lines(io.BytesIO(b'a' * 50 + b'\nafter\n'), cap=20)) == [None, b'after\n']


def test_watch_reports_a_token_in_the_middle_of_a_9_mb_line() -> None:
    data = long_line(9 * 1024 * 1024)
    assert len(data) > 9 * 1024 * 1024
    out: list[Secret] = []
    lines = list(watch('t.jsonl', iter_lines_keeping_long(io.BytesIO(data)), 1, out, frozenset()))
    assert lines == [None]  # the parser still counts it oversized
    assert out == [Secret('t.jsonl', 1, 'GitHub token', 'ghp_…12')]


def test_a_token_in_a_9_mb_line_blocks_the_commit(project: Repo) -> None:  # noqa: F811
    path = project.path / 'transcripts' / 's.jsonl'
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(long_line(9 * 1024 * 1024))
    project.git('add', 'transcripts/s.jsonl')
    done = project.commit()
    assert done.returncode == 1, done.stdout
    assert 'transcripts/s.jsonl:1: GitHub token (ghp_…12)' in done.stdout
    assert TOKEN not in done.stdout
