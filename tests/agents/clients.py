"""The four agent clients as a user runs them, from npm, against the scripted model
(scripted_model.py): where they are installed, which versions are pinned, and one non-interactive
session of each in a scratch HOME and a real git repository whose hooks are set up as `memory-gate
snippet` says.

`python -m tests.agents.clients install` installs the pinned versions into the cache folder
(MEMORY_GATE_AGENTS, default ~/.cache/memory-gate-agents); .ci/run does. A client that is missing,
of another version, or cannot run here skips its test with the reason, and under CI=true fails
it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple, NoReturn

import pytest

from tests.agents.scripted_model import ScriptedModel

CACHE = Path(
    os.environ.get('MEMORY_GATE_AGENTS') or Path.home() / '.cache' / 'memory-gate-agents'
)
PROMPT = 'Run the deploy check.'
RUN_SECONDS = 180  # one client session, start to exit (about 1-3 s here)


class Client(NamedTuple):
    package: str  # on npm
    version: str  # pinned: the version the tests and docs/CLIENTS.md were checked against
    command: str  # its executable in node_modules/.bin


CLIENTS = {
    'claude': Client('@anthropic-ai/claude-code', '2.1.332', 'claude'),
    'copilot': Client('@github/copilot', '1.0.102', 'copilot'),
    'gemini': Client('@google/gemini-cli', '0.61.0', 'gemini'),
    'codex': Client('@openai/codex', '0.171.0', 'codex'),
}


def unavailable(reason: str) -> NoReturn:
    """Skip, saying why; under CI=true fail instead, so CI always runs the clients."""
    if os.environ.get('CI') == 'true':
        pytest.fail(f'CI=true: {reason}', pytrace=False)
    pytest.skip(reason)


def installed_version(client: Client) -> str | None:
    manifest = CACHE / 'node_modules' / client.package / 'package.json'
    try:
        return str(json.loads(manifest.read_text())['version'])
    except (OSError, ValueError, KeyError):
        return None


def executable(agent: str) -> Path:
    """The pinned client's executable, or a skip (a failure under CI) that says what to run."""
    client = CLIENTS[agent]
    install = f'python -m tests.agents.clients install (npm, into {CACHE})'
    version = installed_version(client)
    if version is None:
        unavailable(f'{client.package} is not installed: {install}')
    if version != client.version:
        unavailable(f'{client.package} {version} is installed, {client.version} pinned: {install}')
    path = CACHE / 'node_modules' / '.bin' / client.command
    if not os.access(path, os.X_OK):
        unavailable(f'{path}: not executable')
    return path


def base_env(home: Path) -> dict[str, str]:
    """No variable of the machine's own agent sessions: a scratch HOME, this interpreter's
    memory-gate first on PATH (where the hooks find it by name), node's folder after it."""
    node = shutil.which('node')
    dirs = [os.path.dirname(sys.executable), *([os.path.dirname(node)] if node else [])]
    dirs += ['/usr/local/bin', '/usr/bin', '/bin']
    return {
        'HOME': str(home),
        'PATH': os.pathsep.join(dict.fromkeys(dirs)),
        'LANG': 'C.UTF-8',
        'TERM': 'dumb',
        'NO_COLOR': '1',
        'TMPDIR': os.environ.get('TMPDIR', '/tmp'),
    }


# --- each client's offline set-up: (environment, files under HOME, command line) ---------------


def claude_setup(
    url: str, repo: Path, resume: bool
) -> tuple[dict[str, str], dict[str, str], list[str]]:
    env = {
        'ANTHROPIC_BASE_URL': url,
        'ANTHROPIC_API_KEY': 'scripted',
        'CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC': '1',
        'DISABLE_AUTOUPDATER': '1',
    }
    return env, {}, [*(['--continue'] if resume else []), '-p', PROMPT, '--allowedTools', 'Bash']


def copilot_setup(
    url: str, repo: Path, resume: bool
) -> tuple[dict[str, str], dict[str, str], list[str]]:
    env = {
        'COPILOT_OFFLINE': 'true',
        'COPILOT_PROVIDER_BASE_URL': url,
        'COPILOT_PROVIDER_TYPE': 'anthropic',
        'COPILOT_PROVIDER_API_KEY': 'scripted',
        'COPILOT_MODEL': 'claude-sonnet-4.5',
        'COPILOT_ALLOW_ALL': 'true',  # exactly "true" also trusts the folder: its hooks load
        'COPILOT_AUTO_UPDATE': 'false',
        'XDG_CACHE_HOME': str(CACHE / 'xdg-cache'),  # its unpacked runtime, shared by the runs
    }
    return env, {}, [*(['--continue'] if resume else []), '-p', PROMPT, '--allow-all-tools']


def gemini_setup(
    url: str, repo: Path, resume: bool
) -> tuple[dict[str, str], dict[str, str], list[str]]:
    env = {
        'GOOGLE_GEMINI_BASE_URL': url,
        'GEMINI_API_KEY': 'scripted',
        'GEMINI_CLI_TRUST_WORKSPACE': 'true',
    }
    settings = {'security': {'auth': {'selectedType': 'gemini-api-key'}}}
    args = [*(['--resume', 'latest'] if resume else []), '-p', PROMPT, '--yolo']
    return env, {'.gemini/settings.json': json.dumps(settings)}, args


def codex_setup(
    url: str, repo: Path, resume: bool
) -> tuple[dict[str, str], dict[str, str], list[str]]:
    config = (
        'model = "gpt-5.5"\nmodel_provider = "scripted"\n\n'
        '[model_providers.scripted]\nname = "scripted"\n'
        f'base_url = "{url}/v1"\nwire_api = "responses"\nenv_key = "SCRIPTED_API_KEY"\n\n'
        f'[projects.{json.dumps(str(repo))}]\ntrust_level = "trusted"\n'
    )
    flags = ['--dangerously-bypass-approvals-and-sandbox', '--dangerously-bypass-hook-trust']
    args = ['exec', *(['resume', '--last'] if resume else []), *flags, PROMPT]
    return {'SCRIPTED_API_KEY': 'scripted'}, {'.codex/config.toml': config}, args


Setup = Callable[[str, Path, bool], tuple[dict[str, str], dict[str, str], list[str]]]
SETUPS: Mapping[str, Setup] = {
    'claude': claude_setup,
    'copilot': copilot_setup,
    'gemini': gemini_setup,
    'codex': codex_setup,
}

# Where each client keeps its sessions under HOME (docs/FORMATS.md §5).
STORES = {
    'claude': '.claude/projects/*/*.jsonl',
    'copilot': '.copilot/session-state/*/events.jsonl',
    'gemini': '.gemini/tmp/*/chats/session-*.json*',
    'codex': '.codex/sessions/**/rollout-*.jsonl',
}

MERGE_RE = re.compile(r'merge into (\S+) \(')


def install_hooks(agent: str, repo: Path, env: Mapping[str, str]) -> str:
    """`memory-gate snippet --agent AGENT` as the README says: its stdout into the file its stderr
    names (a fresh checkout and HOME have none to merge with). Returns that file as named."""
    done = subprocess.run(
        (sys.executable, '-m', 'memory_gate', 'snippet', '--agent', agent),
        cwd=repo,
        env=dict(env),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = MERGE_RE.search(done.stderr + ' ')
    assert found, f'snippet --agent {agent} names no file to merge into: {done.stderr!r}'
    name = found.group(1)
    target = Path(env['HOME'], name[2:]) if name.startswith('~/') else repo / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(done.stdout)
    return found.group(1)


class Session(NamedTuple):
    """One client run: its exit, the model's requests, and the session files it left."""

    done: subprocess.CompletedProcess[str]
    requests: list[dict[str, object]]
    steps: list[str]  # what the scripted model did, a request each (scripted_model)
    files: list[Path]
    hooks_file: str


def drive(agent: str, repo: Path, home: Path, resume: bool = False) -> Session:
    """One non-interactive session of AGENT in repo (hooks set up by the snippet), HOME=home; with
    `resume`, the last session there goes on with one more prompt."""
    command = executable(agent)
    env = base_env(home)
    hooks_file = install_hooks(agent, repo, env)
    with ScriptedModel() as model:
        more, files, args = SETUPS[agent](model.url, repo, resume)
        for name, text in files.items():
            (home / name).parent.mkdir(parents=True, exist_ok=True)
            (home / name).write_text(text)
        try:
            done = subprocess.run(
                (str(command), *args),
                cwd=repo,
                env={**env, **more},
                capture_output=True,
                text=True,
                stdin=subprocess.DEVNULL,
                timeout=RUN_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            pytest.fail(f'{agent} ran over {RUN_SECONDS} s: {exc.stdout!r} {exc.stderr!r}')
        requests, steps = list(model.requests), list(model.steps)
    stored = sorted(home.glob(STORES[agent]))
    return Session(done, requests, steps, stored, hooks_file)


def install() -> int:
    """npm install of the pinned clients into CACHE (their native parts come as npm packages)."""
    npm = shutil.which('npm')
    if npm is None:
        print('npm is not on PATH: install Node.js (with npm) first', file=sys.stderr)
        return 1
    specs = [f'{c.package}@{c.version}' for c in CLIENTS.values()]
    CACHE.mkdir(parents=True, exist_ok=True)
    flags = ('--no-save', '--no-audit', '--no-fund', '--loglevel=error')
    return subprocess.run((npm, 'install', *flags, '--prefix', str(CACHE), *specs)).returncode


if __name__ == '__main__':
    if sys.argv[1:] != ['install']:
        sys.exit('usage: python -m tests.agents.clients install')
    sys.exit(install())
