"""Keep the README and docs/ honest: the example diff, the snippet, the set-up commands run as
printed, the tables of docs/cli.md, the links, and the README short enough to read."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.commands.hook_test import hook_repo  # noqa: F401  (a fixture)
from tests.conftest import SHARED, git, run

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / 'README.md').read_text(encoding='utf-8')
CLI_DOC = (ROOT / 'docs' / 'cli.md').read_text(encoding='utf-8')
READING_DOC = (ROOT / 'docs' / 'reading.md').read_text(encoding='utf-8')


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


CONTRIBUTOR = (
    'python3 -m venv .venv && . .venv/bin/activate && pip install . '
    '&& memory-gate build examples/session.jsonl --stats',
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest",
)


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
    """The repository's own .pre-commit-config.yaml: ruff and mypy from the virtual environment,
    no remote repo."""
    config = (ROOT / '.pre-commit-config.yaml').read_text()
    assert re.findall(r'^-   repo: (\S+)', config, re.M) == ['local']
    assert re.findall(r'^    -   id: (\S+)', config, re.M) == ['ruff', 'mypy']
    assert set(re.findall(r'^        language: (\S+)', config, re.M)) == {'system'}
    done = subprocess.run(
        (sys.executable, '-m', 'pre_commit', 'validate-config', '.pre-commit-config.yaml'),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_readme_shows_the_snippet_as_memory_gate_snippet_prints_it(tmp_path: Path) -> None:
    block = re.search(r'```markdown\n(## Durable findings\n.*?)```', README, re.S)
    assert block is not None
    assert run(tmp_path, 'snippet').stdout == block.group(1)


def test_pyproject_example_is_valid(tmp_path: Path) -> None:
    """The README's [tool.memory-gate] example is accepted as it stands: every key known, every
    value well typed."""
    block = re.search(r'```toml\n(\[tool\.memory-gate\].*?)```', README, re.S)
    assert block is not None
    (tmp_path / 'pyproject.toml').write_text(block.group(1), encoding='utf-8')
    (tmp_path / '.git').mkdir()  # the repository root, where pyproject.toml is read
    (tmp_path / 't.jsonl').write_text(
        '{"role": "user", "text": "ADR-7 accepted: the queue is Kafka."}\n'
    )
    done = run(tmp_path, 'build', 't.jsonl', '--json')
    assert done.returncode == 0, done.stderr
    assert [p['rule'] for p in json.loads(done.stdout)['proposed']] == ['adr']


def sh_block(after: str) -> str:
    """The first ```sh block after the text `after` in the README."""
    block = re.search(re.escape(after) + r'.*?```sh\n(.*?)```', README, re.S)
    assert block is not None, after
    return block.group(1)


def test_install_and_use_it_as_printed(
    repo: Path, tmp_path: Path, hook_repo: tuple[Path, str, dict[str, str]]  # noqa: F811
) -> None:
    """A newcomer without pipx, from the top: the README's fallback install (a virtual environment
    of its own, its folder on PATH) run as printed with only the clone's path changed; then "Use
    it" and the example commit, which is blocked; memory-gate and pre-commit answer on PATH, and
    the route the hook prints is the plain `memory-gate review` that now runs as typed."""
    src, rev, env = hook_repo
    home = tmp_path / 'home'
    home.mkdir()
    (home / '.bashrc').write_text('')
    pipx = sh_block('Both commands go on your `PATH`')
    assert pipx.strip() == 'pipx install pre-commit && pipx install /path/to/memory-gate'
    install = sh_block('No pipx').replace('/path/to/memory-gate', str(src))
    python = tmp_path / 'python'  # the system's python3 (pyenv's shims need the real HOME)
    python.mkdir()
    base = Path(sys.base_prefix) / 'bin' / f'python{sys.version_info[0]}.{sys.version_info[1]}'
    (python / 'python3').symlink_to(base)
    from tests.commands.hook_test import without_memory_gate

    path = f'{python}{os.pathsep}{without_memory_gate(env)["PATH"]}'
    user = {**env, 'HOME': str(home), 'PATH': path}
    check = 'memory-gate --version && pre-commit --version'
    done = subprocess.run(('bash', '-euc', install + check), cwd=repo, env=user,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith('memory-gate ')
    assert 'export PATH="$HOME/.memory-gate/bin:$PATH"' in (home / '.bashrc').read_text()
    user['PATH'] = f'{home / ".memory-gate" / "bin"}{os.pathsep}{path}'
    steps = sh_block('## Use it')
    assert steps.count('/path/to/memory-gate') == 2
    done = subprocess.run(('bash', '-euc', steps.replace('/path/to/memory-gate', str(src))),
                          cwd=repo, env=user, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f'rev: {rev}\n' in (repo / '.pre-commit-config.yaml').read_text()
    commit = sh_block('Then commit a transcript').replace('/path/to/memory-gate', str(ROOT))
    done = subprocess.run(('bash', '-uc', commit), cwd=repo, env=user, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, check=False)
    assert done.returncode == 1
    assert '+- We decided to use Postgres for all persistence, not SQLite.\n' in done.stdout
    assert '\n  memory-gate review\n' in done.stdout, done.stdout  # the CLI on PATH, as typed
    assert (repo / 'transcripts' / 'session.jsonl.memory.diff').is_file()
    # ignored, as "Use it" says
    assert 'memory.diff' not in git(repo, 'status', '--porcelain', '--untracked-files=all')
    taken = subprocess.run(('bash', '-c', 'memory-gate review --take all'), cwd=repo, env=user,
                           capture_output=True, text=True, check=False)
    assert taken.returncode == 0, taken.stdout + taken.stderr


def _table(heading: str, text: str = CLI_DOC) -> list[list[str]]:
    """The rows of the table whose header row starts with `heading`, cells stripped."""
    start = text.index(f'| {heading} |')
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith('|'):
            break
        rows.append([cell.strip() for cell in line.strip('|').split(' | ')])
    return rows


def _options() -> dict[str, tuple[set[str], set[str]]]:
    """Each option the parser lists in some command's --help: (commands listing it, metavars)."""
    import argparse

    from memory_gate.cli import parser
    from memory_gate.commands import COMMANDS

    top = parser()
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    found: dict[str, tuple[set[str], set[str]]] = {}
    for command in COMMANDS:
        for action in sub.choices[command.name]._actions:
            if not action.option_strings or action.help == argparse.SUPPRESS:
                continue
            flag = action.option_strings[-1]
            if flag == '--help':
                continue
            commands, metavars = found.setdefault(flag, (set(), set()))
            commands.add(command.name)
            metavars.add(str(action.metavar or ''))
    return found


def test_the_readme_tables_are_the_parsers_options() -> None:
    """Issue 21.13: every option --help lists is in docs/cli.md, with the commands that take it
    and its metavar; the settings table is exactly the settings (the keys of pyproject.toml),
    with their defaults."""
    from memory_gate.options import BY_NAME, PATH, SCORE, WHOLE
    from memory_gate.reading.records import Settings

    parsed = _options()
    settings = {row[0]: row for row in _table('setting')}
    options = {row[0]: row for row in _table('option | command')}
    rows = {**settings, **options}
    written = {cell.strip('`').split(' ')[0]: cell for cell in rows}
    assert set(written) == set(parsed)
    for flag, (commands, metavars) in parsed.items():
        cell = written[flag]
        assert cell.strip('`') == ' '.join([flag, *sorted(m for m in metavars if m)]), flag
        assert set(rows[cell][1].split(', ')) == commands, flag
    assert {cell.strip('`').split(' ')[0][2:] for cell in settings} == set(BY_NAME)
    for cell, row in settings.items():
        option = BY_NAME[cell.strip('`').split(' ')[0][2:]]
        if option.kind in (WHOLE, SCORE, PATH):
            default = option.kind.show(Settings._field_defaults[option.field])
            assert row[3].strip('`') == default, cell


def test_the_readme_exit_codes_are_the_commands_own() -> None:
    from memory_gate.commands import COMMANDS

    for command in COMMANDS:
        assert f'\n- `{command.name}`: {command.exit_codes}\n' in CLI_DOC, command.name


def test_the_readme_says_how_to_uninstall_and_what_stays() -> None:
    section = README.split('## Uninstall\n', 1)[1].split('\n## ', 1)[0]
    for left in ('.memory-gate-declined.txt', '.gitignore', '[tool.memory-gate]', '*.memory.diff'):
        assert left in section, left


def _quoted(cell: str) -> tuple[str, str]:
    """A table cell's quoted sentence and the source it names ('' when it names none)."""
    found = re.match(r'"(.*)" \(([\w-]+)[,:)]', cell)
    return (found.group(1), found.group(2)) if found else ('', '')


def _session_of(source: Path, quote: str) -> Path | None:
    """The session of a source holding the quote's longest plain run (raw or JSON-escaped)."""
    runs = sorted(re.split(r'[^\w .,:;/()-]+|…', quote), key=len, reverse=True)
    needle = runs[0].strip()
    for path in sorted(source.iterdir()):
        data = path.read_bytes()
        if needle.encode() in data or json.dumps(needle)[1:-1].encode() in data:
            return path
    return None


KEEPS_AND_DROPS = [
    (side, *_quoted(row[side]))
    for row in _table('proposed, and a maintainer keeps it', READING_DOC)
    for side in (0, 1)
]


@pytest.mark.skipif(not (SHARED / 'real').is_dir(), reason='the real corpus is not here')
@pytest.mark.parametrize(('side', 'quote', 'source'), [k for k in KEEPS_AND_DROPS if k[2]],
                         ids=[f'{k[0]}-{k[1][:30]}' for k in KEEPS_AND_DROPS if k[2]])
def test_what_it_keeps_and_drops_is_what_build_does_on_those_sessions(
        side: int, quote: str, source: str) -> None:
    """docs/reading.md's table of real sentences: the left column is proposed at the default
    settings from its session, the right one is not."""
    from benchmarks.real import matches, propose
    from memory_gate.reading.records import Settings

    session = _session_of(SHARED / 'real' / source, quote)
    assert session is not None, quote
    proposed = propose(SHARED / 'real', f'{source}/{session.name}', Settings())
    assert any(matches(p.text, quote) for p in proposed) == (side == 0), quote


LOOP = SHARED / 'real' / 'entire-cli' / '13_db96e5c261_0_full.jsonl'  # the README's session


def consoles(after: str) -> list[str]:
    """The ```console blocks of the README section that starts with `after`."""
    section = README.split(after, 1)[1].split('\n## ', 1)[0]
    return re.findall(r'```console\n(.*?)```', section, re.S)


def steps(block: str) -> list[tuple[str, str]]:
    """Each `$ command` of a console block, with the output printed under it."""
    parts = re.split(r'^\$ (.*)\n', block, flags=re.M)
    return list(zip(parts[1::2], parts[2::2]))


def normal(text: str, src: Path) -> str:
    """What may differ from the README's machine: the clone's path, commit ids, and how this
    user installs the CLI (pipx, or a virtual environment of its own)."""
    text = text.replace(str(src), '/path/to/memory-gate')
    text = re.sub(r'^\[main [0-9a-f]{7,}\]', '[main <commit>]', text, flags=re.M)
    return re.sub(r'^( *)(?:pipx install --force \S+ && memory-gate'
                  r'|python3 -m venv .* && ~/.memory-gate/bin/memory-gate) review$',
                  r'\1<install the CLI> && memory-gate review', text, flags=re.M)


@pytest.mark.skipif(not LOOP.is_file(), reason='the shared recordings are not beside the checkout')
def test_the_review_loop_console_is_what_the_tool_prints(
        repo: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> None:  # noqa: F811
    """The README's console samples, run: each command's output is what the README shows (the
    interactive review run as `review --reword`, with the text typed at its prompt)."""
    from tests.commands.hook_test import configure, without_memory_gate

    src, rev, env = hook_repo
    # pre-commit on the user's PATH, memory-gate not (as the README says)
    launcher = repo.parent / 'bin'
    launcher.mkdir()
    (launcher / 'pre-commit').write_text(f'#!/bin/sh\nexec {sys.executable} -m pre_commit "$@"\n')
    (launcher / 'pre-commit').chmod(0o755)
    env = without_memory_gate(env)
    env['PATH'] = f'{launcher}{os.pathsep}{env["PATH"]}'
    project = configure(repo, src, rev, env, '        args: [--memory, AGENTS.md]\n')
    (repo / 'AGENTS.md').write_text('# Project memory\n\n- Timestamps are stored in UTC.\n')
    (repo / '.gitignore').write_text('*.memory.diff\n.memory-gate-*.tmp\n')
    project.git('add', '.')
    project.git('commit', '-qm', 'memory')
    assert project.pre_commit('install-hooks').returncode == 0  # its [INFO] lines, once, not below
    lines = LOOP.read_bytes().splitlines(keepends=True)
    (repo / 'transcripts').mkdir()
    (repo / 'transcripts' / 'session.jsonl').write_bytes(b''.join(lines[:300]))

    def shell(command: str) -> str:
        done = subprocess.run(('bash', '-c', command), cwd=repo, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, check=False)
        return done.stdout

    first, later = consoles('## A blocked commit, reviewed')
    (blocked, shown), (review, asked), (apply, applied), (commit, passed) = steps(first)
    out = shell(blocked)
    assert normal(out, src).rstrip('\n') == normal(shown, src).rstrip('\n')
    assert review.endswith(' && memory-gate review')
    prompt = re.search(r'^\(1/1\) (1\. .*)\n', asked, re.M)
    typed = re.search(r'^New text: (.*)\n', asked, re.M)
    assert prompt is not None and typed is not None
    # the review asks about the bullet as the hook listed it, its header cut to 100 columns
    assert f'  {prompt[1].removesuffix("…")}' in out and len(prompt[0]) <= 101
    answers = asked.split(typed[0], 1)[1]
    said = shell(f"{sys.executable} -m memory_gate review --reword '1={typed[1]}'")
    assert normal(said, src).rstrip('\n') == normal(answers, src).rstrip('\n')
    assert shell(apply) == applied
    assert normal(shell(commit), src).rstrip('\n') == normal(passed, src).rstrip('\n')
    [(grown, grew)] = steps(later)
    (repo / 'transcripts' / 'session.jsonl').write_bytes(b''.join(lines))
    assert normal(shell(grown), src).rstrip('\n') == normal(grew, src).rstrip('\n')


def test_the_readme_is_short_enough_to_read() -> None:
    assert len(README.splitlines()) <= 300


DOCS = [ROOT / 'README.md', ROOT / 'CONTRIBUTING.md', *sorted((ROOT / 'docs').glob('*.md'))]


def anchors(text: str) -> set[str]:
    """GitHub's anchors of a markdown text's headings: lowercased, punctuation dropped, spaces
    to '-'."""
    found = set()
    for heading in re.findall(r'^#{1,6} (.+)$', re.sub(r'```.*?```', '', text, flags=re.S),
                              re.M):
        found.add(re.sub(r'[^\w\- ]', '', heading.strip().lower()).replace(' ', '-'))
    return found


@pytest.mark.parametrize('page', DOCS, ids=lambda p: p.name)
def test_every_link_resolves(page: Path) -> None:
    """A link checker over the README and docs/: every relative link names a file of the
    repository, and every #anchor a heading of that file."""
    text = page.read_text(encoding='utf-8')
    links = re.findall(r'\]\(([^)\s]+)\)', re.sub(r'```.*?```', '', text, flags=re.S))
    for link in links:
        if re.match(r'[a-z]+:', link):
            continue  # https: and the like: no network here
        path, _, anchor = link.partition('#')
        target = (page.parent / path).resolve() if path else page
        assert target.exists(), f'{page.name}: {link}'
        if anchor and target.suffix == '.md':
            assert anchor in anchors(target.read_text(encoding='utf-8')), f'{page.name}: {link}'
