"""`memory-gate collect` against a fake HOME holding, in each agent's layout, sessions of this
checkout (and of a worktree and a subfolder of it) and of another project; and Entire checkpoints
in the repository itself."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from memory_gate.base.records import Transcript
from memory_gate.base.typed import NamedTuple
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from tests.conftest import ENV, git, write_jsonl

KEY = 'AKIAIOSFODNN7EXAMPLF'  # the shape of an AWS access key id, not a real one


def collect(repo: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        (sys.executable, '-m', 'memory_gate', 'collect', *args),
        cwd=repo,
        capture_output=True,
        text=True,
        env={**ENV, 'HOME': str(home)},
        check=False,
    )


def claude(home: Path, cwd: Path | str, sid: str, text: str) -> Path:
    slug = ''.join(c if c.isalnum() else '-' for c in str(cwd))
    return write_jsonl(
        home / '.claude' / 'projects' / slug / f'{sid}.jsonl',
        {
            'type': 'user',
            'uuid': 'u1',
            'sessionId': sid,
            'cwd': str(cwd),
            'message': {'role': 'user', 'content': text},
        },
        {
            'type': 'assistant',
            'uuid': 'a1',
            'sessionId': sid,
            'cwd': str(cwd),
            'message': {'role': 'assistant', 'content': [{'type': 'text', 'text': 'Noted.'}]},
        },
    )


def codex(home: Path, cwd: Path | str, sid: str, text: str) -> Path:
    return write_jsonl(
        home
        / '.codex'
        / 'sessions'
        / '2026'
        / '03'
        / '04'
        / f'rollout-2026-03-04T10-00-00-{sid}.jsonl',
        {
            'timestamp': 't',
            'type': 'session_meta',
            'payload': {'id': sid, 'cwd': str(cwd), 'cli_version': '0.144.5'},
        },
        {
            'timestamp': 't',
            'type': 'response_item',
            'payload': {
                'type': 'message',
                'role': 'user',
                'content': [{'type': 'input_text', 'text': text}],
            },
        },
    )


def gemini(home: Path, project: Path | str, sid: str, text: str) -> Path:
    digest = hashlib.sha256(str(project).encode()).hexdigest()
    chats = home / '.gemini' / 'tmp' / digest / 'chats'
    chats.mkdir(parents=True, exist_ok=True)
    doc = {
        'sessionId': sid,
        'projectHash': digest,
        'startTime': 't',
        'lastUpdated': 't',
        'messages': [{'id': 'm1', 'timestamp': 't', 'type': 'user', 'content': text}],
    }
    path = chats / f'session-2026-03-04T10-00-{sid[:8]}.json'
    path.write_text(json.dumps(doc, indent=2))
    return path


def copilot(home: Path, cwd: Path | str, sid: str, text: str) -> Path:
    return write_jsonl(
        home / '.copilot' / 'session-state' / sid / 'events.jsonl',
        {
            'type': 'session.start',
            'data': {'sessionId': sid, 'copilotVersion': '1.0.64', 'context': {'cwd': str(cwd)}},
            'id': 'a',
            'timestamp': 't',
            'parentId': None,
        },
        {
            'type': 'user.message',
            'data': {'content': text},
            'id': 'b',
            'timestamp': 't',
            'parentId': 'a',
        },
    )


def fake_home(repo: Path, tmp_path: Path) -> Path:
    home, here, other = tmp_path / 'home', repo.resolve(), tmp_path / 'other-project'
    worktree = tmp_path / 'wt'
    git(repo, 'worktree', 'add', '-q', str(worktree))
    claude(home, here, 'c-here', 'Never push directly to main.')
    claude(home, here / 'src', 'c-sub', 'We decided to use Postgres for persistence.')
    claude(home, worktree.resolve(), 'c-wt', 'Timestamps are stored in UTC, always.')
    claude(home, other, 'c-other', 'Other project words.')
    codex(home, here, 'x-here', 'Always run the linter before committing.')
    codex(home, other, 'x-other', 'Other project words.')
    gemini(home, here, 'g-here-1234', 'We always deploy on Tuesdays.')
    gemini(home, other, 'g-other-12', 'Other project words.')
    copilot(home, here, 'p-here', 'The API is frozen until Q3.')
    copilot(home, other, 'p-other', 'Other project words.')
    return home


HERE = [
    'claude-c-here.jsonl',
    'claude-c-sub.jsonl',
    'claude-c-wt.jsonl',
    'codex-x-here.jsonl',
    'copilot-p-here.jsonl',
    'gemini-g-here-1234.jsonl',
]


def test_collect_copies_this_checkouts_sessions_of_every_agent_under_stable_names(
    repo: Path, tmp_path: Path
) -> None:
    home = fake_home(repo, tmp_path)
    done = collect(repo, home)
    assert (done.returncode, done.stderr) == (0, '')
    assert sorted(p.name for p in (repo / 'transcripts').iterdir()) == HERE
    assert len(done.stdout.splitlines()) == len(HERE) and all(
        ': new, ' in line for line in done.stdout.splitlines()
    )
    source = home / '.copilot' / 'session-state' / 'p-here' / 'events.jsonl'
    assert (repo / 'transcripts' / 'copilot-p-here.jsonl').read_bytes() == source.read_bytes()
    again = collect(repo, home)  # a rerun changes nothing
    assert again.returncode == 0 and all(
        ': unchanged, ' in line for line in again.stdout.splitlines()
    )


def test_dry_run_lists_and_writes_nothing(repo: Path, tmp_path: Path) -> None:
    done = collect(repo, fake_home(repo, tmp_path), '--dry-run')
    assert done.returncode == 0 and not (repo / 'transcripts').exists()
    assert sorted(line.split(':')[0] for line in done.stdout.splitlines()[:-1]) == [
        f'transcripts/{n}' for n in HERE
    ]
    assert all('would write (new)' in line for line in done.stdout.splitlines()[:-1])


def test_a_grown_session_is_updated_and_a_diverged_copy_is_reported_not_overwritten(
    repo: Path, tmp_path: Path
) -> None:
    home = fake_home(repo, tmp_path)
    collect(repo, home)
    source = (
        home
        / '.claude'
        / 'projects'
        / ''.join(c if c.isalnum() else '-' for c in str(repo.resolve()))
        / 'c-here.jsonl'
    )
    with source.open('a') as f:
        f.write(
            json.dumps(
                {
                    'type': 'user',
                    'uuid': 'u2',
                    'sessionId': 'c-here',
                    'message': {'role': 'user', 'content': 'more'},
                }
            )
            + '\n'
        )
    done = collect(repo, home)
    assert 'transcripts/claude-c-here.jsonl: updated' in done.stdout
    assert (repo / 'transcripts' / 'claude-c-here.jsonl').read_bytes() == source.read_bytes()
    copy = repo / 'transcripts' / 'codex-x-here.jsonl'
    copy.write_text('{"edited": "by hand"}\n')
    diverged = collect(repo, home)
    assert (
        diverged.returncode == 1 and 'transcripts/codex-x-here.jsonl: diverged' in diverged.stdout
    )
    assert copy.read_text() == '{"edited": "by hand"}\n'


def test_a_gemini_document_rewritten_with_more_messages_grew(repo: Path, tmp_path: Path) -> None:
    home = fake_home(repo, tmp_path)
    collect(repo, home)
    path = next(
        (home / '.gemini' / 'tmp').glob(
            f'{hashlib.sha256(str(repo.resolve()).encode()).hexdigest()}/chats/*.json'
        )
    )
    doc = json.loads(path.read_text())
    doc['messages'].append({'id': 'm2', 'timestamp': 't', 'type': 'gemini', 'content': 'Noted.'})
    path.write_text(json.dumps(doc, indent=2))
    assert 'gemini-g-here-1234.jsonl: updated' in collect(repo, home).stdout


def test_credentials_are_redacted_the_json_stays_valid_and_a_grown_copy_stays_a_prefix(
    repo: Path, tmp_path: Path
) -> None:
    home = tmp_path / 'home'
    source = claude(home, repo.resolve(), 'c-key', 'Never push directly to main.')
    tool = {
        'type': 'user',
        'uuid': 't',
        'sessionId': 'c-key',
        'toolUseResult': {},
        'message': {
            'role': 'user',
            'content': [
                {
                    'type': 'tool_result',
                    'tool_use_id': 'x',
                    'content': f'AWS_ACCESS_KEY_ID={KEY}\nuser@example.invalid',
                }
            ],
        },
    }
    with source.open('a') as f:
        f.write(json.dumps(tool) + '\n')
    done = collect(repo, home)
    assert 'claude-c-key.jsonl: new, claude session c-key' in done.stdout
    assert (
        ' credential(s) redacted' in done.stdout and ' 0 credential' not in done.stdout
    )  # the detector's count
    copy = (repo / 'transcripts' / 'claude-c-key.jsonl').read_bytes()
    assert KEY.encode() not in copy and KEY not in done.stdout + done.stderr
    assert all(isinstance(json.loads(line), dict) for line in copy.splitlines())
    with source.open('a') as f:
        f.write(json.dumps(tool) + '\n')
    assert 'claude-c-key.jsonl: updated' in collect(repo, home).stdout
    assert (repo / 'transcripts' / 'claude-c-key.jsonl').read_bytes().startswith(copy)


def test_said_only_keeps_the_format_and_what_people_said(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / 'home'
    source = claude(home, repo.resolve(), 'c-said', 'Never push directly to main.')
    tool = {
        'type': 'user',
        'uuid': 't',
        'sessionId': 'c-said',
        'toolUseResult': {},
        'message': {
            'role': 'user',
            'content': [{'type': 'tool_result', 'tool_use_id': 'x', 'content': 'x' * 5000}],
        },
    }
    with source.open('a') as f:
        f.write(json.dumps(tool) + '\n')
    done = collect(repo, home, '--said-only')
    assert done.returncode == 0
    copy = repo / 'transcripts' / 'claude-c-said.jsonl'
    assert copy.stat().st_size < source.stat().st_size / 3

    def proposed(path: Path) -> list[str]:
        return [
            p.text
            for p in build(
                [Transcript(str(path), path.read_bytes().splitlines(keepends=True))], Settings()
            ).proposed
        ]

    assert proposed(copy) == proposed(source) == ['Never push directly to main.']


def entire_checkpoint(repo: Path, files: dict[str, str]) -> None:
    """Commit files onto the orphan branch entire/checkpoints/v1, as Entire lays it out."""
    tree = repo.parent / 'entire-tree'
    git(repo, 'worktree', 'add', '-q', '--detach', str(tree))
    git(tree, 'checkout', '-q', '--orphan', 'entire/checkpoints/v1')
    git(tree, 'rm', '-rfq', '.')
    for name, text in files.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text)
    git(tree, 'add', '.')
    git(tree, 'commit', '-qm', 'Checkpoint')
    git(repo, 'worktree', 'remove', '--force', str(tree))


def test_entire_checkpoints_in_this_repository_full_jsonl_wins(repo: Path, tmp_path: Path) -> None:
    full = json.dumps(
        {
            'type': 'user',
            'uuid': 'u',
            'sessionId': 'e1',
            'message': {'role': 'user', 'content': 'Never push to main.'},
        }
    )
    compact = json.dumps(
        {
            'v': 1,
            'agent': 'claude-code',
            'type': 'user',
            'ts': 't',
            'content': [{'text': 'Compact only.'}],
        }
    )
    entire_checkpoint(
        repo,
        {
            'a1/b2c3d4e5f6/0/full.jsonl': full + '\n',
            'a1/b2c3d4e5f6/0/transcript.jsonl': compact + '\n',
            'a1/b2c3d4e5f6/0/metadata.json': json.dumps(
                {'session_id': 'e1', 'agent': 'Claude Code'}
            ),
            'c3/d4e5f6a1b2/0/transcript.jsonl': compact + '\n',
            'c3/d4e5f6a1b2/0/metadata.json': json.dumps(
                {'session_id': 'e2', 'agent': 'Copilot CLI'}
            ),
        },
    )
    done = collect(repo, tmp_path / 'empty-home')
    assert done.returncode == 0, done.stderr
    assert (repo / 'transcripts' / 'claude-e1.jsonl').read_text() == full + '\n'
    assert (repo / 'transcripts' / 'copilot-e2.jsonl').read_text() == compact + '\n'
    assert 'from refs/heads/entire/checkpoints/v1:a1/b2c3d4e5f6/0/full.jsonl' in done.stdout


def test_collect_outside_a_repository_is_a_usage_error(tmp_path: Path) -> None:
    done = collect(tmp_path, tmp_path)
    assert (
        done.returncode == 2
        and done.stderr == 'memory-gate: collect: not inside a git repository\n'
    )


def test_finding_nothing_says_where_it_looked_and_on_what(repo: Path, tmp_path: Path) -> None:
    """Issue 45.4: `collect --dry-run` printed nothing and exit 0 in a checkout no session
    matched (an agent started one folder up): it names each store's place and what it matched."""
    home = tmp_path / 'home'
    claude(home, repo.resolve().parent, 'c-up', 'Started one folder up.')
    done = collect(repo, home, '--dry-run')
    assert done.returncode == 0 and done.stdout == ''
    said = done.stderr.splitlines()
    assert said[0] == ('memory-gate: collect: no session of this checkout found; looked for '
                       f'sessions whose working directory is {repo.resolve()} or a folder '
                       'inside it:')
    assert said[1] == (f'memory-gate:   claude: {home}/.claude/projects/*/*.jsonl (1 session '
                       'file(s)), matched on the cwd its records name')
    assert said[2].startswith(f'memory-gate:   codex: {home}/.codex/sessions/**/rollout-*.jsonl '
                              '(no such folder), matched on the cwd of its session_meta')
    assert [line.split()[1] for line in said[1:6]] == [
        'claude:', 'codex:', 'gemini:', 'copilot:', 'entire:']
    assert 'start the agent inside the checkout' in said[-1]
    assert collect(repo, home, '--dry-run', '-q').stderr == ''


def test_dry_run_says_each_copys_size_and_the_total(repo: Path, tmp_path: Path) -> None:
    home = fake_home(repo, tmp_path)
    done = collect(repo, home, '--dry-run')
    *each, total = done.stdout.splitlines()
    sizes = [int(line.split(', ')[1].split()[0]) for line in each]  # small: in bytes
    assert all(line.split(', ')[1].endswith(' bytes') for line in each)
    written = collect(repo, home)
    assert written.returncode == 0
    on_disk = {p.name: p.stat().st_size for p in (repo / 'transcripts').iterdir()}
    assert sorted(sizes) == sorted(on_disk.values())
    assert total == f'memory-gate: {len(HERE)} session(s), {sum(sizes) / 1000:.1f} KB in all'
    verbose = collect(repo, home, '-v')
    assert 'memory-gate: collect: looked for sessions of ' in verbose.stderr


WATCHED = """
import json, os, sys
opened = []


def hook(event, args):  # every file this process opens, as Python's audit hooks see it
    if event == 'open' and isinstance(args[0], (str, bytes)):
        opened.append(os.path.realpath(os.fsdecode(args[0])))


sys.addaudithook(hook)
from memory_gate.cli import main
code = main(['collect', *sys.argv[1:]])
with open('/proc/self/io') as f:
    io = dict(line.split(': ') for line in f.read().splitlines())
print(json.dumps({'opened': opened, 'read': int(io['rchar']), 'written': int(io['wchar'])}),
      file=sys.stderr)
sys.exit(code)
"""


class Watched(NamedTuple):
    """One collect run: what it printed, the files it opened, and the bytes its process read and
    wrote (the kernel's count, /proc/self/io)."""

    stdout: str
    opened: list[str]
    read: int
    written: int

    def opens(self, folder: Path) -> list[str]:
        """The files under `folder` it opened (a file opened twice is listed twice)."""
        inside = str(folder.resolve()) + os.sep
        return [p for p in self.opened if p.startswith(inside)]


def watched(repo: Path, home: Path, *args: str, code: int = 0) -> Watched:
    """collect run once in a process of its own, watched by an audit hook (no mock: the real
    command, the real files)."""
    done = subprocess.run((sys.executable, '-c', WATCHED, *args), cwd=repo, capture_output=True,
                          text=True, env={**ENV, 'HOME': str(home)}, check=False)
    assert done.returncode == code, done.stderr
    seen = json.loads(done.stderr.splitlines()[-1])
    return Watched(done.stdout, seen['opened'], seen['read'], seen['written'])


def big_sessions(repo: Path, home: Path, count: int = 5, size: int = 3_000_000) -> int:
    """`count` Claude Code sessions of this checkout, each about `size` bytes (tool output)."""
    output = 'x' * 2000
    for n in range(count):
        path = claude(home, repo.resolve(), f'big-{n}', 'We decided to keep the parser pure.')
        with path.open('a') as f:
            while f.tell() < size:
                f.write(json.dumps({'type': 'user', 'uuid': 'r', 'sessionId': f'big-{n}',
                                    'cwd': str(repo.resolve()), 'toolUseResult': output,
                                    'message': {'role': 'user', 'content': [
                                        {'type': 'tool_result', 'content': output}]}}) + '\n')
    return sum(p.stat().st_size for p in (home / '.claude' / 'projects').rglob('*.jsonl'))


def test_a_second_collect_with_nothing_changed_reads_no_session(repo: Path,
                                                                tmp_path: Path) -> None:
    """Issue 45.4: every collect re-read every session (2-3 s for 5 with nothing changed). A copy
    whose session's size and modification time are as stamped is not read again, nor its head
    (heads.py keeps what says whose it is): no session and no copy is opened."""
    home = tmp_path / 'home'
    store, copies = home / '.claude' / 'projects', repo / 'transcripts'
    total = big_sessions(repo, home)
    first = watched(repo, home)
    assert first.stdout.count(': new, ') == 5 and first.read > total
    assert len(first.opens(store)) >= 10  # each session: its head, then the whole of it
    again = watched(repo, home)
    assert again.stdout.count(': unchanged, ') == 5
    print(f'collect read {first.read} bytes, then {again.read}: {total} in the sessions')
    assert again.opens(store) == []  # no session opened, not even its head
    assert again.opens(copies) == []  # no copy read, no temporary copy written
    assert first.read - again.read > total and again.read < total / 5
    assert again.written < total / 100  # its lines on stdout, not a copy
    grown = next(store.rglob('big-2.jsonl'))
    with grown.open('a') as f:
        f.write(json.dumps({'type': 'user', 'uuid': 'g', 'sessionId': 'big-2',
                            'cwd': str(repo.resolve()), 'message': {
                                'role': 'user', 'content': 'Releases are tagged.'}}) + '\n')
    grew = watched(repo, home)
    assert grew.stdout.count(': unchanged, ') == 4
    assert 'claude-big-2.jsonl: updated, ' in grew.stdout
    assert grew.opens(store) and set(grew.opens(store)) == {str(grown.resolve())}
    said = grew.stdout
    (copies / 'claude-big-3.jsonl').write_bytes(b'{"edited": true}\n')
    said = watched(repo, home, code=1).stdout  # a copy changed by hand is read: diverged
    assert 'claude-big-3.jsonl: diverged, ' in said


def test_an_up_to_date_copy_is_not_copied_again_to_a_temporary_file(repo: Path,
                                                                    tmp_path: Path) -> None:
    """Issue 46 left open: collect wrote a full temporary copy of an unchanged session, then
    threw it away. Without stamps (a new clone, stamps removed) the copy is read once, found up to
    date, and stamped; from then on neither it nor a temporary file is opened."""
    home = fake_home(repo, tmp_path)
    copies = repo / 'transcripts'
    assert watched(repo, home).stdout.count(': new, ') == len(HERE)
    stamps = Path(git(repo, 'rev-parse', '--absolute-git-dir').strip())
    (stamps / 'memory-gate-collected.json').unlink()
    unstamped = watched(repo, home)
    assert unstamped.stdout.count(': unchanged, ') == len(HERE)
    assert not [p for p in unstamped.opens(copies) if p.endswith('.tmp')]
    assert len(unstamped.opens(copies)) == len(HERE)  # each copy read once, to compare
    again = watched(repo, home)
    assert again.stdout.count(': unchanged, ') == len(HERE) and again.opens(copies) == []
    assert not list(repo.rglob('*.tmp')) and (stamps / 'memory-gate-collected.json').exists()


def test_home_in_copies_mask_hides_the_home_folder_and_user_name_and_says_so(
        repo: Path, tmp_path: Path) -> None:
    """Issue 45.4: copies kept the user's home path and user name 7-51 times a session, with no
    word about it. Kept, collect says so; masked, it says once what it masks."""
    home = tmp_path / 'home'
    slug = ''.join(c if c.isalnum() else '-' for c in str(home))  # Claude Code's folder name
    said = (f'Logs are in {home}/proj/logs, pushed as alicetest@laptop to /srv/alicetest/x; not '
            f'{home}x, project-alicetest, /srv/alicetest2, default/alicetest, </alicetest> or '
            f'to=/alicetest\nNext. Folder {slug}-proj.')
    claude(home, repo.resolve(), 'c-home', said)
    env = {**ENV, 'HOME': str(home), 'LOGNAME': 'alicetest', 'USER': 'alicetest'}

    def collect_as(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run((sys.executable, '-m', 'memory_gate', 'collect', *args), cwd=repo,
                              capture_output=True, text=True, env=env, check=False)

    kept = collect_as('--dry-run')
    assert kept.returncode == 0
    assert (f'memory-gate: collect: the copies hold your home folder ({home}) 2 '
            'time(s); --home-in-copies mask') in kept.stderr
    done = collect_as('--home-in-copies', 'mask')
    assert done.returncode == 0, done.stderr
    assert done.stderr == (f'memory-gate: collect: copies get your home folder {home} as ~ and '
                           'your user name alicetest as <user>\n')
    copy = (repo / 'transcripts' / 'claude-c-home.jsonl').read_text()
    assert str(home) + '/' not in copy and slug not in copy
    assert ('Logs are in ~/proj/logs, pushed as <user>@laptop to /srv/<user>/x; not '
            f'{home}x, project-alicetest, /srv/alicetest2, default/alicetest, </alicetest> or '
            'to=/alicetest\\nNext. Folder ~-proj.') in copy
    assert all(json.loads(line) for line in copy.splitlines())
    again = collect_as('--home-in-copies', 'mask')
    assert ': unchanged, ' in again.stdout
    (repo / 'pyproject.toml').write_text('[tool.memory-gate]\nhome-in-copies = "keep"\n')
    kept = collect_as()  # a copy made another way is not overwritten, and says why
    assert kept.returncode == 1 and ': diverged, ' in kept.stdout
    assert ('(it was copied with other settings: --said-only, --home-in-copies; delete it'
            in kept.stdout)
