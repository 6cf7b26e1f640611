"""Keep the README honest: its example diff, its snippet and its set-up commands."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.conftest import run

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / 'README.md').read_text(encoding='utf-8')


def test_example_diff_is_what_build_prints(tmp_path: Path) -> None:
    block = re.search(r'```diff\n(.*?)```', README, re.S)
    assert block is not None
    (tmp_path / 'examples').mkdir()
    shutil.copy(ROOT / 'examples' / 'session.jsonl', tmp_path / 'examples' / 'session.jsonl')
    assert run(tmp_path, 'build', 'examples/session.jsonl').stdout == block.group(1)


def test_snippet_names_hooks_that_exist() -> None:
    snippet = re.search(r'```yaml\n(.*?)```', README, re.S)
    assert snippet is not None
    manifest = (ROOT / '.pre-commit-hooks.yaml').read_text()
    for hook in re.findall(r'- +id: ([\w-]+)', snippet.group(1)):
        assert f'id: {hook}\n' in manifest


def test_setup_commands_are_the_ones_ci_runs() -> None:
    ci = (ROOT / '.ci' / 'run').read_text()
    for command in ("pip install . && memory-gate build examples/session.jsonl --stats",
                    "pip install -e '.[test]' && python -m pytest"):
        assert command in README and command in ci


def test_changelog_first_entry_is_this_version() -> None:
    from memory_gate import __version__

    changelog = (ROOT / 'CHANGELOG.md').read_text(encoding='utf-8')
    first = re.search(r'^## (\S+)', changelog, re.M)
    assert first is not None and first.group(1) == __version__
