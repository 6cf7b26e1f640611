"""Bad input inside a transcript is skipped and counted; the run goes on with the next line."""
from __future__ import annotations

import json
import tracemalloc
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_gate.base.files import iter_lines
from memory_gate.base.records import Transcript
from memory_gate.formats import Outcome, document, parse
from memory_gate.formats.parse import (
    DETECT_LINES,
    FORMATS,
    HEAD_LINES,
    READERS,
    STRUCTURED,
    detect,
    parse_lines,
)
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from tests.conftest import SHARED

GOOD = b'{"role": "user", "text": "We decided to keep the parser in pure Python."}'


def stats_of(*lines: bytes | None) -> Counter[str]:
    return build([Transcript('t.jsonl', list(lines))], Settings()).stats


@pytest.mark.parametrize(('bad', 'key'), [
    (b'{not json\n', 'malformed'),
    (b'[1, 2, 3]\n', 'malformed'),
    (b'"a JSON string"\n', 'malformed'),
    (b'42\n', 'malformed'),
    # a raw NUL is not valid inside a JSON string
    (b'{"role": "user", "text": "a\x00b"}\n', 'malformed'),
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


def test_invalid_utf8_is_counted_and_its_sentence_never_proposed() -> None:
    line = (b'{"role": "user", "text": "We decided to keep caf\xe9 in pure Python. '
            b'Never push directly to main."}\n')
    result = build([Transcript('t.jsonl', [line])], Settings())
    assert result.stats['undecodable'] == 1 and result.stats['noise:undecodable'] == 1
    assert [p.text for p in result.proposed] == ['Never push directly to main.']


def test_bom_and_crlf() -> None:
    lines = [b'\xef\xbb\xbf' + GOOD + b'\r\n',
             b'{"role": "user", "text": "Never push directly to main."}\r\n']
    result = build([Transcript('t.jsonl', lines)], Settings())
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
    ({'type': 'user.message', 'data': {'content': 'x'}, 'id': 'e', 'timestamp': 't',
      'parentId': None}, 'copilot'),
    ({'type': 'abort', 'data': {}, 'id': 'e', 'timestamp': 't', 'parentId': 'p'}, 'copilot'),
    ({'sessionId': 's', 'projectHash': 'h', 'messages': []}, 'gemini-document'),
    ({'type': 'turn_ended'}, None),
])
def test_detect(obj: dict[str, object], fmt: str | None) -> None:
    assert detect(obj) == fmt


@pytest.mark.parametrize(('obj', 'fmt'), [
    ({'type': 'session_meta', 'payload': {}, 'data': {}, 'parentId': None}, 'codex'),
    ({'type': 'message', 'data': {}, 'parentId': None}, 'copilot'),  # not the bare Codex layout
    ({'type': 'user', 'uuid': 'u', 'data': {}, 'parentId': 'p'}, 'copilot'),
    ({'type': 'user', 'id': 'm', 'sessionId': 's', 'message': {}}, 'claude-code'),
    ({'messages': [], 'lastUpdated': 't', 'role': 'user', 'content': 'x'}, 'gemini-document'),
    ({'role': 'user', 'content': 'x', 'message': {}}, 'openai-chat'),
    ({'role': 'user', 'text': 'x', 'message': {}}, 'simple'),
    ({'role': 'user', 'message': {}, 'projectHash': 'h'}, 'cursor'),
])
def test_detection_order_decides_a_record_two_formats_would_take(
    obj: dict[str, object], fmt: str,
) -> None:
    """parse.FORMATS is the order of docs/FORMATS.md: the first format that takes a record wins."""
    assert detect(obj) == fmt


def test_readers_and_structured_derive_from_the_formats() -> None:
    names = {f.name for f in FORMATS}
    assert set(READERS) == names and STRUCTURED == names - {'simple', 'openai-chat'}
    for fmt in FORMATS:  # two layouts of one agent share a name: they agree on the rest
        assert READERS[fmt.name] is fmt.reader and (fmt.name in STRUCTURED) == fmt.structured


# --- a transcript that is one JSON document ------------------------------------------------

SAY = {'role': 'user', 'text': 'We decided to keep the parser in pure Python.'}
GEMINI = {'sessionId': 's', 'projectHash': 'h',
          'messages': [{'id': 'm', 'type': 'user', 'content': SAY['text']}]}


def pretty(value: object, newline: bytes = b'\n') -> list[bytes]:
    return [line + newline for line in json.dumps(value, indent=2).encode().split(b'\n')]


@pytest.mark.parametrize('lines', [
    pretty(GEMINI),
    pretty(GEMINI, b'\r\n'),
    [b'\xef\xbb\xbf' + pretty(GEMINI)[0]] + pretty(GEMINI)[1:],
    [b'\n', b'  \n'] + pretty(GEMINI),
    [b'{"sessionId": "s", "projectHash": "h",\n',
     b'"messages": [{"id": "m", "type": "user", "content": "' + SAY['text'].encode() + b'"}]}'],
])
def test_pretty_printed_document_is_read_whole_whatever_its_name(lines: list[bytes]) -> None:
    result = build([Transcript('session.jsonl', lines)], Settings())
    assert [p.text for p in result.proposed] == [SAY['text']]
    assert result.stats['format:gemini-document'] == 1 and result.stats['malformed'] == 0
    assert result.stats['parsed'] == result.stats['lines'] - result.stats['blank'] == len(lines)


@pytest.mark.parametrize(('blanks', 'is_document'), [
    (HEAD_LINES - 2, True), (HEAD_LINES - 1, True), (HEAD_LINES, False),
])
def test_a_document_is_told_within_the_first_head_lines(blanks: int, is_document: bool) -> None:
    lines = [b'\n'] * blanks + pretty(GEMINI)  # its opening line must be within HEAD_LINES
    result = build([Transcript('session.json', lines)], Settings())
    assert result.stats['format:gemini-document'] == is_document
    assert [p.text for p in result.proposed] == ([SAY['text']] if is_document else [])


def test_a_line_over_the_cap_counts_as_a_line_of_the_head() -> None:
    result = build([Transcript('t.jsonl', [b'\n', None, b'{\n', GOOD + b'\n'])], Settings())
    assert result.stats['oversized'] == 1 and [p.line for p in result.proposed] == [4]


def test_document_that_is_an_array_reads_each_element_at_its_line() -> None:
    lines = pretty([{'role': 'system', 'content': 'x'}, SAY, 7])
    result = build([Transcript('chat.json', lines)], Settings())
    assert [(p.text, p.line) for p in result.proposed] == [(SAY['text'], 6)]
    assert result.stats['format:openai-chat'] == 1 and result.stats['malformed'] == 1


def test_broken_first_line_of_json_lines_is_not_a_document() -> None:
    result = build([Transcript('t.jsonl', [b'{"role": "user", "te\n', GOOD + b'\n'])], Settings())
    assert result.stats['malformed'] == 1 and [p.line for p in result.proposed] == [2]


@pytest.mark.parametrize('lines', [
    [b'{\n', b'  "messages": [\n', b'    {"id": "m", "type": "user"\n'],  # cut off mid-write
    [b'{\n', b'  "a": 1\n', b'}\n', b'{"b": 2}\n'],  # extra data
    [b'{\n', b'  "a": 1,\n', b'}\n'],  # trailing comma
    [b'{\n', b'  "messages": [1,]\n', b'}\n'],
    [b'{\n', b'  7: 1\n', b'}\n'],
    [b'[\n'] + [b'['] * 100_000 + [b']'] * 100_001,  # too deep to parse
])
def test_malformed_document_is_counted_not_a_crash(lines: list[bytes]) -> None:
    result = build([Transcript('t.json', lines)], Settings())
    assert result.stats['malformed_document'] == 1 and result.stats['malformed'] == len(lines)
    assert result.proposed == []


def test_oversized_document_is_skipped_in_bounded_memory() -> None:
    line = b'  "x": "' + b'a' * (1 << 20) + b'",\n'

    def lines() -> Iterator[bytes]:
        yield b'{\n'
        for _ in range(3 * document.MAX_DOCUMENT_BYTES >> 20):
            yield line
        yield b'"messages": [' + json.dumps(GEMINI['messages'][0]).encode() + b']}\n'

    tracemalloc.start()
    try:
        result = build([Transcript('big.json', lines())], Settings())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.proposed == [] and result.stats['oversized_document'] == 1
    lines_read = 2 + (3 * document.MAX_DOCUMENT_BYTES >> 20)
    assert result.stats['unread'] == result.stats['lines'] == lines_read
    assert result.stats['parsed'] == 0
    assert peak < 1.5 * document.MAX_DOCUMENT_BYTES


def test_document_with_a_line_past_the_line_cap_is_oversized() -> None:
    result = build([Transcript('t.json', [b'{\n', None, b'}\n'])], Settings())
    assert result.stats['oversized_document'] == 1 and result.proposed == []


# --- no silent pass ------------------------------------------------------------------------

def test_file_in_no_known_format_is_skipped_after_the_detection_window() -> None:
    rows = [json.dumps({'prompt': 'p', 'completion': str(n)}).encode()
            for n in range(DETECT_LINES)]
    rows += [json.dumps(SAY).encode()] * 5  # past the window: never read
    result = build([Transcript('dataset.jsonl', rows)], Settings())
    assert result.proposed == [] and result.stats['unrecognised'] == 1
    assert result.stats['skipped_unrecognised'] == DETECT_LINES and result.stats['unread'] == 5
    assert result.stats['parsed'] == DETECT_LINES


@pytest.mark.parametrize(('lines', 'looked'), [
    ([b'{"a": 1}', b'{"b": 2}'], 2),
    ([b'hello', b'world'], 0),
    ([b'[1, 2]', None], 0),
])
def test_short_file_in_no_known_format_is_unrecognised(
    lines: list[bytes | None], looked: int,
) -> None:
    result = build([Transcript('data.jsonl', lines)], Settings())
    assert result.stats['unrecognised'] == 1 and result.stats['skipped_unrecognised'] == looked


@pytest.mark.parametrize('lines', [[], [b'\n']])
def test_empty_file_is_not_unrecognised(lines: list[bytes]) -> None:
    assert build([Transcript('t.jsonl', lines)], Settings()).stats['unrecognised'] == 0


def test_lines_before_the_format_is_known_go_to_its_reader() -> None:
    claude = {'type': 'user', 'uuid': 'u', 'sessionId': 's',
              'message': {'role': 'user', 'content': SAY['text']}}
    lines = [b'{"odd": 1}', b'{"odd": 2}', json.dumps(claude).encode()]
    result = build([Transcript('t.jsonl', lines)], Settings())
    assert result.stats['format:claude-code'] == 1 and result.stats['skipped_unknown'] == 2
    assert [p.line for p in result.proposed] == [3]


# --- what parse adds to a reader's outcomes --------------------------------------------------

def test_no_usable_text_is_malformed_in_chat_files() -> None:
    lines = [GOOD, b'{"role": "user"}', b'{"foo": 1}', b'[1, 2]', b'"just a string"', b'null',
             b'{bad']
    result = build([Transcript('t.jsonl', lines)], Settings(threshold=0.0))
    assert [p.line for p in result.proposed] == [1] and result.stats['malformed'] == 6


@pytest.mark.parametrize('first', [
    {'role': 'user', 'text': 'hi'},
    {'type': 'user', 'uuid': 'u', 'sessionId': 's', 'message': {'role': 'user', 'content': 'hi'}},
    {'timestamp': 't', 'type': 'session_meta', 'payload': {'id': 's'}},
])
def test_unknown_lines_degrade_one_by_one(first: dict[str, object]) -> None:
    """An unknown record is 'unknown' in an agent log, 'malformed' in a chat file; the next
    record is still read."""
    lines = [json.dumps(r).encode() for r in (first, {'weird': True}, SAY)]
    result = build([Transcript('t.jsonl', lines)], Settings(threshold=0.0))
    assert [p.line for p in result.proposed] == [3]
    assert result.stats['skipped_unknown'] + result.stats['malformed'] == 1


# --- lines skipped by their bytes: the same outcomes and counts as the full parse ---------------

def corpus() -> list[Path]:
    """Every JSON-lines session of the shared real and voices sets and of tests/transcripts."""
    folders = [SHARED / 'real', SHARED / 'voices', Path(__file__).parents[1] / 'transcripts']
    return [p for folder in folders for p in sorted(folder.glob('**/*.jsonl'))
            if 'labels' not in p.name and p.name != 'traps.jsonl']


def parsed(path: Path) -> tuple[list[Outcome], Counter[str]]:
    stats: Counter[str] = Counter()
    with open(path, 'rb') as f:
        return list(parse_lines(iter_lines(f), stats)), stats


@pytest.mark.skipif(not (SHARED / 'real').is_dir(), reason='the shared corpus is not here')
def test_skipping_lines_by_their_bytes_changes_no_outcome_and_no_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast = {path: parsed(path) for path in corpus()}
    monkeypatch.setattr(parse, 'SKIP_LINE', {})  # every line through json.loads and its reader
    for path, outcomes_and_stats in fast.items():
        assert parsed(path) == outcomes_and_stats, path
    skippers = [f.skip_line for f in FORMATS if f.skip_line]
    lines = [line for path in fast for line in path.read_bytes().splitlines(keepends=True)]
    assert sum(1 for line in lines if any(s(line) for s in skippers)) > 30_000


def test_a_line_the_scan_decoded_is_not_decoded_again_to_tell_a_document(
        monkeypatch: pytest.MonkeyPatch) -> None:
    line, record = b'{"role": "user", "text": "hi"}\n', {'role': 'user', 'text': 'hi'}
    parse.hand_over(line, record)
    decoded: list[object] = []
    monkeypatch.setattr(document, 'is_json', lambda raw: decoded.append(raw))
    assert parse.known(line) is record and decoded == []
    assert not document.is_document([line], parse.known) and decoded == []
    parse.decode(line, Counter())  # taken: the next ask decodes
    assert parse.known(line) is None and decoded == [line]
