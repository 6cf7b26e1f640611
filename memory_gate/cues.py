"""Cues as data: the phrase families evidence.py weighs, each with what it must catch and what it must not.

Every family is a named pattern (`*_RE`, case-insensitive by its leading (?i), compiled on first use) and a
gate of tokens (GATES) without which it cannot match, so most sentences try few patterns. A team that
extends the judgment touches this module and refits the weights (benchmarks/fit_weights.py).
"""
from __future__ import annotations

import re

# --- lasting: the sentence claims to hold beyond this session ---------------------------------
# Generic scope: "Always run the linter." "以后都用 UTC。" / not: "It always returns None" (weighed, not vetoed).
SCOPE_RE = (r'(?i)\b(?:always|never|every time|whenever|from now on|going forward|from here on|in future|by default|'
            r'in this (?:repo|repository|project|codebase)|across the (?:repo|codebase)|as a rule)\b|以后|今后|每次|统一|一律|始终|永远|默认')
# Normative modality: "must", "should not", "is required", "不要", "必须".
MODAL_RE = r"(?i)\b(?:must|mustn't|should(?:n't)?|shall|has to|have to|is required|are required|is not allowed|are not allowed)\b|不要|必须|应该|禁止|不能|不得|不允许"
# A decision that names the alternative: "X instead of Y", "rather than", "not X but Y", "而不是".
ALTERNATIVE_RE = r'(?i)\b(?:instead of|rather than|in favou?r of|over (?:the|a|an)\b|not (?:the|a|an|to)\b)|而不是|而非|不用|代替|取代'
# A cause stated as fact: "because", "caused by", "the root cause", "so that", "otherwise", "导致", "因为".
CAUSE_RE = r'(?i)\b(?:because|caused by|due to|root cause|the (?:problem|issue|bug) (?:is|was)|so that|otherwise|which means|since)\b|导致|因为|原因|所以|否则'
# The speaker cites a rule the project has written down, or a practice it follows: "per repo rules I rebuild first",
# "the linter requires exhaustive switch cases", "the repo's own rule that says not to push to main", "as CONTRIBUTING
# asks", "the project already uses forbidigo for banning dangerous patterns", "项目中已广泛使用".
# Not: "the official docs recommend ..." (somebody else's docs), "matching the existing behaviour" (no rule named),
# "let me check if the linter flags it" (a question, not a rule), the memory file itself ("per the CLAUDE.md
# instructions", "the AGENTS.md guidelines say": what it says is in memory already).
_RULE_SOURCE = (r"(?:(?:repo|repository|project|team|codebase)(?:'s)? (?:own )?(?:\w+ )?(?:rules?|guides?|guidance|conventions?|"
                r"polic(?:y|ies)|checklist|guidelines?|workflow)|linter(?: config)?|lint (?:config|rules?)|config|style guide|"
                r"shipping checklist|contributing(?:\.md)?|guidelines?)\b(?! (?:in|of|from) (?:the )?(?:agents|claude|gemini)\.md)")
_NOT_ASKED = r"(?<!if the )(?<!whether the )(?<!what the )(?<!\.md )(?<!if )(?<!whether )(?<!what )"
_PER_RULE = r"\b(?:per|as required by|required by|according to|in line with|respect(?:ing)?|follow(?:ing|s)?) (?:the |this |our )?" + _RULE_SOURCE
_RULE_SAYS = (_NOT_ASKED + r"\b" + _RULE_SOURCE + r"(?: that)? (?:explicitly |also |clearly |only )?(?:says?|requires?|asks?|forbids?|"
              r"allows?|treats?|expects?|prohibits?|mandates?|disallows?|bans?|enforces?|flags?)\b")
_PROJECT_USES = (_NOT_ASKED + r"\b(?:the|this|our) (?:project|repo|repository|codebase)(?:'s)? (?:already |consistently )?"
                 r"(?:uses|follows|relies on)\b|(?:项目|代码|仓库)(?:中|里)?(?:(?:已经?|一直)(?:广泛)?(?:使用|采用|在用)|已有的)")
CITES_RULE = '|'.join((_PER_RULE, _RULE_SAYS, _PROJECT_USES))  # no flags: patterns.py's rules add their own
CITES_RULE_RE = '(?i)' + CITES_RULE
# Narration that names a rule by citing it ("I need to add a nolint directive (as required by the linter config)")
# is not noise; narration that merely mentions a config ("let me see whether the config allows it") still is.
CITED_RULE = '|'.join((_PER_RULE, _PROJECT_USES))
# One of these is in every match (the rule's cheap gate). The Chinese ones are the place word joined to 已 or 一直:
# 代码 and 项目 alone are in most Chinese sentences about code.
CITES_RULE_WORDS = ('rule', 'guide', 'guidance', 'convention', 'polic', 'checklist', 'guideline', 'workflow', 'lint', 'config',
                    'contributing', 'project', 'repo', 'codebase', '目已', '码已', '库已', '中已', '里已', '一直')

# A standing first-person stance from the user: "I prefer pnpm", "i no longer use prek", "我习惯".
STANCE_RE = r"(?i)^(?:i|we) (?:prefer|like|want(?! you\b)|don't want|do not want|no longer|never|always|usually|tend to|would rather|'d rather)\b|^我(?:们)?(?:偏好|喜欢|习惯|希望|倾向)"
# A team's habit stated in the present: "we use", "our CI runs", "the team ships on Fridays".
TEAM_RE = r"(?i)\b(?:we(?:'ve| have)? (?:decided|chose|agreed|settled on|went with|picked|standardi[sz]ed on|use|keep|store|run|ship|deploy|release|prefer|follow|avoid|don't|do not|never|always)|our (?:\w+ ){0,2}(?:is|are|uses?|runs?)|the team)\b|我们(?:用|使用|统一|约定)"
# A rule, contract or design named as such: "the repo rule", "a public contract", "the source of truth", "by design".
RULE_NOUN_RE = (r'(?i)\b(?:(?:repo|repository|project|team|workflow|coding|naming|coordination) (?:rules?|conventions?|policy)|'
                r'conventions?|polic(?:y|ies)|contract|invariant|source of truth|by design|guidelines?|checklist|the pattern is|'
                r'single source)\b|约定|规范|惯例|原则')
# How the system works, said in the generic present of a thing, not a person: "The linter requires exhaustive
# switch cases." "graders consume the normalized trajectory" / not: "I need a new page" (a person acting).
WORKS_RE = (r"(?i)^(?!(?:i|we|you|let|let's|it|this|that|here|there)\b)(?:[\w`'./@-]+ ){1,5}(?:requires?|expects?|forbids?|"
            r"consumes?|owns?|enforces?|rejects?|accepts?|treats?|reads?|writes?|stores?|lives?|becomes?|depends on|"
            r"never|always|only|must|cannot|can't|won't|doesn't|does not|do not|don't)\b")
# The speaker or the listener in person: "I think", "my change", "you can see", "your branch".
PERSON_RE = r"(?i)\b(?:i|i'm|i've|i'll|i'd|me|my|you|your|you'll|you're)\b|我(?!们)|你"  # 我们 is the team
# Past events, anywhere in the sentence: "it was", "they were", "had been", "did not".
PAST_RE = r"(?i)\b(?:was|were|did|didn't|had|hadn't|went|got|saw|came|became|broke|failed|happened)\b|之前|刚刚|当时"
# A shell command or a log line pasted as prose: "bun agentv eval run x.yaml --dry-run", "[OpenAI Codex] Attempt 1/3 failed".
# The command is lowercase, as typed, and followed by an argument, not by English: "Go with Terraform" and
# "Python is pinned to 3.12" are statements, and so is a flag named mid-sentence ("CI passes --frozen-lockfile").
# A terminal glyph (➜ ❯ │ ╭ ╰) is a pasted terminal.
COMMAND_RE = (r'(?i)^(?-i:bun|npm|npx|pnpm|yarn|git|go|mise|make|python3?|pip|uv|cargo|docker|kubectl|gh|curl|cd|ls|cat)\s+'
              r'(?!(?:with|is|are|was|were|to|for|the|a|an|and|or|of|in|on|it|this|that|back|ahead|through|over|away|out|'
              r'up|down|into|from|by|as|at|should|must|will|can)\b)\S+|^\[[^\]]{2,40}\]|[➜❯│╭╰]')
# A question without its question mark: "what did byok get replaced with", "is this different from mv", "any
# examples from other eval frameworks". A wh-word asks when an auxiliary follows it, an auxiliary when a subject
# follows it. Not: "When a subagent runs `git commit`, there's no TTY" (a condition), "Would require prompting
# Claude" (no subject: a consequence), "Any variables written to this file are exported" (a statement).
_AUX = 'is|are|was|were|does|do|did|can|could|would|will|should|has|have'
ASK_RE = (r"(?i)^(?:(?:what|why|how|where|when|which|who|whose)(?: \w+)? (?:" + _AUX + r"|happens?)\b|(?:" + _AUX +
          r") (?:it|this|that|these|those|there|the|we|you|i|they|a|an|my|our|your|any|someone|anyone|anything|everything|"
          r"something)\b|any (?:ideas?|thoughts?|suggestions?|examples?|updates?|news|progress|questions?|concerns?)\b)|吗$|么$")
# A request to do something now: "please", "can you", "I want you to", "commit it", "let's do length only", "帮我".
# "Let's" with a choice ("let's stick with Alembic", "let's go with pnpm") is a decision, neither request nor narration.
_CHOICE = r"(?! (?:go with|stick with|stay with|keep using|standardi[sz]e on|settle on|adopt|use)\b)"
REQUEST_RE = r"(?i)\b(?:please|pls|can you|could you|would you|(?:i|we) (?:want|need|would like|'d like) you to|(?:let's|lets)" + _CHOICE + r"|go ahead|commit it|push it|merge it)\b|帮我|请你?|给我"
RECOMMEND_WORDS = ('recommend', 'suggest', 'propose', 'go with', 'best option', 'option', 'should', '建议', '推荐')
# A recommendation, which becomes a decision when the user accepts it in the next turn.
RECOMMEND_RE = r"(?i)\b(?:i(?:'d| would)? (?:recommend|suggest|propose)|my recommendation|i'd go with|the best option|option [a-c1-3]\b|we should|you should)\b|建议|推荐"

# --- of the moment: a report on the work in view, not a fact to keep ---------------------------
# Past-tense work reports: "Fixed and pushed 1dda1ed.", "Removed the unused import.", "I've added ...", and
# mid-sentence "In PR we removed the details", "we had a go fmt error, I've fixed".
REPORT_RE = (r"(?i)(?:^|\b(?:i|we)(?:'ve| have| just| also)? )(?:fixed|added|removed|updated|documented|created|implemented|changed|"
             r"renamed|moved|deleted|merged|pushed|committed|refactored|replaced|wrote|ran|verified|confirmed|found|caught|"
             r"corrected|cleaned|resolved|rebased|bumped|reverted|dropped|introduced|extracted|converted|marked|restored|"
             r"simplified|applied|reworked|tightened|wired|switched|tested|checked|reviewed)\b|\b(?:has|have) been\b")
# Chinese completion markers: "已修复", "修复了", "完成了".
# Not a choice made: "我们已经决定放弃", "选用了 Kafka" (a decision said in the perfect is still a decision), nor
# a state: "已有的模式" (the existing pattern), "已知" (known).
ZH_REPORT_RE = r'已(?!经?(?:决定|选|采用|改用|有|知|广泛))\w|(?![选用定])\w了[，。,.\s]|了$|完成'  # \w, not a CJK range: compiles in 0.3 ms, not 8
# The agent narrating its own moves: "I'm checking", "Let me", "Next I'll", "Now I".
# "We're switching to ruff" is the team deciding, not the agent narrating: "we're" is not a narration cue.
NARRATION_RE = (r"(?i)^(?:(?:now|next|then|first|ok(?:ay)?|great|good|done)[,:]? )?(?:i(?= )(?! (?:prefer|like|love|hate|dislike|want|would rather|usually|always|never|tend)\b)|"
                r"i'm|i am|i'll|i will|i need|i've|let me|let's" + _CHOICE + r"|we'll)\b|^(?:我先|我来|让我|接下来|现在我|用户)")
# Status: "All 1274 tests pass.", "No debug logs remain.", "lint passed", "所有检查通过".
STATUS_RE = (r'(?i)\b(?:pass(?:es|ed|ing)?|complete[d]?|done(?! (?:by|via|through|with|in|on|at)\b)|clean(?:ly)?|green|succeed(?:s|ed)?|successful(?:ly)?|ready|'
             r'looks good|lgtm|remain(?:s|ing)?|no (?:issues|failures|errors|regressions|changes|problems))\b|通过|成功|没有问题')
# Deixis: the sentence points at this moment or this change: "now", "this PR", "here", "这次", "现在".
DEIXIS_RE = (r'(?i)\b(?:now|currently|today|just|already|still|yet|at the moment|this (?:pr|branch|commit|session|change|'
             r'diff|run|time|file|function|test|fix|patch|task|issue|step)|these changes|here)\b|这次|现在|刚才|目前|先')
# Code locations: "line 2638", "runner.ts:928", a commit hash, "PR #123", "#6".
LOCATION_RE = r'(?i)\blines? \d+|第\s*\d+\s*行|\w\.\w{1,4}:\d+|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b|(?:pr|issue)? ?#\d+\b|\(\d+ ?(?:lines?|files?)\)'
# Counts of things in view: "3 tests", "all 4 files", "12 callers".
COUNT_RE = r'(?i)\b(?:all )?\d+ (?:tests?|files?|places?|callers?|call sites?|errors?|warnings?|issues?|commits?|checks?|changes?|occurrences?|packages?)\b'
# A label or heading: "**Step 3**: ...", "**Goal**:", "Summary:", "代码质量（同步修复）".
# Not a label that names a lasting kind: "Decision: ...", "Settled: ...", "Root cause: ...", "Convention: ...".
_LASTING_LABEL = r'(?!\**(?:decisions?|decided|settled|agreed|verdict|conclusion|resolution|rules?|conventions?|constraints?|root cause|cause)\b)'
LABEL_RE = r'(?i)^' + _LASTING_LABEL + r'(?:\*\*[^*]{1,60}\*\*\s*[:：—–-]?|[\w /`-]{1,40}[:：]\s)|[:：]$'
# A plan step or one-off request that opens with a bare verb: "Run `bun run test`", "Mirror: add ...".
STEP_RE = (r'(?i)^(?:run|add|update|remove|check|create|fix|implement|replace|move|ensure|write|delete|rename|extract|mirror|'
           r'verify|switch|read|open|wire|call|pass|return|change|refactor|test|merge|push|commit|install|bump|export|import|'
           r'extend|handle|skip|drop|set|make|modify|introduce|register|adjust|include|document|reply|finish|complete|'
           r'mention|start|provide|explain|show|tell|describe|look|investigate|find|give|list|summarize|summarise|clarify|review|'
           r'analyze|analyse|debug|continue|proceed|generate|prepare|draft|fetch|rerun)\b')
# An option pointed at by its number or letter: "I like Option 1", "**Option B: Propagate a warning flag**". The
# options are the moment's alternatives; what lasts is the choice, said in its own words.
OPTION_RE = r'(?i)\boptions? (?:[1-9]\d?\b|(?-i:[A-C])\b|one\b|two\b|three\b)'
# A sentence whose subject points at what is in view: "basically it doesn't require any core code change", "This is
# pre-existing", "They need to be reusable from RemediateTab.tsx as well", "That explains why there's no PostCommit
# entry". A lasting statement names what it is about. Not: "It turned out the cron job ran in local time" (a finding),
# "It is important to pin the version" (no referent), "This repo uses pnpm" (the project, named).
ANAPHORA_RE = (r"(?i)^(?:(?:basically|so|but|and|also|ok|okay|well|yes|no|hmm|yeah|right|actually)[,:]? )?"
               r"(?:it|this|that|these|those|they)\b(?! (?:turns?|turned) out\b)(?! (?:repo|repository|project|codebase|team)\b)"
               r"(?!(?:'s| is) (?:important|necessary|required|essential|critical|best|better|safer|worth)\b)")
# Several code spans: a remark about the code in view ("`resetState` is the only unstable dep in `useLayoutEffect`").
CODE_SPANS_RE = r'`[^`]+`[^`]*`[^`]+`[^`]*`[^`]+`'

# Explicit memory: a line of someone's own words that marks a statement for memory.
# Must catch: "Memory: the staging DB is reset nightly." "Note for AGENTS.md: use pnpm." "记住：时间一律用 UTC。"
# Must not: "4. Memory: unbounded data structures" (a list item: the layout says so, see is_marked).
_MARKER = (r'\*{0,2}(?:memory|remember|durable|note for (?:agents|claude|gemini)\.md|for (?:agents|claude|gemini)\.md|'
           r'(?:agents|claude|gemini)\.md|记住|记忆|备忘)\*{0,2}\s*[:：]\s*\*{0,2}\s*(?=\S)')
MARKER_RE = '(?i)^' + _MARKER  # at the start of a line (evidence.placed knows which sentences open one)
MARKER_ANY_LINE_RE = '(?im)^[ \t]*' + _MARKER  # somewhere in a turn: then the turn is never screened out whole
# What `memory-gate snippet` prints, for a team to paste into its AGENTS.md (the tool never writes it there).
SNIPPET = """\
## Durable findings

When you learn something a future session should act on (a decision and what it replaced, a
constraint, the root cause of a failure, a convention, how a part of the system works), say it
in one sentence on a line of its own, starting with `Memory:`, for example:

Memory: integration tests need the local Postgres from `docker compose up db`; SQLite is not supported.

memory-gate proposes these lines for review when the session is committed. State the fact, not
what you did: no "I fixed", no line numbers, no "for now".
"""

# The user accepting what the assistant just recommended, as a whole short turn: "yes", "agreed", "go with that", "好".
# The whole turn is made of these: "yes", "ok, go ahead", "sounds good, do it", "let's go with option 2", "好的，就这么办".
# Must not: "Yes, but use Redis", "no", "不好" (a word outside the set).
ACCEPT_RE = (r"(?i)(?:(?:yes|yep|yeah|yup|sure|ok|okay|agreed|agree|sounds good|perfect|great|makes sense|lgtm|approved?|"
             r"please|thanks|thank you|go ahead|go for it|do it|do that|ship it|let's do (?:it|that|this)|let's go|"
             r"(?:let's )?go with (?:that|it|this|option \w+|your \w+|\w+)|好的?|可以的?|就这样|就这么办|同意|行|没问题)"
             r"[\s,.!?;:~，。！、…-]*)+")

# Which way each cue points, before any data: the fit (benchmarks/fit_weights.py) keeps the sign and learns the size.
LASTING = ('scope', 'modal', 'alternative', 'cause', 'stance', 'team', 'rule_noun', 'why_section', 'works', 'cites_rule')
MOMENT = ('report', 'zh_report', 'narration', 'status', 'deixis', 'location', 'count', 'label', 'step', 'ask',
          'request', 'command', 'heading', 'item', 'do_section', 'long_turn', 'person', 'past', 'finding', 'option',
          'anaphora')

PHRASE_FEATURES: tuple[tuple[str, str], ...] = (
    ('scope', SCOPE_RE), ('modal', MODAL_RE), ('alternative', ALTERNATIVE_RE), ('cause', CAUSE_RE),
    ('stance', STANCE_RE), ('team', TEAM_RE), ('report', REPORT_RE), ('zh_report', ZH_REPORT_RE),
    ('narration', NARRATION_RE), ('status', STATUS_RE), ('deixis', DEIXIS_RE), ('location', LOCATION_RE),
    ('count', COUNT_RE), ('label', LABEL_RE), ('step', STEP_RE), ('option', OPTION_RE), ('code_spans', CODE_SPANS_RE),
    ('rule_noun', RULE_NOUN_RE), ('cites_rule', CITES_RULE_RE), ('works', WORKS_RE), ('person', PERSON_RE), ('past', PAST_RE),
    ('command', COMMAND_RE), ('ask', ASK_RE), ('request', REQUEST_RE), ('anaphora', ANAPHORA_RE),
)
# Cheap gates: a feature's pattern can only match an ASCII sentence holding one of its tokens (a lowercase
# word, a digit, one of : ： * ` [ or a terminal glyph), so the pattern runs only then. A sentence with CJK text
# runs it also when it holds one of its CJK words (CJK_GATES). tests/evidence_test.py proves each gate sound.
_DIGITS = '0 1 2 3 4 5 6 7 8 9'
_REPORT_WORDS = ' '.join(re.findall(r'[a-z]+', REPORT_RE.split('(?:i|we)', 1)[1]))
GATES: dict[str, frozenset[str]] = {name: frozenset(words.split()) for name, words in {
    'scope': 'always never every whenever now forward here future default repo repository project codebase rule '
             '以后 今后 每次 统一 一律 始终 永远 默认',
    'modal': 'must mustn should shouldn shall has have required allowed 不要 必须 应该 禁止 不能 不得 不允许',
    'alternative': 'instead rather favor favour over not 而不是 而非 不用 代替 取代',
    'cause': 'because caused due root problem issue bug so otherwise means since 导致 因为 原因 所以 否则',
    'stance': 'i we 偏好 喜欢 习惯 希望 倾向', 'team': 'we our team 我们',
    'report': _REPORT_WORDS + ' has have been',
    'zh_report': '已 了 完成',
    'narration': 'i let we 我先 我来 让我 接下来 现在我 用户',
    'status': 'pass passes passed passing complete completed done clean cleanly green succeed succeeds succeeded '
              'successful successfully ready looks lgtm remain remains remaining no 通过 成功 没有问题',
    'deixis': 'now currently today just already still yet moment this these here 这次 现在 刚才 目前 先',
    'location': _DIGITS + ' 第',
    'count': _DIGITS,
    'label': '* : ：',
    'step': ' '.join(re.findall(r'[a-z]+', STEP_RE.split('(?:', 1)[1])),
    'option': 'option options',
    'code_spans': '`',
    'rule_noun': 'repo repository project team workflow coding naming coordination rule rules convention conventions '
                 'policy policies contract invariant truth design guideline guidelines checklist pattern single 约定 规范 惯例 原则',
    'cites_rule': 'rule rules guide guides guidance convention conventions policy policies checklist guideline guidelines '
                  'workflow linter lint config contributing project repo repository codebase 目已 码已 库已 中已 里已 一直',
    'works': ' '.join(w for v in re.findall(r'[a-z]+', WORKS_RE.split('){1,5}', 1)[1]) for w in (v, v.rstrip('s'))),
    'person': 'i m ve ll d me my you your re 我 你',
    'past': 'was were did didn had hadn went got saw came became broke failed happened 之前 刚刚 当时',
    'command': 'bun npm npx pnpm yarn git go mise make python python3 pip uv cargo docker kubectl gh curl cd ls cat [ ➜ ❯ │ ╭ ╰',
    'ask': 'what why how where when which who whose is are was were does do did can could would will should has have any 吗 么',
    'request': 'please pls can could would let lets go commit push merge want need like 帮我 请 给我',
    'anaphora': 'it this that these those they',
}.items()}
TOKEN_RE = r'[a-z]+|[0-9:：*`\[➜❯│╭╰]'
CJK_GATES = {name: tuple(w for w in words if not w.isascii()) for name, words in GATES.items()}  # looked for as they are
# Letters (?i) folds to an ASCII letter (dotless i, long s) and digits other than 0-9: the tokens cannot see them.
UNFOLDED_RE = r'[\u0131\u017f]|(?![0-9])\d'

# A code-review finding pasted into the conversation (Cursor Bugbot, CodeRabbit, a reviewer's comment): a line of
# its own naming a severity. What it says is a defect of the change in view, to be fixed: "High Severity",
# "Severity: medium", "⚠️ Potential issue". Not: "the severity of an alert is set in the config" (not a line of its own).
FINDING_LINE_RE = r'(?i)^\W*(?:(?:critical|high|medium|low|minor|major) severity|severity\s*[:：]\s*\w+|potential issue)\W*$'

# The heading a sentence sits under says what kind of text it is. Background, reasons and decisions last:
# "## Context", "### Root cause", "**Key decisions**". Steps, file lists, checks and summaries do not:
# "## Changes", "### Verification", "## Summary", "Fix 2: Guard aggregation".
# A heading that names what is under it as decisions: "## Decisions", "### Key Decisions", "## Design decisions",
# "Key technical decisions:". Not: "#### PreToolUse decision" (a heading about one hook's output field).
_DECISIONS = (r'[^\w\n]*(?:(?:(?:key|main|major|important|design|technical|architectural|architecture|product|final)\s+)*'
              r'(?:decisions|decided)\b|决策|决定)')
DECISION_SECTION_RE = r'(?i)^' + _DECISIONS
DECISION_HEADING_ANY_LINE_RE = r'(?im)^' + _DECISIONS  # somewhere in a turn: then it is never screened out whole
WHY_SECTION_RE = (r'(?i)\b(?:context|background|problem|root cause|cause|why|rationale|decisions?|design|approach|architecture|'
                  r'constraints?|conventions?|notes?|goal|overview|how it works|key (?:points|facts|findings))\b|背景|原因|决策|设计|约定|架构')
DO_SECTION_RE = (r'(?i)\b(?:changes?|steps?|deliverables?|what to (?:produce|build|deliver|do)|expected output|implementation|'
                 r'files?(?: to (?:change|modify))?|verification|verify|testing|tests?|tasks?|todo|plan|summary|'
                 r'what (?:was|i) (?:changed|did|fixed)|next steps?|fix \d+|phase \d+|step \d+|results?|status|review)\b|修改|步骤|验证|测试|总结|计划')
# Every WHY_SECTION_RE or DO_SECTION_RE match holds one, lowered (ı, ſ, İ's U+0307: (?i) folds them, .lower() does not).
SECTION_WORDS = tuple(('context|background|problem|cause|why|rationale|decision|design|approach|architecture|constraint|convention|'
                       'note|goal|overview|how it works|key |背景|原因|决策|设计|约定|架构|change|step|implementation|file|verif|test|'
                       'task|todo|plan|summary|what |fix |phase |result|status|review|deliverable|expected output|修改|步骤|验证|测试|总结|计划|\u0131|\u017f|\u0307').split('|'))
