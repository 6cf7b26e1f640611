"""Explicit statements are proposed whoever says them (issue 43, item 1): a decision with its
marker, a standing constraint, a root cause, in the user's voice and the assistant's, in every
language read; a one-off ask and a question are not. Through the CLI, at default settings."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run, write_jsonl

PROPOSED = [
    # the examples
    '我们决定以后所有时间戳都用 UTC 存储。',
    'Never store secrets in the repository config.',
    'The flaky upload test was caused by a shared temp directory between workers.',
    'please always run the migrations check before you open a pull request',
    # the families beyond them
    "We've agreed that every migration ships with a rollback script.",
    'We went with cursor pagination on the list endpoints.',
    'Going forward, the public API returns dates in ISO 8601.',
    'Do not commit the generated protobuf files.',
    'Generated clients must never be edited by hand.',
    'The nightly build failures were caused by a stale cache key.',
    '从现在起，所有接口都返回 ISO 8601 日期。',
    '今後はすべてのタイムスタンプを UTC で保存します。',
    '앞으로 모든 타임스탬프는 UTC로 저장합니다.',
    'Decidimos guardar todas las fechas en UTC.',
    'A partir de agora, toda release sai da main.',
]
NOT_PROPOSED = [
    # the examples
    "don't open a pull request for this one, just commit it",
    'does the importer support gzip or do we need to add it',
    # the families beyond them
    "don't run the full suite this time, just push the branch",
    'can you check whether the parser handles gzip',
    'I decided to look at the parser first.',
    "Don't worry about the warnings, the tests are fine.",
    'It always returns None when the cache is cold.',
]


def session(path: Path, role: str, text: str) -> Path:
    """A Claude Code session: the user asks, then `role` says `text`."""
    said = {'user': text, 'assistant': [{'type': 'text', 'text': text}]}[role]
    return write_jsonl(
        path,
        {'type': 'user', 'uuid': 'u0', 'sessionId': 's',
         'message': {'role': 'user', 'content': 'Can you look at the importer?'}},
        {'type': role, 'uuid': 'x1', 'sessionId': 's', 'message': {'role': role, 'content': said}},
    )


def proposed(tmp_path: Path, role: str, text: str) -> list[str]:
    done = run(tmp_path, 'build', '--json', str(session(tmp_path / 's.jsonl', role, text)))
    assert done.returncode == 0, done.stderr
    return [p['text'] for p in json.loads(done.stdout)['proposed']]


@pytest.mark.parametrize('role', ['user', 'assistant'])
@pytest.mark.parametrize('text', PROPOSED)
def test_an_explicit_statement_is_proposed_whoever_says_it(
        tmp_path: Path, role: str, text: str) -> None:
    assert proposed(tmp_path, role, text) == [text]


@pytest.mark.parametrize('role', ['user', 'assistant'])
@pytest.mark.parametrize('text', NOT_PROPOSED)
def test_a_one_off_ask_or_a_question_is_not(tmp_path: Path, role: str, text: str) -> None:
    assert proposed(tmp_path, role, text) == []
