"""The commands a user can type to review, or to decline everything pending, as the hook and
`review` print them: `memory-gate` by name when it is on the user's PATH, else pre-commit's
own routes (try-repo, the memory-gate-decline hook), else the hook environment's program.
"""
from __future__ import annotations

import os
import re
from typing import NamedTuple

from memory_gate import files
from memory_gate.files import InputError
from memory_gate.proposals import shell

DECLINE_HOOK = 'pre-commit run memory-gate-decline --hook-stage manual --all-files'


class Routes(NamedTuple):
    """The commands this user can type to review per bullet, and to decline everything pending."""

    review: str
    decline: str


def routes(environ: dict[str, str], executable: str, root: str) -> Routes:
    """What works for this user: memory-gate by name when it is on their PATH (and is this
    version); else pre-commit's own routes, and how to install the CLI from the repository the
    config names. A path into pre-commit's cache is never printed: `pre-commit gc` deletes it.

    Inside a hook, pre-commit puts the hook's own environment first on PATH; that entry is
    looked past, since the user's shell will not have it.
    """
    own = os.path.dirname(executable)
    path = environ.get('PATH', '')
    if environ.get('PRE_COMMIT'):
        mine = os.path.abspath(own)
        kept = (p for p in path.split(os.pathsep) if os.path.abspath(p or '.') != mine)
        path = os.pathsep.join(kept)
    import shutil  # only when the review prints its routes

    found = shutil.which('memory-gate', path=path)
    if found and is_this_version(found):
        return Routes('memory-gate review', 'memory-gate decline --pending')
    tried = try_repo(executable)
    if tried is not None:  # its environment is deleted when try-repo ends
        decline = f'pre-commit try-repo {tried} memory-gate-decline --hook-stage manual --all-files'
        return Routes(f'pip install {tried} && memory-gate review', decline)
    spec = install_spec(root)
    if spec is not None:
        install = f'pipx install --force {spec} && '
        run = 'memory-gate'
    else:  # no config names memory-gate (run by hand): the program running now
        install = ''
        script = os.path.join(own, 'memory-gate')
        run = shell(script) if os.path.exists(script) else f'{shell(executable)} -m memory_gate'
    if configured(root, 'memory-gate-decline'):
        return Routes(f'{install}{run} review', DECLINE_HOOK)
    return Routes(f'{install}{run} review', f'{install}{run} decline --pending')


def is_this_version(program: str) -> bool:
    """Whether `program --version` is this memory-gate's version (an old install on PATH would
    review with other rules)."""
    import subprocess

    from memory_gate import __version__

    try:
        done = subprocess.run((program, '--version'), capture_output=True, text=True,
                              timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.stdout.strip() == f'memory-gate {__version__}'


def install_spec(root: str) -> str | None:
    """What `pipx install` takes to install the memory-gate that .pre-commit-config.yaml names:
    `git+URL@REV`, or a local clone's path; None when no config names it."""
    try:
        config = files.read_text(os.path.join(root, '.pre-commit-config.yaml'))
    except InputError:
        return None
    for block in re.split(r'^\s*-\s+repo:', config, flags=re.M)[1:]:
        if not re.search(r'^\s*-\s+id:\s*memory-gate\s*$', block, re.M):
            continue
        repo = block.split('\n', 1)[0].strip().strip('\'"')
        rev = re.search(r'^\s+rev:\s*[\'"]?([^\s\'"]+)', block, re.M)
        if repo in ('local', 'meta'):
            return None
        if '://' in repo or repo.startswith('git@'):
            return shell('git+' + repo + (f'@{rev[1]}' if rev else ''))
        return shell(os.path.abspath(os.path.join(root, repo)))
    return None


def try_repo(executable: str) -> str | None:
    """Under `pre-commit try-repo`, the repository tried, as the temporary config beside the
    hook's store names it."""
    bin_dir = os.path.dirname(executable)  # store/repoX/py_env-Y/bin
    store = os.path.dirname(os.path.dirname(os.path.dirname(bin_dir)))
    try:
        config = files.read_text(os.path.join(store, '.pre-commit-config.yaml'))
    except InputError:
        return None
    found = re.search(r'^[- ]*repo: *(.+?) *$', config, re.M)
    if found is None or not os.path.basename(store).startswith('tmp'):
        return None
    repo = found[1].strip('\'"')
    if ':' not in repo:  # pre-commit names a local one relative to the repository
        repo = os.path.abspath(repo)
    if os.path.basename(repo) == 'shadow-repo':
        return '<the memory-gate repository>'
    return shell(repo)


def configured(root: str, hook: str) -> bool:
    try:
        return f'id: {hook}' in files.read_text(os.path.join(root, '.pre-commit-config.yaml'))
    except InputError:
        return False
