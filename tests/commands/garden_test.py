"""`memory-gate garden` end to end: real git repositories with real history, the real `git
apply`, the real pre-commit at the manual stage."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.commands.hook_test import Repo, hook_repo  # noqa: F401 (a fixture)
from tests.conftest import ENV, git, run

MEMORY = '''# Memory

- Feeds are parsed in `src/feed.py`.
- The old importer is scripts/import.sh.
- Run `make lint` before pushing.
- Start the dev server with `npm run serve`.
- Call `parse_feed()` for each item.
- Cache the parsed feeds with pickle.
- Never push directly to main.
- 时间一律用 UTC 存储。
- The entry point is `src/app.py`.
- Be concise in commit messages.
- Parquet instead of pickle for the feed cache.
- Do not push to the main branch directly.
- 所有时间都用 UTC 存储。
'''
READER = 'import json\n\n\ndef {}(x):\n    return json.loads(x)\n\n\n' + ''.join(
    f'def helper_{n}(x):\n    return x + {n}\n\n\n' for n in range(8))
PROPOSED = {  # line -> (kind, what the evidence says)
    3: ('gone from the tree', 'renamed to src/feeds.py in'),
    4: ('gone from the tree', 'scripts/import.sh was removed in'),
    5: ('gone from the commands', '`lint`: no make target of that name in Makefile'),
    6: ('gone from the commands', '`serve`: no npm target of that name in package.json'),
    7: ('gone from the code', '`parse_feed`: git grep finds it nowhere in the tree'),
    8: ('superseded', 'line 13 turns away pickle'),
    14: ('said twice', 'line 9 says the same: Never push directly to main.'),
    15: ('said twice', 'line 10 says the same: 时间一律用 UTC 存储。'),
}


def commit(repo: Path, message: str, files: dict[str, str] | None = None) -> str:
    for name, text in (files or {}).items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    git(repo, 'add', '-A')
    git(repo, 'commit', '-qm', message)
    return git(repo, 'rev-parse', '--short', 'HEAD').strip()


@pytest.fixture
def aged(repo: Path) -> Path:
    """A repository whose history removed and renamed what MEMORY names."""
    commit(repo, 'start', {'src/feed.py': READER.format('parse_feed'),
                           'src/app.py': 'import feed\n', 'scripts/import.sh': 'echo import\n',
                           'Makefile': 'test:\n\tpytest\nlint:\n\truff check .\n',
                           'package.json': json.dumps({'scripts': {'dev': 'vite', 'serve': 'x'}})})
    git(repo, 'mv', 'src/feed.py', 'src/feeds.py')
    commit(repo, 'rename the reader', {'src/feeds.py': READER.format('parse_feeds')})
    git(repo, 'rm', '-q', 'scripts/import.sh')
    commit(repo, 'drop the importer', {'Makefile': 'test:\n\tpytest\n',
                                       'package.json': json.dumps({'scripts': {'dev': 'vite'}})})
    (repo / 'AGENTS.md').write_text(MEMORY)
    commit(repo, 'memory')
    return repo


def test_garden_proposes_each_stale_bullet_with_its_evidence(aged: Path) -> None:
    done = run(aged, 'garden')
    assert done.returncode == 1, done.stderr
    said = {int(line.split()[2]): line for line in done.stderr.splitlines()
            if line[:1].isdigit()}
    assert sorted(said) == sorted(PROPOSED)
    for line, (kind, evidence) in PROPOSED.items():
        assert f'({kind}): ' in said[line] and evidence in said[line], said[line]
    diff = (aged / 'AGENTS.md.garden.diff').read_text()
    assert done.stdout and done.stdout in diff
    assert not [x for x in done.stdout.splitlines() if x.startswith('+') and x[:3] != '+++']


def test_git_apply_takes_the_diff_and_the_memory_file_is_never_written(aged: Path) -> None:
    before = (aged / 'AGENTS.md').read_bytes()
    run(aged, 'garden')
    assert (aged / 'AGENTS.md').read_bytes() == before
    git(aged, 'apply', 'AGENTS.md.garden.diff')
    kept = [line for n, line in enumerate(MEMORY.splitlines(), 1) if n not in PROPOSED]
    assert (aged / 'AGENTS.md').read_text().splitlines() == kept
    assert run(aged, 'garden').returncode == 0


def test_a_declined_removal_is_recorded_as_such_and_not_proposed_again(aged: Path) -> None:
    run(aged, 'garden')
    done = run(aged, 'garden', '--take', '1-6,8', '--decline', '7')
    assert done.returncode == 0, done.stderr
    ledger = (aged / '.memory-gate-declined.txt').read_text()
    assert 'kept in memory: Never push directly to main.' not in ledger
    assert 'kept in memory: Do not push to the main branch directly.' in ledger
    assert done.stdout.count('\n-- ') == 7 and 'git apply AGENTS.md.garden.diff' in done.stdout
    git(aged, 'apply', 'AGENTS.md.garden.diff')
    memory = (aged / 'AGENTS.md').read_text()
    assert 'Do not push to the main branch directly.' in memory and 'src/feed.py' not in memory
    again = run(aged, 'garden')
    assert again.returncode == 0, again.stdout


def test_a_declined_addition_does_not_keep_a_removal(aged: Path) -> None:
    (aged / '.memory-gate-declined.txt').write_text('Feeds are parsed in `src/feed.py`.\n')
    assert 'src/feed.py' in run(aged, 'garden').stdout


def test_a_reworded_removal_replaces_the_bullet(aged: Path) -> None:
    run(aged, 'garden')
    done = run(aged, 'garden', '--reword', '1=Feeds are parsed in `src/feeds.py`.',
               '--skip', '2-8')
    assert done.returncode == 0, done.stderr
    git(aged, 'apply', 'AGENTS.md.garden.diff')
    memory = (aged / 'AGENTS.md').read_text()
    assert '- Feeds are parsed in `src/feeds.py`.\n- The old importer' in memory
    assert 'skipped in review, line 4' in (aged / 'AGENTS.md.garden.diff').read_text()


def test_garden_review_on_a_terminal_says_what_the_keys_do_to_a_removal(aged: Path) -> None:
    """Its prompt and help speak of removing a bullet, not of taking one in (review's words)."""
    from tests.commands.review_test import on_terminal

    run(aged, 'garden')
    prompt = b'Remove this bullet [y,n,e,s,a,d,q,c,?]? '
    code, out = on_terminal(aged, [(prompt, b'?'), (prompt, b'y'), (prompt, b'q')],
                            command=('garden', '--review'))
    assert code == 0, out
    assert 'y - remove this bullet from the memory file' in out
    assert 'n - keep it (recorded in the ledger, never proposed for removal again)' in out
    assert 'Take this bullet' not in out and 'take this bullet' not in out
    git(aged, 'apply', 'AGENTS.md.garden.diff')
    assert 'src/feed.py' not in (aged / 'AGENTS.md').read_text()


def test_nothing_stale_exits_0_and_writes_nothing(repo: Path) -> None:
    commit(repo, 'memory', {'AGENTS.md': '- The readme is README.md.\n- Be kind.\n'})
    done = run(repo, 'garden')
    assert (done.returncode, done.stdout) == (0, '')
    assert not (repo / 'AGENTS.md.garden.diff').exists()


def test_no_memory_file_or_no_repository_is_a_usage_error(repo: Path, tmp_path: Path) -> None:
    assert run(repo, 'garden', '--memory', 'NOPE.md').returncode == 2
    outside = tmp_path / 'plain'
    outside.mkdir()
    (outside / 'AGENTS.md').write_text('- x\n')
    done = run(outside, 'garden')
    assert done.returncode == 2 and 'Traceback' not in done.stderr


def test_the_manual_stage_hook_exits_1_with_the_diff(
        aged: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> None:  # noqa: F811
    src, rev, env = hook_repo
    (aged / '.pre-commit-config.yaml').write_text(
        f'repos:\n-   repo: {src}\n    rev: {rev}\n    hooks:\n    -   id: memory-gate-garden\n')
    project = Repo(aged, env)
    project.git('add', '.pre-commit-config.yaml')
    project.git('commit', '-qm', 'hooks')
    assert 'memory-gate-garden' not in project.pre_commit('run', '--all-files').stdout
    done = project.pre_commit('run', 'memory-gate-garden', '--hook-stage', 'manual')
    assert done.returncode == 1, done.stdout + done.stderr
    assert '-- Feeds are parsed in `src/feed.py`.' in done.stdout


def test_garden_in_a_repository_with_no_commits(tmp_path: Path) -> None:
    subprocess.run(('git', 'init', '-q', str(tmp_path)), check=True, env=ENV)
    (tmp_path / 'AGENTS.md').write_text('- See `src/x.py`.\n')
    done = run(tmp_path, 'garden')
    assert (done.returncode, done.stdout) == (0, '') and 'Traceback' not in done.stderr


def test_the_hook_shows_a_proposal_similar_to_a_memory_bullet_never_drops_it(repo: Path) -> None:
    memory = '# Memory\n\n- Never push directly to main.\n- 所有时间都用 UTC 存储。\n'
    commit(repo, 'memory', {'AGENTS.md': memory})
    (repo / 's.jsonl').write_text(''.join(json.dumps({'role': 'user', 'text': t}) + '\n' for t in (
        'Do not push to the main branch directly.', 'Memory: 时间一律用 UTC 存储。')))
    git(repo, 'add', 's.jsonl')
    done = run(repo, 'hook', 's.jsonl')
    assert done.returncode == 1, done.stderr
    first, second = [x for x in done.stdout.splitlines() if 'similar to' in x]
    assert first.endswith('; similar to: Never push directly to main.: '
                          'Do not push to the main branch directly.')
    assert second.endswith('; similar to: 所有时间都用 UTC 存储。: 时间一律用 UTC 存储。')
    assert '+- Do not push to the main branch directly.' in done.stdout  # never dropped
    header = (repo / 's.jsonl.memory.diff').read_text()
    assert 'similar to: Never push directly to main.): Do not push' in header
    assert run(repo, 'review', '--decline', '1,2').returncode == 0
