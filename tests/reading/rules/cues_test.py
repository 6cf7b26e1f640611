"""Each cue through its own door: sentences fed to its pattern, no rules or weights involved;
and one feature vocabulary (cues.CUES) that the weights, the fit and evidence.features name."""
from __future__ import annotations

import itertools
import re

import pytest

from memory_gate.reading import evidence, pipeline, placing
from memory_gate.reading.rules import cue, cues, patterns, weights
from memory_gate.text.sentences import plain_quotes

BY_NAME = {c.name: c for c in cues.CUES}

# (cue, sentence, shown): for every phrase cue, one it must catch and one it must not.
EXAMPLES = [
    ('scope', 'Always run the linter before pushing.', True),
    ('scope', '以后都用 UTC 存时间。', True),
    ('scope', 'Run the linter before pushing.', False),
    ('modal', 'Releases must be tagged.', True),
    ('modal', '金额必须用分存。', True),
    ('modal', 'I might tag the release.', False),
    ('alternative', 'Use pnpm instead of npm.', True),
    ('alternative', 'Use pnpm for the monorepo.', False),
    ('cause', 'The build broke because the cache was stale.', True),
    ('cause', 'The build broke on Tuesday.', False),
    ('stance', 'I prefer small commits.', True),
    ('stance', 'I want you to rename the flag everywhere.', False),
    ('team', 'We use orjson for serialization.', True),
    ('team', 'They use orjson for serialization.', False),
    ('report', 'Fixed and pushed the change.', True),
    ('report', 'The fix removed the lock, so readers never block.', False),
    ('zh_report', '修复了 reconnection storm，不再无限重连', True),
    ('zh_report', '我们已经决定放弃 Python 2 的支持。', False),
    ('narration', 'Let me check the logs.', True),
    ('narration', "We're switching to pnpm for the monorepo.", False),
    ('status', 'All 1274 tests pass.', True),
    ('status', 'Rollbacks are done by redeploying the previous tag.', False),
    ('deixis', 'This PR renames the flag.', True),
    ('deixis', 'Timestamps are stored in UTC.', False),
    ('location', 'See runner.ts:928 for the retry.', True),
    ('location', 'Three lines of code do the retry.', False),
    ('count', 'All 4 files changed.', True),
    ('count', 'Retry 3 times at most.', False),
    ('label', '**Step 3**: Fix `resetState` first.', True),
    ('label', 'Decision: the gateway handles auth.', False),
    ('step', 'Run `bun run test` before you push.', True),
    ('step', 'Prefer pathlib over os.path in new code.', False),
    ('option', 'I like Option 1, from a enabling perspective:', True),
    ('option', 'Keep the retry option a user sets in the config file.', False),
    ('code_spans', '`resetState` is the only unstable dep in `useEffect` and `useMemo`.', True),
    ('code_spans', 'Use `pnpm` for the monorepo.', False),
    ('rule_noun', 'The API is a public contract.', True),
    ('rule_noun', 'The API is public.', False),
    ('cites_rule', 'The linter requires exhaustive switch cases.', True),
    ('cites_rule', 'Let me check if the linter flags it.', False),
    ('works', 'Graders consume the normalized trajectory.', True),
    ('works', 'I need a new page.', False),
    ('person', 'I think the cache is stale.', True),
    ('person', '我们决定用令牌桶做限流。', False),
    ('past', 'The job failed twice.', True),
    ('past', 'The job retries twice.', False),
    ('command', 'bun agentv eval run examples/dataset.eval.yaml --dry-run', True),
    ('command', 'Go with Terraform for the new infrastructure, not Pulumi.', False),
    ('ask', 'is this different from mv', True),
    ('ask', 'Any variables written to this file are exported to later commands.', False),
    ('request', 'Please rename the flag.', True),
    ('request', "Let's stick with Alembic for migrations.", False),
    ('anaphora', 'They need to be reusable from `RemediateTab.tsx` as well.', True),
    ('anaphora', 'This repo uses pnpm workspaces.', False),
    ('conclusive', 'The outage was caused by a config push that set the pool to zero.', True),
    ('conclusive', 'The board is down to lint, build Windows, benchmark, and Cursor.', False),
    # the cause an action, whatever the symptom is called (m-gemini, the assistant)
    ('conclusive', 'The "glitching" is caused by the NVIDIA driver failing to properly resume.',
     True),
    ('conclusive', 'The blank page might be down to the proxy stripping the header.', False),
    # the agent's own environment (mise, the assistant)
    ('local', '`shellcheck` isn’t installed in this environment, so I’m sticking with the check.',
     True),
    ('local', 'Both fixes now pass locally, including the exact CI failure.', True),
    ('local', 'The cache lives in the local directory.', False),
    ('musing', 'Maybe we could use Formik instead?', True),
    ('musing', 'We decided to use Postgres for all billing data.', False),
    ('one_off', 'for now just skip geocoding in tests', True),
    ('one_off', '线上问题先回滚，再排查', False),
    ('generic_rule', 'A package plugin must provide both install and status hooks.', True),
    ('generic_rule', 'The code says `agentv.trace.v1` must be canonical', False),
    ('labeled', 'Decision: the API gateway handles auth.', True),
    ('labeled', 'Constraints: no new dependencies', False),
    # explicit: a decision or a standing rule marked as such, in every language read
    ('explicit', 'We decided that the importer stays synchronous.', True),
    ('explicit', 'From now on, tag every release from main.', True),
    ('explicit', 'Never store secrets in the repository config.', True),
    ('explicit', 'please always run the migrations check before you open a pull request', True),
    ('explicit', 'Generated files must never be committed.', True),
    ('explicit', '我们决定以后所有时间戳都用 UTC 存储。', True),
    ('explicit', '不要在仓库配置里保存密钥。', True),
    ('explicit', '今後は main からタグを打ちます。', True),
    ('explicit', '앞으로 모든 릴리스는 main에서 태그합니다.', True),
    ('explicit', 'A partir de agora, toda release sai da main.', True),
    ('explicit', 'I decided to look at the parser first.', False),
    ('explicit', 'It always returns None when the cache is cold.', False),
    ('explicit', "Don't worry about it, the tests are fine.", False),
    ('explicit', 'Never mind, the build passed.', False),
    ('explicit', "I won't amend commits going forward.", False),
    ('explicit', 'From now on, Windows will respect the UTC hardware clock.', False),
    ('explicit', 'From now on we will tag releases from main.', True),
    ('explicit', '这个以后再说。', False),
    ('explicit', 'does the importer support gzip or do we need to add it', False),
    # a phrase of cites_rule; acting on it, evidence.form weighs it 'cites_narration'
    ('cites_rule', 'Creating the PR now, with the AI note included per repo guidance.', True),
]


@pytest.mark.parametrize(('name', 'sentence', 'shown'), EXAMPLES,
                         ids=[f'{n}-{s}' for n, _, s in EXAMPLES])
def test_each_cue_catches_its_example_and_not_its_look_alike(name: str, sentence: str,
                                                             shown: bool) -> None:
    sentence = plain_quotes(sentence)
    assert (re.search(BY_NAME[name].pattern, sentence) is not None) == shown
    # the gate lets through what the pattern catches
    assert (name in evidence.phrases(sentence)) == shown


def test_every_phrase_cue_has_an_example_each_way() -> None:
    phrase_cues = {c.name for c in cues.CUES if c.pattern}
    assert {n for n, _, shown in EXAMPLES if shown} == phrase_cues
    assert {n for n, _, shown in EXAMPLES if not shown} == phrase_cues


def test_a_phrase_cue_has_a_gate_and_a_cue_of_place_has_neither_pattern_nor_gate() -> None:
    for c in cues.CUES:
        assert bool(c.pattern) == bool(c.gate), c.name
        assert c.leans in (cue.LASTS, cue.PASSES, ''), c.name
    assert len(cues.FEATURES) == len(set(cues.FEATURES))


def test_every_feature_says_in_words_what_it_found() -> None:
    assert set(cues.SAYS) == set(cues.FEATURES) and all(cues.SAYS.values())


def test_the_weights_name_exactly_the_declared_features() -> None:
    """A renamed cue fails here instead of silently losing its weight."""
    assert set(weights.WEIGHTS) == set(cues.FEATURES)


def test_the_features_the_code_can_produce_are_the_declared_ones() -> None:
    sentences = [s for _, s, _ in EXAMPLES] + ['x' * (evidence.LONG_SENTENCE + 1)]
    own = (pipeline.MARKED, pipeline.LISTED, pipeline.RECOMMENDED)
    kinds = {r.kind for r in patterns.SIGNAL_RULES + own}
    produced: set[str] = set()
    for role, voice, kind, layout, section, many, flag in itertools.product(
            ('user', 'assistant'), ('', 'plan', 'finding'), sorted(kinds),
            ('', 'item', 'heading', 'quote'),
            ('', 'decision_section', 'why_section', 'do_section'), (1, evidence.LONG_TURN),
            ('', 'accepted', 'marked', 'own_rule', 'pasted', 'answer')):
        ctx = placing.Context(role, kind, layout, many, voice=voice, section=section,
                               **({flag: True} if flag else {}))
        produced.update(evidence.features(sentences[0], ctx))
    for sentence, role in itertools.product(sentences, ('user', 'assistant')):
        produced.update(evidence.features(sentence, placing.Context(role, 'decision')))
    assert produced == set(cues.FEATURES)
