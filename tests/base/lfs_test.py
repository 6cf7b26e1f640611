"""A transcript stored with Git LFS: where the work tree holds the pointer (a checkout without
git-lfs, GIT_LFS_SKIP_SMUDGE), the hook and build read the content the pointer names in the
local LFS store, or refuse in one line when it is not there; never pass the pointer in silence."""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from memory_gate.base import lfs
from tests.conftest import git, run, say, write_jsonl

DECIDE = 'We decided to keep every migration reversible.'
OID = 'a' * 64
POINTER = f'version https://git-lfs.github.com/spec/v1\noid sha256:{OID}\nsize 12345\n'.encode()


@pytest.mark.parametrize('text', [
    POINTER,
    POINTER.replace(b'oid', b'ext-0-foo sha256:' + b'b' * 64 + b'\noid', 1),  # an extension
])
def test_a_pointer_is_read_as_one(text: bytes) -> None:
    assert lfs.pointer(text) == (OID, 12345)


@pytest.mark.parametrize('text', [
    b'{"role": "user", "text": "version https://git-lfs.github.com/spec/v1"}\n',
    b'see this pointer:\n' + POINTER,
    POINTER.replace(b'size 12345\n', b''),  # no size
    POINTER.replace(OID.encode(), b'A' * 64),  # not the spec's lowercase hex
    POINTER + b'x' * lfs.POINTER_BYTES,  # too long to be one
])
def test_what_is_no_pointer_is_read_as_itself(text: bytes) -> None:
    assert lfs.pointer(text) is None


def laid_out(repo: Path, content: bytes) -> None:
    """s.jsonl staged as git-lfs stages it, without git-lfs: the pointer in the index and the
    work tree, the content in .git/lfs/objects/aa/bb/<oid>."""
    oid = hashlib.sha256(content).hexdigest()
    store = repo / '.git' / 'lfs' / 'objects' / oid[:2] / oid[2:4]
    store.mkdir(parents=True)
    (store / oid).write_bytes(content)
    (repo / 's.jsonl').write_bytes(b'version https://git-lfs.github.com/spec/v1\n'
                                   b'oid sha256:%s\nsize %d\n' % (oid.encode(), len(content)))
    git(repo, 'add', 's.jsonl')


def with_git_lfs(repo: Path, content: bytes) -> None:
    """s.jsonl added with the real git-lfs (its clean filter puts the content in the store),
    then its work tree copy replaced by the pointer, as a checkout without git-lfs leaves it."""
    git(repo, 'lfs', 'install', '--local')
    git(repo, 'lfs', 'track', '*.jsonl')
    (repo / 's.jsonl').write_bytes(content)
    git(repo, 'add', '.gitattributes', 's.jsonl')
    (repo / 's.jsonl').write_bytes(git_bytes(repo, 'cat-file', 'blob', ':s.jsonl'))


def git_bytes(repo: Path, *args: str) -> bytes:
    import subprocess

    from tests.conftest import ENV

    return subprocess.run(('git', *args), cwd=repo, check=True, capture_output=True,
                          env=ENV).stdout


STAGERS = {'git-lfs': with_git_lfs, 'laid out': laid_out}


@pytest.fixture(params=sorted(STAGERS))
def staged(request: pytest.FixtureRequest, repo: Path) -> Path:
    if request.param == 'git-lfs' and shutil.which('git-lfs') is None:
        pytest.skip('git-lfs is not installed (the laid out case stages it as git-lfs does)')
    content = write_jsonl(repo / 'content.jsonl', say('user', DECIDE)).read_bytes()
    (repo / 'content.jsonl').unlink()
    STAGERS[request.param](repo, content)
    assert lfs.pointer((repo / 's.jsonl').read_bytes()) is not None
    return repo


def test_a_pointer_whose_content_is_here_is_judged_by_its_content(staged: Path) -> None:
    hook = run(staged, 'hook', 's.jsonl')
    assert hook.returncode == 1 and f'+- {DECIDE}' in hook.stdout, hook.stderr
    built = run(staged, 'build', 's.jsonl')
    assert built.returncode == 0 and f'+- {DECIDE}' in built.stdout, built.stderr


def test_a_pointer_whose_content_is_not_here_fails_in_one_line(staged: Path) -> None:
    for found in (staged / '.git' / 'lfs' / 'objects').rglob('*'):
        if found.is_file():
            found.unlink()
    for command, code in (('hook', 1), ('build', 2)):
        done = run(staged, command, 's.jsonl')
        assert done.returncode == code and done.stdout == '', done.stdout
        assert done.stderr == f'memory-gate: s.jsonl: {lfs.NOT_HERE}\n'


def test_a_pointer_to_content_cut_short_is_not_read(staged: Path) -> None:
    """The store's copy must be whole (its size the pointer's): a partial download is not it."""
    [found] = [f for f in (staged / '.git' / 'lfs' / 'objects').rglob('*') if f.is_file()]
    found.write_bytes(found.read_bytes()[:-10])
    done = run(staged, 'hook', 's.jsonl')
    assert done.returncode == 1 and lfs.NOT_HERE in done.stderr
