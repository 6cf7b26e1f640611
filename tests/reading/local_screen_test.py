"""Issue 42: a `Memory:` line about what is local, not lasting (a path in someone's home folder,
this machine, the harness or sandbox the agent ran in, an installed tool's version, the state of
the branch or task) is not proposed: it is counted (`--stats`) and listed by `build --json` with
its reason. Its near misses (a project's own paths, a state machine, a test harness, a version the
project requires, how branches are merged) stay proposed. Families, each in many shapes and
languages, driven through the real program once."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import run

MUST_DROP = {
    'home_path': (
        'The project venv lives at /home/alice/work/proj/.venv; activate it before the tests.',
        'Logs are written to /Users/jdx/src/mise/target/debug.log when tracing is on.',
        r'The config is read from C:\Users\bob\AppData\Roaming\tool\config.toml on start.',
        'The fixture repository is cloned into /root/checkouts/fixtures by the setup script.',
        '`/Users/maria/Library/Caches/ms-playwright` holds the downloaded browsers.',
        '虚拟环境在 /home/wang/proj/.venv 下，运行测试前先激活。',
        'Use /home/dev/.cargo/bin/cargo-nextest to run the test suite.',
    ),
    'this_machine': (
        'This machine has no Docker, so the integration tests are skipped.',
        'On this laptop the full build takes about four minutes.',
        'My environment has no network access to registry.npmjs.org.',
        'Port 5432 is already taken on this host by another Postgres.',
        'In my local setup the tests need `--no-cache` to pass.',
        '本机没有安装 Docker，集成测试会被跳过。',
        '这台机器上的 Node 是 18，跑不了新的测试。',
        '이 머신에는 Docker가 없어서 통합 테스트를 건너뛴다.',
        'このマシンでは Docker が使えないので統合テストは飛ばす。',
        'Esta máquina no tiene Docker, así que las pruebas de integración se omiten.',
        'The tests are slow on my machine because of the antivirus scan.',
    ),
    'harness': (
        'The sandbox blocks network access, so `npm install` fails here.',
        'In this sandbox, writes outside the workspace are denied.',
        'The agent harness truncates tool output at 30,000 characters.',
        'Network access is disabled in this session, so downloads fail.',
        "Codex's sandbox cannot reach localhost:5432.",
        'Commands run with approval_policy=never and workspace-write, so git push is refused.',
        'My shell tool times out after 120 seconds, so long builds must run in the background.',
    ),
    'tool_version': (
        'Node v20.11.1 is installed here.',
        'The installed Go is 1.22.3, older than go.mod asks for.',
        'Docker 24.0.7 is installed, with compose v2.',
        'rustc 1.79.0 is what is installed, so let-chains are unavailable.',
        'We have pnpm 9.1.0 installed globally.',
        'uv 0.4.18 is available locally and resolves the lockfile.',
        'インストール済みの Node は 20.11 です。',
        '当前安装的 Go 版本是 1.22.3。',
        '설치된 Python 버전은 3.12.4 이다.',
        '`python3 --version` prints 3.12.4 here.',
    ),
    'task_state': (
        'The branch is ready to merge.',
        'This branch is rebased on main and every check passes.',
        'The PR is ready for review once CI finishes.',
        'All 214 tests pass now.',
        'The flaky upload test is skipped for now.',
        'I fixed the flaky upload test in runner.ts:928.',
        "I've added a retry around the upload call.",
        'The current task is to port the CLI parser to Rust.',
        'Work on the parser is still in progress.',
        'There are uncommitted changes in src/ that still need a review.',
        '当前分支已经可以合并了。',
        '暂时跳过这个测试，等上游修复。',
        'このブランチはレビュー待ちです。',
        '이 브랜치는 머지할 준비가 되었다.',
        'Let me rerun the suite before the release.',
        "I'll bump the lockfile in a follow-up.",
        "Let's wait for the upstream fix before touching the parser.",
    ),
}
MUST_KEEP = (
    # paths that are the project's or everyone's, not one person's home
    'Config lives in `~/.config/mise/config.toml`; a project file overrides it.',
    'The CLI installs its shims into `$HOME/.local/bin`.',
    'Docker images copy the app to /usr/src/app and run it as the `node` user.',
    '/etc/nginx/conf.d holds the generated virtual host files.',
    'Paths in the manifest are relative to the repository root, never absolute.',
    # machine, environment, harness and sandbox in the project's sense
    'The order model is a state machine: every transition goes through `advance()`.',
    'Keep the output machine-readable: JSON lines, one record each.',
    'The build machine in CI is ubuntu-latest with two cores.',
    "Each developer's machine needs Docker 24 or later for the integration tests.",
    'The test harness in `tests/harness.py` starts a fake S3 server.',
    'Payments use the Stripe sandbox in staging; live keys only in production.',
    'The environment variable `APP_ENV` selects the config file.',
    'The CLI runs on the user\'s machine; the server never sees their files.',
    '机器学习模型放在 `models/` 目录，不提交到仓库。',
    '本项目的配置都在 `config/` 目录下。',
    '이 프로젝트는 pnpm을 사용한다.',
    'このプロジェクトでは pnpm を使う。',
    # versions the project requires or pins
    'Requires Node 20 or later; CI pins 20.11 in `.nvmrc`.',
    'Ruff is pinned to 0.4.2 in `.pre-commit-config.yaml`; bump it there only.',
    'Support Python 3.10+: no syntax that needs 3.11.',
    'Version 2.0 of the API dropped the `/v1` prefix.',
    '`mise use node@20` pins Node 20 for the project in `mise.toml`.',
    'Installed plugins are listed in `~/.local/share/mise/plugins`.',
    # branches, tasks and sessions as the project runs them
    'Feature branches are squash-merged into main.',
    'Release branches are cut from main every Friday.',
    'The main branch is protected: changes go through a PR with one approval.',
    'Tests must pass before a PR is merged.',
    'Tasks in `mise.toml` run in parallel unless `depends` orders them.',
    'The session cookie expires after 30 minutes of inactivity.',
    "The current user's locale decides the date format.",
    '主分支受保护，所有修改都要走 PR。',
    # the cause of a fix stated as a fact, not a report of work
    'The fix for the race was to take the lock before reading the cache.',
    'I/O errors on the upload are retried three times.',
    "Let's Encrypt certificates renew every 60 days through `certbot renew`.",
    # the current branch in general, this checkout as the repository, a required or set-up version,
    # a home folder inside an image or on a CI runner
    '`git rev-parse --abbrev-ref HEAD` names the current branch; releases run only on main.',
    'Run `make` from the root of this checkout; the Makefile assumes it.',
    '`pre-commit` 3.5 or later is installed by `make setup`.',
    'The installed Python must match `.python-version` (3.12.4).',
    'The image runs as user flutter, with the SDK in /home/flutter/sdk.',
    'CI checks the repository out to /home/runner/work/app/app.',
    'Letting the cache expire is cheaper than purging it by hand.',
)


@pytest.fixture(scope='module')
def outcome(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One build of a session whose assistant states every case as a `Memory:` line."""
    path = tmp_path_factory.mktemp('screen') / 'session.jsonl'
    cases = [text for family in MUST_DROP.values() for text in family] + list(MUST_KEEP)
    records = [{'role': 'user', 'text': 'Wrap up and say what lasts.'}]
    records += [{'role': 'assistant', 'text': 'Done.\nMemory: ' + text} for text in cases]
    path.write_text(''.join(json.dumps(r, ensure_ascii=False) + '\n' for r in records),
                    encoding='utf-8')
    done = run(path.parent, 'build', path.name, '--json', '--stats', '--max-add', '1000')
    assert done.returncode == 0 and 'Traceback' not in done.stderr, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    out['stderr'] = done.stderr
    return out


def proposed(out: dict[str, Any]) -> list[str]:
    return [p['text'] for p in out['proposed']]


@pytest.mark.parametrize(
    ('text', 'reason'), [(text, reason) for reason, texts in MUST_DROP.items() for text in texts]
)
def test_a_local_line_is_screened_and_listed_with_its_reason(
    outcome: dict[str, Any], text: str, reason: str
) -> None:
    assert text not in proposed(outcome)
    listed = [(s['reason'], s['line']) for s in outcome['screened'] if s['text'] == text]
    assert [r for r, _ in listed] == [reason]


@pytest.mark.parametrize('text', MUST_KEEP)
def test_a_near_miss_stays_proposed_exactly(outcome: dict[str, Any], text: str) -> None:
    assert text in proposed(outcome)


def test_the_screened_lines_are_counted_in_stats(outcome: dict[str, Any]) -> None:
    stats = outcome['stats']
    total = sum(len(texts) for texts in MUST_DROP.values())
    assert stats['screened'] == total
    for reason, texts in MUST_DROP.items():
        assert stats['screened:' + reason] == len(texts)
    assert f'\nscreened: {total}\n' in str(outcome['stderr'])
    assert len(outcome['screened']) == total
