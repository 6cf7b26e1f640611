"""The fixed pairs said_twice is measured on: the same claim in other words (SAME), and near
misses that must never merge (DIFFERENT), in English and in Chinese. benchmarks/said_twice.py
reads these tables to compare the hand-made measure with a library's."""
from __future__ import annotations

import pytest

import memory_gate.review.alike as alike_module
from memory_gate.review.alike import Index, alike, claim, same, similar_in

SAME = [
    ('Never push directly to main.', 'Do not push to the main branch directly.'),
    ('All timestamps are stored in UTC.', 'Store every timestamp in UTC.'),
    ('Run the tests with `pytest -x` before committing.',
     'Before you commit, run the tests with `pytest -x`.'),
    ('Use pnpm for package management, not npm.', 'Package management uses pnpm, not npm.'),
    ('The API client retries failed requests 3 times.',
     'Failed requests are retried 3 times by the API client.'),
    ('Keep the parser in pure Python.', 'The parser stays pure Python.'),
    ('Feature flags live in `config/flags.yaml`.',
     'Feature flags are kept in `config/flags.yaml`.'),
    ('Migrations must be reversible.', 'Every migration should be reversible.'),
    ('Do not commit secrets to the repository.', 'Never commit secrets into the repository.'),
    ('Log messages are written in English.', 'Write log messages in English.'),
    ('The staging database is reset nightly.', 'Staging database gets reset nightly.'),
    ('Prefer composition over inheritance in the domain layer.',
     'In the domain layer, prefer composition over inheritance.'),
    ('时间一律用 UTC 存储。', '所有时间都用 UTC 存储。'),
    ('不要直接推送到 main 分支。', '禁止直接推送到 main 分支。'),
    ('提交前先运行 `pytest -x`。', '在提交之前运行 `pytest -x`。'),
    ('日志一律用英文写。', '日志都用英文写。'),
    ('接口超时设为 30 秒。', '接口的超时设为 30 秒。'),
    ('数据库迁移必须可回滚。', '所有数据库迁移都必须可回滚。'),
]
DIFFERENT = [
    ('Never push directly to main.', 'Always push directly to main.'),
    ('Use pnpm for package management, not npm.', 'Use npm for package management, not pnpm.'),
    ('All timestamps are stored in UTC.', 'All timestamps are stored in local time.'),
    ('Run the tests with `pytest -x` before committing.',
     'Run the tests with `pytest -q` before committing.'),
    ('The API client retries failed requests 3 times.',
     'The API client retries failed requests 5 times.'),
    ('Keep the parser in pure Python.', 'Keep the renderer in pure Python.'),
    ('Feature flags live in `config/flags.yaml`.', 'Feature flags live in `config/flags.toml`.'),
    ('Migrations must be reversible.', 'Migrations need not be reversible.'),
    ('Do not commit secrets to the repository.', 'Commit the lock file to the repository.'),
    ('The staging database is reset nightly.', 'The production database is never reset.'),
    ('Use tabs for indentation in Makefiles.', 'Use spaces for indentation in Python files.'),
    ('Run `make lint` before pushing.', 'Run `make test` before pushing.'),
    ('Postgres for all persistence, not SQLite.', 'SQLite for all persistence, not Postgres.'),
    ('Tests live next to the code they test.', 'Fixtures live next to the tests that use them.'),
    ('Deploy on Tuesdays only.', 'Never deploy on Fridays.'),
    ('The cache expires after 10 minutes.', 'The session expires after 10 minutes.'),
    ('Frontend uses React with TypeScript.', 'Backend uses Go with sqlc.'),
    ('Always rebase before merging.', 'Always squash before merging.'),
    ('时间一律用 UTC 存储。', '时间一律用本地时间存储。'),
    ('不要直接推送到 main 分支。', '可以直接推送到 main 分支。'),
    ('接口超时设为 30 秒。', '接口超时设为 60 秒。'),
    ('提交前先运行 `pytest -x`。', '提交前先运行 `ruff check`。'),
    ('日志一律用英文写。', '注释一律用中文写。'),
    ('用 pnpm，不用 npm。', '用 npm，不用 pnpm。'),
    ('前端用 React。', '后端用 Go。'),
    ('数据库迁移必须可回滚。', '数据库备份必须每天做。'),
]


@pytest.mark.parametrize(('first', 'second'), SAME)
def test_the_same_claim_in_other_words_is_alike(first: str, second: str) -> None:
    assert alike(first, second) and alike(second, first)


@pytest.mark.parametrize(('first', 'second'), DIFFERENT)
def test_a_near_miss_is_never_alike(first: str, second: str) -> None:
    assert not alike(first, second) and not alike(second, first)


# similar_in: the memory file's bullets indexed by their words, read only when a proposal is
# tested, and claimed only when they share enough words; the first alike bullet, as a plain
# walk over every bullet's claim finds it.

def walk(bullets: list[str], text: str) -> str:
    said = claim(text)
    return next((b for b in bullets if same(said, claim(b))), '')


def test_similar_in_finds_what_a_walk_over_every_bullet_finds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(alike_module, 'CHUNK', 5)  # bullets cross chunk edges
    pairs = SAME + DIFFERENT
    bullets = [b for _, b in pairs] + [a for a, _ in pairs[::3]] + ['use `odd', 'span` here too']
    similar = similar_in(lambda: bullets)
    for text in [a for a, _ in pairs] + [b for _, b in pairs] + ['odd span here', 'use `odd']:
        assert similar(text) == walk(bullets, text), text


def test_similar_in_reads_no_bullet_until_a_proposal_is_tested() -> None:
    read: list[int] = []

    def bullets() -> list[str]:
        read.append(1)
        return ['Never push directly to main.']

    similar = similar_in(bullets)
    assert not read
    assert similar('Do not push to the main branch directly.') == 'Never push directly to main.'
    assert similar('Timestamps are UTC.') == ''
    assert read == [1]  # read and indexed once


def test_similar_in_claims_only_bullets_that_share_enough_words() -> None:
    bullets = [f'Rule number {i}: keep the module {i} under review.' for i in range(20_000)]
    index = Index(bullets)
    assert index.first_alike(claim('We decided to use Postgres for service 7.')) == ''
    assert len(index.claims) == 0
    assert index.first_alike(claim('Keep module 7 under review, rule number 7.')) == bullets[7]
    assert len(index.claims) <= 8  # those before it holding one of its rarest words, of 20,000
