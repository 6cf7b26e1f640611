"""The commands a user can type to review, or to decline everything pending, as the hook and
`review` print them: `memory-gate` by name when it is on the user's PATH, else pre-commit's
own routes (try-repo, the memory-gate-decline hook), else the hook environment's program.
"""
from __future__ import annotations

import os
import re

from memory_gate.base import files
from memory_gate.base.files import InputError
from memory_gate.base.repo import git
from memory_gate.base.typed import NamedTuple
from memory_gate.review.proposals import shell

DECLINE_HOOK = 'pre-commit run memory-gate-decline --hook-stage manual --all-files'


class Routes(NamedTuple):
    """The commands this user can type to review per bullet, and to decline everything pending."""

    review: str
    decline: str
    program: str = 'memory-gate'  # memory-gate itself, as this user runs it (an install first)


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
        return Routes('memory-gate review', 'memory-gate decline --pending', 'memory-gate')
    home = environ.get('HOME') or os.path.expanduser('~')
    own_env = os.path.join(home, VENV[2:], 'bin', 'memory-gate')
    if os.path.exists(own_env) and is_this_version(own_env):  # installed by the route below
        run = f'{VENV}/bin/memory-gate'
        return Routes(f'{run} review', f'{run} decline --pending', run)
    has_pipx = shutil.which('pipx', path=path) is not None
    tried = try_repo(executable)
    if tried is not None:  # its environment is deleted when try-repo ends
        decline = f'pre-commit try-repo {tried} memory-gate-decline --hook-stage manual --all-files'
        install, run = installer(tried, has_pipx)
        return Routes(f'{install}{run} review', decline, f'{install}{run}')
    spec = install_spec(root)
    if spec is not None:
        install, run = installer(spec, has_pipx)
    else:  # no config names memory-gate (run by hand): the program running now
        install = ''
        script = os.path.join(own, 'memory-gate')
        run = shell(script) if os.path.exists(script) else f'{shell(executable)} -m memory_gate'
    program = f'{install}{run}'
    if configured(root, 'memory-gate-decline'):
        return Routes(f'{program} review', decline_hook(root, path), program)
    return Routes(f'{program} review', f'{program} decline --pending', program)


# Where the CLI is installed for a user without pipx: a virtual environment of its own, as a
# system Python marked externally managed (Debian 12, Ubuntu 23.04 and later) refuses
# `pip install` outside one, `--user` included. `~` is left for the user's shell to expand.
VENV = '~/.memory-gate'


def installer(spec: str, has_pipx: bool) -> tuple[str, str]:
    """How to install the CLI from `spec` (then '&& '), and the program to run once it is: with
    pipx when the user has it, else into a virtual environment of its own."""
    if has_pipx:
        return f'pipx install --force {spec} && ', 'memory-gate'
    pip = f'{VENV}/bin/pip install -q --force-reinstall'
    return f'python3 -m venv {VENV} && {pip} {spec} && ', f'{VENV}/bin/memory-gate'


def decline_hook(root: str, path: str) -> str:
    """DECLINE_HOOK as this user runs pre-commit: by name when it is on their PATH, else with the
    Python the git hook runs it with (pre-commit installed in a virtual environment of its own)."""
    import shutil

    if shutil.which('pre-commit', path=path):
        return DECLINE_HOOK
    found = git(root, 'rev-parse', '--git-path', 'hooks/pre-commit')
    script = os.path.join(root, (found or b'').decode('utf-8', 'replace').strip())
    try:
        python = re.search(r'^INSTALL_PYTHON=(.+)$', files.read_text(script), re.M)
    except InputError:
        python = None
    if found is None or python is None:
        return DECLINE_HOOK
    return f'{shell(python[1].strip())} -m pre_commit{DECLINE_HOOK[len("pre-commit"):]}'


def is_this_version(program: str) -> bool:
    """Whether `program --version` prints this memory-gate's version line, its source's identity
    included: another install of the same version number (another commit, a local edit) would
    review with other rules and number the bullets otherwise. Asked with the credential engine
    off: the second line, which names the engine, would load its rules (0.35 s CPU a hook run)."""
    import subprocess

    from memory_gate.base.version import version_line
    from memory_gate.secrets.engine import OFF_VARIABLE

    try:
        done = subprocess.run((program, '--version'), capture_output=True, text=True,
                              env={**os.environ, OFF_VARIABLE: '1'}, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return False
    return done.returncode == 0 and done.stdout.splitlines()[:1] == [version_line()]


def install_spec(root: str) -> str | None:
    """What `pipx install` (or pip) takes to install the memory-gate that
    .pre-commit-config.yaml names: `git+URL@REV`, or a local clone's path; None when no config
    names it."""
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
