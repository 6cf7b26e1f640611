"""Which commands the hook and review print for this user to type."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from memory_gate.base.version import version_line
from memory_gate.review.routes import DECLINE_HOOK, Routes, is_this_version, routes


def test_routes_look_past_the_hooks_own_environment(tmp_path: Path) -> None:
    own, users = tmp_path / 'hook-env' / 'bin', tmp_path / 'user-bin'
    for folder in (own, users):
        folder.mkdir(parents=True)
        (folder / 'memory-gate').write_text(f'#!/bin/sh\necho "{version_line()}"\n')
        (folder / 'memory-gate').chmod(0o755)
    python, root = str(own / 'python'), str(tmp_path)
    inside = {'PATH': f'{own}:/usr/bin', 'PRE_COMMIT': '1'}
    full = str(own / 'memory-gate')
    # only pre-commit has it
    assert routes(inside, python, root) == Routes(f'{full} review', f'{full} decline --pending',
                                                  full)
    (tmp_path / '.pre-commit-config.yaml').write_text(
        'repos:\n-   repo: x\n    hooks:\n    -   id: memory-gate-decline\n'
    )
    assert routes(inside, python, root).decline == DECLINE_HOOK
    mine = Routes('memory-gate review', 'memory-gate decline --pending')
    assert routes({**inside, 'PATH': f'{own}:{users}'}, python, root) == mine  # the user has it too
    assert routes({'PATH': str(own)}, python, root) == mine  # run by hand from that environment
    (own / 'memory-gate').unlink()
    assert routes(inside, python, root).review == f'{python} -m memory_gate review'


def test_routes_under_try_repo(tmp_path: Path) -> None:
    store = tmp_path / 'tmpabc123'
    (store / 'repo1' / 'py_env-python3' / 'bin').mkdir(parents=True)
    (store / '.pre-commit-config.yaml').write_text(
        'repos:\n-   repo: /src/memory gate\n    rev: abc\n'
    )
    python = str(store / 'repo1' / 'py_env-python3' / 'bin' / 'python')
    got = routes({'PATH': on_path(tmp_path / 'bin', 'pipx'), 'PRE_COMMIT': '1'}, python,
                 str(tmp_path))
    assert got == Routes(
        "pipx install --force '/src/memory gate' && memory-gate review",
        "pre-commit try-repo '/src/memory gate' memory-gate-decline --hook-stage manual"
        ' --all-files',
        "pipx install --force '/src/memory gate' && memory-gate",
    )


def test_an_old_memory_gate_on_path_is_not_offered(tmp_path: Path) -> None:
    """Issue 21.11: any `memory-gate` on PATH was offered, whatever its version."""
    (tmp_path / 'bin').mkdir()
    (tmp_path / 'bin' / 'memory-gate').write_text('#!/bin/sh\necho memory-gate 0.0.1\n')
    (tmp_path / 'bin' / 'memory-gate').chmod(0o755)
    python = str(tmp_path / 'env' / 'bin' / 'python')
    got = routes({'PATH': str(tmp_path / 'bin')}, python, str(tmp_path))
    assert got.review != 'memory-gate review'


def test_the_same_version_number_from_other_source_is_not_offered(tmp_path: Path) -> None:
    """Every commit before a release is 0.1.0: `memory-gate 0.1.0` on PATH, installed from
    another commit, was offered, and reviewed with that commit's rules. A real copy of this
    package is this version; the same copy with one module changed is not."""
    package = Path(__file__).resolve().parents[2] / 'memory_gate'
    for name in ('same', 'edited'):
        shutil.copytree(package, tmp_path / name / 'memory_gate',
                        ignore=shutil.ignore_patterns('__pycache__'))
        program = tmp_path / name / 'memory-gate'
        program.write_text(f'#!/bin/sh\ncd {tmp_path / name} && exec {sys.executable} '
                           '-m memory_gate "$@"\n')
        program.chmod(0o755)
    with (tmp_path / 'edited' / 'memory_gate' / 'reading' / 'rules' / 'weights.py').open('a') as f:
        f.write('# another commit\n')
    assert is_this_version(str(tmp_path / 'same' / 'memory-gate'))
    edited = str(tmp_path / 'edited' / 'memory-gate')
    assert subprocess.run((edited, '--version'), capture_output=True, text=True,
                          check=True).stdout.startswith(version_line().split(' (')[0] + ' (')
    assert not is_this_version(edited)
    old = tmp_path / 'bin' / 'memory-gate'  # what --version printed before it named its source
    old.parent.mkdir()
    old.write_text(f'#!/bin/sh\necho "{version_line().split(" (")[0]}"\n')
    old.chmod(0o755)
    assert not is_this_version(str(old))
    python = str(tmp_path / 'env' / 'bin' / 'python')
    assert routes({'PATH': str(old.parent)}, python, str(tmp_path)).review != 'memory-gate review'


def test_the_version_asked_of_memory_gate_on_path_loads_no_credential_engine(
        tmp_path: Path) -> None:
    """Its first line alone is compared; the second names the engine, and loading its rules
    cost the hook 0.35 s CPU a run (issue 41's blocked commit). The program is asked with the
    engine switched off: one that prints this version only so is offered."""
    (tmp_path / 'memory-gate').write_text(
        f'#!/bin/sh\n[ "$MEMORY_GATE_NO_ENGINE" = 1 ] && echo "{version_line()}"\n')
    (tmp_path / 'memory-gate').chmod(0o755)
    assert is_this_version(str(tmp_path / 'memory-gate'))


def test_without_memory_gate_on_path_the_route_installs_it_never_a_cache_path(
        tmp_path: Path) -> None:
    """Issue 21.11: the route named pre-commit's cache (gone after `pre-commit gc`)."""
    cache = tmp_path / 'cache' / 'repoabc' / 'py_env-python3' / 'bin'
    cache.mkdir(parents=True)
    (cache / 'memory-gate').write_text('#!/bin/sh\n')
    config = ('repos:\n-   repo: https://github.com/memory-gate/memory-gate\n    rev: v0.1.0\n'
              '    hooks:\n    -   id: memory-gate\n    -   id: memory-gate-decline\n')
    (tmp_path / '.pre-commit-config.yaml').write_text(config)
    users = on_path(tmp_path / 'bin', 'pipx')
    got = routes(
        {'PATH': f'{cache}:{users}', 'PRE_COMMIT': '1'}, str(cache / 'python'), str(tmp_path)
    )
    spec = 'git+https://github.com/memory-gate/memory-gate@v0.1.0'
    install = f'pipx install --force {spec} && memory-gate'
    assert got == Routes(f'{install} review', DECLINE_HOOK, install)
    local = config.replace('https://github.com/memory-gate/memory-gate', '../mg')
    (tmp_path / '.pre-commit-config.yaml').write_text(local)
    got = routes({'PATH': users, 'PRE_COMMIT': '1'}, str(cache / 'python'), str(tmp_path))
    assert got.review == f'pipx install --force {tmp_path.parent / "mg"} && memory-gate review'


def on_path(folder: Path, *programs: str) -> str:
    """A PATH of one folder holding these programs (each prints nothing)."""
    folder.mkdir(exist_ok=True)
    for name in programs:
        (folder / name).write_text('#!/bin/sh\n')
        (folder / name).chmod(0o755)
    return str(folder)


def test_without_pipx_the_route_installs_into_a_virtual_environment(tmp_path: Path) -> None:
    """A Debian 12 user without pipx: `pipx` is not found, and pip outside a virtual environment
    is refused (externally managed, --user too); the route makes one of its own."""
    config = ('repos:\n-   repo: ../mg\n    rev: abc\n'
              '    hooks:\n    -   id: memory-gate\n    -   id: memory-gate-decline\n')
    (tmp_path / '.pre-commit-config.yaml').write_text(config)
    python, mg = str(tmp_path / 'env' / 'bin' / 'python'), tmp_path.parent / 'mg'
    bare = {'PATH': on_path(tmp_path / 'bin'), 'PRE_COMMIT': '1', 'HOME': str(tmp_path / 'home')}
    got = routes(bare, python, str(tmp_path))
    assert got.review == (f'python3 -m venv ~/.memory-gate && ~/.memory-gate/bin/pip install -q '
                          f'--force-reinstall {mg} && ~/.memory-gate/bin/memory-gate review')
    assert got.decline == DECLINE_HOOK
    with_pipx = {**bare, 'PATH': on_path(tmp_path / 'pipx-bin', 'pipx')}
    assert routes(with_pipx, python, str(tmp_path)).review == (
        f'pipx install --force {mg} && memory-gate review')
    installed = tmp_path / 'home' / '.memory-gate' / 'bin'  # the route was taken once
    installed.mkdir(parents=True)
    (installed / 'memory-gate').write_text(f'#!/bin/sh\necho "{version_line()}"\n')
    (installed / 'memory-gate').chmod(0o755)
    assert routes(bare, python, str(tmp_path)) == Routes(
        '~/.memory-gate/bin/memory-gate review', '~/.memory-gate/bin/memory-gate decline --pending',
        '~/.memory-gate/bin/memory-gate')


def test_every_printed_command_starts_with_the_program_the_route_names(tmp_path: Path) -> None:
    """Issue 45.1: review, decline and the hook's scrub lines are typed as the route says: the
    same program (memory-gate on PATH, ~/.memory-gate/bin/memory-gate, or an install first)."""
    config = ('repos:\n-   repo: ../mg\n    rev: abc\n    hooks:\n    -   id: memory-gate\n')
    (tmp_path / '.pre-commit-config.yaml').write_text(config)
    python = str(tmp_path / 'env' / 'bin' / 'python')
    bare = {'PATH': on_path(tmp_path / 'bin'), 'PRE_COMMIT': '1', 'HOME': str(tmp_path / 'home')}
    for environ in (bare, {**bare, 'PATH': on_path(tmp_path / 'pipx-bin', 'pipx')}):
        got = routes(environ, python, str(tmp_path))
        assert got.review == f'{got.program} review'
        assert got.decline == f'{got.program} decline --pending'
