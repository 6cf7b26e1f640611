"""What the reading marks in a text beyond a sentence's cues: what a decision turns away from,
the `Memory:` markers and the ask that asks for them, an acceptance, a findings list, and the
section headings of a plan or a review."""
from __future__ import annotations

from memory_gate.reading.rules import languages

# What a decision turns away from (supersede.py: a later decision of the user's that turns away
# what an earlier one chose replaces it): "parquet instead of pickle", "rather than Redis", "drop
# pickle", "no more Celery", "moving off Heroku", "pickle is out", "Kafka is off the table",
# "不用 Redis 了", "Redis 不要了". / not: "in favour of parquet" (what it turns to), a bare "not":
# in the real sessions "X, not Y" contrasts two readings ("a value change, not a rename"; "Two cache
# shapes, not three"), and taken as a turning away it dropped 10 decisions none of which was
# replaced.
_AWAY = r"`?([\w.+#/-]+)`?"
TURNED_AWAY_RE = (r'(?i)\b(?:instead of|rather than|no more|no longer|drop(?:ping|ped)?|ditch(?:ing)?'
                  r'|away from|(?:move|moving|moved|switch(?:ing|ed)?|migrat(?:e|ing|ed)) (?:off|from)'
                  r'|replac(?:e|ing|ed)) (?:the |a |an |using |use |with )?' + _AWAY
                  + r'|' + _AWAY + r' (?:is|are) (?:out|off the table|gone)\b'
                  + r'|不用\s*' + _AWAY + r'\s*了|' + _AWAY + r'\s*不要了')
TURNED_AWAY_SKIP = frozenset((
    'the', 'this', 'that', 'these', 'those', 'now', 'yet', 'sure', 'just', 'only', 'really', 'any',
    'all', 'one', 'new', 'our', 'your', 'its', 'too', 'here', 'there', 'more', 'much', 'even',
    'always', 'ever', 'used', 'using', 'being', 'doing', 'needed', 'required', 'allowed', 'needed',
))

# Explicit memory: a line of someone's own words that marks a statement for memory, as agents
# write it: plain, bold or in a code span, opening a line, a list item or a quote.
# Must catch: "Memory: the staging DB is reset nightly." "**Memory:** use pnpm." "`Memory:` use pnpm."
# "- Memory: ...", "> Memory: ...", "记住：时间一律用 UTC。"
# Must not: "4. Memory: unbounded data structures" in a review checklist (its other items are labels
# too: placing.is_checklist).
# The marker's own wrapping (`**Memory:**`, `` `Memory:` ``, `**Memory**:`) is cut with it; what
# follows is the statement as written: in "Memory: `hk test` exits 0" the span's backtick is the
# statement's, in "Memory: **Never** push to main" the bold is.
_MARKER = (r'(?P<wrap>\*\*|\*|__|`)?(?:memory|remember|durable'
           r'|note for (?:agents|claude|gemini)\.md|for (?:agents|claude|gemini)\.md'
           r'|(?:agents|claude|gemini)\.md|记住|记忆|备忘|' + languages.MARKERS + ')'
           r'(?:(?P=wrap)\s*[:：]|\s*[:：]\s*(?P=wrap)?)\s*(?=\S)')
# at the start of a line (placing.placed knows which sentences open one)
MARKER_RE = '(?i)^' + _MARKER
# somewhere in a turn, in a list item or quote too: then the turn is never screened out whole
MARKER_ANY_LINE_RE = r'(?im)^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)]|>)[ \t]+)*' + _MARKER
# A marked line that says nothing lasts, as the ask invites: it proposes nothing (counted
# 'marked_none'). Must catch: "Memory: none", "**Memory:** None.", "Memory: (none)", "Memory: nothing
# new", "Memory: n/a", "记住：无", "Memory: 없음", "Memory: なし". Must not: "Memory: none of the
# handlers retry", "Memory: nothing is cached across requests" (statements).
NOTHING_RE = (r'(?i)^[*_`(\[]*(?:none|nothing(?: new| durable| lasting| to (?:add|note|remember))?'
              r'|n/?a|no new memory|无|没有|없음|なし|特になし|ninguno|nada|nenhum)'
              r'[*_`)\].。!！]*$')
# A list item that opens with a label: in a list mostly made of them, "Memory:" is one more category.
# Must catch: "Hot-path bloat: new blocking work", "File: `~/.cache`". Must not: "sync runs nightly".
LABEL_ITEM_RE = r"^[*`]{0,2}[^\W\d_][\w'/ .()&+-]{0,38}?[*`]{0,2}\s*[:：]"
# What `memory-gate snippet` prints, for a team to paste into its AGENTS.md (the tool never writes
# it there).
SNIPPET = """\
## Durable findings

When you learn what a future session should act on (a decision and what it replaced, a
constraint, a root cause, a convention, how the system works), state it on its own line
starting with `Memory:`, one fact a line, in the project's terms, with its reason:

Memory: integration tests need the local Postgres from `docker compose up db`; SQLite is not supported.

memory-gate proposes them for review. Nothing about what you did, this machine, this checkout's
state or the harness; a one-off instruction is not a rule.
"""

# The user accepting what the assistant just recommended, as a whole short turn: "yes", "agreed",
# "go with that", "好". The whole turn is made of these: "yes", "ok, go ahead", "sounds good, do
# it", "let's go with option 2", "好的，就这么办".
# Must not: "Yes, but use Redis", "no", "不好" (a word outside the set).
ACCEPT_RE = (r"(?i)(?:(?:yes|yep|yeah|yup|sure|ok|okay|agreed|agree|sounds good|perfect|great"
             r"|makes sense|lgtm|approved?|please|thanks|thank you|go ahead|go for it|do it|do that"
             r"|ship it|let's do (?:it|that|this)|let's go"
             r"|(?:let's )?go with (?:that|it|this|option \w+|your \w+|\w+)"
             r"|好的?|可以的?|就这样|就这么办|同意|行|没问题)"
             r"[\s,.!?;:~，。！、…-]*)+")

# A code-review finding pasted into the conversation (Cursor Bugbot, CodeRabbit, a reviewer's
# comment): a line of its own naming a severity. What it says is a defect of the change in view, to
# be fixed: "High Severity", "Severity: medium", "⚠️ Potential issue". Not: "the severity of an
# alert is set in the config" (not a line of its own).
FINDING_LINE_RE = (r'(?i)^\W*(?:(?:critical|high|medium|low|minor|major) severity'
                   r'|severity\s*[:：]\s*\w+|potential issue)\W*$')

# The heading a sentence sits under says what kind of text it is. Background, reasons and decisions
# last: "## Context", "### Root cause", "**Key decisions**". Steps, file lists, checks and summaries
# do not: "## Changes", "### Verification", "## Summary", "Fix 2: Guard aggregation". A heading that
# names what is under it as decisions: "## Decisions", "### Key Decisions", "## Design decisions",
# "Key technical decisions:". Not: "#### PreToolUse decision" (a heading about one hook's output
# field).
_DECISIONS = (r'[^\w\n]*(?:(?:(?:key|main|major|important|design|technical|architectural'
              r'|architecture|product|final)\s+)*'
              r'(?:decisions|decided)\b|决策|决定)')
DECISION_SECTION_RE = r'(?i)^' + _DECISIONS
# somewhere in a turn: then it is never screened out whole
DECISION_HEADING_ANY_LINE_RE = r'(?im)^' + _DECISIONS
WHY_SECTION_RE = (r'(?i)\b(?:context|background|problem|root cause|cause|why|rationale|decisions?'
                  r'|design|approach|architecture|constraints?|conventions?|notes?|goal|overview'
                  r'|how it works|key (?:points|facts|findings))\b'
                  r'|背景|原因|决策|设计|约定|架构')
DO_SECTION_RE = (r'(?i)\b(?:changes?|steps?|deliverables?|what to (?:produce|build|deliver|do)'
                 r'|expected output|implementation|files?(?: to (?:change|modify))?|verification'
                 r'|verify|testing|tests?|tasks?|todo|plan|summary'
                 r'|what (?:was|i) (?:changed|did|fixed)|next steps?|fix \d+|phase \d+|step \d+|results?|status|review)\b'
                 r'|修改|步骤|验证|测试|总结|计划')
# Every WHY_SECTION_RE or DO_SECTION_RE match holds one, lowered (ı, ſ, İ's U+0307: (?i) folds them,
# .lower() does not).
SECTION_WORDS = (
    'context', 'background', 'problem', 'cause', 'why', 'rationale', 'decision', 'design',
    'approach', 'architecture', 'constraint', 'convention', 'note', 'goal', 'overview',
    'how it works', 'key ', '背景', '原因', '决策', '设计', '约定', '架构',
    'change', 'step', 'implementation', 'file', 'verif', 'test', 'task', 'todo', 'plan', 'summary',
    'what ', 'fix ', 'phase ', 'result', 'status', 'review', 'deliverable', 'expected output',
    '修改', '步骤', '验证', '测试', '总结', '计划', '\u0131', '\u017f', '\u0307',
)
