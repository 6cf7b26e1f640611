"""Keep the README honest: its example diff, its snippet and its set-up commands."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import git, run
from tests.hook_test import hook_repo  # noqa: F401  (a fixture)

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / 'README.md').read_text(encoding='utf-8')


def test_example_diff_is_what_build_prints(tmp_path: Path) -> None:
    block = re.search(r'```diff\n(.*?)```', README, re.S)
    assert block is not None
    (tmp_path / 'examples').mkdir()
    shutil.copy(ROOT / 'examples' / 'session.jsonl', tmp_path / 'examples' / 'session.jsonl')
    assert run(tmp_path, 'build', 'examples/session.jsonl').stdout == block.group(1)


def test_snippets_name_hooks_that_exist() -> None:
    manifest = (ROOT / '.pre-commit-hooks.yaml').read_text()
    hooks = re.findall(r'^ *- +id: ([\w-]+)', README, re.M)
    assert {'memory-gate', 'memory-gate-decline'} <= set(hooks)
    for hook in hooks:
        assert f'id: {hook}\n' in manifest


CONTRIBUTOR = ("python3 -m venv .venv && . .venv/bin/activate && pip install . && memory-gate build examples/session.jsonl --stats",
               "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest")


def test_setup_commands_are_the_ones_ci_runs() -> None:
    ci = (ROOT / '.ci' / 'run').read_text()
    for command in CONTRIBUTOR:
        assert f'\n{command}\n' in README and f'\n{command}\n' in ci


def test_changelog_first_entry_is_this_version() -> None:
    from memory_gate import __version__

    changelog = (ROOT / 'CHANGELOG.md').read_text(encoding='utf-8')
    first = re.search(r'^## (\S+)', changelog, re.M)
    assert first is not None and first.group(1) == __version__


def test_own_hooks_need_no_network() -> None:
    """The repository's own .pre-commit-config.yaml: ruff and mypy from the virtual environment, no remote repo."""
    config = (ROOT / '.pre-commit-config.yaml').read_text()
    assert re.findall(r'^-   repo: (\S+)', config, re.M) == ['local']
    assert re.findall(r'^    -   id: (\S+)', config, re.M) == ['ruff', 'mypy']
    assert set(re.findall(r'^        language: (\S+)', config, re.M)) == {'system'}
    done = subprocess.run((sys.executable, '-m', 'pre_commit', 'validate-config', '.pre-commit-config.yaml'),
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_readme_shows_the_snippet_as_memory_gate_snippet_prints_it(tmp_path: Path) -> None:
    block = re.search(r'```markdown\n(## Durable findings\n.*?)```', README, re.S)
    assert block is not None
    assert run(tmp_path, 'snippet').stdout == block.group(1)


def test_pyproject_example_is_valid(tmp_path: Path) -> None:
    """The README's [tool.memory-gate] example is accepted as it stands: every key known, every value well typed."""
    block = re.search(r'```toml\n(\[tool\.memory-gate\].*?)```', README, re.S)
    assert block is not None
    (tmp_path / 'pyproject.toml').write_text(block.group(1), encoding='utf-8')
    (tmp_path / '.git').mkdir()  # the repository root, where pyproject.toml is read
    (tmp_path / 't.jsonl').write_text('{"role": "user", "text": "ADR-7 accepted: the queue is Kafka."}\n')
    done = run(tmp_path, 'build', 't.jsonl', '--json')
    assert done.returncode == 0, done.stderr
    assert [p['rule'] for p in json.loads(done.stdout)['proposed']] == ['adr']


def sh_block(after: str) -> str:
    """The first ```sh block after the text `after` in the README."""
    block = re.search(re.escape(after) + r'.*?```sh\n(.*?)```', README, re.S)
    assert block is not None, after
    return block.group(1)


def test_use_it_from_a_local_clone(repo: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> None:  # noqa: F811
    """The three steps as printed, with only the clone's path changed, then the example commit is blocked."""
    src, rev, env = hook_repo
    env = {**env, 'PATH': os.path.dirname(sys.executable) + os.pathsep + env['PATH']}  # pre-commit, as installed
    steps = sh_block('## Use it')
    assert steps.startswith('pipx install pre-commit') and steps.count('/path/to/memory-gate') == 2
    script = steps.replace('/path/to/memory-gate', str(src)).replace('pipx install pre-commit', 'true', 1)
    done = subprocess.run(('bash', '-euc', script), cwd=repo, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f'rev: {rev}\n' in (repo / '.pre-commit-config.yaml').read_text()
    commit = sh_block('Then commit a transcript').replace('/path/to/memory-gate', str(ROOT))
    done = subprocess.run(('bash', '-uc', commit), cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, check=False)
    assert done.returncode == 1 and '+- We decided to use Postgres for all persistence, not SQLite.\n' in done.stdout
    assert (repo / 'transcripts' / 'session.jsonl.memory.diff').is_file()
    assert 'memory.diff' not in git(repo, 'status', '--porcelain', '--untracked-files=all')  # ignored, as step 3 says
