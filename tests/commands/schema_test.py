"""docs/memory-gate.schema.json describes what `build --json` prints, checked against real
output."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from memory_gate.commands.build import CORE_STATS
from tests.conftest import run, say, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / 'docs' / 'memory-gate.schema.json').read_text(encoding='utf-8'))
REAL = sorted(
    p for p in (ROOT / 'tests' / 'transcripts').glob('*/*') if p.suffix in ('.json', '.jsonl')
)


def build_json(cwd: Path, *paths: str) -> Any:
    done = run(cwd, 'build', '--json', *paths)
    assert '\x1b' not in done.stdout
    data = json.loads(done.stdout)
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    return data


def test_schema_is_valid_and_requires_every_core_counter() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA['properties']['stats']['required'] == list(CORE_STATS)


@pytest.mark.parametrize('path', REAL, ids=lambda p: p.name)
def test_real_transcripts_match_the_schema(tmp_path: Path, path: Path) -> None:
    shutil.copy(path, tmp_path / path.name)
    data = build_json(tmp_path, path.name)
    declared = set(SCHEMA['$defs']['proposal']['properties'])
    for proposal in data['proposed']:
        assert set(proposal) <= declared, 'a key the schema does not document'
        assert '' not in (proposal['session'], proposal['timestamp'])


def test_absent_values_are_null_and_present_ones_kept(tmp_path: Path) -> None:
    decided = 'We decided to vendor the parser library.'
    write_jsonl(tmp_path / 'simple.jsonl', say('user', decided))
    write_jsonl(tmp_path / 'claude.jsonl', {
        'type': 'user',
        'sessionId': 's-1',
        'uuid': 'u1',
        'timestamp': '2025-01-01T00:00:01Z',
        'message': {'role': 'user', 'content': decided},
    })
    (tmp_path / 'gemini.json').write_text(json.dumps({
        'sessionId': 'g-1',
        'projectHash': 'p',
        'startTime': 't0',
        'messages': [
            {'id': '1', 'timestamp': 't0', 'type': 'user', 'content': 'hello'},
            {'id': '2', 'timestamp': 't1', 'type': 'user', 'content': decided},
        ],
    }))
    expected = {
        'simple.jsonl': (None, None, None),
        'claude.jsonl': ('s-1', '2025-01-01T00:00:01Z', None),
        'gemini.json': ('g-1', 't1', 1),
    }
    for name, fields in expected.items():
        [proposal] = build_json(tmp_path, name)['proposed']
        assert (proposal['session'], proposal['timestamp'], proposal['message']) == fields


def test_candidates_match_the_schema(tmp_path: Path) -> None:
    shutil.copy(ROOT / 'examples' / 'session.jsonl', tmp_path / 'session.jsonl')
    data = build_json(tmp_path, 'session.jsonl', '--candidates', '5', '--threshold', '0.5')
    assert data['candidates'] and data['proposed']
    assert 'candidates' not in build_json(tmp_path, 'session.jsonl')


def test_withheld_a_file_given_twice_and_an_empty_file_match_the_schema(tmp_path: Path) -> None:
    key = 'AKIA' + 'IOSFODNN7EXAMPLE'
    write_jsonl(
        tmp_path / 't.jsonl',
        say('user', f'Always deploy with the key {key} from CI.'),
        say('user', 'x'),
    )
    data = build_json(tmp_path, 't.jsonl', 't.jsonl')
    assert data['withheld'] and set(data['files']) == {'t.jsonl'}
    write_jsonl(tmp_path / 'empty.jsonl')
    assert build_json(tmp_path, 'empty.jsonl')['proposed'] == []
