"""Which commands the hook and review print for this user to type."""
from __future__ import annotations

from pathlib import Path

from memory_gate.routes import DECLINE_HOOK, Routes, routes


def test_routes_look_past_the_hooks_own_environment(tmp_path: Path) -> None:
    own, users = tmp_path / 'hook-env' / 'bin', tmp_path / 'user-bin'
    for folder in (own, users):
        folder.mkdir(parents=True)
        (folder / 'memory-gate').write_text('#!/bin/sh\n')
        (folder / 'memory-gate').chmod(0o755)
    python, root = str(own / 'python'), str(tmp_path)
    inside = {'PATH': f'{own}:/usr/bin', 'PRE_COMMIT': '1'}
    full = str(own / 'memory-gate')
    assert routes(inside, python, root) == Routes(f'{full} review', f'{full} decline --pending')  # only pre-commit has it
    (tmp_path / '.pre-commit-config.yaml').write_text('repos:\n-   repo: x\n    hooks:\n    -   id: memory-gate-decline\n')
    assert routes(inside, python, root).decline == DECLINE_HOOK
    mine = Routes('memory-gate review', 'memory-gate decline --pending')
    assert routes({**inside, 'PATH': f'{own}:{users}'}, python, root) == mine  # the user has it too
    assert routes({'PATH': str(own)}, python, root) == mine  # run by hand from that environment
    (own / 'memory-gate').unlink()
    assert routes(inside, python, root).review == f'{python} -m memory_gate review'


def test_routes_under_try_repo(tmp_path: Path) -> None:
    store = tmp_path / 'tmpabc123'
    (store / 'repo1' / 'py_env-python3' / 'bin').mkdir(parents=True)
    (store / '.pre-commit-config.yaml').write_text('repos:\n-   repo: /src/memory gate\n    rev: abc\n')
    python = str(store / 'repo1' / 'py_env-python3' / 'bin' / 'python')
    got = routes({'PATH': '/usr/bin', 'PRE_COMMIT': '1'}, python, str(tmp_path))
    assert got == Routes("pip install '/src/memory gate' && memory-gate review",
                         "pre-commit try-repo '/src/memory gate' memory-gate-decline --hook-stage manual"
                         ' --all-files')
