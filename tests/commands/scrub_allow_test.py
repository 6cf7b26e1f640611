"""`memory-gate scrub --allow` per finding (issue 45.5): on a terminal each finding is shown in
its context, masked, and asked about; the allowlist gets only what the reviewer allowed. --all
allows every one without asking; without a terminal, nothing is allowed and it says why."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

from tests.conftest import ENV, git, run
from tests.secrets.secrets_e2e_test import AWS, GH, claude, said, tool_result

PROMPT = b'Allow this value as no secret [y,n,q,?]? '


def on_terminal(repo: Path, args: list[str], keys: list[bytes]) -> tuple[int, str]:
    """The command on a pseudo-terminal: each key typed once its prompt is shown."""
    main, child = pty.openpty()
    process = subprocess.Popen((sys.executable, '-m', 'memory_gate', *args), cwd=repo,
                               stdin=child, stdout=child, stderr=child, env=ENV)
    os.close(child)
    seen = b''

    def read() -> bytes:
        ready, _, _ = select.select([main], [], [], 30)
        try:
            return os.read(main, 4096) if ready else b''
        except OSError:
            return b''

    for asked, key in enumerate(keys, 1):
        while seen.count(PROMPT) < asked:  # the key once its own question is on the screen
            more = read()
            assert more, seen.decode(errors='replace')
            seen += more
        os.write(main, key)
    code = process.wait(timeout=60)
    while more := read():
        seen += more
    os.close(main)
    return code, seen.decode('utf-8', 'replace').replace('\r\n', '\n')


def transcript(repo: Path) -> Path:
    """One transcript with two findings: a documented test key and a token that is real."""
    path = repo / 's.jsonl'
    path.write_text(claude(said('hello'),
                           tool_result(f'$ cat docs/example.env\nAWS_ACCESS_KEY_ID={AWS}\n'),
                           said(f'and the deploy uses GITHUB_TOKEN={GH} today')))
    (repo / 'AGENTS.md').write_text('# Memory\n')
    git(repo, 'add', '.')
    return path


def test_allow_one_finding_of_two_in_one_file(repo: Path) -> None:
    transcript(repo)
    assert run(repo, 'hook', 's.jsonl').returncode == 1
    code, out = on_terminal(repo, ['scrub', '--allow', 's.jsonl'], [b'y', b'n'])
    assert code == 0, out
    assert '(1/2) s.jsonl:2 AWS access key id' in out
    assert '      $ cat docs/example.env AWS_ACCESS_KEY_ID=[secret withheld]' in out
    assert '(2/2) s.jsonl:3 GitHub token ghp_…Na' in out
    assert 'the deploy uses GITHUB_TOKEN=[secret withheld] today' in out
    assert AWS not in out and GH not in out
    listed = (repo / '.memory-gate-allowed.txt').read_text()
    assert ' AWS access key id ' in listed and 'GitHub token' not in listed
    assert 'allowed 1 credential(s) in 1 file(s)' in out
    hook = run(repo, 'hook', 's.jsonl')  # the token not allowed still blocks
    assert hook.returncode == 1 and 's.jsonl:3: GitHub token' in hook.stderr
    assert 's.jsonl:2' not in hook.stderr


def test_quit_allows_none_of_the_rest(repo: Path) -> None:
    transcript(repo)
    code, out = on_terminal(repo, ['scrub', '--allow', 's.jsonl'], [b'q'])
    assert code == 0, out
    assert not (repo / '.memory-gate-allowed.txt').exists()


def test_without_a_terminal_nothing_is_allowed_and_all_allows_every_one(repo: Path) -> None:
    transcript(repo)
    done = run(repo, 'scrub', '--allow', 's.jsonl')
    assert done.returncode == 2 and 'no terminal to ask on' in done.stderr
    assert 's.jsonl:2 AWS access key id' in done.stdout
    assert not (repo / '.memory-gate-allowed.txt').exists()
    every = run(repo, 'scrub', '--allow', '--all', 's.jsonl')
    assert every.returncode == 0, every.stderr
    listed = (repo / '.memory-gate-allowed.txt').read_text()
    assert 'AWS access key id' in listed and 'GitHub token' in listed
    assert run(repo, 'scrub', '--all', 's.jsonl').returncode == 2  # --all goes with --allow
