"""The form of a statement (cues 'conclusive', 'musing', 'one_off', 'generic_rule'; evidence.form):
a standing rule or a one-off ask, a root cause stated as found or a hypothesis, an idea or a
decision, a rule cited by narration or stated, a long turn typed or pasted. Every sentence is from
the real corpus (../shared/transcripts/real, the project named) or the development set
(benchmarks/devset, the file named), verbatim."""
from __future__ import annotations

import json

import pytest

from memory_gate.base.records import Transcript
from memory_gate.reading import evidence, placing
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings

DEFAULT = Settings()


def run(*turns: tuple[str, str], settings: Settings = DEFAULT) -> Result:
    lines = [json.dumps({'role': r, 'text': t}, ensure_ascii=False).encode() + b'\n'
             for r, t in turns]
    return build([Transcript('t.jsonl', lines)], settings)


def texts(result: Result) -> list[str]:
    return [p.text for p in result.proposed]


# mise, the assistant, kept
ABORT = ('The second test abort came from running two Cargo test binaries at once: this repo’s '
         'test ctor mutates a shared test HOME, so the parallel invocations raced.')
# flutter-docker-image, the user, not kept
ENFORCE = ('We can enforce "renovate/reconfigure" in CLAUDE.md and AGENTS.md, with a clear and '
           'extremely concise rule, no jargon, easy to read, no historical reference.')
# sessions.txt, the assistant
OUTAGE = 'The outage was caused by a config push that set the connection pool to zero.'
CREATING = ('Creating the PR now, with the AI-generated note included in the PR body per repo '
            'guidance.')  # mise: its AGENTS.md says so already
MARKING = ('I’m marking the draft PR ready, then squash-merging it through GitHub as required by '
           'the repo rules.')  # agentv
PLUGIN = ('A package plugin must provide both install and installed-status hooks, because every '
          'apply path queries status first.')  # mise, the assistant, kept

BOARD = 'The board is down to lint, build Windows, benchmark, and Cursor.'
# agentv and flutter-docker-image, the assistant, kept
INSIGHT = ('The key insight: results are **append-mostly** (immutable run bundles under '
           '`runs/<exp>/<ts>/`) plus a small **mutable** overlay (`metadata/runs/**/tags.json`, '
           '`feedback.json`).')
CONVENTION = ('the convention: manifest-fed args are **lowercase with no default** '
              '(`android_ndk_version`, `cmake_version`, `flutter_version`).')

FORMS = [
    # conclusive: the symptom, then what it came from.
    ('The flaky test was down to a shared tmp dir between the xdist workers.', 'conclusive',
     True),  # sessions.txt
    (OUTAGE, 'conclusive', True),
    (ABORT, 'conclusive', True),
    ('根本原因是时区设置错误。', 'conclusive', True),  # sessions.txt
    ('问题出在连接池没有设置超时。', 'conclusive', True),  # sessions.txt
    (BOARD, 'conclusive', False),  # mise: what is left
    ('That `.8` publish came from the in-progress fix run.', 'conclusive', False),  # mise
    ('Maybe the rounding bug comes from the float conversion.', 'conclusive', False),  # a hedge
    # Chinese: a subject, then 是因为 (sessions.txt: the assistant's and the user's, kept)
    ('依赖冲突是因为两个包都锁了不同版本的 protobuf。', 'conclusive', True),
    ('这个接口超时是因为没有加索引。', 'conclusive', True),
    # kimi-cli, the assistant: a reason with no symptom before it
    ('因为 LLM 的工具调用参数是逐 chunk 到达的，lexer 能在任意时刻通过 `complete_json()` 返回一个'
     '"尽力补全"的 JSON 字符串。', 'conclusive', False),
    ('Those publication timestamps normally come from the remote registry.', 'conclusive',
     False),  # mise: no symptom, and the present explains the code
    # musing: an idea, not a decision.
    (ENFORCE, 'musing', True),
    ('Maybe we could use Formik instead?', 'musing', True),  # sessions.txt, a trap
    ('We decided to use Postgres for all billing data.', 'musing', False),
    # one_off: an ask about the task at hand, whatever words it has.
    ('The same PR, no new ones.', 'one_off', True),  # flutter-docker-image
    ("don't worry about revoking, but continue", 'one_off', True),  # mise
    ('I like the proposal wiring.', 'one_off', True),  # flutter-docker-image: feedback
    ('specs,そのほかmd全部更新して', 'one_off', True),  # repiq: a request (〜して)
    ('for now just skip geocoding in tests', 'one_off', True),  # sessions.txt, a trap
    ('线上问题先回滚，再排查', 'one_off', False),  # sessions.txt: a convention (先 ..., 再 ...)
    ('I prefer small commits with one logical change each.', 'one_off', False),  # a stance
    # generic_rule: a rule with a generic subject.
    (PLUGIN, 'generic_rule', True),
    ('The code says `agentv.trace.v1` must be canonical', 'generic_rule', False),  # agentv
    # labeled: an explicit label names a lasting kind.
    ('Decision: the API gateway handles auth; services trust the forwarded identity header.',
     'labeled', True),  # holdout2.txt
    (INSIGHT, 'labeled', True),
    (CONVENTION, 'labeled', True),
    # repiq: a list's lead-in
    ('Constraints: Provider インターフェース変更禁止、外部依存追加なし', 'labeled', False),
    ('Root cause: `v4.40.1` and `v4.40.1-next.1` exist in GitHub, but npm never published them.',
     'labeled', False),  # agentv, not kept: the bug at hand
]


@pytest.mark.parametrize(('sentence', 'name', 'shown'), FORMS)
def test_each_form_catches_what_it_names_and_not_its_look_alikes(sentence: str, name: str,
                                                                 shown: bool) -> None:
    assert (name in evidence.phrases(sentence)) == shown


def names(sentence: str, role: str, **place: object) -> list[str]:
    ctx = placing.Context(role, 'constraint', **place)  # type: ignore[arg-type]
    return evidence.features(sentence, ctx)


def test_scope_in_the_users_voice_is_a_standing_rule_in_the_assistants_describes_code() -> None:
    assert 'standing' in names('never open prs against release!!!!!!!!!!!', 'user')  # mise, kept
    said = names('SendDMail always returns `None`', 'assistant')  # kimi-cli: the code in view
    assert 'scope' in said and 'standing' not in said


@pytest.mark.parametrize('sentence', [
    'Should we always retry failed charges?',  # sessions.txt: a question
    # holdout.txt: bound to now
    'We agreed on Meilisearch over Elasticsearch for now, mostly for ops simplicity.',
])
def test_a_question_or_a_one_off_is_no_standing_rule_whatever_its_scope(sentence: str) -> None:
    assert 'standing' not in names(sentence, 'user')


def test_a_root_cause_stated_as_found_speaks_like_the_user_whoever_says_it() -> None:
    found = names(ABORT, 'assistant')
    assert 'user' in found and 'assistant' not in found and 'conclusive' in found
    labeled = names(INSIGHT, 'assistant')
    assert 'user' in labeled and 'labeled' in labeled and 'label' not in labeled
    assert 'assistant' in names(BOARD, 'assistant')


@pytest.mark.parametrize('sentence', [ABORT, OUTAGE, INSIGHT, CONVENTION])
def test_the_assistants_conclusive_root_cause_or_labeled_rule_is_proposed(sentence: str) -> None:
    assert texts(run(('user', 'Why did it fail?'), ('assistant', sentence))) == [sentence]


def test_narration_acting_on_a_cited_rule_is_the_agents_move_not_the_rule() -> None:
    acting = names(CREATING, 'assistant')
    assert 'cites_narration' in acting and 'cites_rule' not in acting
    # entire-cli, all three kept: a rule stated, a practice seen, a rule noted (no move made on it)
    for kept in ['The linter requires exhaustive switch cases.',
                 "I see the project already uses `forbidigo` for banning dangerous patterns like "
                 "go-git's Reset/Checkout.",
                 'I need to add a `nolint` directive with an explanation (as required by the '
                 'linter config).']:
        shown = names(kept, 'assistant')
        assert 'cites_rule' in shown and 'cites_narration' not in shown


@pytest.mark.parametrize('sentence', [CREATING, MARKING])
def test_narration_citing_a_rule_is_not_proposed(sentence: str) -> None:
    assert texts(run(('user', 'Ship it.'), ('assistant', sentence))) == []


@pytest.mark.parametrize('sentence', [
    ENFORCE, 'The same PR, no new ones.', 'I like the proposal wiring.',
    "don't worry about revoking, but continue",
])
def test_the_users_ideas_and_one_off_asks_are_not_proposed(sentence: str) -> None:
    assert texts(run(('user', sentence))) == []


# A long turn the user typed: sentences of the development set (sessions.txt), one after another
# (no heading, no log, no prompt).
TYPED = [
    'We decided to use Postgres for all billing data.',
    'SQLite was fine for the prototype but it is not enough now.',
    'Retrying a charge blindly can double-bill a customer.',
    'Money amounts are stored as integer cents, never as floats.',
    'Stripe webhooks go through the queue, not straight into the API process.',
    'npm kept producing a different lockfile on every machine.',
    'Use tabs, not spaces, in the Makefile.',
    'I prefer small commits with one logical change each.',
    'The invoice table has no primary key, which explains the duplicate rows.',
    'Charges are retried only when the provider returns an idempotency key.',
    'Postgres it is.',
    'Let me know if anything is unclear.',
    'Thanks.',
]


def pieces(*lines: tuple[str, str]) -> list[tuple[str, str, bool]]:
    return [(text, layout, True) for text, layout in lines]


def test_a_long_turn_is_pasted_by_its_look_not_by_its_length() -> None:
    typed = pieces(*((t, '') for t in TYPED))
    assert not placing.looks_pasted(typed)
    looks = [('Deliverables:', ''), ('Review', 'heading'),
             ('Report only P0-P2 findings.', ''),  # agentv's orchestrator prompt
             ('2026-01-02 10:41:07 ERROR worker exited', ''), ('the reviewer wrote this', 'quote')]
    for look in looks:
        assert placing.looks_pasted([pieces(look)[0], *typed])
    everything = Settings(threshold=0.0, max_add=100)
    rule = 'Money amounts are stored as integer cents, never as floats.'

    def said(text: str) -> list[str]:
        return next([f.name for f in p.features]
                    for p in run(('user', text), settings=everything).proposed if p.text == rule)
    assert 'user' in said('\n'.join(TYPED)) and 'pasted' not in said('\n'.join(TYPED))
    pasted = said('## Review\n' + '\n'.join(TYPED))
    assert 'pasted' in pasted and 'user' not in pasted


def test_the_users_locally_says_where_a_rule_applies_not_the_agents_environment() -> None:
    """'local' is read in the assistant's voice only: the dev set's user rule "Retry webhook tests
    locally with stripe-cli, not by hand." keeps its weight."""
    said = 'Retry webhook tests locally with stripe-cli, not by hand.'  # sessions.txt, kept
    assert 'local' not in names(said, 'user')
    assert 'local' in names('Both fixes now pass locally, including the exact CI failure.',
                            'assistant')  # mise
