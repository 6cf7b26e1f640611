"""Issue 42: every `Memory:` line is proposed exactly as written, in every format that carries
assistant text, several to a message; `Memory: none` proposes nothing; the dedupe against memory
and the ledger and the credential check still apply. Driven through the real program
(`python -m memory_gate build FILE --json`), as a user runs it."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run

LONG = (
    'The release job signs every artifact with the key held in the CI vault, and the signing '
    'step runs after the SBOM step because the SBOM is attached to the signature bundle; '
    'running it earlier produced unsigned SBOMs in 1.4 and 1.5, which is why the order in '
    '`.github/workflows/release.yml` is fixed. ' * 5
).strip()
assert 1_200 < len(LONG) < 1_600
# (marker as written, the statement exactly as it must be proposed)
LINES = (
    ('Memory: ', '`config/schema.cue` is the schema of the manifest; validate it with `cue vet`.'),
    ('Memory: ', '`hk test` exits 0 when no test matched, so CI also checks the count it prints.'),
    ('**Memory:** ', '**Never** edit `gen/*.pb.go` by hand; run `buf generate` instead.'),
    ('`Memory:` ', '`make dist` is the only target that strips debug symbols.'),
    ('- Memory: ', 'The release checklist lives in [docs/RELEASING.md](docs/RELEASING.md).'),
    ('> Memory: ', 'Ports: | api | 8080 | web | 3000 | worker | 9090 |'),
    ('1. Memory: ',
     'Retries back off exponentially, e.g. 1s, 2s, 4s. The cap is 30s. Do not lower it.'),
    ('Memory: ', '配置文件在 `config/` 目录下；修改后需要重启服务。不要手动编辑生成的文件。'),
    ('记住：', '所有时间戳一律用 UTC 存储；展示时再转换为用户时区。'),
    ('Memory: ',
     'テストは `pnpm test` で実行する。E2E テストは CI でのみ動く（ローカルでは不要）。'),
    ('Memory: ', '마이그레이션은 `db/migrations/` 에 두고, 배포 전에 `make migrate` 를 실행한다.'),
    ('Memory: ', 'Use pnpm.'),
    ('Memory: ', 'Column widths in `report.txt` are fixed:  name  12, size  8 (two spaces apart).'),
    ('Memory：', 'The web UI is a shell; inference and tools run in the CLI worker.'),
    ('Memory: ', LONG),
)
NONE = ('Memory: none', 'Memory: None.', '**Memory:** none', '- Memory: none')


def message() -> str:
    """One assistant message holding every marked line among other prose, and a `Memory:
    none`."""
    body = '\n'.join(marker + text for marker, text in LINES)
    return f'All done: the build is green.\n\n{body}\n\nMemory: none\nThat is everything.'


def turns(text: str) -> list[tuple[str, str]]:
    return [('user', 'Please tidy up the config loader and wrap up.'), ('assistant', text)]


def simple(said: list[tuple[str, str]]) -> list[Any]:
    return [{'role': role, 'text': text} for role, text in said]


def openai_string(said: list[tuple[str, str]]) -> list[Any]:
    return [{'role': role, 'content': text} for role, text in said]


def openai_parts(said: list[tuple[str, str]]) -> list[Any]:
    return [{'role': role, 'content': [{'type': 'text', 'text': text}]} for role, text in said]


def openai_conversation(said: list[tuple[str, str]]) -> list[Any]:
    return [{'messages': [{'role': role, 'content': text} for role, text in said]}]


def claude_code(said: list[tuple[str, str]]) -> list[Any]:
    return [
        {
            'type': role,
            'uuid': f'u{n}',
            'sessionId': 's',
            'isSidechain': False,
            'message': {'role': role, 'content': [{'type': 'text', 'text': text}]},
        }
        for n, (role, text) in enumerate(said)
    ]


def codex(said: list[tuple[str, str]]) -> list[Any]:
    meta = {'type': 'session_meta', 'payload': {'id': 's', 'cwd': '/w'}}
    kind = {'user': 'input_text', 'assistant': 'output_text'}
    return [meta] + [
        {
            'type': 'response_item',
            'payload': {
                'type': 'message',
                'role': role,
                'content': [{'type': kind[role], 'text': text}],
            },
        }
        for role, text in said
    ]


def gemini_messages(said: list[tuple[str, str]]) -> list[dict[str, Any]]:
    kind = {'user': 'user', 'assistant': 'gemini'}
    return [
        {'id': f'm{n}', 'timestamp': 't', 'type': kind[role], 'content': text}
        for n, (role, text) in enumerate(said)
    ]


def gemini(said: list[tuple[str, str]]) -> list[Any]:
    head = {'sessionId': 's', 'projectHash': 'h', 'startTime': 't', 'lastUpdated': 't',
            'kind': 'main'}
    return [head, *gemini_messages(said)]


def copilot(said: list[tuple[str, str]]) -> list[Any]:
    start = {'type': 'session.start', 'data': {'sessionId': 's'}, 'id': 'e0', 'parentId': None,
             'timestamp': 't'}
    kind = {'user': 'user.message', 'assistant': 'assistant.message'}
    return [start] + [
        {'type': kind[role], 'data': {'content': text, 'messageId': f'm{n}'}, 'id': f'e{n + 1}',
         'parentId': f'e{n}', 'timestamp': 't'}
        for n, (role, text) in enumerate(said)
    ]


def cursor(said: list[tuple[str, str]]) -> list[Any]:
    def text_of(role: str, text: str) -> str:
        return f'<user_query>\n{text}\n</user_query>' if role == 'user' else text

    return [
        {'role': role, 'message': {'content': [{'type': 'text', 'text': text_of(role, text)}]}}
        for role, text in said
    ]


JSONL: dict[str, Callable[[list[tuple[str, str]]], list[object]]] = {
    'simple': simple,
    'openai-chat string': openai_string,
    'openai-chat parts (Anthropic style)': openai_parts,
    'openai-chat conversation': openai_conversation,
    'claude-code': claude_code,
    'codex': codex,
    'gemini': gemini,
    'copilot': copilot,
    'cursor': cursor,
}
FORMATS = (*JSONL, 'gemini-document')


def write(path: Path, fmt: str, said: list[tuple[str, str]]) -> Path:
    if fmt == 'gemini-document':
        path = path.with_suffix('.json')
        doc = {'sessionId': 's', 'projectHash': 'h', 'startTime': 't', 'lastUpdated': 't',
               'messages': gemini_messages(said)}
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding='utf-8')
        return path
    records = JSONL[fmt](said)
    path.write_text(''.join(json.dumps(r, ensure_ascii=False) + '\n' for r in records),
                    encoding='utf-8')
    return path


def build(tmp_path: Path, fmt: str, said: list[tuple[str, str]], *args: str) -> dict[str, Any]:
    path = write(tmp_path / 'session.jsonl', fmt, said)
    done = run(tmp_path, 'build', path.name, '--json', *args)
    assert done.returncode == 0, done.stderr
    assert 'Traceback' not in done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def texts(out: dict[str, Any]) -> list[str]:
    return [p['text'] for p in out['proposed']]


@pytest.mark.parametrize('fmt', FORMATS)
def test_every_marked_line_of_a_message_is_proposed_exactly_as_written(
    tmp_path: Path, fmt: str
) -> None:
    out = build(tmp_path, fmt, turns(message()))
    assert texts(out) == [text for _, text in LINES]
    assert out['stats']['format:' + fmt.split(' ')[0]] == 1


@pytest.mark.parametrize('fmt', FORMATS)
def test_the_diff_carries_each_marked_line_as_its_own_bullet_byte_for_byte(
    tmp_path: Path, fmt: str
) -> None:
    path = write(tmp_path / 'session.jsonl', fmt, turns(message()))
    done = run(tmp_path, 'build', path.name)
    assert done.returncode == 0, done.stderr
    added = [line[3:] for line in done.stdout.splitlines() if line.startswith('+- ')]
    assert added == [text for _, text in LINES]


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('none', NONE)
def test_memory_none_proposes_nothing(tmp_path: Path, fmt: str, none: str) -> None:
    out = build(tmp_path, fmt, turns(f'Nothing durable came up.\n\n{none}'))
    assert texts(out) == []
    assert out['stats']['marked_none'] == 1


@pytest.mark.parametrize('fmt', ('simple', 'claude-code', 'gemini-document'))
def test_each_marked_line_in_its_own_message_is_proposed_exactly(tmp_path: Path, fmt: str) -> None:
    said = [('user', 'Wrap up, please.')]
    said += [('assistant', 'Done.\n' + marker + text) for marker, text in LINES]
    assert texts(build(tmp_path, fmt, said)) == [text for _, text in LINES]


def test_a_line_over_the_harvest_bound_is_held_back_with_a_reason_never_cut(tmp_path: Path) -> None:
    huge = 'The export schema keeps every column in its declared order, always. ' * 40
    out = build(tmp_path, 'simple', turns('Memory: ' + huge.strip()))
    assert texts(out) == []
    screened = out['screened']
    assert [(s['text'], s['reason']) for s in screened] == [
        (huge.strip(), 'too_long')
    ]


def test_a_marked_line_already_in_memory_or_declined_is_not_proposed_again(repo: Path) -> None:
    first, second = LINES[0][1], LINES[7][1]
    (repo / 'AGENTS.md').write_text(f'# Notes\n\n- {first}\n', encoding='utf-8')
    said = turns(f'Memory: {first}\nMemory: {second}')
    out = build(repo, 'simple', said)
    assert texts(out) == [second]
    assert out['stats']['already_in_memory'] == 1
    diff = run(repo, 'build', 'session.jsonl').stdout
    # as the hook writes it beside the transcript (proposals.MARK opens every proposal file)
    (repo / 'session.jsonl.memory.diff').write_text('# memory-gate proposal\n' + diff,
                                                    encoding='utf-8')
    declined = run(repo, 'decline', 'session.jsonl.memory.diff')
    assert declined.returncode == 0, declined.stderr
    out = build(repo, 'simple', said)
    assert texts(out) == []
    assert out['stats']['declined'] == 1


@pytest.mark.parametrize('fmt', ('simple', 'codex', 'copilot'))
def test_a_credential_in_a_marked_line_withholds_it(tmp_path: Path, fmt: str) -> None:
    said = turns('Memory: the staging database password is Xk29Lm3qP7vR, rotate it monthly.\n'
                 'Memory: `ops/rotate.sh` rotates the staging credentials.')
    out = build(tmp_path, fmt, said)
    assert texts(out) == ['`ops/rotate.sh` rotates the staging credentials.']
    assert out['stats']['withheld_secret'] == 1
    assert 'Xk29Lm3qP7vR' not in json.dumps(out)


def test_identical_marked_lines_are_one_bullet_and_different_ones_never_merge(
    tmp_path: Path,
) -> None:
    said = turns('- Memory: `a.toml` holds the defaults.\n- Memory: `b.toml` overrides them.\n'
                 'Memory: `a.toml` holds the defaults.')
    assert texts(build(tmp_path, 'simple', said)) == [
        '`a.toml` holds the defaults.', '`b.toml` overrides them.'
    ]
