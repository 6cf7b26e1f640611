"""The option the user picked by its number or letter is weighed as an accepted recommendation."""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.base.records import Transcript
from memory_gate.reading import picked
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings

# flutter-docker-image, verbatim (cut): the assistant's options, then the user's "option 1"; the
# labeled sentence is option 1's second.
OPTIONS = """\
Task 2.1 as written is not implementable.

**Options:**

1. **Composite action instead of reusable workflow.** A composite action runs *inside* the calling \
job, so the local daemon, `steps.metadata`, and the fork handoff all keep working untouched.
2. **Reusable workflow, but only for the push legs.** Extract `build.yml` push + `release.yml` \
(both push, no local daemon), leave `ci.yml` and the fork path inline.
3. **Keep the reusable workflow and restructure the callers** — move testing into the reusable \
workflow so the image never crosses a job boundary.

My recommendation is **option 1**.

How do you want to proceed?"""
KEPT = 'A composite action runs *inside* the calling job'


def run(*turns: tuple[str, str]) -> Result:
    lines = [json.dumps({'role': r, 'text': t}).encode() + b'\n' for r, t in turns]
    return build([Transcript('t.jsonl', lines)], Settings())


def proposed(result: Result) -> list[str]:
    return [p.text for p in result.proposed]


@pytest.mark.parametrize('answer', ['option 1', 'Option 1. Also fix the warnings', 'ok go with 1'])
def test_the_option_the_user_names_is_proposed_as_accepted(answer: str) -> None:
    result = run(('user', 'review the plan'), ('assistant', OPTIONS), ('user', answer))
    [p] = [p for p in result.proposed if KEPT in p.text]
    assert p.accepted_line == 3 and 'accepted' in {f.name for f in p.features}
    assert not [t for t in proposed(result) if 'push legs' in t or 'restructure' in t]


@pytest.mark.parametrize(
    'answer', ['option 2.', 'no, none of these', 'why not 3?', '2 more tests fail']
)
def test_an_option_the_user_did_not_name_is_not_accepted(answer: str) -> None:
    result = run(('user', 'review the plan'), ('assistant', OPTIONS), ('user', answer))
    assert not [t for t in proposed(result) if KEPT in t]


def test_options_need_two_items_and_a_label() -> None:
    assert set(picked.options(OPTIONS)) == {'1', '2', '3'}
    assert picked.options('1. Run the tests.\nThen push.') == {}
    assert picked.options('a. lowercase\nb. letters of prose') == {}
    lettered = picked.options('A. Flush on unload.\nB. Keep the doc in main.')
    assert picked.option_of('Keep the doc in main.', lettered) == 'B'


@pytest.mark.parametrize(
    ('turn', 'label'),
    [
        ('option 1', '1'), ('Option 1. Also fix the warnings', '1'), ('ok go with 2', '2'),
        ('B. ship it. and keep IndexedDB for now', 'B'), ("let's do option b", 'B'),
        ('2 more tests fail', ''), ('a bug in the parser', ''), ('1. yes\n2. no', ''),
        ('option 12', ''),
    ],
)
def test_pick_reads_the_label_the_turn_opens_with(turn: str, label: str) -> None:
    assert picked.pick(turn) == label


def ungated_options(prose: str) -> dict[str, str]:
    """picked.options without its one-line gate: every item ITEM_RE finds."""
    found = {m.group('label').upper(): picked.normalized(m.group('text'))
             for m in re.finditer(picked.ITEM_RE, prose)}
    return found if len(found) >= picked.LEAST_OPTIONS else {}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(['1. ', '2) ', 'B. ', '**Option 2:** ', '(3) ', '- 1. ', 'Use it',
                                 ' pnpm.', '\n', '\r', '\u2028', ' ', 'a. ', 'x']), max_size=12)
       .map(''.join))
def test_a_one_line_turn_lists_no_options_as_the_pattern_says(prose: str) -> None:
    assert picked.options(prose) == ungated_options(prose)
    assert picked.pick(prose) == ungated_pick(prose)


def ungated_pick(turn: str) -> str:
    match = re.match(picked.PICK_RE, turn)
    if match is None or len(re.findall(picked.ITEM_RE, turn)) > 1:
        return ''
    return (match.group('named') or match.group('bare')).upper()
