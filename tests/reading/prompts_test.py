"""Prompts a program wrote (issue 43, item 2): skipped whole, with their own counter, through the
CLI as a user runs it; a person's own words, with or without a tag in them, still read."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.reading.prompts import is_program_prompt
from tests.conftest import run, write_jsonl

RULE = 'Never modify files outside the worktree.'
# An orchestrator's dispatch, as Codex agents receive it: tagged sections around the rules it sets.
DISPATCHED = (
    '<task>\nAdd a retry to the uploader in src/upload.py and report what changed.\n</task>\n\n'
    '<grounding_rules>\n- ' + RULE + '\n- Do not modify files the task does not name.\n'
    '- Always cite the file and line you changed.\n</grounding_rules>\n\n'
    '<output_format>\nA short summary, then the diff.\n</output_format>'
)
# One section wrapping the whole turn, as a harness injects context.
INJECTED = ('<recommended_plugins>\nHere is a list of plugins that are available but not '
            'installed. Always suggest one when it fits. We decided to keep this list short.\n'
            '</recommended_plugins>')
# Every family the rule must skip: tagged sections (any names), one section holding the turn.
PROGRAM = [
    DISPATCHED,
    INJECTED,
    '<instructions>\nYou review pull requests.\n</instructions>\n<context>\nThe repo uses pnpm. '
    'From now on, always run the linter.\n</context>',
    '<Role>reviewer</Role>\n<Rules>\nNever push to main.\n</Rules>',
    # a harness's probe: it dictates the reply
    'Reply with exactly OK. Do not inspect or edit files.',
    'Respond only with valid JSON. Never add prose around it.',
    'Say just READY and nothing else.',
]
# A person's words that hold markup: a generic in prose, HTML pasted, one tag on a short line.
PERSON = [
    RULE,
    'We decided that List<T> stays generic.\n<T> is the element type and never a primitive.',
    'The README uses <details>\nso long output folds.\n</details> Never remove it.',
    'Always wrap the summary in <b>bold</b>; never use <i> for it.',
    '<div>\nKeep the banner.\n</div>\n<p>\nWe decided to drop the footer.\n</p>',
    'Please fix the <task> tag in the template, it never closes. The rest of the turn is mine.',
    # a reply named, not dictated; a rule about replies; a probe's words deep in a long turn
    'Reply to the reviewer with the fix, and never force-push the branch.',
    'We only respond with JSON errors from the API, never HTML.',
    'The gateway is slow on cold starts, so never lower its timeout. ' * 3
    + 'Reply with exactly the list of files you changed.',
]


@pytest.mark.parametrize('prose', PROGRAM)
def test_a_prompt_with_tagged_sections_is_a_program_prompt(prose: str) -> None:
    assert is_program_prompt(prose)


@pytest.mark.parametrize('prose', PERSON)
def test_a_persons_words_with_markup_are_not(prose: str) -> None:
    assert not is_program_prompt(prose)


def cx(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {'timestamp': '2026-03-01T10:00:00Z', 'type': kind, 'payload': payload}


def codex(path: Path, *said: tuple[str, str]) -> Path:
    """A Codex rollout: its meta, then each (role, text) message."""
    parts = {'user': 'input_text', 'assistant': 'output_text'}
    return write_jsonl(path, cx('session_meta', {'id': path.stem, 'cwd': '/r'}), *(
        cx('response_item', {'type': 'message', 'role': role,
                             'content': [{'type': parts[role], 'text': text}]})
        for role, text in said))


def built(tmp_path: Path, *paths: Path) -> dict[str, Any]:
    done = run(tmp_path, 'build', '--json', *(str(p) for p in paths))
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def texts(out: dict[str, Any]) -> list[str]:
    return [p['text'] for p in out['proposed']]


def test_a_probe_is_skipped_and_counted(tmp_path: Path) -> None:
    session = codex(tmp_path / 'a.jsonl', ('user', PROGRAM[4]), ('assistant', 'OK'))
    out = built(tmp_path, session)
    assert texts(out) == []
    assert out['stats']['skipped_program_prompt'] == 1


def test_a_dispatched_prompt_is_skipped_and_counted(tmp_path: Path) -> None:
    session = codex(tmp_path / 'a.jsonl', ('user', DISPATCHED), ('assistant', 'Done.'))
    out = built(tmp_path, session)
    assert texts(out) == []
    assert out['stats']['skipped_program_prompt'] == 1


def test_the_same_rule_typed_by_the_user_is_proposed(tmp_path: Path) -> None:
    session = codex(tmp_path / 'a.jsonl', ('user', RULE), ('assistant', 'Done.'))
    out = built(tmp_path, session)
    assert texts(out) == [RULE]
    assert out['stats'].get('skipped_program_prompt', 0) == 0


TEMPLATE = ('You are one of several workers on this repository. Never modify files outside the '
            'worktree. Always run the unit tests before you report, and report only what you '
            'changed and why. We decided that each worker commits on its own branch and never '
            'pushes. The task follows. ' * 2)


def test_the_same_long_opening_prompt_in_another_session_is_skipped(tmp_path: Path) -> None:
    first = codex(tmp_path / 'a.jsonl', ('user', TEMPLATE + 'Fix the uploader.'))
    again = codex(tmp_path / 'b.jsonl', ('user', TEMPLATE + 'Fix the uploader.'),
                  ('user', 'From now on we keep the retry count at three.'))
    out = built(tmp_path, first, again)
    assert out['files'][str(again)]['skipped_program_prompt'] == 1
    assert 'skipped_program_prompt' not in out['files'][str(first)]
    assert 'From now on we keep the retry count at three.' in texts(out)


def test_a_repeated_message_later_in_a_session_is_still_read(tmp_path: Path) -> None:
    """A resumed session repeats the person's earlier messages: not its opening turn, not a
    template."""
    first = codex(tmp_path / 'a.jsonl', ('user', 'hi'), ('user', TEMPLATE))
    again = codex(tmp_path / 'b.jsonl', ('user', 'hello'), ('user', TEMPLATE))
    out = built(tmp_path, first, again)
    assert 'skipped_program_prompt' not in out['stats']


# Words, white space of every kind str.split() knows, and text past ASCII, so that a piece of the
# turn is cut anywhere: the squeezed pieces join to ' '.join(prose.split()).
SQUEEZE_PIECES = st.sampled_from(['word', 'a', '中文', ' ', '  ', '\n', '\t', '\u00a0', '\u3000',
                                  '\u2003', 'x' * 30, '.'])


@settings(max_examples=300, deadline=None)
@given(prose=st.lists(SQUEEZE_PIECES, max_size=80).map(''.join), piece=st.integers(1, 40))
def test_a_turn_squeezed_in_pieces_is_squeezed_whole(prose: str, piece: int) -> None:
    from memory_gate.reading import prompts

    with mock.patch.object(prompts, 'PIECE', piece):
        pieces = list(prompts.squeezed(prose))
    assert all(pieces)
    assert ' '.join(pieces) == ' '.join(prose.split())


def test_an_opening_turn_is_known_by_its_words_whatever_its_spacing() -> None:
    from memory_gate.reading.prompts import REPEATED_PROMPT, prompt_key

    words = ' '.join(f'step{i} of the dispatched task' for i in range(40))
    assert len(words) >= REPEATED_PROMPT
    spaced = '\n\n  ' + words.replace(' ', ' \t\n ') + '\n'
    assert prompt_key(words) == prompt_key(spaced) != ''
    assert prompt_key(words) != prompt_key(words.replace('step7 ', 'step8 '))
    assert prompt_key('short ' * 10) == ''
    assert len(prompt_key(words * 1000)) < 64  # a key, not the turn kept for the run
