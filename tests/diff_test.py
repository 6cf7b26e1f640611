from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from memory_gate.diff import applied, bullet_line, render
from tests.conftest import git

BULLETS = ['We chose Postgres for all persistence.', 'Never push directly to main.']
MEMORIES = {
    'normal': b'# Memory\n\n- Timestamps are stored in UTC.\n',
    'empty': b'',
    'no trailing newline': b'# Memory\n- Timestamps are stored in UTC.',
    'crlf': b'# Memory\r\n\r\n- Timestamps are stored in UTC.\r\n',
    'crlf no trailing newline': b'# Memory\r\n- one\r\n- two',
    'one line': b'- only\n',
    'lone CR at the end': b'# Memory\n- a rule\r',
    'one line ending in CR': b'- only\r',
    'long': b''.join(b'- bullet %d\n' % i for i in range(50)),
    'missing': None,
}


def apply(tool: str, repo: Path, diff: str) -> None:
    patch = repo / 'p.diff'
    patch.write_bytes(diff.encode())
    cmd = ['git', 'apply', 'p.diff'] if tool == 'git' else ['patch', '-p1', '-s', '-i', 'p.diff']
    subprocess.run(cmd, cwd=repo, check=True, capture_output=True)


@pytest.mark.parametrize('tool', ['git', 'patch'])
@pytest.mark.parametrize('name', list(MEMORIES))
@pytest.mark.parametrize('subdir', ['', 'docs/agents/'])
def test_diff_applies(repo: Path, tool: str, name: str, subdir: str) -> None:
    original = MEMORIES[name]
    path = repo / subdir / 'AGENTS.md'
    path.parent.mkdir(parents=True, exist_ok=True)
    if original is not None:
        path.write_bytes(original)
    text = None if original is None else original.decode()
    apply(tool, repo, render(subdir + 'AGENTS.md', text, BULLETS))
    result = path.read_bytes().decode()
    assert result == applied(text, BULLETS)
    eol = '\r\n' if original and b'\r\n' in original else '\n'
    assert result.endswith(eol.join('- ' + b for b in BULLETS) + eol)
    assert result.startswith(text or '')


def test_chained_diffs_apply_in_order(repo: Path) -> None:
    state = '# Memory\n'
    (repo / 'AGENTS.md').write_text(state)
    diffs = []
    for batch in (['First rule is kept here.'], ['Second rule is kept here.', 'Third rule is kept too.']):
        diffs.append(render('AGENTS.md', state, batch))
        state = applied(state, batch)  # type: ignore[assignment]
    for diff in diffs:
        apply('git', repo, diff)
    assert (repo / 'AGENTS.md').read_text() == state


def test_no_bullets_no_diff() -> None:
    assert render('AGENTS.md', '', []) == ''


def test_bullet_is_one_line() -> None:
    assert bullet_line('a\nb\tc\r\nd') == '- a b c d'


def test_diff_syntax_in_a_sentence_cannot_break_the_diff(repo: Path) -> None:
    tricky = ['+++ b/x is a header we decided to keep', '@@ -1 +1 @@ must stay', '\\ No newline at end of file always']
    (repo / 'AGENTS.md').write_text('- a\n')
    apply('git', repo, render('AGENTS.md', '- a\n', tricky))
    assert (repo / 'AGENTS.md').read_text() == '- a\n' + ''.join(f'- {t}\n' for t in tricky)
    assert git(repo, 'status', '--porcelain') == '?? AGENTS.md\n?? p.diff\n'
