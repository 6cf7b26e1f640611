from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.base.records import Secret, Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import engine
from memory_gate.secrets.needles import UNNAMED_BYTES
from memory_gate.secrets.readable import is_tool
from memory_gate.secrets.redact import redact_line
from memory_gate.secrets.scan import (
    Finding,
    InLine,
    hint,
    holds_needle,
    may_hold,
    scan,
    scan_line,
    strings,
    watch,
)
from memory_gate.secrets.spans import detect, in_context, is_id
from tests.secrets.literals_test import hyperscan_off

# Fake credentials, built in pieces so no whole key is written down in the repository.
GH = 'ghp_' + 'EXAMPLE0' * 4 + 'Na'
AWS_ID = 'AKIA' + 'EXAMPLE0' * 2
AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY' + 'EXAMPLEKEY'
PG_PW = 'S3cret' + 'Pw99'
PEM = ('-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA' + 'EXAMPLE0' * 8
       + '\n-----END RSA PRIVATE KEY-----')
ENV = (f'AWS_ACCESS_KEY_ID={AWS_ID}\nAWS_SECRET_ACCESS_KEY={AWS_SECRET}\n'
       f'DATABASE_URL=postgres://admin:{PG_PW}@db:5432/app\nGITHUB_TOKEN={GH}\n')
VALUES = (GH, AWS_ID, AWS_SECRET, PG_PW, PEM)


def claude_tool_result(output: str) -> str:
    """A Claude Code line whose tool result (twice, as Claude Code writes it) is `output`."""
    content = [{'type': 'tool_result', 'tool_use_id': 't1', 'content': output}]
    record = {'type': 'user', 'sessionId': 's1', 'uuid': 'u1',
              'message': {'role': 'user', 'content': content}, 'toolUseResult': {'stdout': output}}
    return json.dumps(record) + '\n'


def unchanged_outside(before: str, after: str) -> bool:
    """Every byte of `before` outside the redacted values is in `after`, in order, and nothing
    else was added."""
    marked = re.escape(re.sub(r'\[REDACTED:[^\]]+\]', '\0', after))
    pattern = marked.replace('\\\0', '\0').replace('\0', '.+?')
    return re.fullmatch(pattern, before, re.S) is not None


def test_redact_line_replaces_only_the_values_and_keeps_json_valid() -> None:
    line = claude_tool_result(f'$ cat .env\n{ENV}')
    out, found = redact_line(line, 3)
    assert json.loads(out)['toolUseResult']['stdout'] == (
        '$ cat .env\nAWS_ACCESS_KEY_ID=[REDACTED:AWS access key id]\n'
        'AWS_SECRET_ACCESS_KEY=[REDACTED:secret]\n'
        'DATABASE_URL=postgres://admin:[REDACTED:password in a URL]@db:5432/app\n'
        'GITHUB_TOKEN=[REDACTED:GitHub token]\n')
    assert out.endswith('\n') and unchanged_outside(line, out)
    assert not [v for v in VALUES if v in out]
    assert found == 2 * [
        Finding(3, 'AWS access key id', 'AKIA…E0'), Finding(3, 'secret', 'wJal…EY'),
        Finding(3, 'password in a URL', ''), Finding(3, 'GitHub token', 'ghp_…Na'),
    ]


@pytest.mark.parametrize('ensure_ascii', [True, False])
def test_escaped_values_are_redacted_whole_and_the_line_stays_json(ensure_ascii: bool) -> None:
    text = f'key é {PEM}\nthen {AWS_ID[:4]}\u00ad{AWS_ID[4:]} 😀 {GH}'
    line = json.dumps({'text': text}, ensure_ascii=ensure_ascii)
    out, found = redact_line(line)
    expected = ('key é [REDACTED:private key]\n'
                'then [REDACTED:AWS access key id] 😀 [REDACTED:GitHub token]')
    assert json.loads(out) == {'text': expected}
    assert [f.kind for f in found] == ['private key', 'AWS access key id', 'GitHub token']
    assert found[0].hint == 'MIIE…E0' and found[2].hint == 'ghp_…Na'


def test_a_key_that_names_a_secret_is_the_values_context() -> None:
    out, found = redact_line(json.dumps({'input': {'password': 'hunter2Xy9', 'user': 'admin'}}))
    assert json.loads(out) == {'input': {'password': '[REDACTED:password]', 'user': 'admin'}}
    assert found == [Finding(0, 'password', '')]


@pytest.mark.parametrize('key', sorted(P.OPAQUE_KEYS))
def test_opaque_fields_are_never_searched(key: str) -> None:
    line = json.dumps({key: GH, 'text': 'hello'})
    assert redact_line(line) == (line, [])


def test_a_line_that_is_not_json_is_redacted_as_text() -> None:
    assert redact_line(f'export GITHUB_TOKEN={GH}\r\n') == (
        'export GITHUB_TOKEN=[REDACTED:GitHub token]\r\n', [Finding(0, 'GitHub token', 'ghp_…Na')])


@pytest.mark.parametrize('text', [
    'commit 3f786850e387550fdab836ed7e6dc881de23001b fixed the token refresh',
    'request 123e4567-e89b-12d3-a456-426614174000 failed; token expired',
    'image sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'
    ' pushed with the key rotated',
    'pinned python3.11-slim-bookworm; node 20.11.1; pass --frozen-lockfile',
    'export GITHUB_TOKEN=$GITHUB_TOKEN',
    'password = ${DB_PASSWORD}',
    'api_key: <your-api-key>',
    'token: xxxxxxxxxxxxxxxxxxxxxxxx',
    'OPENAI_API_KEY=your-key-here',
    'the password is stored in Vault; set ENABLE_NEW_CHECKOUT_FLOW_V2=true',
    'class HttpClientV2RetryPolicy: pass',
    'max_tokens: 4096, input_tokens: 1200, "cache_read_input_tokens": 30',
    'git clone https://github.com/org/repo.git && ssh git@github.com',
])
def test_near_misses_are_not_findings(text: str) -> None:
    content = [{'type': 'tool_result', 'content': text}]
    line = json.dumps({'type': 'user', 'message': {'content': content}})
    assert redact_line(line) == (line, [])
    assert redact_line(text) == (text, [])


def test_hint_only_for_values_of_16_or_more() -> None:
    assert hint('0123456789abcdef') == '0123…ef' and hint('0123456789abcde') == ''


def test_hint_of_a_value_over_several_lines_stays_on_one_line() -> None:
    blob = '{\n  "type": "service_account",\n  "private_key_id": "0a1b2c3d4e5f"\n}\n'
    assert hint(blob) == '{"ty…"}'
    assert hint('-----BEGIN KEY-----\nMIIEv0123456789\nabcdefQ==\n-----END KEY-----') == 'MIIE…=='


def test_redact_line_is_deterministic_and_idempotent() -> None:
    line = claude_tool_result(ENV)
    once = redact_line(line)
    assert redact_line(line) == once and redact_line(once[0]) == (once[0], [])


def test_a_line_the_scan_decoded_is_not_decoded_again_by_the_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said = [{'role': 'user', 'text': f'We decided the {w} password policy stays strict.'}
            for w in ('staging', 'prod', 'dev')]
    lines = [json.dumps(r).encode() for r in [*said, {'role': 'user', 'text': 'no needle'}]]
    calls: list[object] = []
    loads = json.loads

    def counted(text: bytes) -> object:
        calls.append(text)
        return loads(text)

    monkeypatch.setattr(json, 'loads', counted)
    stats = build([Transcript('t.jsonl', lines)], Settings()).stats
    assert stats['mined'] == 4 and not stats['malformed']
    # each line once (three by the scan, one by the parser); the format sniff takes the scan's
    # record of the first (parse.known)
    assert [calls.count(line) for line in lines] == [1, 1, 1, 1]


def test_scan_reads_only_lines_with_a_needle_and_from_start() -> None:
    plain = b'{"text": "nothing here"}\n'
    lines = [plain, claude_tool_result(ENV).encode(), None, f'{GH}\n'.encode()]
    assert not may_hold(plain) and scan_line(plain, 1) == []
    assert [(f.line, f.kind) for f in scan(lines, start=3)] == [(4, 'GitHub token')]
    assert len(list(scan(lines))) == 9


@pytest.mark.parametrize('text', [*ENV.splitlines(), PEM, GH, AWS_ID])
def test_every_credential_in_its_context_holds_a_needle(text: str) -> None:
    assert may_hold(text.encode())


def present_needles(raw: bytes) -> tuple[str, ...]:
    """The straightforward definition: every needle whose byte form the line holds."""
    return tuple(dict.fromkeys(text for text, form in P.BYTE_NEEDLES if form in raw))


PIECES = st.sampled_from([*P.TEXT_NEEDLES, 'x', ' ', '"', '\\u5bc6', 'a=', '1', '.', 'abcdef',
                          'x' * 27])


@settings(max_examples=400, deadline=None)
@given(line=st.lists(PIECES, max_size=12).map(''.join),
       value=st.lists(PIECES, max_size=8).map(''.join),
       key=st.one_of(st.none(), st.sampled_from(['text', 'password', 'content', 'apiKey'])),
       escaped=st.booleans())
def test_inline_answers_as_holds_needle_over_the_needles_present(
    line: str, value: str, key: str | None, escaped: bool
) -> None:
    raw = json.dumps({'text': line}, ensure_ascii=escaped).encode()
    unnamed = UNNAMED_BYTES.search(raw) is not None
    expected = holds_needle(key, value, present_needles(raw), unnamed)
    assert InLine(raw).worth_searching(key, value) is expected


# Long values (tool output) take needles' memchr walk for their negative answer: the same answer.
LONG_PIECES = st.sampled_from([*P.TEXT_NEEDLES, 'abcdefghij {}":,' * 20, 'x' * 300, '\u5bc6',
                               '.', 'x' * 27, '\ud800', '\u00e9' * 90])


@settings(max_examples=300, deadline=None)
@given(line=st.lists(PIECES, max_size=12).map(''.join),
       value=st.lists(LONG_PIECES, min_size=1, max_size=6).map(''.join),
       key=st.one_of(st.none(), st.sampled_from(['text', 'content'])),
       escaped=st.booleans())
def test_inline_answers_as_holds_needle_over_the_needles_present_on_long_values(
    line: str, value: str, key: str | None, escaped: bool
) -> None:
    raw = json.dumps({'text': line + value}, ensure_ascii=escaped).encode('utf-8', 'surrogatepass')
    unnamed = UNNAMED_BYTES.search(raw) is not None
    expected = holds_needle(key, value, present_needles(raw), unnamed)
    assert InLine(raw).worth_searching(key, value) is expected


def test_needle_order_holds_every_needle_once() -> None:
    assert sorted(P.NEEDLE_ORDER) == sorted(set(P.TEXT_NEEDLES))
    assert all(P.NEEDLE_FORMS[text] for text in P.NEEDLE_ORDER)


# A Discord bot token (id . timestamp . hmac), fake and built in pieces: no needle names it.
DISCORD = 'M' + 'TEXAMPLE' * 3 + '.GEXAMP.' + 'EXAMPLE_' * 3 + 'EXA'


@pytest.mark.parametrize('filler', ['', 'build ok\n' * 600])  # a short output, and one windowed
def test_a_discord_token_without_a_naming_word_is_found_and_redacted(filler: str) -> None:
    line = claude_tool_result(f'$ cat bot.cfg\n{filler}{DISCORD}\n{filler}')
    assert not [n for n in P.NEEDLES if n in line.encode()] and may_hold(line.encode())
    assert {f.kind for f in scan_line(line.encode(), 1)} == {'Discord token'}
    assert scan_line(line.encode(), 1)[0].hint == 'MTEX…XA'
    out, found = redact_line(line)
    assert DISCORD not in out and {f.kind for f in found} == {'Discord token'}
    assert unchanged_outside(line, out)


@pytest.mark.parametrize('text', [
    'Mr.Smith.Jr', 'see docs.python.org.uk for it', 'v1.2.3.4567890', 'a.b.c',
    'MTEXAMPLE.abc.def', 'x.abcdef.' + 'y' * 26 + ' done',
])
def test_dotted_text_that_is_no_discord_token_is_no_finding(text: str) -> None:
    assert scan_line(claude_tool_result(text).encode(), 1) == []


def test_build_lists_a_discord_token_a_tool_printed_under_secrets() -> None:
    line = claude_tool_result(f'$ cat bot.cfg\n{DISCORD}\n').encode()
    result = build([Transcript('t.jsonl', [line])], Settings())
    assert [(s.line, s.kind) for s in result.secrets] == [(1, 'Discord token')]


# A fresh interpreter that records the length of every pattern re compiles, then scans lines that
# hold no needle, as a commit of a short transcript does.
COMPILES = """
import re
sizes = []
compile = re._compile
re._compile = lambda pattern, flags: sizes.append(len(pattern)) or compile(pattern, flags)
from memory_gate.secrets import scan
lines = [b'{"role": "user", "text": "hello there"}', b'{"role": "assistant", "text": "Hi!"}']
assert not list(scan.scan(lines))
print(max(sizes))
"""


def test_a_scan_of_lines_without_a_needle_compiles_no_big_search() -> None:
    """Start-up: the window searches (candidates' CONTEXT alone is 10,000 characters and took
    ~40 ms to compile; the smallest, ELSEWHERE, 1,576) are compiled by the first window that
    needs them, not at import. The line of "assistant" holds the needle 'ass', so
    spans.needle_starts (under 1,500 characters, ~1.5 ms, with the password words of Dutch, Polish,
    Turkish and Russian in their casings) is compiled, and no more."""
    done = subprocess.run([sys.executable, '-c', COMPILES], capture_output=True, text=True,
                          check=True)
    assert int(done.stdout) < 1500, done.stdout


# A raw line is decoded only when it holds a needle, so each casing of each word a layer names a
# secret by (credential_patterns.LAYER_WORDS) must hold one; else `"dbPwd": "..."`, `Kennwort: ...`,
# `Senha: ...` or `Bearer ...` in tool output pass unread.
LAYER_WORDS = P.LAYER_WORDS
CASINGS = P.CASINGS


def test_layer_words_are_every_layers_hints() -> None:
    hints = {*P.WORD_HINTS, *P.PASSWORD_HINTS, *P.HEADER_HINTS,
             *(word for hints, _ in P.CONTEXT_RES for word in hints)}
    assert hints - set(LAYER_WORDS) == {'--'}  # FLAG_RE's '--' is read with the word after it


@pytest.mark.parametrize('word', LAYER_WORDS)
def test_every_casing_of_every_layer_word_holds_a_needle(word: str) -> None:
    for casing in CASINGS:
        written = casing(word)
        for raw in (json.dumps({'k': written}).encode(),
                    json.dumps({'k': written}, ensure_ascii=False).encode()):
            assert may_hold(raw), written


SECRET_VALUES = ('Xk29Lm3qP7zzQ8', 'Geheim2024xyz')


@settings(max_examples=1500, deadline=None)
@given(word=st.sampled_from(LAYER_WORDS), casing=st.sampled_from(CASINGS),
       prefix=st.sampled_from(['', 'db', 'db_', 'DB_', 'the ', 'my ', 'curl ']),
       link=st.sampled_from([': ', '=', ' is ', ' ', ' bob:', '：', ' "', 'は ']),
       value=st.sampled_from(SECRET_VALUES), escaped=st.booleans(),
       where=st.sampled_from(['text', 'tool output', 'key']))
def test_what_the_detector_finds_next_to_a_layer_word_the_scan_finds(
    word: str, casing: Callable[[str], str], prefix: str, link: str, value: str, escaped: bool,
    where: str,
) -> None:
    """What the scan's detector finds in a string (spans.detect, in_context for a key's value) is
    found in a line holding it as a role's text, as tool output, or as the value of a key named
    after the word (dbPwd, DB_SENHA): the needles let no such line or string by undecoded."""
    written = casing(word)
    text = f'{prefix}{written}{link}{value}'
    if where == 'key':
        key = f'{prefix.strip()}{written}'
        record: dict[str, object] = {'role': 'user', 'text': 'hello there', key: value}
        expected = bool(in_context(key, value))
    elif where == 'text':
        record = {'role': 'user', 'text': text}
        expected = bool(detect(text))
    else:
        output = f'$ cat notes\n{text}\n'
        record = json.loads(claude_tool_result(output))
        expected = bool(detect(output, said=False))  # tool output: prose and config only
    raw = json.dumps(record, ensure_ascii=escaped).encode()
    if expected:
        assert scan_line(raw, 1), raw


@pytest.mark.parametrize('key', ['dbPwd', 'DB_PWD', 'db_pwd', 'dbSenha', 'adminKennwort',
                                 'userContraseña', 'ADMIN_KENNWORT', '管理员密码'])
def test_build_lists_a_secret_under_a_key_in_any_casing(key: str) -> None:
    line = json.dumps({'role': 'user', 'text': 'hello there', key: 'Xk29Lm3qP7zzQ8'},
                      ensure_ascii=False).encode()
    result = build([Transcript('t.jsonl', [line])], Settings())
    assert [(s.line, s.kind) for s in result.secrets] == [(1, 'password')], key


@pytest.mark.parametrize('key', ['typingDelay', 'shippingZone', 'spinner', 'mapping'])
def test_a_key_with_pin_inside_a_word_names_no_secret(key: str) -> None:
    line = json.dumps({'role': 'user', 'text': 'hello there', key: 'Xk29Lm3qP7zzQ8'}).encode()
    assert scan_line(line, 1) == []


# Escapes a JSON line writes around or inside a string: the scan reads the decoded strings, so
# what is found there is found (issue 41, item 6: a scan over raw bytes must not lose these).
GITHUB = 'ghp_' + 'Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznBab12'  # realistic: the engine skips EXAMPLE
CLOUDFLARE = 'oj9Yoyq0zmOyWmPPob1aoY5YSNNuJ0fbZSOURBlX'  # gitleaks' own example
# Newlines, quotes (tool output that is itself JSON), \u00.. (ensure_ascii writers), \/ (writers
# that escape slashes), a tab.
ESCAPED = [
    claude_tool_result(f'$ env\nPATH=/bin\n{GITHUB}\nHOME=/root\n'),
    claude_tool_result(json.dumps({'config': {'token': GITHUB}})),
    claude_tool_result(f'$ cat wrangler.toml\ncloudflare: "{CLOUDFLARE}"\n'),
    json.dumps({'type': 'user', 'message': {'role': 'user', 'content': f'caf\u00e9 {GITHUB} ok'}}),
    json.dumps({'type': 'user', 'message': {'role': 'user', 'content': f'caf\u00e9\t{GITHUB}'}},
               ensure_ascii=False),
    '{"type":"user","message":{"role":"user","content":"see https:\\/\\/github.com\\/x '
    + GITHUB + '\\/y"}}',
]


@pytest.mark.parametrize('line', ESCAPED)
def test_watch_finds_a_value_among_json_escapes(line: str) -> None:
    out: list[Secret] = []
    assert list(watch('t.jsonl', [line.encode()], 1, out, frozenset())) == [line.encode()]
    assert [s.line for s in out] == [1] and out[0].hint in (hint(GITHUB), hint(CLOUDFLARE))


@pytest.mark.skipif(engine.loaded() is None, reason='the engine is not installed')
def test_the_engine_reads_each_line_on_its_own() -> None:
    """Some of the engine's rules end a value at the end of what they are given ($): Sidekiq's
    URL, whose value is the whole userinfo. Read a line at a time, each line's URL is its."""
    url = 'https://{}:{}@gems.contribsys.com'
    pairs = (('cafebabe', 'deadbeef'), ('0badf00d', 'feedface'), ('cafebabe', 'deadbeef'))
    lines = [claude_tool_result(f'$ cat config\n{url.format(*pair)}\n').encode() for pair in pairs]
    out: list[Secret] = []
    list(watch('t.jsonl', iter(lines), 1, out, frozenset()))
    assert {(1, 'cafe…ef'), (2, '0bad…ce'), (3, 'cafe…ef')} <= {(s.line, s.hint) for s in out}


def test_the_parser_takes_each_record_the_scan_decoded() -> None:
    from memory_gate.formats import parse

    for raw in watch('t.jsonl', iter(line.encode() for line in ESCAPED), 1, [], frozenset()):
        assert raw is not None and parse.known(raw) == json.loads(raw)
        assert parse._HANDED[id(raw)][0] is raw  # handed over, not decoded again


def walked(record: object, key: str | None = None,
           said: bool = True) -> Iterator[tuple[str | None, str, bool]]:
    """scan.strings' definition, a call a node: (key, string, said) for every string in order,
    the fields of OPAQUE_KEYS left out; under a tool's field or block, not said."""
    said = said and not is_tool(key, record)
    if isinstance(record, str):
        yield key, record, said
    elif isinstance(record, dict):
        for k, v in record.items():
            if k not in P.OPAQUE_KEYS:
                yield from walked(v, k, said)
    elif isinstance(record, list):
        for v in record:
            yield from walked(v, key, said)


def by_definition(record: object) -> list[tuple[str | None, str, bool]]:
    seen: set[object] = set()
    out = []
    for key, value, said in walked(record):
        seen_as = value if len(value) > 256 else (key, value)
        if seen_as not in seen and not is_id(key, value):
            seen.add(seen_as)
            out.append((key, value, said))
    return out


RECORD_KEYS = st.sampled_from(['type', 'content', 'tool_use_id', 'output', 'id', 'text', 'role',
                               'toolResult', 'message', 'password', 'sha', 'parentHash', 'input'])
RECORD_STRINGS = st.one_of(
    st.sampled_from(['tool_result', 'function_call_output', 'exec_command', 'assistant', 'user',
                     '0b9a2c1e-5f3d-4a7b-9c8e-1d2f3a4b5c6d', 'deadbeef1234567', 'x' * 300]),
    st.text(max_size=12))
RECORDS = st.recursive(
    st.one_of(RECORD_STRINGS, st.integers(), st.none(), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(RECORD_KEYS, inner, max_size=5)),
    max_leaves=20)


@given(RECORDS)
def test_strings_are_the_walk_by_definition(record: object) -> None:
    """strings() walks a record with fewer calls and gives what its definition gives: the order,
    what is said, what is left out (opaque fields, ids, a string seen before)."""
    assert strings(record) == by_definition(record)


def test_strings_of_a_real_record_by_definition() -> None:
    """A Claude Code tool result (its output twice, an id, a type that names a tool) and a
    Codex call: the same strings, the tool output not said."""
    records = [json.loads(line) for line in (
        '{"type":"user","uuid":"0b9a2c1e-5f3d-4a7b-9c8e-1d2f3a4b5c6d","message":{"role":"user","content":'
        '[{"type":"tool_result","tool_use_id":"toolu_01","content":"PASSWORD=Xk9-vQ2"}]},'
        '"toolUseResult":{"stdout":"PASSWORD=Xk9-vQ2"}}',
        '{"type":"response_item","payload":{"type":"function_call","name":"shell",'
        '"arguments":"{\\"cmd\\":\\"ls\\"}","call_id":"call_1"}}')]
    for record in records:
        assert strings(record) == by_definition(record)
    assert strings(records[0]) == [
        ('type', 'user', True), ('role', 'user', True), ('type', 'tool_result', False),
        ('content', 'PASSWORD=Xk9-vQ2', False), ('stdout', 'PASSWORD=Xk9-vQ2', False)]


# Long strings (over scan.LONG_VALUE) of needles, their near misses and text past ASCII.
LONG_PIECES = st.sampled_from([*P.TEXT_NEEDLES, 'x' * 60, ' ', '\n', 'é', '密', '\ud800', 'pas',
                               'toke', '\\u5bc6\\u7801', 'wörd'])


@settings(max_examples=200, deadline=None)
@given(value=st.lists(LONG_PIECES, min_size=8, max_size=40).map(''.join))
def test_a_long_strings_needles_are_the_same_found_at_once_or_one_by_one(value: str) -> None:
    from memory_gate.secrets.scan import long_needles, needles_in

    one_by_one = set(needles_in(value))
    assert set(long_needles(value)) == one_by_one
    with hyperscan_off():
        assert set(long_needles(value)) == one_by_one
