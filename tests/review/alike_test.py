"""The fixed pairs said_twice is measured on: the same claim in other words (SAME), and near
misses that must never merge (DIFFERENT), in English and in Chinese. benchmarks/said_twice.py
reads these tables to compare the hand-made measure with a library's."""
from __future__ import annotations

import pytest

from memory_gate.review.alike import alike

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
