"""The pending proposals of a repository (pending.py), read from what the real hook wrote."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_gate.reading.memory import known_identities
from memory_gate.review import choices, pending, proposals
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


def test_one_hook_run_splits_the_memory_file_once(
        repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The hook judged against the memory's identities, told which diffs it settles and numbered
    the pending bullets, each splitting the memory file again: 0.49 s a split of a
    100,000-line file, three in a run. One split serves all three."""
    from memory_gate import cli
    from memory_gate.commands import hook
    from memory_gate.reading import pipeline

    (repo / 'AGENTS.md').write_text(''.join(f'- Rule {i}: keep module {i} reviewed.\n'
                                            for i in range(200)))
    git(repo, 'add', 'AGENTS.md')
    git(repo, 'commit', '-qm', 'memory')
    names = []
    for i in range(2):
        said = f'We decided to use Postgres for service number {i} going forward.'
        names.append(str(write_jsonl(repo / f't{i}.jsonl', say('user', said)).name))
    git(repo, 'add', '.')
    splits: list[str] = []

    def counted(text: str) -> set[str]:
        splits.append(text)
        return known_identities(text)

    for module in (choices, hook, pipeline):
        monkeypatch.setattr(module, 'known_identities', counted)
    monkeypatch.chdir(repo)
    assert cli.main(['hook', '--memory', 'AGENTS.md', *names]) == 1
    assert 'We decided to use Postgres for service number 1' in capsys.readouterr().out
    assert len([t for t in splits if 'Rule 199' in t]) == 1
