"""Copilot CLI events and Gemini CLI session documents end to end: the real program, the real
pre-commit.

Also: a file in no known format is named, never silently passed.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.commands.hook_test import ROOT, Repo, configure, hook_repo, project  # noqa: F401  (fixtures)
from tests.conftest import SHARED, run, write_jsonl

HERE = ROOT / 'tests' / 'transcripts'
REAL = SHARED / 'real'
DECIDE = 'We decided to always use Postgres for persistence.'
DATASET = [{'prompt': f'question {n}', 'completion': DECIDE} for n in range(25)]
FILES = re.search(r'^ +files: (.+)$', (ROOT / 'docs' / 'cli.md').read_text(encoding='utf-8'),
                  re.M)
ORDINALS = (
    'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth '
    'thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth '
    'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda'
).split()
# docs/cli.md's advice, as users copy it
TRANSCRIPTS = f'        files: {FILES.group(1) if FILES else None}\n'


def real_files() -> list[Path]:
    """Every real Copilot CLI events file and Gemini CLI session document in the shared
    corpus."""
    if not REAL.is_dir():
        return []
    copilot = [
        p
        for p in sorted(REAL.glob('*/*.jsonl'))
        if p.open('rb').readline().startswith(b'{"type":"session.start"')
    ]
    return copilot + sorted(REAL.glob('*/*.json'))


def gemini_session(path: Path, *said: str) -> Path:
    messages = [
        {'id': f'm{n}', 'timestamp': 't', 'type': 'user', 'content': text}
        for n, text in enumerate(said)
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    session = {
        'sessionId': 's',
        'projectHash': 'h',
        'startTime': 't',
        'lastUpdated': 't',
        'messages': messages,
    }
    path.write_text(json.dumps(session, indent=2), encoding='utf-8')
    return path


def test_build_reads_json_documents_given_by_name(tmp_path: Path) -> None:
    gemini_session(tmp_path / 'session.json', 'hello', DECIDE)
    done = run(tmp_path, 'build', 'session.json', '--json')
    proposed = json.loads(done.stdout)['proposed']
    assert done.returncode == 0
    assert [(p['text'], p['line'], p['message']) for p in proposed] == [(DECIDE, 13, 1)]


def test_build_names_a_file_in_no_known_format_and_counts_it(tmp_path: Path) -> None:
    write_jsonl(tmp_path / 'dataset.jsonl', *DATASET)
    gemini_session(tmp_path / 'session.json', DECIDE)
    done = run(tmp_path, 'build', 'dataset.jsonl', 'session.json', '--stats')
    assert done.returncode == 0 and '+- ' + DECIDE in done.stdout
    assert (
        'memory-gate: dataset.jsonl: no transcript format recognised in 20 JSON lines; skipped\n'
    ) in done.stderr
    assert '\nunrecognised: 1\n' in done.stderr and 'dataset.jsonl: unread: 5\n' in done.stderr
    # a known format is not named
    assert 'session.json' not in done.stderr.replace('session.json: ', '')


@pytest.mark.parametrize(('text', 'said'), [
    ('hello\nworld\n', 'no line is a JSON object; not a transcript, skipped'),
    ('{"role": "user", "text": "' + 'x' * (9 << 20) + '"}\n',
     'no line is a JSON object short enough to read; not a transcript, skipped'),
])
def test_build_names_a_file_with_no_json_object_line(tmp_path: Path, text: str, said: str) -> None:
    (tmp_path / 'notes.jsonl').write_text(text)
    assert run(tmp_path, 'build', 'notes.jsonl').stderr == f'memory-gate: notes.jsonl: {said}\n'


def test_build_reports_documents_it_cannot_read(tmp_path: Path) -> None:
    (tmp_path / 'cut.json').write_text('{\n  "messages": [\n')
    done = run(tmp_path, 'build', 'cut.json')
    assert done.returncode == 0
    assert done.stderr == 'memory-gate: cut.json: a JSON document that does not parse; skipped\n'


@pytest.mark.parametrize('name', [
    'copilot-cli/azure-dev_0.lines1-44.jsonl',
    'gemini-session-json/entire-cli_51_3fab7adf0b_0.json',
])
def test_real_recordings_through_build(tmp_path: Path, name: str) -> None:
    done = run(HERE, 'build', name, '--stats', '--json')
    stats = json.loads(done.stdout)['stats']
    assert done.returncode == 0 and 'Traceback (most recent call last)' not in done.stderr
    assert stats['malformed'] == 0 and stats.get('unrecognised', 0) == 0 and stats['mined'] > 0


@pytest.mark.skipif(not real_files(), reason='the shared corpus of real sessions is not here')
def test_every_real_copilot_and_gemini_document_through_build() -> None:
    files = real_files()
    assert len(files) == 13 + 17
    for path in files:
        done = run(path.parent, 'build', path.name, '--stats', '--json', '--max-add', '1000')
        stats = json.loads(done.stdout)['stats']
        fmt = 'format:gemini-document' if path.suffix == '.json' else 'format:copilot'
        assert done.returncode == 0 and 'Traceback (most recent call last)' not in done.stderr, path
        assert stats[fmt] == 1 and stats['malformed'] == 0, path
        # a benchmark's DSPy prompt is injected
        assert stats['mined'] + stats.get('skipped_injected', 0) > 0, path
        assert stats['parsed'] == stats['lines'], path


def planted(path: Path, target: Path, text: str) -> None:
    """A copy of a real session with one more thing the person said at its end, written the way
    its tool writes."""
    if path.suffix == '.json':
        doc = json.loads(path.read_bytes())
        doc['messages'].append({'id': 'planted', 'timestamp': 't', 'type': 'user', 'content': text})
        target.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding='utf-8')
        return
    event = {
        'type': 'user.message',
        'data': {'content': text},
        'id': 'planted',
        'timestamp': 't',
        'parentId': None,
    }
    target.write_bytes(path.read_bytes() + json.dumps(event).encode() + b'\n')


@pytest.mark.skipif(not real_files(), reason='the shared corpus of real sessions is not here')
def test_every_real_copilot_and_gemini_document_through_pre_commit(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]  # noqa: F811
) -> None:
    user = configure(repo, *hook_repo, args=TRANSCRIPTS)
    (repo / 'transcripts').mkdir()
    said = {}
    for n, path in enumerate(real_files()):
        name = f'{path.parent.name}_{path.name}'
        said[name] = (
            f'We decided to always use Postgres for persistence in the {ORDINALS[n]} service.'
        )
        planted(path, repo / 'transcripts' / name, said[name])
    user.git('add', 'transcripts')
    done = user.commit()
    assert done.returncode == 1 and 'Traceback (most recent call last)' not in done.stdout
    assert 'no transcript format recognised' not in done.stdout
    assert 'JSON document' not in done.stdout
    for name, text in said.items():  # every file was read to its end, through the real pre-commit
        proposal = (repo / 'transcripts' / (name + '.memory.diff')).read_text(encoding='utf-8')
        assert '+- ' + text in proposal, name


def test_gemini_json_sessions_through_the_hook_when_files_says_so(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]  # noqa: F811
) -> None:
    user = configure(repo, *hook_repo, args=TRANSCRIPTS)
    gemini_session(repo / 'transcripts' / 'session-2026-01-01.json', DECIDE)
    write_jsonl(repo / 'data' / 'dataset.jsonl', *DATASET)  # outside transcripts/: never read
    user.git('add', '.')
    done = user.commit()
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout
    assert 'transcripts/session-2026-01-01.json:7: user' in done.stdout
    assert 'dataset' not in done.stdout


def test_hook_names_an_unrecognised_file_when_it_blocks_and_does_not_block_on_it(
    project: Repo,  # noqa: F811
) -> None:
    write_jsonl(project.path / 'dataset.jsonl', *DATASET)
    write_jsonl(project.path / 's.jsonl', {'role': 'user', 'text': DECIDE})
    project.git('add', '.')
    done = project.commit()
    assert done.returncode == 1 and '+- ' + DECIDE in done.stdout
    assert (
        'memory-gate: dataset.jsonl: no transcript format recognised in 20 JSON lines; skipped'
    ) in done.stdout
    project.git('rm', '-q', '--cached', 's.jsonl')
    (project.path / 's.jsonl').unlink()
    (project.path / 's.jsonl.memory.diff').unlink()
    assert project.commit().returncode == 0  # data files named *.jsonl are common: they never block


def test_hook_with_verbose_names_an_unrecognised_file_on_a_passing_commit(
    repo: Path, hook_repo: tuple[Path, str, dict[str, str]]  # noqa: F811
) -> None:
    user = configure(repo, *hook_repo, args='        verbose: true\n')
    write_jsonl(repo / 'dataset.jsonl', *DATASET)
    user.git('add', 'dataset.jsonl')
    done = user.commit()
    assert done.returncode == 0
    assert (
        'memory-gate: dataset.jsonl: no transcript format recognised in 20 JSON lines; skipped'
    ) in done.stdout
