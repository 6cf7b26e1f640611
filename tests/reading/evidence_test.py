from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.base.records import Transcript
from memory_gate.reading import evidence, placing, reasons
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Proposal, Result, Settings
from memory_gate.reading.rules import cues, lasting, marks, weights

DEFAULT = Settings()


def run(*turns: tuple[str, str], settings: Settings = DEFAULT) -> Result:
    lines = [
        json.dumps({'role': r, 'text': t}, ensure_ascii=False).encode() + b'\n' for r, t in turns
    ]
    return build([Transcript('t.jsonl', lines)], settings)


def texts(result: Result) -> list[str]:
    return [p.text for p in result.proposed]


def names(p: Proposal) -> set[str]:
    return {f.name for f in p.features}


def signed(p: Proposal) -> set[str]:
    """Each feature signed by its weight, with the words it matched ('+modal "must"')."""
    return {
        ('+' if f.weight > 0 else '-' if f.weight < 0 else '')
        + f.name
        + (f' "{f.words}"' if f.words else '')
        for f in p.features
    }


# Said by the user, in a session of its own: what a maintainer keeps (dev set families and real
# sessions).
MUST_KEEP = [
    'We decided to use Postgres for all persistence, not SQLite.',
    'Never push directly to main; every change goes through a pull request.',
    'Timestamps are stored in UTC, always.',
    'I prefer small commits with one change each.',
    '以后都用 UTC 存时间。',
    'in this repo we want to commit `entire enable --local-dev` state',  # entire-cli, labeled
    # agentv, labeled
    'for example ones that are vscode related are stale becasuse we deprecated them all',
]

# Said by the assistant while working (verbatim from real sessions): status, reports, headings,
# remarks on the code in view.
MUST_DROP = [
    'All changes are complete.',
    'No debug logs remain.',
    'No memory leaks or unbounded structures.',
    '所有 pre-commit hooks 通过。',
    'Fixed and pushed `1dda1ed` — removed the unused `import pytest` from both test files.',
    '修复了 reconnection storm，不再无限重连',
    'Summary of what was fixed:',
    '**Step 3**: Fix `resetState` — move it behind a ref so the effect never re-runs.',
    'SendDMail always returns `None`',
    'Line 2638: `resetStateRef.current()` — always clears the cache before reconnecting.',
    'The only unstable dep in the `useLayoutEffect` is `resetState`.',
    'All 1274 tests pass.',
    # mise, dropped: the agent's own environment beside the rule it cites (moment.LOCAL_RE)
    '`cross` isn’t installed locally, but the repo already uses mise-managed tools.',
]


# Said by the assistant while working, verbatim from real sessions, labeled as kept by the project's
# maintainers: the assistant names a rule the project has written down (lasting.CITES_RULE_RE).
MUST_KEEP_ASSISTANT = [
    'The linter requires exhaustive switch cases.',  # entire-cli
    'The config requires explanations (`require-explanation: true`).',  # entire-cli
    # agentv
    'GitHub rejected the rewrite: `main` has a repository rule that forbids force-pushes.',
    # agentv's "I’m marking the draft PR ready ... as required by the repo rules" is narration:
    # tests/reading/forms_test.py
]


@pytest.mark.parametrize('sentence', MUST_KEEP)
def test_must_keep(sentence: str) -> None:
    assert texts(run(('user', sentence))) == [sentence]


@pytest.mark.parametrize('sentence', MUST_KEEP_ASSISTANT)
def test_must_keep_from_the_assistant(sentence: str) -> None:
    result = run(('user', 'Can you check the branch?'), ('assistant', sentence))
    assert texts(result) == [sentence] and 'cites_rule' in names(result.proposed[0])


def test_a_decisions_section_of_an_approved_plan_is_weighed_as_decisions() -> None:
    """The items under "## Decisions" of a plan the user approved (context-evaluator's, verbatim)
    are decisions; the same items under "## Changes" are steps."""
    items = [
        '`.md` and `.mdc` files both typed as `"cursor-rules"` (single type)',
        'Cursor is NOT added as an evaluation provider',
    ]

    def plan(heading: str) -> str:
        return (
            'Implement the following plan:\n\n# Plan: Add Cursor support\n\n## '
            + heading
            + '\n\n'
            + ''.join(f'- {i}\n' for i in items)
        )

    decided = run(('user', plan('Decisions')), settings=Settings(threshold=0.0, max_add=100))
    assert [p.text for p in decided.proposed if 'decision_section' in names(p)] == items
    steps = run(('user', plan('Changes')), settings=Settings(threshold=0.0, max_add=100))
    assert all('decision_section' not in names(p) for p in steps.proposed)


def test_a_memory_marker_after_a_lettered_item_marks_the_line() -> None:
    said = 'b. Memory: the staging database is reset every night.'
    assert texts(run(('user', 'Two notes.\n' + said))) == [said[3 + len('Memory: '):]]


def test_an_approved_decision_scoped_to_the_task_at_hand_is_a_one_off() -> None:
    """Under a plan's "## Decisions", an item bound to the task at hand (flutter-docker-image's
    user: "Don't open upstream PR for now.") is weighed as the one-off it is, not as a decision;
    context-evaluator's item beside it still is."""
    plan = ('Implement the following plan:\n\n# Plan\n\n## Decisions\n\n'
            "- Don't open upstream PR for now.\n"
            '- Cursor is NOT added as an evaluation provider\n')
    result = run(('user', plan), settings=Settings(threshold=0.0, max_add=100))
    listed = {p.text: 'decision_section' in names(p) for p in result.proposed}
    assert listed == {"Don't open upstream PR for now.": False,
                      'Cursor is NOT added as an evaluation provider': True}
    assert texts(run(('user', plan))) == ['Cursor is NOT added as an evaluation provider']


@pytest.mark.parametrize('sentence', MUST_DROP)
def test_must_drop(sentence: str) -> None:
    result = run(('user', 'Can you check the branch?'), ('assistant', sentence))
    assert texts(result) == []


def test_pasted_user_text_is_not_the_users_voice() -> None:
    """A long user turn that looks pasted (a template of steps) weighs as pasted text, not as the
    user's own words."""
    template = (
        ' '.join(f'Step {i}: run the worker and wait.' for i in range(14))
        + ' Never edit source files directly.'
    )
    names = evidence.features(
        'Never edit source files directly.',
        placing.Context('user', 'constraint', '', 15, pasted=True),
    )
    assert 'pasted' in names and 'user' not in names
    assert 'Never edit source files directly.' not in texts(run(('user', template)))


def test_every_proposal_carries_its_score_and_evidence() -> None:
    [p] = run(('user', 'Releases must be tagged from main.')).proposed
    assert p.score >= weights.THRESHOLD
    assert '+user' in signed(p) and '+modal "must"' in signed(p)


def test_threshold_is_a_setting() -> None:
    assert (
        texts(run(('user', 'Never push directly to main.'), settings=Settings(threshold=1.0))) == []
    )
    assert (
        run(('user', 'Never push directly to main.'), settings=Settings(threshold=1.0)).stats[
            'below_threshold'
        ]
        == 1
    )


def test_max_add_keeps_the_best_not_the_first_and_shows_them_in_order() -> None:
    result = run(
        ('assistant', 'Invoices are stored as PDF files in the bucket.'),
        ('user', 'Never push directly to main.'),
        ('user', 'Timestamps are stored in UTC, always.'),
        settings=Settings(max_add=2, threshold=0.0),
    )
    assert texts(result) == [
        'Never push directly to main.',
        'Timestamps are stored in UTC, always.',
    ]
    assert [p.text for p in result.held_back] == ['Invoices are stored as PDF files in the bucket.']


def test_ties_break_by_order_of_appearance() -> None:
    same = [('user', f'Never push directly to branch{n}.') for n in 'abc']
    assert texts(run(*same, settings=Settings(max_add=2))) == [
        'Never push directly to brancha.',
        'Never push directly to branchb.',
    ]


# --- explicit memory ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    'line',
    [
        'Memory: the staging database is reset every night at 02:00 UTC.',
        'Note for AGENTS.md: the staging database is reset every night at 02:00 UTC.',
        'Remember: the staging database is reset every night at 02:00 UTC.',
        '记住：预发环境的数据库每晚 2 点重置。',
    ],
)
def test_a_marked_line_is_proposed_first_without_its_marker(line: str) -> None:
    result = run(
        ('user', 'What happened to my test data?'), ('assistant', 'Checked the cron jobs.\n' + line)
    )
    [p] = result.proposed
    assert p.rule == 'marked' and p.score > 0.99
    assert p.text == line.split(':', 1)[-1].split('：', 1)[-1].strip()


# The review checklist a kimi-cli session pasted (kimi-cli/fc_3ecf3602c3_0), and repiq's cache
# options (repiq/04_42b8e65015_1).
CHECKLIST = (
    '1. Redundant computations: repeated file reads, duplicate network/API calls\n'
    '2. Missed concurrency: independent operations run sequentially\n'
    '3. Hot-path bloat: new blocking work added to per-render hot paths\n'
    '4. Memory: unbounded data structures, missing cleanup, event listener leaks\n'
    '5. Overly broad operations'
)
OPTIONS_LIST = (
    '4. **Cache Location:** Can be anywhere:\n'
    '   - File: `~/.cache/repiq/` or `$XDG_CACHE_HOME/repiq/`\n'
    '   - Embedded DB: SQLite, badger, etc.\n'
    '   - Memory: For single-run deduplication of every metric'
)


@pytest.mark.parametrize(
    'text',
    [
        # "Memory" is a category of a review checklist: the list's other items are labels too
        CHECKLIST,
        OPTIONS_LIST,
        'Checked. Memory: the staging database is reset every night.',  # not at the start of a line
        '## Memory: the staging database is reset every night.',  # a heading
    ],
)
def test_a_marker_inside_a_checklist_or_a_sentence_is_not_a_marker(text: str) -> None:
    assert [p for p in run(('assistant', text)).proposed if p.rule == 'marked'] == []


STATEMENT = 'the staging database is reset every night at 02:00 UTC.'


@pytest.mark.parametrize(
    'text',
    [
        '- Memory: ' + STATEMENT,  # the agent's own closing list
        '1. Memory: ' + STATEMENT,
        '> Memory: ' + STATEMENT,  # a quote
        '`Memory:` ' + STATEMENT,  # a code span
        '`Memory: ' + STATEMENT + '`',
        '**Memory:** ' + STATEMENT,  # bold
        '- **Memory**: ' + STATEMENT,
        'Summary of the session:\n- Memory: '
        + STATEMENT
        + '\n- Memory: deploys go through the release branch only.',
    ],
)
def test_a_marker_as_agents_write_it_is_a_marker(text: str) -> None:
    marked = [
        p.text
        for p in run(('assistant', 'Checked the cron jobs.\n' + text)).proposed
        if p.rule == 'marked'
    ]
    assert marked[0] == STATEMENT


def test_several_marked_lines_in_one_turn_are_each_proposed() -> None:
    text = (
        'Done.\n\n1. Memory: deploys go through the release branch only.\n2. Memory: '
        + STATEMENT
        + '\n3. Memory: none of the fixtures may touch the network.'
    )
    assert texts(run(('assistant', text))) == [
        'deploys go through the release branch only.',
        STATEMENT,
        'none of the fixtures may touch the network.',
    ]


@pytest.mark.parametrize(
    'text',
    [
        # a work report, a stopgap, the next step: the task's state (screened, issue 42)
        'Memory: I fixed the flaky test in runner.ts:928 for now.',
        'Memory: I added a retry around the upload step.',
        'Memory: the cache is disabled for now.',
        "Memory: let me rerun the suite before the release.",
        'Memory: none',
    ],
)
def test_a_marked_line_of_the_moment_is_not_proposed(text: str) -> None:
    result = run(('assistant', 'Wrapping up.\n' + text))
    assert [p for p in result.proposed if p.rule == 'marked'] == []


def test_a_marked_line_already_in_the_memory_file_is_known() -> None:
    from memory_gate.reading.rules.marks import SNIPPET

    example = next(line for line in SNIPPET.splitlines() if line.startswith('Memory:'))
    result = build(
        [Transcript('t.jsonl', [json.dumps({'role': 'assistant', 'text': example}).encode()])],
        Settings(),
        memory_text='# Project memory\n\n' + SNIPPET,
    )
    assert result.proposed == [] and result.stats['already_in_memory'] == 1


# --- accepted recommendations --------------------------------------------------------------------

RECOMMEND = 'I recommend we keep SQLite for the local cache and use Postgres only in production.'


@pytest.mark.parametrize(
    'answer', ['yes', 'Agreed.', 'go with that', 'sounds good, do it', '好', '可以', '就这样']
)
def test_a_recommendation_the_user_accepts_becomes_a_decision(answer: str) -> None:
    result = run(
        ('user', 'Which database for the cache?'), ('assistant', RECOMMEND), ('user', answer)
    )
    [p] = result.proposed
    assert (p.text, p.role, p.accepted_line) == (RECOMMEND, 'assistant', 3)
    assert '+accepted' in signed(p)


@pytest.mark.parametrize(
    'answer',
    ['no, use Redis', 'why not Redis?', 'hmm, let me think about the trade-offs here first'],
)
def test_a_recommendation_not_accepted_is_not_proposed(answer: str) -> None:
    result = run(
        ('user', 'Which database for the cache?'), ('assistant', RECOMMEND), ('user', answer)
    )
    assert texts(result) == []


def test_a_recommendation_at_the_end_of_the_session_waits_for_nobody() -> None:
    result = run(('user', 'Which database for the cache?'), ('assistant', RECOMMEND))
    assert texts(result) == [] and result.stats['not_accepted'] == 1


# --- bounded memory -------------------------------------------------------------------------------


def test_candidates_under_the_threshold_are_counted_not_kept_unless_asked() -> None:
    turns = [('assistant', f'The worker {n} always returns `None`.') for n in range(300)]
    quiet = run(*turns)
    assert quiet.proposed == [] and quiet.below == [] and quiet.stats['below_threshold'] == 300
    listed = run(*turns, settings=Settings(candidates=5))
    assert len(listed.below) == 5
    assert [p.score for p in listed.below] == sorted((p.score for p in listed.below), reverse=True)
    assert listed.below[0].line == 1  # equal scores: the earliest first


def test_output_is_identical_run_to_run() -> None:
    turns = [('user', 'Never push directly to main.'), ('assistant', RECOMMEND), ('user', 'yes')]
    assert run(*turns) == run(*turns)


@pytest.mark.parametrize(
    ('heading', 'kind'),
    [
        ('## Context', 'why_section'),
        ('### Root cause', 'why_section'),
        ('**Key decisions**', 'decision_section'),
        ('## Design Decisions', 'decision_section'),
        ('#### PreToolUse decision', 'why_section'),
        ('## Changes', 'do_section'),
        ('### Verification', 'do_section'),
        ('Summary of what was fixed:', 'do_section'),
        ('#### Fix 2: Guard aggregation against malformed results', 'do_section'),
        ('## Installation notes', 'why_section'),
        ('## Misc', ''),
        ('## What to produce', 'do_section'),
        ('### Deliverables', 'do_section'),
    ],
)
def test_the_heading_above_says_what_kind_of_text_follows(heading: str, kind: str) -> None:
    assert placing.section(heading.lstrip('#* ')) == kind


@pytest.mark.parametrize(
    ('line', 'names'),
    [
        ('**Root cause**: the pool is shared between workers.', 'Root cause'),
        # agentv: the words after it do not
        ('**A design doc** under `docs/` (a design precedent exists)', 'A design doc'),
        ('Key decisions:', 'Key decisions:'),
    ],
)
def test_a_bold_label_opens_a_section_by_what_it_names(line: str, names: str) -> None:
    assert placing.label(line) == names


def test_the_words_after_a_bold_label_do_not_name_its_section() -> None:
    text = ('**Changes** to the architecture doc must never drop the diagrams.\n'
            'The diagrams are generated by `make docs`.')
    everything = Settings(threshold=0.0, max_add=100, join=False)  # each sentence's features
    found = {p.text: names(p) for p in run(('user', text), settings=everything).proposed}
    assert (
        'do_section' in found['**Changes** to the architecture doc must never drop the diagrams.']
    )


def test_a_replayed_plan_is_weighed_as_a_plan_section_by_section() -> None:
    plan = (
        'Implement the following plan:\n\n# Fix the crash\n\n## Context\n\n'
        'The debug writer must never crash an evaluator.\n\n## Verification\n\n'
        'Run `bun run test` to ensure all existing tests always pass.\n'
    )
    lines = [
        json.dumps(
            {'type': 'user', 'message': {'role': 'user', 'content': plan}, 'sessionId': 's'}
        ).encode()
        + b'\n'
    ]
    result = build([Transcript('t.jsonl', lines)], Settings(threshold=0.0))
    found = {p.text: names(p) for p in result.proposed}
    assert {'plan', 'why_section'} <= found['The debug writer must never crash an evaluator.']
    assert {'plan', 'do_section'} <= found[
        'Run `bun run test` to ensure all existing tests always pass.'
    ]
    assert 'assistant' not in found['The debug writer must never crash an evaluator.']


# Each cue catches what it names and not its look-alikes (sentences from the real corpus and the dev
# set).
CUES = [
    # a stance, not a move
    ('I prefer small commits with one logical change each.', 'narration', False),
    ("I'd rather see a failing test than a skipped one.", 'narration', False),
    ("We're switching to pnpm for the monorepo.", 'narration', False),  # the team deciding
    ('I ran the tests twice.', 'narration', True),
    ('我们决定用令牌桶做限流。', 'person', False),  # 我们 is the team
    ('我该怎样阅读这部分代码', 'person', True),
    ('Go with Terraform for the new infrastructure, not Pulumi.', 'command', False),
    ('Python is pinned to 3.12 via .python-version.', 'command', False),
    (
        'bun agentv eval run examples/features/composite/evals/dataset.eval.yaml --dry-run',
        'command',
        True,
    ),
    # a pasted terminal box
    ('│ Command rejected because it could not be parsed safely', 'command', True),
    (
        'Rollbacks are done by redeploying the previous tag, not by reverting commits.',
        'status',
        False,
    ),
    ('All done.', 'status', True),
    (
        'Decision: the API gateway handles auth; services trust the forwarded identity header.',
        'label',
        False,
    ),
    (
        '**Step 3**: Fix `resetState` — move it behind a ref so the effect never re-runs.',
        'label',
        True,
    ),
    ('我们最后选用了 Kafka 做消息队列。', 'zh_report', False),
    ('我们已经决定放弃 Python 2 的支持。', 'zh_report', False),
    ('修复了 reconnection storm，不再无限重连', 'zh_report', True),
    ("Let's stick with Alembic for migrations.", 'request', False),
    ("let's push and re-test", 'request', True),
    (
        'Per the repo verification guide, I’m rebuilding before running source CLI evals.',
        'cites_rule',
        True,
    ),
    ('The linter requires exhaustive switch cases.', 'cites_rule', True),
    (
        'I see the project already uses `forbidigo` for banning dangerous patterns.',
        'cites_rule',
        True,
    ),
    ('导入已有的 `isMacOS` 工具函数（来自 `@/hooks/utils`，项目中已广泛使用）', 'cites_rule', True),
    # memory itself
    ('Now let me run fmt, lint, and tests per the CLAUDE.md instructions.', 'cites_rule', False),
    ("Let's see what the linter says.", 'cites_rule', False),
    # entire-cli: the moment's alternatives
    ('I like Option 1, from a enabling perspective:', 'option', True),
    ('**Option B: Propagate a warning flag**', 'option', True),
    ('Keep the retry option a user sets in the config file.', 'option', False),
    ('So our approach is exactly what the official documentation recommends!', 'cites_rule', False),
    ('Let me check if the linter flags it.', 'cites_rule', False),  # a question, not a rule
    ('Let me check whether the config allows empty values.', 'cites_rule', False),
    ('Let me see if the project already uses zod anywhere.', 'cites_rule', False),
    ('The AGENTS.md guidelines say to use pnpm.', 'cites_rule', False),  # the memory file itself
    ('Per the guidelines in CLAUDE.md we use pnpm.', 'cites_rule', False),
    ('代码已有一个 bug，需要修复。', 'cites_rule', False),  # a state, not a practice
    ('代码里已有的 `connectRef` / `disconnectRef` 的模式', 'cites_rule', True),  # kimi-cli, labeled
    ('Decisions: we use pnpm everywhere.', 'label', False),
    (
        '这就是代码里已有的模式，已知问题不多。',
        'zh_report',
        False,
    ),  # 已有, 已知: states, not work done
    ("Let's go with pnpm from here on.", 'narration', False),
    (
        'Uses offset 0 (matching the existing behavior of extracting ALL files).',
        'cites_rule',
        False,
    ),
    # agentv
    (
        "basically it doesn't require any core code change, it's just documentation..",
        'anaphora',
        True,
    ),
    # context-evaluator
    ('They need to be reusable from `RemediateTab.tsx` as well.', 'anaphora', True),
    ("That explains why there's no PostCommit entry.", 'anaphora', True),  # entire-cli
    # a finding, no referent
    ('It turned out the cron job ran in local time, not UTC.', 'anaphora', False),
    ('It is important to pin the toolchain version.', 'anaphora', False),
    ('This repo uses pnpm workspaces.', 'anaphora', False),  # the project, named
    ('Thin wrappers around the SDK live in `clients/`.', 'anaphora', False),
    # a task
    (
        'Mention that skills can contain additional documentation about project structure.',
        'step',
        True,
    ),
    ('start claude and run a prompt -> error appears', 'step', True),  # repro steps
    ('provide a link to your Playground website please', 'step', True),
    ('Go with Terraform for the new infrastructure, not Pulumi.', 'step', False),  # a decision
    ('Retry webhook tests locally with stripe-cli, not by hand.', 'step', False),  # a convention
    ('Prefer pathlib over os.path in new code.', 'step', False),
    ('what did byok get replaced with', 'ask', True),  # agentv, the user
    (
        'any examples from other eval frameworks to understand what problem we are solving',
        'ask',
        True,
    ),
    ('is this different from mv', 'ask', True),
    # a condition
    ("When a subagent runs `git commit`, there's no TTY, so the fast path fires.", 'ask', False),
    # a consequence, no subject
    ('Would require prompting Claude to run `git rebase`', 'ask', False),
    ('Any variables written to this file are exported to later commands.', 'ask', False),
    ('I want you to rename the flag everywhere.', 'request', True),
    ('I want you to rename the flag everywhere.', 'stance', False),
    ('I want small commits, one change each.', 'stance', True),
    # the contraction joins the pronoun: sessions.txt and holdout2.txt, the user, kept
    ("I'd rather see a failing test than a skipped one.", 'stance', True),
    ("i'd rather ship smaller releases more often", 'stance', True),
    # flutter-docker-image, the assistant: not the sentence's opening stance
    ("So it reads as out of scope — but that spec is four days old and written to close a hazard "
     "you'd just hit, so I'd rather you confirm than have me infer.", 'stance', False),
    # agentv, the user: mid-sentence
    ('In PR we removed the details about how to claim issues.', 'report', True),
    ("we had a go fmt error, I've fixed - commit it please", 'report', True),  # entire-cli
    # a thing did it, not the speaker
    ('The fix removed the lock, so readers never block.', 'report', False),
]


@pytest.mark.parametrize(('sentence', 'name', 'shown'), CUES)
def test_each_cue_catches_what_it_names_and_not_its_look_alikes(
    sentence: str, name: str, shown: bool
) -> None:
    assert (name in evidence.phrases(sentence)) == shown


def test_a_typographic_apostrophe_is_read_as_typed_and_proposed_as_written() -> None:
    [p] = run(('user', 'We don’t deploy on Fridays.')).proposed
    assert p.text == 'We don’t deploy on Fridays.'
    everything = Settings(threshold=0.0)
    assert (
        run(
            ('user', 'I’ll check the logs, the job always fails there.'), settings=everything
        ).stats['noise:narration']
        == 1
    )


def test_a_pasted_review_finding_speaks_with_the_reviewers_voice_not_the_users() -> None:
    """entire-cli's user pastes Cursor Bugbot findings (verbatim): a line naming a severity makes
    the turn a finding, a defect of the change in view, not a standing fact; the same words typed by
    the user are the user's."""
    claim = 'This means wrapper hooks can never be uninstalled or force-replaced through the CLI.'
    finding = ('Wrapper script hooks not recognized for removal/uninstall\n\nHigh Severity\n\n'
               f'The new localDev mode installs hooks. {claim}')
    everything = Settings(threshold=0.0, max_add=100)
    [pasted] = [p for p in run(('user', finding), settings=everything).proposed if p.text == claim]
    assert '-finding' in signed(pasted) and '+user' not in signed(pasted)
    assert claim not in texts(run(('user', finding)))
    [typed] = [
        p
        for p in run(('user', f'Wrapper script hooks. {claim}'), settings=everything).proposed
        if p.text == claim
    ]
    assert '+user' in signed(typed)


@pytest.mark.parametrize(
    ('line', 'finding'),
    [
        ('High Severity', True),
        ('HIGH SEVERITY', True),
        ('Severity: low', True),
        ('⚠️ Potential issue', True),
        ('The severity of an alert is set in config.', False),
    ],
)
def test_a_finding_is_told_by_a_line_naming_its_severity(line: str, finding: bool) -> None:
    assert (
        placing.is_finding([('Title', '', True), (line, '', True), ('Body.', '', True)]) == finding
    )


def test_a_team_rule_weighs_as_the_teams_judgment() -> None:
    from memory_gate.config import make_rule

    adr = make_rule('adr', 'decision', r'\bADR-\d+ (?:accepted|approved)\b', '--signal')
    turns = (
        ('user', 'Can you check?'),
        ('assistant', 'ADR-12 accepted: event sourcing for orders.'),
    )
    [p] = run(*turns, settings=Settings(signal_rules=(adr, *DEFAULT.signal_rules))).proposed
    assert p.rule == 'adr' and '+own_rule' in signed(p)
    assert (
        texts(
            run(
                *turns,
                settings=Settings(signal_rules=(adr._replace(own=False), *DEFAULT.signal_rules)),
            )
        )
        == []
    )


def test_only_the_items_of_a_decisions_list_are_decisions() -> None:
    plan = (
        'Implement the following plan:\n\n# Plan\n\n## Decisions\n\n'
        'The staging server has been flaky since Tuesday.\n\n'
        '- Cursor is NOT added as an evaluation provider\n'
    )
    lines = [
        json.dumps(
            {'type': 'user', 'message': {'role': 'user', 'content': plan}, 'sessionId': 's'}
        ).encode()
        + b'\n'
    ]
    result = build([Transcript('t.jsonl', lines)], Settings(threshold=0.0, max_add=100))
    listed = [p.text for p in result.proposed if 'decision_section' in names(p)]
    assert listed == ['Cursor is NOT added as an evaluation provider']


def test_a_pasted_report_with_key_decisions_is_not_the_users_list() -> None:
    report = (
        ' '.join(f'Worker {i} finished its task.' for i in range(14))
        + '\n\n## Key decisions\n\n- Use Redis for every cache\n'
    )
    result = run(('user', report), settings=Settings(threshold=0.0, max_add=100))
    assert all('decision_section' not in names(p) for p in result.proposed)


def test_the_assistants_own_key_decisions_are_its_account_not_decisions() -> None:
    """Only a list somebody approved is a list of decisions: the user's, or a plan the user
    approved."""
    assert placing.section('Key Design Decisions', approved=False) == 'why_section'
    answer = ('Done.\n\n### Key Design Decisions\n\n'
              '- Validates the `ToolUseID` format to ensure it comes from a real tool\n')
    result = run(
        ('user', 'Can you check the branch?'),
        ('assistant', answer),
        settings=Settings(threshold=0.0, max_add=100),
    )
    assert all('decision_section' not in names(p) for p in result.proposed)


def test_the_cjk_cues_are_the_ones_whose_pattern_holds_cjk_text() -> None:
    import re

    cjk = r'[\u3000-\u9fff\uff00-\uffef]'
    assert {name for name, pattern in cues.PHRASE_FEATURES if re.search(cjk, pattern)} == {
        name for name, words in cues.CJK_GATES.items() if any(re.search(cjk, w) for w in words)
    }


def test_a_heading_told_through_the_word_gates_is_told_as_without_them() -> None:
    import re

    headings = [
        *corpus_sentences(),
        'FİLES',
        'Next ſteps',
        'Key points',
        'What I changed',
        '验证方式',
        '为什么这样做',
        '背景',
    ]
    for heading in headings:
        ungated = (
            'why_section'
            if re.search(marks.WHY_SECTION_RE, heading)
            else 'do_section'
            if re.search(marks.DO_SECTION_RE, heading)
            else ''
        )
        assert placing.section(heading) in (ungated, 'decision_section'), heading


@pytest.mark.parametrize('heading', ['DECISIONS', '## Key Decisions', '决策'])
def test_a_decisions_heading_is_told_in_any_case(heading: str) -> None:
    assert placing.section(heading.lstrip('# ')) == 'decision_section'
    assert evidence.may_speak(f'{heading}\n- Cursor is not a provider', 'user')


def test_every_weight_points_the_way_its_cue_does() -> None:
    """The review prints the sign: a lasting cue never counts against a sentence, a moment cue never
    for it."""
    assert all(weights.WEIGHTS[n] >= 0 for n in cues.LASTING)
    assert all(weights.WEIGHTS[n] <= 0 for n in cues.MOMENT)


# --- the gates are sound: gated features are exactly the ungated ones
# -------------------------------


def ungated(sentence: str) -> list[str]:
    import re

    from memory_gate.text.sentences import plain_quotes

    return [
        name for name, pattern in cues.PHRASE_FEATURES if re.search(pattern, plain_quotes(sentence))
    ]


def corpus_sentences() -> list[str]:
    from pathlib import Path

    from memory_gate.text.sentences import split_sentences

    root = Path(__file__).resolve().parents[2]
    text = '\n'.join(
        p.read_text(encoding='utf-8')
        for p in sorted((root / 'benchmarks' / 'devset').glob('*.txt'))
    )
    found = [line[3:] for line in text.splitlines() if line[:3] in ('U> ', 'A> ', '.. ')]
    unfolded = [
        'ı prefer pnpm',
        'It was cauſed by a race.',
        'See line ٣ for it.',
        'PR #٥ is open',
        'All ٣ tests pass.',
    ]
    chinese = [
        s
        for path in sorted((root / 'tests' / 'transcripts').glob('claude-code/kimi-cli_*.jsonl'))
        for line in path.read_text(encoding='utf-8').splitlines()
        # kimi-cli: mostly Chinese
        for s in split_sentences(line.replace('\\n', '\n'))
        if not s.isascii()
    ]
    return [
        *found,
        *MUST_KEEP,
        *MUST_DROP,
        *split_sentences(RECOMMEND),
        *unfolded,
        *(s for s, _, _ in CUES),
        *chinese,
    ]


def test_gates_are_sound_on_the_corpus() -> None:
    import re

    for sentence in corpus_sentences():
        assert evidence.phrases(sentence) == ungated(sentence), sentence
        assert evidence.is_recommendation(sentence) == bool(
            re.search(lasting.RECOMMEND_RE, sentence)
        ), sentence


VOCAB = sorted(
    {w for gate in cues.GATES.values() for w in gate}
    | {
        'requires',
        'require',
        'expect',
        "don't",
        'I’m',
        'the',
        'linter',
        'Cache',
        'tests',
        'line',
        '42',
    }
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(VOCAB)
        | st.from_regex(r'[A-Za-z`*:#\-\[\]0-9 ’.,]{1,12}', fullmatch=True),
        max_size=12,
    ),
    st.sampled_from(['', '.', ':', '?', ' -- x']),
)
def test_gates_are_sound_on_generated_text(words: list[str], end: str) -> None:
    for sentence in (' '.join(words) + end, ' '.join(w.capitalize() for w in words) + end):
        assert evidence.phrases(sentence) == ungated(sentence), sentence


def test_a_marked_line_appended_to_a_real_session_is_proposed_and_the_plain_one_is_not() -> None:
    from pathlib import Path

    real = (
        Path(__file__).parents[1]
        / 'transcripts'
        / 'claude-code'
        / 'kimi-cli_entire_0860e52c3d41-2_v2.1.56.jsonl'
    )
    statement = (
        'integration tests need the local Postgres from docker compose; SQLite is not supported.'
    )

    def with_line(text: str) -> Result:
        record = {
            'type': 'assistant',
            'uuid': 'planted',
            'sessionId': 's',
            'isSidechain': False,
            'message': {'role': 'assistant', 'content': [{'type': 'text', 'text': text}]},
        }
        lines = real.read_bytes().splitlines(keepends=True) + [json.dumps(record).encode() + b'\n']
        return build([Transcript('s.jsonl', lines)], Settings(max_add=1))

    [marked] = with_line('Done with the cleanup.\nMemory: ' + statement).proposed
    assert (marked.text, marked.rule, marked.role) == (statement, 'marked', 'assistant')
    assert statement not in texts(with_line(statement))


# --- found in review: short turns, what a "yes" answers, injected blocks, order, candidates
# ------------


def test_a_short_turn_no_rule_fires_on_still_gives_its_marked_line_and_its_recommendation() -> None:
    [marked] = run(('assistant', 'Thanks.\nMemory: the staging db resets nightly at two.')).proposed
    assert (marked.text, marked.rule) == ('the staging db resets nightly at two.', 'marked')
    [accepted] = run(
        ('user', 'Which cache?'),
        ('assistant', 'I recommend Redis for the local cache.'),
        ('user', 'yes'),
    ).proposed
    assert (accepted.text, accepted.accepted_line) == ('I recommend Redis for the local cache.', 3)


def test_a_marked_line_is_one_statement_kept_even_when_conditional_and_bold_markers_count() -> None:
    result = run(
        (
            'assistant',
            'Memory: if the build fails with ENOSPC, clear the docker cache first. Then rerun it.\n'
            '**Memory:** the staging db resets nightly at two.',
        )
    )
    assert texts(result) == [
        'if the build fails with ENOSPC, clear the docker cache first. Then rerun it.',
        'the staging db resets nightly at two.',
    ]
    # no noise rule judges the agent's own line (issue 42): a question is proposed as written, for
    # the reviewer to decline
    assert texts(run(('assistant', 'Memory: is the staging db reset nightly?'))) == [
        'is the staging db reset nightly?'
    ]


def test_yes_accepts_only_the_last_assistant_turn() -> None:
    result = run(
        ('user', 'the build is failing, fix it'),
        ('assistant', 'We should look at the webpack config next.'),
        ('assistant', 'Found it: the loader was misconfigured.'),
        ('assistant', 'Shall I commit and push?'),
        ('user', 'yes'),
    )
    assert texts(result) == [] and result.stats['not_accepted'] == 1
    many = run(
        *[('assistant', f'I recommend cache tier {n} for the session store.') for n in range(60)],
        ('user', 'yes'),
    )
    assert texts(many) == ['I recommend cache tier 59 for the session store.']


def test_an_accepted_recommendation_that_names_its_choice_only_by_number_does_not_stand_alone() -> (
    None
):
    """entire-cli: "I'd suggest **option 2** (alphanumeric ratio) - ...", then "yes": the bullet
    would point at a list in a session nobody will reread. Said in its own words, the same choice is
    proposed."""
    assert (
        texts(run(('assistant', 'I recommend option 2 for the cache layer.'), ('user', 'yes')))
        == []
    )
    assert texts(run(('assistant', 'I recommend Redis for the cache layer.'), ('user', 'yes'))) == [
        'I recommend Redis for the cache layer.'
    ]


def test_acceptance_is_read_even_when_only_the_assistant_is_mined() -> None:
    turns = [('user', 'Which cache?'), ('assistant', RECOMMEND), ('user', 'go ahead')]
    [p] = run(*turns, settings=Settings(roles=frozenset({'assistant'}))).proposed
    assert p.accepted_line == 3


@pytest.mark.parametrize(
    'answer',
    [
        'ok',
        'sure',
        'go ahead',
        'yes, go ahead',
        "let's go with option 2",
        '可以的',
        '好的，就这么办',
    ],
)
def test_more_ways_to_say_yes(answer: str) -> None:
    assert evidence.is_acceptance(answer)


@pytest.mark.parametrize(
    'answer',
    [
        'Yes, but use Redis',
        'no',
        '不好',
        '',
        'ok but first explain why Redis over SQLite for this case',
    ],
)
def test_not_a_yes(answer: str) -> None:
    assert not evidence.is_acceptance(answer)


def test_a_marker_inside_an_injected_skill_block_or_a_pasted_turn_is_not_a_marker() -> None:
    skill = (
        "<skill>\nname: memory\n"
        "Remember: **If you don't store a memory, it is lost forever when the session ends.**\n"
        "</skill>\nfix the failing test"
    )
    assert [p for p in run(('user', skill)).proposed if p.rule == 'marked'] == []
    pasted = (
        ' '.join(f'Step {n}: wait for the worker.' for n in range(14))
        + '\nMemory: the worker pool is fixed at four.'
    )
    assert [p for p in run(('user', pasted)).proposed if p.rule == 'marked'] == []


def test_a_recommendation_weighed_late_keeps_its_place_in_the_diff() -> None:
    result = run(
        ('assistant', 'We should always use Postgres for persistence.'),
        ('assistant', 'Timestamps are always stored in UTC.'),
        ('user', 'hmm'),
        settings=Settings(threshold=0.0),
    )
    assert [p.line for p in result.proposed] == [1, 2]


def test_candidates_list_each_sentence_once_and_nothing_memory_holds() -> None:
    said = 'The worker always returns `None`.'
    turns = [
        ('assistant', said),
        ('assistant', said),
        ('assistant', 'The cache always returns `None`.'),
    ]
    listed = build(
        [Transcript('t.jsonl', [json.dumps({'role': r, 'text': t}).encode() for r, t in turns])],
        Settings(candidates=10),
        '- The cache always returns `None`.\n',
    ).below
    assert [p.text for p in listed] == [said]


# --- evidence a reviewer can read: the few cues that decided, in words; the features as data
# ------------


def test_the_review_line_says_the_few_cues_that_decided_in_words_beside_the_threshold() -> None:
    from memory_gate.review.proposals import why

    [p] = run(('user', 'We decided to use Postgres for all persistence, not SQLite.')).proposed
    line = why(p)
    assert f'score {p.score:.2f} (threshold {DEFAULT.threshold:.2f})' in line
    assert '[for: ' in line and 'in the voice of the user' in line and '"We decided"' in line
    # not "penalised for being a decision"
    assert 'kind_' not in line and 'picked as a decision' not in line
    assert ' · ' not in p.evidence and '+' not in p.evidence


def test_a_line_weighed_down_says_what_weighed_it_down() -> None:
    # (the assistant's "The flaky test was caused by ..." is a root cause stated as found: the
    # user's voice)
    [p] = run(
        ('assistant', 'The deploy failed because the health check ran first.'),
        settings=Settings(threshold=0.0),
    ).proposed
    assert (
        p.evidence.startswith('for: states a cause "because"')
        and 'against: said by the assistant' in p.evidence
    )


def test_json_carries_every_feature_with_its_weight_and_the_words_it_matched() -> None:
    from memory_gate.commands.build import json_result

    result = run(('user', 'Never push directly to main; every change goes through a pull request.'))
    [p] = json.loads(json_result(result))['proposed']
    assert p['threshold'] == DEFAULT.threshold
    by_name = {f['name']: f for f in p['features']}
    # the user's scope is a standing rule (evidence.form), shown with the words it was read from
    assert set(by_name) <= set(cues.FEATURES) and {'user', 'standing', 'kind_constraint'} <= set(
        by_name
    )
    assert all(f['weight'] == weights.WEIGHTS[f['name']] for f in p['features'])
    assert by_name['standing']['words'] == 'Never' and by_name['user']['words'] == ''
    weights_in_order = [abs(f['weight']) for f in p['features']]
    assert weights_in_order == sorted(weights_in_order, reverse=True)


@pytest.mark.parametrize(
    'frame',
    [
        # repiq's pasted Codex review
        '**P1 Badge** Key cache paths by hash\n\n{claim}\n\nUseful? React with 👍 / 👎.',
        '**coderabbitai**: 🛠️ Refactor suggestion\n\n{claim}',
        '│ {claim} │',  # a terminal UI's frame (m-gemini's pasted Gemini CLI box)
    ],
)
def test_a_turn_with_review_bot_furniture_or_a_tui_frame_is_pasted_however_short(
    frame: str,
) -> None:
    """A short user turn that carries a review bot's furniture or a terminal frame is pasted text;
    the same claim typed by the user, or with the ASCII pipe or the words 'P1' and 'useful', is the
    user's."""
    claim = ('The filename rule here is not one-to-one, '
             'so distinct valid targets must never share cache entries.')
    everything = Settings(threshold=0.0, max_add=100)
    [pasted] = [
        p
        for p in run(('user', frame.format(claim=claim)), settings=everything).proposed
        if claim in p.text
    ]
    assert '+user' not in signed(pasted)
    for typed in (claim, f'The P1 fix is useful. {claim}', f'a | b. {claim}'):
        [own] = [p for p in run(('user', typed), settings=everything).proposed if claim in p.text]
        assert '+user' in signed(own)


def test_an_assistant_cause_weighed_as_the_users_is_not_said_to_be_the_users_voice() -> None:
    """The seed's root cause, said by the assistant, is weighed with the user's voice feature:
    the line says whose it is, never "in the voice of the user"."""
    said = 'The flaky invoice test was caused by a shared tmp dir between workers.'
    [p] = run(('assistant', said)).proposed
    assert p.role == 'assistant' and 'user' in [f.name for f in p.features]
    assert "the assistant's, weighed as the user's" in p.evidence
    assert 'in the voice of the user' not in p.evidence
    [q] = run(('user', said)).proposed
    assert q.evidence.startswith('for: in the voice of the user')


@pytest.mark.parametrize(('words', 'shown'), [
    ('The flaky invoice test was caused by', 'The flaky invoice test…'),
    ('We decided', 'We decided'),
    ('x' * 30, 'x' * 24 + '…'),
    ('a shared tmp dir, between workers', 'a shared tmp dir…'),
])
def test_matched_words_are_cut_at_a_word_and_marked(words: str, shown: str) -> None:
    assert reasons.shortened(words) == shown
    assert len(shown) <= reasons.SHOWN_WORDS + 1
