"""The review loop end to end: the real pre-commit drives the hook from a clone of this
repository."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from memory_gate.review.proposals import entries, proposed_bullets, why
from memory_gate.review.routes import DECLINE_HOOK, installer
from tests.conftest import ENV, SHARED, git, read_only, run, say, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = (
    'memory_gate', 'setup.cfg', 'pyproject.toml', '.pre-commit-hooks.yaml', 'README.md', 'LICENSE',
)
DECIDE = 'We decided to keep the parser in pure Python.'
NEVER = 'Never push directly to main.'


def why_of(text: str) -> str:
    """How the review describes a bullet the user said (its score comes from the weights as
    fitted)."""
    line = json.dumps({'role': 'user', 'text': text}).encode()
    [p] = build([Transcript('s.jsonl', [line])], Settings()).proposed
    return why(p)


WHY_DECIDE, WHY_NEVER = why_of(DECIDE), why_of(NEVER)


@pytest.fixture(scope='session')
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict[str, str]]:
    """This repository's current files committed in a scratch clone, and a pre-commit home shared by
    the tests."""
    src = tmp_path_factory.mktemp('memory-gate-src')
    for name in SHIPPED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns('__pycache__'))
        else:
            shutil.copy(ROOT / name, src / name)
    git(src, 'init', '-q', '-b', 'main')
    git(src, 'add', '.')
    git(src, '-c', 'user.email=t@example.invalid', '-c', 'user.name=T', 'commit', '-qm', 'snapshot')
    env = {**ENV, 'PRE_COMMIT_HOME': str(tmp_path_factory.mktemp('pre-commit-home'))}
    return src, git(src, 'rev-parse', 'HEAD').strip(), env


class Repo:
    def __init__(self, path: Path, env: dict[str, str]) -> None:
        self.path, self.env = path, env

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            args, cwd=self.path, capture_output=True, text=True, env=self.env, check=False
        )

    def pre_commit(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run(sys.executable, '-m', 'pre_commit', *args)

    def commit(self, message: str = 'work') -> subprocess.CompletedProcess[str]:
        """git commit, its hook's output (which git sends to stderr) in stdout."""
        return subprocess.run(
            ('git', 'commit', '-m', message),
            cwd=self.path,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=self.env,
            check=False,
        )

    def git(self, *args: str) -> str:
        done = self.run('git', *args)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def memory_gate(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run(sys.executable, '-m', 'memory_gate', *args)


@pytest.fixture
def project(repo: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> Iterator[Repo]:
    """A user's repository with memory-gate in .pre-commit-config.yaml and the git hook
    installed."""
    src, rev, env = hook_repo
    yield configure(repo, src, rev, env)


def configure(repo: Path, src: Path, rev: str, env: dict[str, str], args: str = '') -> Repo:
    config = (
        'repos:\n'
        f'-   repo: {src}\n'
        f'    rev: {rev}\n'
        '    hooks:\n'
        f'    -   id: memory-gate\n{args}'
        '    -   id: memory-gate-decline\n'
    )
    (repo / '.pre-commit-config.yaml').write_text(config)
    (repo / 'AGENTS.md').write_text('# Memory\n\n- Timestamps are stored in UTC.\n')
    project = Repo(repo, env)
    project.git('add', '.')
    project.git('commit', '-qm', 'memory-gate')
    assert project.pre_commit('install').returncode == 0
    return project


def stage(project: Repo, name: str, *texts: str) -> Path:
    path = write_jsonl(project.path / name, *(say('user', t) for t in texts))
    project.git('add', name)
    return path


def test_commit_is_blocked_with_the_diff_printed_and_the_proposal_written(project: Repo) -> None:
    stage(project, 'notes/s.jsonl', 'hello', DECIDE)
    done = project.commit()
    assert done.returncode == 1
    proposal = project.path / 'notes/s.jsonl.memory.diff'
    text = proposal.read_text()
    assert text.startswith('# memory-gate proposal for AGENTS.md from notes/s.jsonl\n')
    assert re.search(r'# line 2 \(user, decision/decided, score 0\.\d\d \(threshold 0\.\d\d\) '
                     r'\[for: [^]]*in the voice of the user[^]]*\]\): ' + re.escape(DECIDE), text)
    assert '+- ' + DECIDE in done.stdout
    assert 'git apply notes/s.jsonl.memory.diff && git add AGENTS.md' in done.stdout
    assert '  memory-gate review\n' in done.stdout
    assert 'memory-gate decline --pending && git add' in done.stdout
    assert project.git('log', '--oneline').count('\n') == 2  # nothing was committed
    memory = (project.path / 'AGENTS.md').read_text()
    assert memory == '# Memory\n\n- Timestamps are stored in UTC.\n'


def test_accept_then_commit_passes(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE, NEVER)
    assert project.commit().returncode == 1
    project.git('apply', 's.jsonl.memory.diff')
    project.git('add', 'AGENTS.md')
    done = project.commit()
    assert done.returncode == 0, done.stdout
    assert (project.path / 'AGENTS.md').read_text().endswith(f'- {DECIDE}\n- {NEVER}\n')
    assert not (project.path / 's.jsonl.memory.diff').exists()  # the stale proposal was cleaned up
    assert project.pre_commit('run', 'memory-gate', '--all-files').returncode == 0


def test_decline_then_commit_passes(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    done = project.memory_gate('decline', 's.jsonl.memory.diff')
    assert done.returncode == 0 and f'declined: {DECIDE}' in done.stdout
    assert (project.path / '.memory-gate-declined.txt').read_text().endswith(DECIDE + '\n')
    project.git('add', '.memory-gate-declined.txt')
    assert project.commit().returncode == 0
    assert project.pre_commit('run', 'memory-gate', '--all-files').returncode == 0
    # declined from any transcript
    stage(project, 'other.jsonl', 'we decided to keep the parser in pure python')
    assert project.commit().returncode == 0


def take_all_but(project: Repo, left_out: str) -> None:
    """A blocked commit of DECIDE and NEVER; the proposal applied, then one bullet taken back out of
    memory by hand."""
    stage(project, 's.jsonl', DECIDE, NEVER)
    assert project.commit().returncode == 1
    project.git('apply', 's.jsonl.memory.diff')
    memory = project.path / 'AGENTS.md'
    memory.write_text(memory.read_text().replace(f'- {left_out}\n', ''))


def test_partial_accept_then_decline_through_pre_commit_alone(project: Repo) -> None:
    take_all_but(project, NEVER)
    project.git('add', 'AGENTS.md')
    done = project.pre_commit('run', 'memory-gate-decline', '--hook-stage', 'manual')
    assert f'declined: {NEVER}' in done.stdout and DECIDE not in done.stdout
    project.git('add', '.memory-gate-declined.txt')
    assert project.commit().returncode == 0
    assert project.git('show', 'HEAD:.memory-gate-declined.txt').endswith(NEVER + '\n')
    # again, now that the ledger is tracked
    stage(project, 't.jsonl', 'Releases must be tagged from main.')
    assert project.commit().returncode == 1
    done = project.pre_commit('run', 'memory-gate-decline', '--hook-stage', 'manual')
    assert done.returncode == 0
    assert 'Passed' in done.stdout
    assert 'files were modified' not in done.stdout
    assert project.commit().returncode == 0  # the hook staged the ledger
    assert project.git('show', 'HEAD:.memory-gate-declined.txt').count('\n') == 4


def test_two_transcripts_apply_in_path_order_without_repeating_a_bullet(project: Repo) -> None:
    stage(project, 'b.jsonl', NEVER, DECIDE)
    stage(project, 'a.jsonl', DECIDE, 'Releases must be tagged from main.')
    done = project.commit()
    assert done.returncode == 1
    a = (project.path / 'a.jsonl.memory.diff').read_text()
    b = (project.path / 'b.jsonl.memory.diff').read_text()
    assert '+- ' + DECIDE in a and '+- ' + DECIDE not in b and '+- ' + NEVER in b
    project.git('apply', 'a.jsonl.memory.diff')
    project.git('apply', 'b.jsonl.memory.diff')
    project.git('add', 'AGENTS.md')
    assert project.commit().returncode == 0


def printed_applies(output: str) -> list[str]:
    """Each `git apply ...` command the hook printed, with its continued lines."""
    return re.findall(r'^  (git apply (?:[^\n]*\\\n)*[^\n]*)$', output, re.M)


def run_printed(project: Repo, command: str) -> subprocess.CompletedProcess[str]:
    """A printed command, run by bash as the user types it (on its input: one argument of bash
    is at most 128 KiB)."""
    return subprocess.run(
        ('bash',), input=command, cwd=project.path, capture_output=True, text=True,
        env=project.env, check=False,
    )


def test_hundreds_of_transcripts_split_over_several_hook_runs(project: Repo) -> None:
    deep = 'd' * 200 + '/' + 'e' * 200
    # proposals left from earlier commits: before, among and after this commit's transcripts
    for i, name in enumerate(['a.jsonl', f'{deep}/t200a.jsonl', 'z.jsonl']):
        stage(project, name, f'Never release service number {i} on a Monday.')
        assert project.commit().returncode == 1
        project.git('commit', '-qm', 'without the hook', '--no-verify')
    # ~165 KB of arguments: pre-commit splits the list
    names = [f'{deep}/t{i:03d}.jsonl' for i in range(400)]
    for i, name in enumerate(names):
        write_jsonl(
            project.path / name,
            say('user', f'Never deploy service number {i} on a Friday.'),
            say('user', 'Releases must be tagged from main.'),
        )
    (project.path / '.gitignore').write_text('*.memory.diff\n')
    project.git('add', '.')
    done = project.commit()
    assert done.returncode == 1
    assert done.stdout.count('memory-gate (review proposed memory bullets)') == 1
    # one review per run of the hook, each with one git apply of its stretch of the chain
    runs = done.stdout.count('Review every bullet above in this one round')
    assert runs >= 2
    commands = printed_applies(done.stdout)
    assert len(commands) == runs
    proposals = sorted(name + '.memory.diff' for name in names)
    assert all((project.path / p).exists() for p in proposals)
    assert sum(c.count('.memory.diff') for c in commands) == 403  # each diff once
    for command in commands:  # in the printed order
        applied = run_printed(project, command)
        assert applied.returncode == 0, applied.stderr
    memory = (project.path / 'AGENTS.md').read_text()
    assert memory.count('- Releases must be tagged from main.') == 1
    assert memory.count('- Never deploy service number') == 400
    assert memory.count('- Never release service number') == 3
    assert project.commit().returncode == 0


def test_run_by_hand_all_files_and_manual_stage(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    project.git('commit', '-qm', 'skip the hook', '--no-verify')
    assert project.pre_commit('run', 'memory-gate').returncode == 0  # nothing staged
    done = project.pre_commit('run', 'memory-gate', '--all-files')
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout
    done = project.pre_commit('run', 'memory-gate', '--all-files', '--hook-stage', 'manual')
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout


def without_memory_gate(env: dict[str, str]) -> dict[str, str]:
    """The environment of a user who has memory-gate only through pre-commit: not on their PATH."""
    def has_it(folder: str) -> bool:
        if folder == os.path.dirname(sys.executable):
            return True
        return os.access(os.path.join(folder, 'memory-gate'), os.X_OK)
    kept = (p for p in env['PATH'].split(os.pathsep) if p and not has_it(p))
    return {**env, 'PATH': os.pathsep.join(kept)}


def test_try_repo_and_decline_there(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    src, _, env = hook_repo
    project = Repo(repo, without_memory_gate(env))
    stage(project, 's.jsonl', DECIDE, NEVER)
    done = project.pre_commit('try-repo', str(src), 'memory-gate', '--all-files')
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout
    assert '  memory-gate review' not in done.stdout
    assert 'pre-commit run memory-gate-decline' not in done.stdout
    has_pipx = shutil.which('pipx', path=project.env['PATH']) is not None
    install, run = installer(str(src), has_pipx)
    # its environment goes when try-repo ends
    assert f'  {install}{run} review\n' in done.stdout
    decline = f'pre-commit try-repo {src} memory-gate-decline --hook-stage manual --all-files'
    assert f'  {decline} && git add .memory-gate-declined.txt\n' in done.stdout
    command = f'{sys.executable} -m pre_commit {decline[len("pre-commit "):]}'
    declined = project.run(*command.split())
    assert declined.returncode == 0
    assert f'declined: {DECIDE}' in declined.stdout
    assert 'Passed' in declined.stdout
    assert project.pre_commit('try-repo', str(src), 'memory-gate', '--all-files').returncode == 0


def test_the_route_printed_first_is_the_one_this_user_has(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    assert '\n  memory-gate review\n' in project.commit().stdout  # on the user's PATH: by name
    project.env = without_memory_gate(project.env)
    done = project.commit()
    assert '\n  memory-gate review\n' not in done.stdout
    assert project.env['PRE_COMMIT_HOME'] not in done.stdout  # never a path into pre-commit's cache
    path = project.env['PATH']
    if shutil.which('pipx', path=path):
        install = r'pipx install --force \S+ && memory-gate'
    else:  # a virtual environment of its own: pip outside one is refused on Debian 12
        install = r'python3 -m venv ~/\.memory-gate && ~/\.memory-gate/bin/pip install -q ' \
                  r'--force-reinstall \S+ && ~/\.memory-gate/bin/memory-gate'
    assert re.search(rf'\n  {install} review\n', done.stdout), done.stdout
    decline = DECLINE_HOOK  # configured: pre-commit's route, as this user runs pre-commit
    if shutil.which('pre-commit', path=path) is None:  # the Python its git hook runs
        decline = f'{sys.executable} -m pre_commit{DECLINE_HOOK[len("pre-commit"):]}'
    assert f'\n  {decline} && git add .memory-gate-declined.txt' in done.stdout


def test_claude_md_symlink_targets_the_real_file(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    src, rev, env = hook_repo
    os.symlink('AGENTS.md', repo / 'CLAUDE.md')
    project = configure(repo, src, rev, env, '        args: [--memory, CLAUDE.md]\n')
    stage(project, 's.jsonl', DECIDE, 'Timestamps are stored in UTC.')
    assert project.commit().returncode == 1
    diff = (project.path / 's.jsonl.memory.diff').read_text()
    assert '+++ b/AGENTS.md' in diff and diff.count('+- ') == 1
    project.git('apply', 's.jsonl.memory.diff')
    project.git('add', 'AGENTS.md')
    assert project.commit().returncode == 0


def test_unstaged_memory_edits_are_ignored_with_a_warning(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    memory = project.path / 'AGENTS.md'
    # not staged: the commit would not carry it
    memory.write_text(memory.read_text() + f'- {DECIDE}\n')
    done = project.commit()
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout
    assert memory.read_text().endswith(f'- {DECIDE}\n')  # pre-commit restored the unstaged edit
    by_hand = project.memory_gate('hook', 's.jsonl')
    assert by_hand.returncode == 1
    assert (
        'AGENTS.md has unstaged edits; proposals are made against its staged version'
    ) in by_hand.stderr


def test_nothing_to_propose_passes_silently(project: Repo) -> None:
    stage(project, 's.jsonl', 'hello', 'Thanks, looks good!')
    done = project.commit()
    assert done.returncode == 0 and 'memory-gate' in done.stdout and 'Passed' in done.stdout
    assert not (project.path / 's.jsonl.memory.diff').exists()


def test_tracked_proposal_is_left_alone_and_foreign_file_is_not_overwritten(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    (project.path / 's.jsonl.memory.diff').write_text('my own notes\n')
    done = project.commit()
    assert done.returncode == 1
    assert 'was not written by memory-gate; not overwriting it' in done.stdout
    assert (project.path / 's.jsonl.memory.diff').read_text() == 'my own notes\n'


def test_team_pattern_through_args_names_its_rule(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    src, rev, env = hook_repo
    args = (
        "        args: ['--signal', 'decision:adr=\\bADR-\\d+ (?:accepted|approved)\\b', "
        "'--max-add', '5']\n"
    )
    project = configure(repo, src, rev, env, args)
    stage(project, 's.jsonl', 'ADR-12 accepted: event sourcing for orders.')
    done = project.commit()
    assert done.returncode == 1
    assert re.search(
        r'decision/adr, score [^\n]*: ADR-12 accepted: event sourcing for orders\.', done.stdout
    )


def test_team_pattern_through_pyproject(project: Repo) -> None:
    (project.path / 'pyproject.toml').write_text(
        '[tool.memory-gate.signal]\n'
        'adr = { kind = "decision", pattern = "\\\\bADR-\\\\d+ accepted\\\\b" }\n'
        '[tool.memory-gate.noise]\nbot = "^\\\\[bot\\\\]"\n')
    project.git('add', 'pyproject.toml')
    stage(
        project,
        's.jsonl',
        'ADR-12 accepted: event sourcing for orders.',
        '[bot] We decided nothing at all here.',
    )
    done = project.commit()
    assert done.returncode == 1
    assert 'decision/adr, score' in done.stdout
    assert '[bot]' not in done.stdout


def test_bad_team_pattern_is_one_line(project: Repo) -> None:
    (project.path / 'pyproject.toml').write_text(
        '[tool.memory-gate.signal]\nbroken = { kind = "decision", pattern = "(" }\n'
    )
    stage(project, 's.jsonl', DECIDE)
    done = project.memory_gate('hook', 's.jsonl')
    assert done.returncode == 2
    assert done.stderr.startswith(
        "memory-gate: pyproject.toml [tool.memory-gate.signal] rule 'broken': bad pattern '(': "
    )
    assert done.stderr.count('\n') == 1


def test_budget_guard(repo: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> None:
    src, rev, env = hook_repo
    project = configure(repo, src, rev, env, '        args: [--budget, "60"]\n')
    stage(project, 's.jsonl', DECIDE)
    done = project.commit()
    assert 'past the 60-byte budget' in done.stdout


def test_hook_never_writes_memory_or_ledger(project: Repo) -> None:
    ledger = project.path / '.memory-gate-declined.txt'
    ledger.write_text('Some declined bullet from before.\n')
    project.git('add', ledger.name)
    project.git('commit', '-qm', 'ledger')
    memory = project.path / 'AGENTS.md'
    stage(project, 's.jsonl', DECIDE)
    before = {p: p.read_bytes() for p in (memory, ledger)}
    with read_only(memory, ledger):
        done = project.commit()
        by_hand = project.memory_gate('hook', 's.jsonl')
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout
    assert by_hand.returncode == 1 and 'Traceback' not in by_hand.stderr
    assert {p: p.read_bytes() for p in before} == before
    assert project.git('status', '--porcelain') == 'A  s.jsonl\n?? s.jsonl.memory.diff\n'


@pytest.mark.parametrize('name', [
    'claude-code/kimi-cli_entire_2d58ad9e0d5c-2_v2.1.55.jsonl',
    'codex-rollout/codex-session-view_rollout-2025-11-17_cli0.58.0.excerpt.jsonl',
    'gemini-cli/agent-sessions_gemini_jsonl_v040.fixture.jsonl',
    'openai-chat/openai-cookbook_toy_chat_fine_tuning.lines1-4.jsonl',
    'cursor-agent-transcript/agent-sessions_Cursor_test-session.fixture.jsonl',
])
def test_every_format_through_the_hook(project: Repo, name: str) -> None:
    shutil.copy(ROOT / 'tests' / 'transcripts' / name, project.path / 'session.jsonl')
    with open(project.path / 'session.jsonl', 'a', encoding='utf-8') as f:
        f.write('{"role": "user", "text": "From now on, every service exposes /metrics."}\n')
    project.git('add', 'session.jsonl')
    done = project.commit()
    assert done.returncode == 1 and '+- From now on, every service exposes /metrics.' in done.stdout


def test_git_add_all_after_a_blocked_commit_never_commits_a_proposal(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    assert project.memory_gate('decline', 's.jsonl.memory.diff').returncode == 0
    (project.path / 's.jsonl.memory.diff').write_text('# memory-gate proposal kept by mistake\n')
    project.git('add', '-A')  # the ledger, and the proposal beside the transcript
    done = project.commit()
    assert done.returncode == 1
    assert ('s.jsonl.memory.diff: is a memory-gate proposal staged for commit; '
            'unstage it: git rm --cached -q s.jsonl.memory.diff') in done.stdout
    assert (project.path / 's.jsonl.memory.diff').exists()  # left alone: it is the user's to remove
    project.git('rm', '--cached', '-q', 's.jsonl.memory.diff')
    assert project.commit().returncode == 0
    assert 's.jsonl.memory.diff' not in project.git('ls-files')


def test_a_staged_proposal_blocks_without_any_transcript(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    project.git('reset', '-q')
    project.git('add', 's.jsonl.memory.diff')
    done = project.commit()
    assert done.returncode == 1 and 'git rm --cached -q s.jsonl.memory.diff' in done.stdout
    assert project.git('log', '--oneline').count('\n') == 2
    # not ours: committed like any file
    (project.path / 'notes.memory.diff').write_text('my own diff\n')
    project.git('rm', '--cached', '-q', 's.jsonl.memory.diff')
    project.git('add', 'notes.memory.diff')
    assert project.commit().returncode == 0


def test_build_honours_the_ledger_as_the_hook_does(project: Repo) -> None:
    take_all_but(project, NEVER)
    assert project.memory_gate('decline', 's.jsonl.memory.diff').returncode == 0
    done = project.memory_gate('build', 's.jsonl', '--stats')
    assert done.stdout == ''
    assert '\ndeclined: 1\n' in done.stderr
    assert 'already_in_memory: 1' in done.stderr
    done = project.memory_gate('build', 's.jsonl', '--ledger', 'elsewhere.txt')
    assert done.stdout.count('+- ') == 1 and '+- ' + NEVER in done.stdout


def test_never_writes_outside_the_repository(project: Repo, tmp_path: Path) -> None:
    outside = write_jsonl(tmp_path / 'outside.jsonl', say('user', DECIDE))
    done = project.memory_gate('hook', str(outside))
    assert done.returncode == 1 and 'is outside the repository; not writing it' in done.stderr
    assert not Path(str(outside) + '.memory.diff').exists()


def test_review_output_has_no_raw_control_characters(project: Repo) -> None:
    stage(
        project,
        'e\x1b[31mvil.jsonl',
        'We decided \x1b]8;;http://x\x07to\x1b]8;;\x07 keep \u202ethe parser\u202c in C.',
    )
    done = project.commit()
    assert done.returncode == 1 and '+- We decided to keep the parser in C.' in done.stdout
    for ch in done.stdout:
        assert ch == '\n' or (ch.isprintable() and ch not in '\u202e\u202c'), repr(ch)


def test_decline_edge_cases(project: Repo) -> None:
    done = project.memory_gate('decline')  # a usage error: on stderr, the product (stdout) empty
    assert (done.returncode, done.stdout) == (2, '') and 'name the proposals' in done.stderr
    done = project.memory_gate('decline', '--pending')
    assert done.returncode == 0 and 'no pending proposals' in done.stdout
    (project.path / 'notes.txt').write_text('not a proposal\n')
    done = project.memory_gate('decline', 'notes.txt', 'missing.memory.diff')
    assert done.returncode == 2
    assert done.stderr.splitlines() == ['memory-gate: notes.txt: is not a memory-gate proposal',
                                        'memory-gate: missing.memory.diff: no such file']
    assert done.stdout == ''  # no proposal was read: nothing said of what it held
    assert (project.path / 'notes.txt').exists()


def test_decline_reports_each_proposal_for_what_it_is(project: Repo) -> None:
    """A missing file beside a real proposal: the real one is declined, the missing one named,
    exit 2; a proposal already applied is 'in memory already', exit 0."""
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    done = project.memory_gate('decline', 'gone.memory.diff', 's.jsonl.memory.diff')
    assert done.returncode == 2
    assert done.stderr == 'memory-gate: gone.memory.diff: no such file\n'
    assert done.stdout.startswith(f'declined: {DECIDE}\n')
    assert 'in memory already' not in done.stdout
    stage(project, 't.jsonl', NEVER)
    assert project.commit().returncode == 1
    project.git('apply', 't.jsonl.memory.diff')
    done = project.memory_gate('decline', 't.jsonl.memory.diff')
    assert (done.returncode, done.stderr) == (0, '')
    assert done.stdout == (
        'memory-gate: nothing to decline: every proposed bullet is in memory already\n'
    )


def test_decline_keeps_the_proposal_when_the_ledger_cannot_be_written(project: Repo) -> None:
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    (project.path / 'ledger-dir').mkdir()
    done = project.memory_gate('decline', 's.jsonl.memory.diff', '--ledger', 'ledger-dir')
    assert done.returncode == 2 and done.stderr.startswith('memory-gate: ledger-dir: ')
    assert (project.path / 's.jsonl.memory.diff').exists()


def test_max_add_caps_the_diff_not_the_review(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    src, rev, env = hook_repo
    project = configure(repo, src, rev, env, '        args: [--max-add, "1"]\n')
    stage(project, 's.jsonl', DECIDE, NEVER, 'Releases must be tagged from main.')
    done = project.commit()
    assert done.returncode == 1
    assert '3 bullet(s) pending for AGENTS.md: 1 in s.jsonl.memory.diff, 2 held back' in done.stdout
    listed = done.stdout.index(
        'held back by --max-add 1: not in the diff, reviewed in this same round:'
    )
    held = done.stdout.index(f'2. s.jsonl:2: {WHY_NEVER}: {NEVER}')
    assert listed < held < done.stdout.index('--- a/')
    assert proposed_bullets((project.path / 's.jsonl.memory.diff').read_text()) == [DECIDE]
    # take the diff as it is, decline the rest: one round
    project.git('apply', 's.jsonl.memory.diff')
    assert project.memory_gate('decline', '--pending').returncode == 0
    assert NEVER in (project.path / '.memory-gate-declined.txt').read_text()
    project.git('add', 'AGENTS.md', '.memory-gate-declined.txt')
    assert project.commit().returncode == 0


def test_with_no_diff_to_take_the_decline_is_of_everything_pending(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    """--max-add 0: every bullet held back, no diff has a line and no `git apply` is printed, so
    the decline is not of "everything else"; done as printed, the next commit passes."""
    src, rev, env = hook_repo
    project = configure(repo, src, rev, env, '        args: [--max-add, "0"]\n')
    stage(project, 's.jsonl', DECIDE)
    done = project.commit()
    assert done.returncode == 1 and 'none in the diff (--max-add 0)' in done.stdout
    assert 'git apply' not in done.stdout and 'everything else' not in done.stdout
    said = done.stdout.split('Or decline everything pending, held-back bullets too:\n', 1)[1]
    decline = said.splitlines()[0].strip()
    assert subprocess.run(decline, shell=True, cwd=project.path, env=env,
                          capture_output=True, check=False).returncode == 0
    assert DECIDE in (project.path / '.memory-gate-declined.txt').read_text()
    assert project.commit().returncode == 0


def test_partial_review_with_take_through_pre_commit(project: Repo) -> None:
    stage(project, 'b.jsonl', NEVER, 'Releases must be tagged from main.')
    stage(project, 'a.jsonl', DECIDE)
    done = project.commit()
    assert done.returncode == 1 and f'1. a.jsonl:1: {WHY_DECIDE}: {DECIDE}' in done.stdout
    review = project.memory_gate('review', '--take', '1,3')
    assert review.returncode == 0, review.stderr
    assert (
        'git apply a.jsonl.memory.diff b.jsonl.memory.diff '
        '&& git add AGENTS.md .memory-gate-declined.txt'
    ) in review.stdout
    project.git('apply', 'a.jsonl.memory.diff', 'b.jsonl.memory.diff')
    project.git('add', 'AGENTS.md', '.memory-gate-declined.txt')
    assert project.commit().returncode == 0
    committed = project.git('show', 'HEAD:AGENTS.md')
    assert committed.endswith(f'- {DECIDE}\n- Releases must be tagged from main.\n')
    assert project.git('show', 'HEAD:.memory-gate-declined.txt').endswith(NEVER + '\n')
    assert 'memory.diff' not in project.git('ls-files')


REAL = SHARED / 'real'
THREE = ('entire-cli/68_e0ff0d6706_0_full.jsonl', 'entire-cli/29_38d5d1ba71_0_full.jsonl',
         'kimi-cli/fc_3ecf3602c3_0_full.jsonl')  # Claude Code logs


@pytest.mark.skipif(not REAL.is_dir(), reason='the shared real sessions are not on this machine')
def test_three_real_sessions_are_reviewed_in_one_round(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    src, rev, env = hook_repo
    # so that any second bullet is held back
    project = configure(repo, src, rev, env, '        args: [--max-add, "1"]\n')
    names = [f'session{i}.jsonl' for i in range(3)]
    for i, (name, real) in enumerate(zip(names, THREE)):
        shutil.copy(REAL / real, project.path / name)
        # at least one bullet each
        grow(project, name, f'From now on, service number {i} exposes /metrics.')
    done = project.commit()
    assert done.returncode == 1
    listed = sum(len(entries((project.path / (n + '.memory.diff')).read_text())) for n in names)
    # all numbered
    assert listed >= 3
    assert f'\n  {listed}. ' in done.stdout
    assert f'\n  {listed + 1}. ' not in done.stdout
    review = project.memory_gate('review', '--take', '1')  # take the first, decline every other one
    assert review.returncode == 0, review.stderr
    apply = next(line for line in review.stdout.splitlines() if line.startswith('  git apply '))
    project.git(*apply.split(' && ')[0].split()[1:])  # the command the review printed
    project.git('add', 'AGENTS.md', '.memory-gate-declined.txt')
    again = project.commit()
    assert again.returncode == 0, again.stdout  # one round
    ledger = project.git('show', 'HEAD:.memory-gate-declined.txt').splitlines()
    assert len([line for line in ledger if not line.startswith('#')]) == listed - 1
    assert 'memory.diff' not in project.git('ls-files')


def grow(project: Repo, name: str, *texts: str) -> None:
    with open(project.path / name, 'a', encoding='utf-8') as f:
        f.writelines(json.dumps(say('user', t)) + '\n' for t in texts)
    project.git('add', name)


def accept_then_forget(project: Repo) -> None:
    """s.jsonl committed with DECIDE accepted, then DECIDE deleted from memory by a human."""
    stage(project, 's.jsonl', 'hello', DECIDE)
    assert project.commit().returncode == 1
    project.git('apply', 's.jsonl.memory.diff')
    project.git('add', 'AGENTS.md')
    assert project.commit().returncode == 0
    (project.path / 'AGENTS.md').write_text('# Memory\n\n- Timestamps are stored in UTC.\n')
    project.git('commit', '-qam', 'forget it')


def test_a_grown_transcript_is_judged_on_its_new_lines_only(project: Repo) -> None:
    accept_then_forget(project)
    grow(project, 's.jsonl', NEVER)
    done = project.commit()
    assert done.returncode == 1 and '+- ' + NEVER in done.stdout and DECIDE not in done.stdout
    stats = project.memory_gate('build', 's.jsonl', '--since', 'HEAD', '--stats')
    assert 's.jsonl: since_extended: 1' in stats.stderr
    assert 's.jsonl: skipped_committed: 2' in stats.stderr
    assert stats.stdout.count('+- ') == 1
    # build judges whole files unless asked
    assert DECIDE in project.memory_gate('build', 's.jsonl').stdout
    assert project.memory_gate('decline', '--pending').returncode == 0
    project.git('add', '.memory-gate-declined.txt')
    assert project.commit().returncode == 0
    # a file the commit does not change: whole
    all_files = project.pre_commit('run', 'memory-gate', '--all-files')
    assert all_files.returncode == 1
    assert '+- ' + DECIDE in all_files.stdout
    assert NEVER not in all_files.stdout


def test_a_rewritten_transcript_proposes_only_what_is_new(project: Repo) -> None:
    """A word redacted on line 1: what a human took and later deleted from memory stays reviewed."""
    accept_then_forget(project)
    write_jsonl(
        project.path / 's.jsonl', say('user', 'hello!'), say('user', DECIDE), say('user', NEVER)
    )
    project.git('add', 's.jsonl')
    done = project.commit()
    assert done.returncode == 1, done.stdout
    assert '+- ' + NEVER in done.stdout, done.stdout
    assert DECIDE not in done.stdout, done.stdout
    stats = project.memory_gate('build', 's.jsonl', '--since', 'HEAD', '--stats')
    assert 's.jsonl: since_rewritten: 1' in stats.stderr
    assert 's.jsonl: already_reviewed: 1' in stats.stderr
    assert stats.stdout.count('+- ') == 1
    edited = project.path / 's.jsonl'
    edited.write_text(edited.read_text().replace('keep the parser', 'keep the whole parser'))
    project.git('add', 's.jsonl')
    assert 'keep the whole parser' in project.commit().stdout  # words changed: new text to review


def test_a_renamed_transcript_proposes_nothing_again(project: Repo) -> None:
    accept_then_forget(project)
    project.git('mv', 's.jsonl', 'session-renamed.jsonl')
    done = project.commit()
    assert done.returncode == 0, done.stdout
    project.git('mv', 'session-renamed.jsonl', 'again.jsonl')
    grow(project, 'again.jsonl', NEVER)
    done = project.commit()
    assert done.returncode == 1, done.stdout
    assert '+- ' + NEVER in done.stdout, done.stdout
    assert DECIDE not in done.stdout, done.stdout


def test_a_gemini_session_document_saved_again_proposes_only_its_new_messages(
    project: Repo
) -> None:
    def save(*texts: str) -> None:
        messages = [
            {'id': str(i), 'timestamp': '2026-01-01T00:00:00Z', 'type': 'user', 'content': t}
            for i, t in enumerate(texts)
        ]
        doc = {'sessionId': 'g-1', 'projectHash': 'p', 'startTime': '2026-01-01T00:00:00Z',
               'lastUpdated': f'2026-01-01T00:0{len(texts)}:00Z', 'messages': messages}
        (project.path / 'session-1.json').write_text(json.dumps(doc, indent=2) + '\n')
        project.git('add', 'session-1.json')

    save('hello', DECIDE)
    assert '+- ' + DECIDE in project.memory_gate('hook', 'session-1.json').stdout
    assert project.memory_gate('decline', '--pending').returncode == 0
    project.git('add', '.memory-gate-declined.txt')
    project.git('commit', '-qm', 'session', '--no-verify')
    save('hello', DECIDE, NEVER)
    project.git('rm', '-q', '--cached', '.memory-gate-declined.txt')
    (project.path / '.memory-gate-declined.txt').unlink()
    done = project.memory_gate('hook', 'session-1.json')
    assert done.returncode == 1, done.stdout
    assert '+- ' + NEVER in done.stdout, done.stdout
    assert DECIDE not in done.stdout, done.stdout


def test_amend_judges_what_the_amend_adds(project: Repo) -> None:
    accept_then_forget(project)
    grow(project, 's.jsonl', NEVER)
    done = subprocess.run(
        ('git', 'commit', '--amend', '-m', 'amended'),
        cwd=project.path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=project.env,
        check=False,
    )
    assert done.returncode == 1 and '+- ' + NEVER in done.stdout and DECIDE not in done.stdout


def test_first_commit_judges_whole_files(
    tmp_path: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    src, rev, env = hook_repo
    path = tmp_path / 'fresh'
    path.mkdir()
    git(path, 'init', '-q', '-b', 'main')
    project = Repo(path, env)
    (path / '.pre-commit-config.yaml').write_text(
        f'repos:\n-   repo: {src}\n    rev: {rev}\n    hooks:\n    -   id: memory-gate\n'
    )
    assert project.pre_commit('install').returncode == 0
    stage(project, 's.jsonl', DECIDE)
    project.git('add', '.pre-commit-config.yaml')
    done = subprocess.run(
        ('git', '-c', 'user.email=t@example.invalid', '-c', 'user.name=T', 'commit', '-m', 'first'),
        cwd=path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout and 'Traceback' not in done.stdout
    assert project.memory_gate('build', 's.jsonl', '--since', 'HEAD').returncode == 2


def test_merge_judges_what_neither_side_had(project: Repo) -> None:
    accept_then_forget(project)
    project.git('checkout', '-qb', 'feature')
    grow(project, 's.jsonl', NEVER)
    assert project.commit().returncode == 1
    assert project.memory_gate('decline', '--pending').returncode == 0
    project.git('add', '.memory-gate-declined.txt')
    assert project.commit('feature').returncode == 0
    project.git('checkout', '-q', 'main')
    (project.path / 'notes.txt').write_text('main moves on\n')
    project.git('add', 'notes.txt')
    assert project.commit('main').returncode == 0
    project.git('merge', '-q', '--no-ff', '--no-commit', 'feature')
    done = project.commit('merge')
    # DECIDE, forgotten on main, does not come back through the merge
    assert done.returncode == 0, done.stdout
    assert project.git('log', '-1', '--format=%p').count(' ') == 1


@pytest.mark.parametrize('bad', [b'caf\xe9', b'\\ud83d'])
def test_a_bullet_never_carries_the_replacement_character(project: Repo, bad: bytes) -> None:
    """Invalid UTF-8 (a Latin-1 byte) and a lone surrogate escape (a JavaScript string cut
    mid-emoji) both become U+FFFD: the sentence that holds one is dropped, counted, and the rest
    of its line and file is still proposed; no traceback."""
    line = (b'{"role": "user", "text": "We decided to keep the ' + bad + b' parser in Python. '
            + NEVER.encode() + b'"}\n')
    (project.path / 's.jsonl').write_bytes(line)
    project.git('add', 's.jsonl')
    done = project.commit()
    assert done.returncode == 1 and 'Traceback' not in done.stdout, done.stdout
    diff = (project.path / 's.jsonl.memory.diff').read_text(encoding='utf-8')
    assert '\ufffd' not in diff and '\ufffd' not in done.stdout
    assert f'+- {NEVER}' in diff and 'parser' not in diff
    built = project.memory_gate('build', '--json', '--stats', 's.jsonl')
    assert built.returncode == 0 and '\ufffd' not in built.stdout
    assert json.loads(built.stdout)['stats']['noise:undecodable'] == 1
    declined = project.pre_commit('run', 'memory-gate-decline', '--hook-stage', 'manual')
    assert declined.returncode == 0
    assert project.commit().returncode == 0


def test_a_tab_in_a_transcript_name_is_shown_escaped_and_the_printed_command_applies(
    project: Repo,
) -> None:
    """A tab is never printed as a space (which names another file): the review, the proposal's
    header and the command show $'a\\tb.jsonl', and the printed git apply, run by bash, applies."""
    stage(project, 'a\tb.jsonl', DECIDE)
    done = project.commit()
    assert done.returncode == 1, done.stdout
    assert 'a b.jsonl' not in done.stdout
    assert "memory-gate: $'a\\tb.jsonl': 1 bullet(s) pending" in done.stdout
    assert "  1. $'a\\tb.jsonl':1: " in done.stdout
    proposal = (project.path / 'a\tb.jsonl.memory.diff').read_text()
    assert proposal.startswith("# memory-gate proposal for AGENTS.md from $'a\\tb.jsonl'\n")
    listed = project.memory_gate('review')  # no terminal: it lists the bullets
    assert "1. $'a\\tb.jsonl':1: " in listed.stdout + listed.stderr
    [command] = [
        line.strip()
        for line in done.stdout.splitlines()
        if line.strip().startswith('git apply')
    ]
    assert command == "git apply $'a\\tb.jsonl.memory.diff' && git add AGENTS.md"
    applied = project.run('bash', '-c', command)
    assert applied.returncode == 0, applied.stderr
    assert project.commit().returncode == 0


def test_a_memory_file_in_conflict_is_named_not_proposed_into(project: Repo) -> None:
    (project.path / 'AGENTS.md').write_text(
        '# Memory\n\n<<<<<<< HEAD\n- a\n=======\n- b\n>>>>>>> feature\n'
    )
    project.git('add', 'AGENTS.md')
    stage(project, 's.jsonl', DECIDE)
    done = project.commit()
    assert done.returncode == 1 and 'Traceback' not in done.stdout
    assert 'AGENTS.md: line 3 is a merge conflict marker; resolve the conflict' in done.stdout
    assert not (project.path / 's.jsonl.memory.diff').exists()
    built = project.memory_gate('build', 's.jsonl')
    assert built.returncode == 2 and built.stdout == ''
    assert built.stderr == (
        'memory-gate: AGENTS.md: line 3 is a merge conflict marker; '
        'resolve the conflict, then propose into it\n'
    )


def test_decline_through_pre_commit_keeps_a_hand_edited_ledger(project: Repo) -> None:
    ledger = project.path / '.memory-gate-declined.txt'
    hand = ('# ours\nNever push to main.\nnever push to main\n# why: the 2024 outage\nZebra rule\n'
            '<<<<<<< HEAD\nours rule\n=======\ntheirs rule\n>>>>>>> feature\n')
    ledger.write_text(hand)
    ledger.chmod(0o664)
    project.git('add', '.memory-gate-declined.txt')
    project.git('commit', '-qm', 'ledger')
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    declined = project.pre_commit('run', 'memory-gate-decline', '--hook-stage', 'manual')
    assert declined.returncode == 0
    assert ledger.read_text() == (
        '# ours\nNever push to main.\nnever push to main\n' + DECIDE + '\n'
        '# why: the 2024 outage\nZebra rule\nours rule\ntheirs rule\n'
    )
    assert ledger.stat().st_mode & 0o777 == 0o664
    assert project.commit().returncode == 0


def test_an_unreadable_ledger_is_named_not_the_memory_file(repo: Path) -> None:
    (repo / 'AGENTS.md').write_text('# Memory\n')
    write_jsonl(repo / 's.jsonl', say('user', DECIDE))
    (repo / 'ledger-dir').mkdir()
    done = run(repo, 'hook', 's.jsonl', '--ledger', 'ledger-dir')
    assert (done.returncode, done.stdout) == (1, '')
    assert done.stderr == 'memory-gate: ledger-dir: is a directory\n'


def test_bullets_land_under_the_team_heading(project: Repo) -> None:
    (project.path / 'pyproject.toml').write_text('[tool.memory-gate]\nheading = "## Decisions"\n')
    memory = (
        '# Memory\n\n## Decisions\n\n- Timestamps are stored in UTC.\n\n'
        '## Testing\n\n- Run pytest.\n'
    )
    (project.path / 'AGENTS.md').write_text(memory)
    project.git('add', '.')
    project.git('commit', '-qm', 'sections')
    stage(project, 's.jsonl', DECIDE, NEVER)
    assert project.commit().returncode == 1
    assert project.memory_gate('review', '--take', '2').returncode == 0
    project.git('apply', 's.jsonl.memory.diff')
    assert (project.path / 'AGENTS.md').read_text() == memory.replace(
        'UTC.\n', f'UTC.\n- {NEVER}\n')
    project.git('add', 'AGENTS.md', '.memory-gate-declined.txt')
    assert project.commit().returncode == 0


def test_an_empty_memory_file_gets_the_heading(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    src, rev, env = hook_repo
    project = configure(repo, src, rev, env, '        args: [--heading, "## Decisions"]\n')
    (project.path / 'AGENTS.md').write_text('')
    project.git('commit', '-qam', 'empty memory')
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    project.git('apply', 's.jsonl.memory.diff')
    assert (project.path / 'AGENTS.md').read_text() == f'## Decisions\n\n- {DECIDE}\n'


def test_a_memory_file_linked_out_of_the_repository_blocks_with_one_line(project: Repo,
                                                                          tmp_path: Path) -> None:
    outside = tmp_path / 'private.md'
    outside.write_text('# Private\n\npassword: hunter2-not-for-git\n')
    (project.path / 'AGENTS.md').unlink()
    os.symlink(outside, project.path / 'AGENTS.md')
    project.git('add', 'AGENTS.md')
    stage(project, 's.jsonl', DECIDE)
    done = project.commit()
    assert done.returncode == 1 and 'Traceback' not in done.stdout
    assert 'AGENTS.md: is a symlink to a file outside the repository' in done.stdout
    assert 'hunter2' not in done.stdout and not (project.path / 's.jsonl.memory.diff').exists()
    assert os.path.islink(project.path / 'AGENTS.md')


def test_a_reworded_bullet_survives_a_commit_made_before_git_apply(project: Repo) -> None:
    """Issue 21.4: review's reword declines the original; committing before `git apply`
    removed the proposal as stale and passed: the reworded text was gone."""
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    reword = 'The parser stays in pure Python.'
    assert project.memory_gate('review', '--reword', f'1={reword}').returncode == 0
    project.git('add', '.memory-gate-declined.txt')
    done = project.commit()  # forgot git apply
    assert done.returncode == 1 and f'+- {reword}' in done.stdout
    project.git('apply', 's.jsonl.memory.diff')
    project.git('add', 'AGENTS.md')
    assert project.commit().returncode == 0
    assert (project.path / 'AGENTS.md').read_text().endswith(f'- {reword}\n')


def test_a_proposal_left_from_an_earlier_commit_is_chained_with_this_ones(project: Repo) -> None:
    """A proposal left from an earlier commit (here, one made with --no-verify) and this commit's
    are one chain in path order: the one printed `git apply` applies both, and the commit
    passes. (Both were rendered against the memory file alone: the second failed after the
    first.)"""
    stage(project, 'a.jsonl', DECIDE)
    assert project.commit().returncode == 1
    assert project.run('git', 'commit', '-qm', 'skip the gate', '--no-verify').returncode == 0
    assert (project.path / 'a.jsonl.memory.diff').exists()  # left behind, untracked
    stage(project, 'b.jsonl', NEVER)
    done = project.commit()
    assert done.returncode == 1
    command = 'git apply a.jsonl.memory.diff b.jsonl.memory.diff && git add AGENTS.md'
    assert printed_applies(done.stdout) == [command]
    assert run_printed(project, command).returncode == 0
    memory = (project.path / 'AGENTS.md').read_text()
    assert memory.endswith(f'- {DECIDE}\n- {NEVER}\n')
    assert project.commit().returncode == 0
    assert not (project.path / 'a.jsonl.memory.diff').exists()


def test_a_transcript_the_config_excludes_leaves_no_leftover_unprinted(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]
) -> None:
    """A staged .jsonl the user's `exclude:` leaves out is passed to no run. The hook took it for
    another run's and left it the proposals after it in the chain: z's leftover was printed by
    no run. One run, so all of its chain is printed, and the commit passes after it."""
    src, rev, env = hook_repo
    project = configure(repo, src, rev, env, '        exclude: ^notes/\n')
    stage(project, 'z.jsonl', DECIDE)
    assert project.commit().returncode == 1
    assert project.run('git', 'commit', '-qm', 'skip the gate', '--no-verify').returncode == 0
    stage(project, 'a.jsonl', NEVER)
    stage(project, 'notes/b.jsonl', 'Releases must be tagged from main.')
    done = project.commit()
    assert done.returncode == 1 and not (project.path / 'notes/b.jsonl.memory.diff').exists()
    command = 'git apply a.jsonl.memory.diff z.jsonl.memory.diff && git add AGENTS.md'
    assert printed_applies(done.stdout) == [command]
    assert run_printed(project, command).returncode == 0
    assert (project.path / 'AGENTS.md').read_text().endswith(f'- {NEVER}\n- {DECIDE}\n')
    assert project.commit().returncode == 0


def test_two_left_proposals_and_this_ones_apply_in_the_printed_order(project: Repo) -> None:
    """Two transcripts committed without the hook (voices s01 and s03, real sessions' shape),
    then a third: three proposals, one chain. Applying only a later one says what to do."""
    voices = SHARED / 'voices'
    if not voices.is_dir():
        pytest.skip('the shared voices set is not beside the checkout')
    for name in ('s01_simple_tidewatch.jsonl', 's03_openai_pantry-api.jsonl'):
        shutil.copy(voices / name, project.path / name)
        project.git('add', name)
        assert project.commit().returncode == 1
        project.git('commit', '-qm', 'without the hook', '--no-verify')
    stage(project, 'z.jsonl', NEVER)
    done = project.commit()
    assert done.returncode == 1
    [command] = printed_applies(done.stdout)
    diffs = ['s01_simple_tidewatch.jsonl.memory.diff', 's03_openai_pantry-api.jsonl.memory.diff',
             'z.jsonl.memory.diff']
    assert command == (  # continued onto a second line past 100 columns
        f'git apply {diffs[0]} {diffs[1]} \\\n    {diffs[2]} && git add AGENTS.md')
    assert 'each applies after the ones before it, so to leave one out, review instead' in (
        done.stdout)
    # the second alone, the first skipped: git refuses it, saying only that the patch does not
    # apply; the file's accept line is the chain up to it, in order, and says why
    alone = project.run('git', 'apply', diffs[1])
    assert alone.returncode == 1 and 'patch does not apply' in alone.stderr
    [accept] = [line for line in (project.path / diffs[1]).read_text().splitlines()
                if line.startswith('# accept: ')]
    take = f'git apply {diffs[0]} {diffs[1]} && git add AGENTS.md'
    assert accept == (f'# accept: {take} (the chain in order: this diff adds to the ones before '
                      'it and does not apply alone; to take it without them, use the review below)')
    assert run_printed(project, take).returncode == 0
    assert NEVER not in (project.path / 'AGENTS.md').read_text()  # z's comes after it
    project.git('checkout', 'HEAD', '--', 'AGENTS.md')
    assert run_printed(project, command).returncode == 0
    memory = (project.path / 'AGENTS.md').read_text()
    assert memory.endswith(f'- {NEVER}\n')
    assert project.commit().returncode == 0
    assert not any((project.path / d).exists() for d in diffs)


def test_the_review_takes_a_later_diff_without_the_one_before_it(project: Repo) -> None:
    """The route the proposal names to take a later diff alone: review skips the first one's
    bullets and rewrites the second against the memory file, so its `git apply` applies."""
    stage(project, 'a.jsonl', DECIDE)
    stage(project, 'b.jsonl', NEVER)
    done = project.commit()
    assert done.returncode == 1
    assert printed_applies(done.stdout) == [
        'git apply a.jsonl.memory.diff b.jsonl.memory.diff && git add AGENTS.md']
    assert project.run('git', 'apply', 'b.jsonl.memory.diff').returncode == 1
    took = project.memory_gate('review', '--take', '2', '--skip', '1')
    assert took.returncode == 0, took.stderr
    assert '  git apply b.jsonl.memory.diff && git add AGENTS.md\n' in took.stdout
    project.git('apply', 'b.jsonl.memory.diff')
    assert (project.path / 'AGENTS.md').read_text().endswith(f'- {NEVER}\n')
    text = (project.path / 'a.jsonl.memory.diff').read_text()
    assert proposed_bullets(text) == [] and DECIDE in text  # skipped: still pending


def test_args_memory_without_its_value_blocks_instead_of_passing(
        repo: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> None:
    """Issue 21.8: `args: [--memory]` took the staged transcript as the memory file, judged
    nothing, and the commit passed."""
    src, rev, env = hook_repo
    project = configure(repo, src, rev, env, '        args: [--memory]\n')
    stage(project, 's.jsonl', DECIDE)
    done = project.commit()
    assert done.returncode == 1
    assert '--memory s.jsonl: is a transcript or a proposal, not a memory file' in done.stdout


@pytest.mark.parametrize('command', [('decline', '--pending'), ('review', '--decline', 'all')])
def test_review_and_decline_from_a_subdirectory_write_the_ledger_the_hook_reads(
        project: Repo, command: tuple[str, ...]) -> None:
    """Issue 21.4: run from a subdirectory, they wrote a second ledger there that the hook
    never reads: the commit stayed blocked (and the proposal was gone)."""
    stage(project, 'notes/s.jsonl', DECIDE)
    assert project.commit().returncode == 1
    done = subprocess.run(
        (sys.executable, '-m', 'memory_gate', *command),
        cwd=project.path / 'notes',
        capture_output=True,
        text=True,
        env=project.env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert not (project.path / 'notes' / '.memory-gate-declined.txt').exists()
    assert DECIDE in (project.path / '.memory-gate-declined.txt').read_text()
    project.git('add', '.memory-gate-declined.txt')
    assert project.commit().returncode == 0


def test_the_decline_hook_takes_the_main_hooks_args(
        repo: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> None:
    """Issue 21.8: `args: [--memory, AGENTS.md]` copied to the decline hook was a usage error."""
    src, rev, env = hook_repo
    args = '        args: [--memory, AGENTS.md, --max-add, "5"]\n'
    project = configure(repo, src, rev, env, args)
    config = project.path / '.pre-commit-config.yaml'
    config.write_text(config.read_text() + args)  # the decline hook's entry is last
    project.git('add', '.pre-commit-config.yaml')
    project.git('commit', '-qm', 'args')
    stage(project, 's.jsonl', DECIDE)
    assert project.commit().returncode == 1
    done = project.pre_commit('run', 'memory-gate-decline', '--hook-stage', 'manual', '--all-files')
    assert done.returncode == 0, done.stdout
    assert project.commit().returncode == 0


def test_the_hook_by_hand_without_a_transcript_says_so(repo: Path) -> None:
    done = run(repo, 'hook')
    assert done.returncode == 2 and 'no transcript given' in done.stderr


def test_the_hook_numbers_bullets_as_review_does_with_an_older_proposal_pending(
        project: Repo) -> None:
    """Issue 21.5: the hook numbered this commit's bullets from 1; `review --take 1` numbers
    every pending proposal, so it took the older one and declined the one meant, forever."""
    stage(project, 'a.jsonl', NEVER)
    assert project.commit().returncode == 1
    assert project.run('git', 'commit', '-qm', 'skip the gate', '--no-verify').returncode == 0
    stage(project, 'b.jsonl', DECIDE)
    done = project.commit()
    assert done.returncode == 1
    assert f'  2. b.jsonl:1: {WHY_DECIDE}: {DECIDE}' in done.stdout  # a.jsonl's bullet is 1
    assert 'Also pending, from proposals of earlier commits' in done.stdout
    assert f'  1. a.jsonl:1: {NEVER}' in done.stdout
    took = project.memory_gate('review', '--take', '2')
    assert took.returncode == 0, took.stderr
    assert proposed_bullets((project.path / 'b.jsonl.memory.diff').read_text()) == [DECIDE]
    assert NEVER in (project.path / '.memory-gate-declined.txt').read_text()  # "the rest"


def test_the_printed_decline_route_keeps_unstaged_ledger_edits(project: Repo) -> None:
    """Issue 21.2: pre-commit stashes unstaged edits around a hook run; the decline hook then
    writes and stages the ledger, and the stash no longer applies. The route printed runs it on
    the work tree (--all-files: no stash), so a hand edit not yet staged survives."""
    ledger = project.path / '.memory-gate-declined.txt'
    ledger.write_text('Committed rule one.\n')
    project.git('add', ledger.name)
    project.git('commit', '-qm', 'ledger')
    stage(project, 's.jsonl', DECIDE)
    project.env = without_memory_gate(project.env)  # pre-commit alone: its decline hook's route
    blocked = project.commit()
    assert blocked.returncode == 1
    ledger.write_text('Committed rule one.\nA hand edit, not staged.\n')
    route = re.search(
        r'^  (?:pre-commit|\S+ -m pre_commit) (run memory-gate-decline[^&]*?) && git add',
        blocked.stdout,
        re.M,
    )
    assert route is not None, blocked.stdout
    done = project.pre_commit(*route[1].split())
    assert 'unexpected error' not in done.stdout + done.stderr
    assert 'holds edits of yours that are not staged' in done.stdout, done.stdout
    text = ledger.read_text()
    assert 'A hand edit, not staged.' in text and DECIDE in text  # both kept, in the work tree
    assert project.git('diff', '--cached', '--', ledger.name) == ''  # the user's to stage
    project.git('add', ledger.name)
    assert project.commit().returncode == 0



def test_a_passing_hook_says_what_it_read_under_pre_commit_verbose(project: Repo) -> None:
    """Issue 45.6: a hook that passed showed nothing under `pre-commit run --verbose`; it says
    what it read (pre-commit shows it only when asked, as it does any passing hook's output)."""
    stage(project, 's.jsonl', 'hello', 'Can you look at the failing test?')
    done = project.pre_commit('run', 'memory-gate', '--verbose')
    assert done.returncode == 0, done.stdout
    assert ('memory-gate: read 1 transcript(s): 2 lines, 2 turns of people, 2 sentences, '
            '0 with a signal, 0 proposed; nothing pending for AGENTS.md') in done.stdout
    quiet = project.pre_commit('run', 'memory-gate')
    assert quiet.returncode == 0 and 'memory-gate: read' not in quiet.stdout
