"""Bad input inside a transcript is skipped and counted; the run goes on with the next line."""
from __future__ import annotations

from collections import Counter

import pytest

from memory_gate.parse import detect, parse_lines
from memory_gate.pipeline import Settings, Transcript, build

GOOD = b'{"role": "user", "text": "We decided to keep the parser in pure Python."}'


def stats_of(*lines: bytes | None) -> Counter[str]:
    return build([Transcript('t.jsonl', list(lines))], Settings()).stats


@pytest.mark.parametrize(('bad', 'key'), [
    (b'{not json\n', 'malformed'),
    (b'[1, 2, 3]\n', 'malformed'),
    (b'"a JSON string"\n', 'malformed'),
    (b'42\n', 'malformed'),
    (b'{"role": "user", "text": "a\x00b"}\n', 'malformed'),  # a raw NUL is not valid inside a JSON string
    (b'\x00\x00\x00\n', 'malformed'),
    (b'[' * 100_000 + b']' * 100_000 + b'\n', 'malformed'),  # too deep to parse
    (b'{"a": ' * 100_000 + b'1' + b'}' * 100_000 + b'\n', 'malformed'),
    (b'{"n": ' + b'9' * 1_000_000 + b'}\n', 'malformed'),  # past Python's integer-digits limit
    (b'   \n', 'blank'),
    (b'\n', 'blank'),
    (None, 'oversized'),
])
def test_bad_line_is_counted_and_the_next_line_still_read(bad: bytes | None, key: str) -> None:
    result = build([Transcript('t.jsonl', [bad, GOOD + b'\n'])], Settings())
    assert result.stats[key] == 1 and result.stats['lines'] == 2
    assert [p.line for p in result.proposed] == [2]


def test_long_string_is_fine() -> None:
    line = b'{"role": "user", "text": "We decided ' + b'x' * 1_000_000 + b'."}\n'
    assert stats_of(line)['mined'] == 1


def test_invalid_utf8_is_replaced_and_counted() -> None:
    result = build([Transcript('t.jsonl', [b'{"role": "user", "text": "We decided to keep caf\xe9 in pure Python."}\n'])], Settings())
    assert result.stats['undecodable'] == 1
    assert [p.text for p in result.proposed] == ['We decided to keep caf\ufffd in pure Python.']


def test_bom_and_crlf() -> None:
    result = build([Transcript('t.jsonl', [b'\xef\xbb\xbf' + GOOD + b'\r\n', b'{"role": "user", "text": "Never push directly to main."}\r\n'])], Settings())
    assert len(result.proposed) == 2 and result.stats['malformed'] == 0


@pytest.mark.parametrize('lines', [[], [b'\n', b'  \n', b'\t\r\n']])
def test_empty_and_blank_files(lines: list[bytes]) -> None:
    result = build([Transcript('t.jsonl', lines)], Settings())
    assert result.proposed == [] and result.stats['blank'] == len(lines)


def test_parse_lines_yields_one_outcome_per_parsed_line() -> None:
    stats: Counter[str] = Counter()
    outcomes = list(parse_lines([GOOD, b'{"x": 1}', b'bad'], stats))
    assert [o.line for o in outcomes] == [1, 2] and stats['malformed'] == 1


@pytest.mark.parametrize(('obj', 'fmt'), [
    ({'role': 'user', 'text': 'x'}, 'simple'),
    ({'role': 'user', 'content': 'x'}, 'openai-chat'),
    ({'messages': []}, 'openai-chat'),
    ({'type': 'user', 'sessionId': 's', 'message': {}}, 'claude-code'),
    ({'type': 'summary', 'summary': 's', 'leafUuid': 'x'}, 'claude-code'),
    ({'timestamp': 't', 'type': 'response_item', 'payload': {}}, 'codex'),
    ({'record_type': 'state'}, 'codex'),
    ({'type': 'message', 'role': 'user', 'content': []}, 'codex'),
    ({'sessionId': 's', 'projectHash': 'h'}, 'gemini'),
    ({'id': 'm', 'type': 'gemini', 'content': ''}, 'gemini'),
    ({'role': 'user', 'message': {'content': []}}, 'cursor'),
    ({'type': 'turn_ended'}, None),
])
def test_detect(obj: dict[str, object], fmt: str | None) -> None:
    assert detect(obj) == fmt
