"""`memory-gate build --context N`: each proposed bullet with the conversation before it."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import run
from tests.review.context_test import SESSION, TOKEN, lines


def test_build_context_prints_the_turns_before_each_bullet(tmp_path: Path) -> None:
    (tmp_path / 's.jsonl').write_bytes(b''.join(lines(SESSION)))
    done = run(tmp_path, 'build', 's.jsonl', '--context', '1')
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:] == [
        '     The lint script should be in local only.',
        '      2 assistant: I will use the token [secret withheld] from your message.',
        '        tool: Bash kubectl get pods -n staging',
        '        tool: Read deploy/values.yaml',
        '>     6 user: The lint script should be in local only.',
        '',
    ]
    assert done.stdout.startswith('s.jsonl:6: user, ')
    assert TOKEN not in done.stdout + done.stderr


def test_build_context_from_stdin_says_it_is_not_read_again(tmp_path: Path) -> None:
    done = run(tmp_path, 'build', '-', '--context', '3', stdin=b''.join(lines(SESSION)))
    assert done.returncode == 0, done.stderr
    assert '(read from stdin: not read again for its context)' in done.stdout
