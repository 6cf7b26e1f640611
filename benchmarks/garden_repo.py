"""A generated repository to time `memory-gate garden` on: FILES tracked files (default 50,000)
in nested folders, each holding a few functions, a history that renamed and removed some of
them, a Makefile and a package.json, and an AGENTS.md of BULLETS bullets (default 300) naming
paths, symbols and commands, live and gone, and prose.

    python -m benchmarks.garden_repo /tmp/garden-50k [--files 50000] [--bullets 300]
    cd /tmp/garden-50k && time memory-gate garden
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess

ENV = {**os.environ, 'GIT_AUTHOR_NAME': 'b', 'GIT_AUTHOR_EMAIL': 'b@example.invalid',
       'GIT_COMMITTER_NAME': 'b', 'GIT_COMMITTER_EMAIL': 'b@example.invalid'}


def git(root: str, *args: str) -> None:
    subprocess.run(('git', *args), cwd=root, check=True, env=ENV, capture_output=True)


def path_of(n: int) -> str:
    return f'pkg{n % 50}/mod{n // 50 % 40}/file_{n}.py'


def source(n: int) -> str:
    return ''.join(f'def func_{n}_{k}(value):\n    return value + {k}\n\n\n' for k in range(3))


def write(root: str, name: str, text: str) -> None:
    path = os.path.join(root, name)
    os.makedirs(os.path.dirname(path) or root, exist_ok=True)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)


def bullets(count: int, files: int) -> list[str]:
    """Bullets of every kind in turn: a live path, a removed one, a renamed one, a live and a
    removed symbol, a live and a removed make target and npm script, prose."""
    kinds = [
        lambda n: f'The helpers for case {n} are in `{path_of(n * 7 % files)}`.',
        lambda n: f'Case {n} used to be handled in `gone/old_{n % 20}.py`.',
        lambda n: f'Case {n} is parsed in `{path_of(n % 20)}`.',
        lambda n: f'Call `func_{n * 7 % files}_1()` for case {n}.',
        lambda n: f'Wrap case {n} in `removed_helper_{n % 20}`.',
        lambda n: f'Run `make test` before pushing case {n}.',
        lambda n: f'Run `make lint_{n % 5}` for case {n}.',
        lambda n: f'Start case {n} with `npm run old_{n % 5}`.',
        lambda n: f'Case {n} decisions are reviewed by two people on Tuesdays.',
    ]
    return [kinds[n % len(kinds)](n) for n in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('root')
    parser.add_argument('--files', type=int, default=50_000)
    parser.add_argument('--bullets', type=int, default=300)
    args = parser.parse_args()
    root = args.root
    os.makedirs(root)
    git(root, 'init', '-q', '-b', 'main')
    for n in range(args.files):
        write(root, path_of(n), source(n))
    for n in range(20):
        write(root, f'gone/old_{n}.py', f'def removed_helper_{n}(x):\n    return x\n')
    write(root, 'Makefile', 'test:\n\tpytest\n' + ''.join(f'lint_{n}:\n\truff\n' for n in range(5)))
    write(root, 'package.json', json.dumps({'scripts': {f'old_{n}': 'x' for n in range(5)}}))
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', 'start')
    git(root, 'rm', '-rq', 'gone')
    write(root, 'Makefile', 'test:\n\tpytest\n')
    write(root, 'package.json', json.dumps({'scripts': {'dev': 'vite'}}))
    for n in range(20):
        os.makedirs(os.path.join(root, 'renamed'), exist_ok=True)
        git(root, 'mv', path_of(n), f'renamed/file_{n}.py')
    git(root, 'add', '-A')
    git(root, 'commit', '-qm', 'remove the old helpers, rename the first files')
    write(root, 'AGENTS.md', '# Memory\n\n' + ''.join(
        f'- {b}\n' for b in bullets(args.bullets, args.files)))
    git(root, 'add', 'AGENTS.md')
    git(root, 'commit', '-qm', 'memory')


if __name__ == '__main__':
    main()
