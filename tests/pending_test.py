"""The pending proposals of a repository (pending.py), read from what the real hook wrote."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_gate import choices, pending, proposals
from memory_gate.memory import known_identities
from tests.conftest import git, run, say, write_jsonl


def test_the_memory_file_is_read_and_split_once_for_all_its_proposals(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """100 transcripts and a large memory file cost 48 s and 646 MB when each proposal read and
    split the memory file again; one text and one split serve them all."""
    (repo / 'AGENTS.md').write_text(''.join(f'- Rule {i}: keep module {i} reviewed.\n'
                                            for i in range(200)))
    git(repo, 'add', 'AGENTS.md')
    git(repo, 'commit', '-qm', 'memory')
    names = []
    for i in range(3):
        said = f'We decided to use Postgres for service number {i} going forward.'
        names.append(str(write_jsonl(repo / f't{i}.jsonl', say('user', said)).name))
    git(repo, 'add', '.')
    assert run(repo, 'hook', '--memory', 'AGENTS.md', *names).returncode == 1
    loaded, failed = pending.load(proposals.pending(str(repo)), str(repo))
    assert not failed and len(loaded) == 3
    assert loaded[0].memory is loaded[1].memory is loaded[2].memory  # one read
    splits: list[str] = []

    def counted(text: str) -> set[str]:
        splits.append(text)
        return known_identities(text)

    monkeypatch.setattr(choices, 'known_identities', counted)
    listed = choices.items(loaded, set())
    assert len(splits) == 1  # one split
    assert [i.entry.text for i in listed] == [
        f'We decided to use Postgres for service number {i} going forward.' for i in range(3)]
    assert all(i.settled == '' for i in listed)
