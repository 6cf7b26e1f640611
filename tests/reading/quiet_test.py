"""Quiet where unsure (issue 43, item 3): a statement with nothing lasting to go on is proposed
only when nothing speaks against it; a root cause found in a long report, and the items of a long
plan the user accepted, are not the team's word. Families, each with what stays proposed beside
it. Through the CLI, at default settings."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_gate.reading import evidence
from memory_gate.reading.placing import Context
from tests.conftest import run, write_jsonl

# the voice alone, and one sign against it
UNSURE = [
    'cargo test --workspace fails on the second run.',  # a command of the moment
    'the staging logs were running at the default level in the test repo, not DEBUG.',  # past
    'Deploys follow the derived value, like we do for other components in @config/version.json',
    # a long explanation
    'Based on the deleted handler in the diff, which sent decision: "block" and a reason field, '
    'the gateway expects a different format for rejected requests.',
]
# the voice alone and nothing against it, or a lasting cue beside the sign: still proposed
STANDS = [
    'Lockfiles are committed.',
    'Helm stays, Kustomize is out.',
    'Python is pinned to 3.12 via .python-version.',
    'The Dockerfile must follow the pinned value in @config/versions.json.',
    'The flaky upload test was caused by a shared temp directory between workers.',
    # "先" (first) points at no moment: 'deixis' is no sign against a rule
    '数据库迁移先在预发环境跑，再上生产。',
]
REPORT = [f'I checked step {n} of the layout and it renders as expected.' for n in range(1, 12)]
CAUSE = 'The overflow was caused by a missing min-width on the flex row of the toolbar.'


def claude(path: Path, *said: tuple[str, str]) -> Path:
    return write_jsonl(path, *(
        {'type': role, 'uuid': f'm{i}', 'sessionId': 's',
         'message': {'role': role,
                     'content': text if role == 'user' else [{'type': 'text', 'text': text}]}}
        for i, (role, text) in enumerate(said)))


def proposed(tmp_path: Path, *said: tuple[str, str]) -> list[str]:
    done = run(tmp_path, 'build', '--json', str(claude(tmp_path / 's.jsonl', *said)))
    assert done.returncode == 0, done.stderr
    return [p['text'] for p in json.loads(done.stdout)['proposed']]


@pytest.mark.parametrize('text', UNSURE)
def test_the_voice_alone_with_a_sign_against_it_is_not_proposed(
        tmp_path: Path, text: str) -> None:
    assert proposed(tmp_path, ('user', 'Look at the build.'), ('assistant', 'Done.'),
                    ('user', text)) == []


@pytest.mark.parametrize('text', STANDS)
def test_a_plain_statement_or_a_lasting_cue_is_still_proposed(
        tmp_path: Path, text: str) -> None:
    assert proposed(tmp_path, ('user', 'Look at the build.'), ('assistant', 'Done.'),
                    ('user', text)) == [text]


def test_a_root_cause_found_in_a_long_report_is_not_proposed(tmp_path: Path) -> None:
    report = ' '.join([*REPORT, CAUSE])
    assert proposed(tmp_path, ('user', 'Why does the toolbar overflow?'),
                    ('assistant', report)) == []
    # the same cause said on its own is the team's finding
    assert proposed(tmp_path, ('user', 'Why does the toolbar overflow?'),
                    ('assistant', CAUSE)) == [CAUSE]


def test_an_accepted_plan_vouches_for_its_own_lines_not_each_item_of_a_long_one() -> None:
    item = Context('assistant', 'constraint', layout='item', turn_sentences=14, accepted=True)
    line = item._replace(layout='', turn_sentences=3)
    said = 'Requires amending the design notes D1 and D2.'
    assert 'unsure' in evidence.features(said, item)
    assert 'unsure' not in evidence.features(said, line)
    # an item with a lasting cue of its own keeps the acceptance
    assert 'unsure' not in evidence.features(
        'Composite action instead of a reusable workflow, so the daemon keeps working.', item)
