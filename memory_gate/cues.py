"""Cues as data: the features evidence.py weighs, each declared once as a Cue in CUES.

A phrase cue is a named pattern (`*_RE`) with the gate of tokens without which it cannot
match; its word lists are declared once, for the pattern and the gate. A cue of place or voice
is named here too, so the feature vocabulary is one tuple: GATES, CJK_GATES, PHRASE_FEATURES,
LASTING and MOMENT derive from it. Each family says what it must catch and what it must not.
Add a cue: one `cue(...)` line here (and its word lists above it), then refit the weights
(`python -m benchmarks.fit_weights --write`).
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from memory_gate import languages
from memory_gate.typed import NamedTuple


class Cue(NamedTuple):
    """One evidence feature, declared once: every table of the judgment derives from CUES.

    A phrase cue has a pattern (case-insensitive by its leading (?i), compiled on first use)
    and a gate: the tokens (TOKEN_RE, on the lowered sentence) or CJK words without one of which
    the pattern cannot match, so most sentences try few patterns (tests/evidence_test.py proves
    each gate sound). A cue of place or voice has neither: evidence.features tells it from where
    the sentence sits. `leans` is the way it points before any data; the fit
    (benchmarks/fit_weights.py) keeps the sign and learns the size.
    """

    name: str
    pattern: str  # '' for a cue of place or voice
    gate: frozenset[str]
    leans: str  # LASTS | PASSES | '' (the data says which way)


LASTS, PASSES = 'lasting', 'moment'  # the two ways a cue can lean
# of a signal rule (patterns.Rule.kind)
KINDS = ('decision', 'constraint', 'root_cause', 'convention', 'preference')


def cue(name: str, pattern: str = '', gate: Iterable[str] = (), leans: str = '') -> Cue:
    """A cue; `gate` holds tokens and CJK words, or strings of them separated by spaces."""
    return Cue(name, pattern, frozenset(w for words in gate for w in words.split()), leans)


def tokens(words: Iterable[str]) -> tuple[str, ...]:
    """The lowercase ASCII words of a word list (its alternatives may hold spaces, ? and groups)."""
    return tuple(w for alternative in words for w in re.findall(r'[a-z]+', alternative))


def either(words: Iterable[str]) -> str:
    return '|'.join(words)


_DIGITS = '0 1 2 3 4 5 6 7 8 9'

# --- lasting: the sentence claims to hold beyond this session ---------------------------------

# scope, generic: "Always run the linter." "以后都用 UTC。" / not: "It always returns None"
# (weighed, not vetoed).
_SCOPE = (
    'always', 'never', 'every time', 'whenever', 'from now on', 'going forward', 'from here on',
    'in future', 'by default', 'in this (?:repo|repository|project|codebase)',
    'across the (?:repo|codebase)', 'as a rule',
)
_ZH_SCOPE = ('以后', '今后', '每次', '统一', '一律', '始终', '永远', '默认')
SCOPE_RE = (r'(?i)\b(?:' + either(_SCOPE) + r')\b|' + either(_ZH_SCOPE)
            + '|' + languages.either_pattern('scope'))  # and languages.py's
_SCOPE_GATE = ('always never every whenever now forward here future default '
               'repo repository project codebase rule')

# modal, normative: "must", "should not", "is required", "不要", "必须". / not: "I might" (no
# modal).
_MODAL = (
    'must', "mustn't", "should(?:n't)?", 'shall', 'has to', 'have to', 'is required',
    'are required', 'is not allowed', 'are not allowed',
)
_ZH_MODAL = ('不要', '必须', '应该', '禁止', '不能', '不得', '不允许')
MODAL_RE = (r'(?i)\b(?:' + either(_MODAL) + r')\b|' + either(_ZH_MODAL)
            + '|' + languages.either_pattern('modal'))
_MODAL_GATE = 'must mustn should shouldn shall has have required allowed'

# alternative, a decision that names it: "X instead of Y", "rather than", "not X but Y", "而不是".
# / not: "Use the cache." (no alternative named)
_ALTERNATIVE = (
    'instead of', 'rather than', r'in favou?r of', r'over (?:the|a|an)\b', r'not (?:the|a|an|to)\b',
)
_ZH_ALTERNATIVE = ('而不是', '而非', '不用', '代替', '取代')
ALTERNATIVE_RE = r'(?i)\b(?:' + either(_ALTERNATIVE) + ')|' + either(_ZH_ALTERNATIVE)
_ALTERNATIVE_GATE = 'instead rather favor favour over not'

# cause, stated as fact: "because", "caused by", "the root cause", "so that", "导致". / not: "Find
# out." (no cause)
_CAUSE = (
    'because', 'caused by', 'due to', 'root cause', 'the (?:problem|issue|bug) (?:is|was)',
    'so that', 'otherwise', 'which means', 'since',
)
_ZH_CAUSE = ('导致', '因为', '原因', '所以', '否则')
CAUSE_RE = r'(?i)\b(?:' + either(_CAUSE) + r')\b|' + either(_ZH_CAUSE)
_CAUSE_GATE = 'because caused due root problem issue bug so otherwise means since'

# cites_rule: the speaker cites a rule the project has written down, or a practice it follows: "per
# repo rules I rebuild first", "the linter requires exhaustive switch cases", "the repo's own rule
# that says not to push to main", "as CONTRIBUTING asks", "the project already uses forbidigo for
# banning dangerous patterns", "项目中已广泛使用". Not: "the official docs recommend ..." (somebody
# else's docs), "matching the existing behaviour" (no rule named), "let me check if the linter flags
# it" (a question, not a rule), the memory file itself ("per the CLAUDE.md instructions", "the
# AGENTS.md guidelines say": what it says is in memory already).
_RULE_SOURCE = (
    r"(?:"
    # the project's own written rules: "the repo's own verification guide", "team conventions"
    r"(?:repo|repository|project|team|codebase)(?:'s)? (?:own )?(?:\w+ )?"
    r"(?:rules?|guides?|guidance|conventions?|polic(?:y|ies)|checklist|guidelines?|workflow)"
    # its tools' configuration and its documents
    r"|linter(?: config)?|lint (?:config|rules?)|config|style guide|shipping checklist"
    r"|contributing(?:\.md)?|guidelines?"
    r")\b"
    r"(?! (?:in|of|from) (?:the )?(?:agents|claude|gemini)\.md)"  # not the memory file's own words
)
_NOT_ASKED = r"(?<!if the )(?<!whether the )(?<!what the )(?<!\.md )(?<!if )(?<!whether )(?<!what )"
_CITING = either((
    'per', 'as required by', 'required by', 'according to', 'in line with', 'respect(?:ing)?',
    'follow(?:ing|s)?',
))
_PER_RULE = r'\b(?:' + _CITING + r') (?:the |this |our )?' + _RULE_SOURCE
_RULE_VERBS = (
    'says?', 'requires?', 'asks?', 'forbids?', 'allows?', 'treats?', 'expects?', 'prohibits?',
    'mandates?', 'disallows?', 'bans?', 'enforces?', 'flags?',
)
_RULE_SAYS = (_NOT_ASKED + r'\b' + _RULE_SOURCE
              + r'(?: that)? (?:explicitly |also |clearly |only )?'
              + r'(?:' + either(_RULE_VERBS) + r')\b')
_PROJECT_USES = (
    _NOT_ASKED + r"\b(?:the|this|our) (?:project|repo|repository|codebase)(?:'s)? "
    r"(?:already |consistently )?"
    r"(?:uses|follows|relies on)\b"
    r"|(?:项目|代码|仓库)(?:中|里)?(?:(?:已经?|一直)(?:广泛)?(?:使用|采用|在用)|已有的)"
)
# no flags: patterns.py's rules add their own
CITES_RULE = '|'.join((_PER_RULE, _RULE_SAYS, _PROJECT_USES))
CITES_RULE_RE = '(?i)' + CITES_RULE
# Narration that names a rule by citing it ("I need to add a nolint directive (as required by the
# linter config)") is not noise; narration that merely mentions a config ("let me see whether the
# config allows it") still is.
CITED_RULE = '|'.join((_PER_RULE, _PROJECT_USES))
# One of these is in every match (the rule's cheap gate). The Chinese ones are the place word joined
# to 已 or 一直: 代码 and 项目 alone are in most Chinese sentences about code.
_ZH_CITES = ('目已', '码已', '库已', '中已', '里已', '一直')
CITES_RULE_WORDS = (
    'rule', 'guide', 'guidance', 'convention', 'polic', 'checklist', 'guideline', 'workflow',
    'lint', 'config', 'contributing', 'project', 'repo', 'codebase',
    *_ZH_CITES,
)
_CITES_RULE_GATE = ('rule rules guide guides guidance convention conventions policy policies '
                    'checklist guideline guidelines workflow linter lint config contributing '
                    'project repo repository codebase')

# stance, standing and first-person, from the user: "I prefer pnpm", "i no longer use prek",
# "我习惯".
# / not: "I want you to rename it" (a request).
_STANCE = (
    'prefer', 'like', r'want(?! you\b)', "don't want", 'do not want', 'no longer', 'never',
    'always', 'usually', 'tend to', 'would rather',
)
_ZH_STANCE = ('偏好', '喜欢', '习惯', '希望', '倾向')
# "I'd rather", "we’d rather": the contraction joins the pronoun (dev set: "i'd rather ship smaller
# releases more often").
STANCE_RE = (r"(?i)^(?:i|we)(?: (?:" + either(_STANCE) + r")|['’]d rather)\b"
             r'|^我(?:们)?(?:' + either(_ZH_STANCE) + ')'
             # and languages.py's preference words, first person by their form: "prefiro", "no quiero"
             + '|' + languages.either_pattern('preference'))

# team, a habit stated in the present: "we use", "our CI runs", "the team ships on Fridays". / not:
# "I use it".
_TEAM_VERBS = (
    'decided', 'chose', 'agreed', 'settled on', 'went with', 'picked', 'standardi[sz]ed on', 'use',
    'keep', 'store', 'run', 'ship', 'deploy', 'release', 'prefer', 'follow', 'avoid', "don't",
    'do not', 'never', 'always',
)
TEAM_RE = (r"(?i)\b(?:we(?:'ve| have)? (?:" + either(_TEAM_VERBS) + ')'
           r'|our (?:\w+ ){0,2}(?:is|are|uses?|runs?)'
           r'|the team)\b|我们(?:用|使用|统一|约定)')

# rule_noun, a rule, contract or design named as such: "the repo rule", "a public contract", "the
# source of truth", "by design". / not: "the rules engine returned 3" is still named (weighed, not
# vetoed); "a rule of thumb" too.
_RULE_NOUNS = (
    '(?:repo|repository|project|team|workflow|coding|naming|coordination) '
    '(?:rules?|conventions?|policy)',
    'conventions?', 'polic(?:y|ies)', 'contract', 'invariant', 'source of truth', 'by design',
    'guidelines?', 'checklist', 'the pattern is', 'single source',
)
_ZH_RULE_NOUNS = ('约定', '规范', '惯例', '原则')
RULE_NOUN_RE = r'(?i)\b(?:' + either(_RULE_NOUNS) + r')\b|' + either(_ZH_RULE_NOUNS)
_RULE_NOUN_GATE = ('repo repository project team workflow coding naming coordination rule rules '
                   'convention conventions policy policies contract invariant truth design '
                   'guideline guidelines checklist pattern single')

# works: how the system works, in the generic present of a thing, not a person: "The linter requires
# exhaustive switch cases." "graders consume the normalized trajectory" / not: "I need a new page"
# (a person acting).
_WORKS_VERBS = (
    'requires?', 'expects?', 'forbids?', 'consumes?', 'owns?', 'enforces?', 'rejects?', 'accepts?',
    'treats?', 'reads?', 'writes?', 'stores?', 'lives?', 'becomes?', 'depends on', 'never',
    'always', 'only', 'must', 'cannot', "can't", "won't", "doesn't", 'does not', 'do not', "don't",
)
WORKS_RE = (r"(?i)^(?!(?:i|we|you|let|let's|it|this|that|here|there)\b)(?:[\w`'./@-]+ ){1,5}"
            r'(?:' + either(_WORKS_VERBS) + r')\b')
# "requires?": require and requires
_WORKS_GATE = [w for v in tokens(_WORKS_VERBS) for w in (v, v.rstrip('s'))]

# recommend: a recommendation, which becomes a decision when the user accepts it in the next turn
# (not a feature: evidence.is_recommendation). "I'd recommend Redis." / not: "The docs recommend
# it."
RECOMMEND_WORDS = (
    'recommend', 'suggest', 'propose', 'go with', 'best option', 'option', 'should', '建议', '推荐',
)
RECOMMEND_RE = (r"(?i)\b(?:i(?:'d| would)? (?:recommend|suggest|propose)|my recommendation"
                r"|i'd go with|the best option|option [a-c1-3]\b|we should|you should)\b|建议|推荐")

# --- of the moment: a report on the work in view, not a fact to keep ---------------------------

# person: the speaker or the listener in person: "I think", "my change", "you can see", "your
# branch".
# / not: "我们决定" (我们 is the team).
PERSON_RE = r"(?i)\b(?:i|i'm|i've|i'll|i'd|me|my|you|your|you'll|you're)\b|我(?!们)|你"
# past: events, anywhere in the sentence: "it was", "they were", "had been", "did not". / not: "It
# is."
_PAST = (
    'was', 'were', 'did', "didn't", 'had', "hadn't", 'went', 'got', 'saw', 'came', 'became',
    'broke', 'failed', 'happened',
)
_ZH_PAST = ('之前', '刚刚', '当时')
PAST_RE = r'(?i)\b(?:' + either(_PAST) + r')\b|' + either(_ZH_PAST)

# command: a shell command or a log line pasted as prose: "bun agentv eval run x.yaml --dry-run",
# "[OpenAI Codex] Attempt 1/3 failed". The command is lowercase, as typed, and followed by an
# argument, not by English: "Go with Terraform" and "Python is pinned to 3.12" are statements, and
# so is a flag named mid-sentence ("CI passes --frozen-lockfile"). A terminal glyph (➜ ❯ │ ╭ ╰) is a
# pasted terminal.
_TOOLS = (
    'bun', 'npm', 'npx', 'pnpm', 'yarn', 'git', 'go', 'mise', 'make', 'python', 'python3', 'pip',
    'uv', 'cargo', 'docker', 'kubectl', 'gh', 'curl', 'cd', 'ls', 'cat',
)
_ENGLISH = (
    'with', 'is', 'are', 'was', 'were', 'to', 'for', 'the', 'a', 'an', 'and', 'or', 'of', 'in',
    'on', 'it', 'this', 'that', 'back', 'ahead', 'through', 'over', 'away', 'out', 'up', 'down',
    'into', 'from', 'by', 'as', 'at', 'should', 'must', 'will', 'can',
)
_TERMINAL = ('➜', '❯', '│', '╭', '╰')
COMMAND_RE = (r'(?i)^(?-i:' + either(_TOOLS) + r')\s+(?!(?:' + either(_ENGLISH) + r')\b)\S+'
              r'|^\[[^\]]{2,40}\]|[' + ''.join(_TERMINAL) + ']')

# ask: a question without its question mark: "what did byok get replaced with", "is this different
# from mv", "any examples from other eval frameworks". A wh-word asks when an auxiliary follows it,
# an auxiliary when a subject follows it. Not: "When a subagent runs `git commit`, there's no TTY"
# (a condition), "Would require prompting Claude" (no subject: a consequence), "Any variables
# written to this file are exported" (a statement).
_WH = ('what', 'why', 'how', 'where', 'when', 'which', 'who', 'whose')
_AUX_WORDS = (
    'is', 'are', 'was', 'were', 'does', 'do', 'did', 'can', 'could', 'would', 'will', 'should',
    'has', 'have',
)
_AUX = either(_AUX_WORDS)
_ASKED_OF = (
    'it', 'this', 'that', 'these', 'those', 'there', 'the', 'we', 'you', 'i', 'they', 'a', 'an',
    'my', 'our', 'your', 'any', 'someone', 'anyone', 'anything', 'everything', 'something',
)
_ASKED_FOR = (
    'ideas?', 'thoughts?', 'suggestions?', 'examples?', 'updates?', 'news', 'progress',
    'questions?', 'concerns?',
)
ASK_RE = (r'(?i)^(?:(?:' + either(_WH) + r')(?: \w+)? (?:' + _AUX + r'|happens?)\b'
          r'|(?:' + _AUX + r') (?:' + either(_ASKED_OF) + r')\b'
          r'|any (?:' + either(_ASKED_FOR) + r')\b)|吗$|么$')

# request: to do something now: "please", "can you", "I want you to", "commit it", "let's do length
# only", "帮我". "Let's" with a choice ("let's stick with Alembic", "let's go with pnpm") is a
# decision, neither request nor narration.
_CHOICE = (r'(?! (?:go with|stick with|stay with|keep using|standardi[sz]e on|settle on'
           r'|adopt|use)\b)')
REQUEST_RE = (r"(?i)\b(?:please|pls|can you|could you|would you"
              r"|(?:i|we) (?:want|need|would like|'d like) you to"
              r"|(?:let's|lets)" + _CHOICE + r'|go ahead|commit it|push it|merge it)\b'
              r'|帮我|请你?|给我')

# report: past-tense work, "Fixed and pushed 1dda1ed.", "Removed the unused import.", "I've added
# ...", and mid-sentence "In PR we removed the details", "we had a go fmt error, I've fixed".
# / not: "The fix removed the lock, so readers never block." (a thing did it, not the speaker)
_DONE = (
    'fixed', 'added', 'removed', 'updated', 'documented', 'created', 'implemented', 'changed',
    'renamed', 'moved', 'deleted', 'merged', 'pushed', 'committed', 'refactored', 'replaced',
    'wrote', 'ran', 'verified', 'confirmed', 'found', 'caught', 'corrected', 'cleaned', 'resolved',
    'rebased', 'bumped', 'reverted', 'dropped', 'introduced', 'extracted', 'converted', 'marked',
    'restored', 'simplified', 'applied', 'reworked', 'tightened', 'wired', 'switched', 'tested',
    'checked', 'reviewed',
)
REPORT_RE = (r"(?i)(?:^|\b(?:i|we)(?:'ve| have| just| also)? )(?:" + either(_DONE) + r')\b'
             r'|\b(?:has|have) been\b')
# zh_report, Chinese completion markers: "已修复", "修复了", "完成了". Not a choice made:
# "我们已经决定放弃", "选用了 Kafka" (a decision said in the perfect is still a decision), nor a
# state: "已有的模式", "已知" (known). \w, not a CJK range: 0.3 ms to compile, not 8
ZH_REPORT_RE = r'已(?!经?(?:决定|选|采用|改用|有|知|广泛))\w|(?![选用定])\w了[，。,.\s]|了$|完成'

# narration: the agent narrating its own moves: "I'm checking", "Let me", "Next I'll", "Now I".
# / not: "We're switching to ruff" (the team deciding: "we're" is not a narration cue), "I prefer
# tabs" (a stance).
_OPENERS = r'(?:now|next|then|first|ok(?:ay)?|great|good|done)[,:]? '
_STANDING = (
    'prefer', 'like', 'love', 'hate', 'dislike', 'want', 'would rather', 'usually', 'always',
    'never', 'tend',
)
_ZH_NARRATION = ('我先', '我来', '让我', '接下来', '现在我', '用户')
NARRATION_RE = (r'(?i)^(?:' + _OPENERS + r')?(?:i(?= )(?! (?:' + either(_STANDING) + r')\b)'
                r"|i'm|i am|i'll|i will|i need|i've|let me|let's" + _CHOICE + r"|we'll)\b"
                r'|^(?:' + either(_ZH_NARRATION) + ')')

# status: "All 1274 tests pass.", "No debug logs remain.", "lint passed", "所有检查通过".
# / not: "Rollbacks are done by redeploying the previous tag" (done by: how, not status).
_STATUS = (
    'pass(?:es|ed|ing)?', 'complete[d]?', r'done(?! (?:by|via|through|with|in|on|at)\b)',
    'clean(?:ly)?', 'green', 'succeed(?:s|ed)?', 'successful(?:ly)?', 'ready', 'looks good', 'lgtm',
    'remain(?:s|ing)?', 'no (?:issues|failures|errors|regressions|changes|problems)',
)
_ZH_STATUS = ('通过', '成功', '没有问题')
STATUS_RE = r'(?i)\b(?:' + either(_STATUS) + r')\b|' + either(_ZH_STATUS)
_STATUS_GATE = ('pass passes passed passing complete completed done clean cleanly green '
                'succeed succeeds succeeded successful successfully ready looks lgtm '
                'remain remains remaining no')

# deixis: the sentence points at this moment or this change: "now", "this PR", "here", "这次",
# "现在".
# / not: "Timestamps are stored in UTC." (nothing pointed at)
_IN_VIEW = (
    'pr', 'branch', 'commit', 'session', 'change', 'diff', 'run', 'time', 'file', 'function',
    'test', 'fix', 'patch', 'task', 'issue', 'step',
)
_ZH_DEIXIS = ('这次', '现在', '刚才', '目前', '先')
DEIXIS_RE = (r'(?i)\b(?:now|currently|today|just|already|still|yet|at the moment'
             r'|this (?:' + either(_IN_VIEW) + ')'
             r'|these changes|here)\b|' + either(_ZH_DEIXIS))
_DEIXIS_GATE = 'now currently today just already still yet moment this these here'

# local: the agent's own environment at the moment, where it ran or found something: "`cross` isn't installed locally,
# but the repo already uses mise-managed tools" (mise, dropped), "Both fixes now pass locally", "`shellcheck` isn't
# installed in this environment" (mise: 1 kept of 92 assistant sentences). Read in the assistant's voice only
# (evidence.form): the user's "Retry webhook tests locally with stripe-cli" (dev set) says where a rule applies.
# / not: "The cache lives in the local directory" (a place, not this machine).
LOCAL_RE = r'(?i)\blocally\b|\bin this (?:environment|sandbox|container|machine)\b|\bon this machine\b'
_LOCAL_GATE = 'locally environment sandbox container machine'

# location in code: "line 2638", "runner.ts:928", a commit hash, "PR #123", "#6". / not: "three
# lines of code"
LOCATION_RE = (r'(?i)\blines? \d+|第\s*\d+\s*行|\w\.\w{1,4}:\d+'
               # a commit hash: hex, with a digit and a letter
               r'|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b'
               r'|(?:pr|issue)? ?#\d+\b|\(\d+ ?(?:lines?|files?)\)')
# count of things in view: "3 tests", "all 4 files", "12 callers". / not: "3 retries at most" (a
# limit, not a count)
_COUNTED = (
    'tests?', 'files?', 'places?', 'callers?', 'call sites?', 'errors?', 'warnings?', 'issues?',
    'commits?', 'checks?', 'changes?', 'occurrences?', 'packages?',
)
COUNT_RE = r'(?i)\b(?:all )?\d+ (?:' + either(_COUNTED) + r')\b'

# label or heading: "**Step 3**: ...", "**Goal**:", "Summary:", "代码质量（同步修复）".
# Not a label that names a lasting kind: "Decision: ...", "Settled: ...", "Root cause: ...",
# "Convention: ...".
_LASTING_LABELS = (
    'decisions?', 'decided', 'settled', 'agreed', 'verdict', 'conclusion', 'resolution', 'rules?',
    'conventions?', 'constraints?', 'root cause', 'cause',
)
_LASTING_LABEL = r'(?!\**(?:' + either(_LASTING_LABELS) + r')\b)'
LABEL_RE = (r'(?i)^' + _LASTING_LABEL
            + r'(?:\*\*[^*]{1,60}\*\*\s*[:：—–-]?'  # a bold label
            + r'|[\w /`-]{1,40}[:：]\s)'  # a few words and a colon
            + r'|[:：]$')  # a lead-in line

# step: a plan step or one-off request that opens with a bare verb: "Run `bun run test`", "Mirror:
# add ...".
# / not: "Go with Terraform for the new infrastructure" (a decision), "Prefer pathlib over os.path"
# (a convention).
_STEPS = (
    'run', 'add', 'update', 'remove', 'check', 'create', 'fix', 'implement', 'replace', 'move',
    'ensure', 'write', 'delete', 'rename', 'extract', 'mirror', 'verify', 'switch', 'read', 'open',
    'wire', 'call', 'pass', 'return', 'change', 'refactor', 'test', 'merge', 'push', 'commit',
    'install', 'bump', 'export', 'import', 'extend', 'handle', 'skip', 'drop', 'set', 'make',
    'modify', 'introduce', 'register', 'adjust', 'include', 'document', 'reply', 'finish',
    'complete', 'mention', 'start', 'provide', 'explain', 'show', 'tell', 'describe', 'look',
    'investigate', 'find', 'give', 'list', 'summarize', 'summarise', 'clarify', 'review', 'analyze',
    'analyse', 'debug', 'continue', 'proceed', 'generate', 'prepare', 'draft', 'fetch', 'rerun',
)
STEP_RE = r'(?i)^(?:' + either(_STEPS) + r')\b'

# option: one pointed at by its number or letter: "I like Option 1", "**Option B: Propagate a
# warning flag**". The options are the moment's alternatives; what lasts is the choice, said in its
# own words.
# / not: "Keep the retry option a user sets in the config file."
OPTION_RE = r'(?i)\boptions? (?:[1-9]\d?\b|(?-i:[A-C])\b|one\b|two\b|three\b)'

# anaphora: a subject that points at what is in view: "basically it doesn't require any core code
# change", "This is pre-existing", "They need to be reusable from RemediateTab.tsx as well", "That
# explains why there's no PostCommit entry". A lasting statement names what it is about. Not: "It
# turned out the cron job ran in local time" (a finding), "It is important to pin the version" (no
# referent), "This repo uses pnpm" (the project, named).
_FILLERS = (
    'basically', 'so', 'but', 'and', 'also', 'ok', 'okay', 'well', 'yes', 'no', 'hmm', 'yeah',
    'right', 'actually',
)
_POINTERS = ('it', 'this', 'that', 'these', 'those', 'they')
_WEIGHTY = (
    'important', 'necessary', 'required', 'essential', 'critical', 'best', 'better', 'safer',
    'worth',
)
ANAPHORA_RE = (r'(?i)^(?:(?:' + either(_FILLERS) + r')[,:]? )?'
               r'(?:' + either(_POINTERS) + r')\b'
               r'(?! (?:turns?|turned) out\b)'  # a finding
               r'(?! (?:repo|repository|project|codebase|team)\b)'  # the project, named
               # no referent: "it is important to"
               r"(?!(?:'s| is) (?:" + either(_WEIGHTY) + r')\b)')
# code_spans: several, a remark about the code in view ("`resetState` is the only unstable dep in
# `useLayoutEffect`"). / not: "Use `pnpm`." (one name quoted)
CODE_SPANS_RE = r'`[^`]+`[^`]*`[^`]+`[^`]*`[^`]+`'

# --- the form of the statement: standing rule or one-off ask, conclusive or hedged, idea or fact ---

# conclusive: a root cause stated as found, in any voice: the symptom, then what it came from. "The flaky test was
# down to a shared tmp dir", "The second test abort came from running two Cargo test binaries at once", "The outage
# was caused by a config push", "根本原因是时区设置错误", "问题出在连接池没有设置超时". / not: "The board is down to
# lint and benchmark" (no symptom: what is left), "That `.8` publish came from the fix run" (no symptom), "It might be
# down to the cache" (hedged: a hypothesis), "let me check whether the timeout came from the pool" (a question).
# Not taken, by the real sessions: "turned out to be" reports what a link or a finding was ("the duplication finding
# turned out to be the key structural clue", 0 of 2 kept); the present "comes from" explains the code in view ("The
# error comes from a safety parser that expects ...", 0 of 43 kept). Chinese: a subject, then 是因为
# ("依赖冲突是因为两个包都锁了不同版本的 protobuf", the assistant, dev set) / not: "因为 LLM 的工具调用参数是逐 chunk
# 到达的" (kimi-cli: a reason, no symptom before it), "这是因为 ..." (a pointer), "我觉得是因为 ..." (a guess).
_SYMPTOMS = (
    'crash(?:es)?', 'flak(?:e|es|iness)', 'failures?', 'aborts?', 'outages?', 'slowdowns?', 'latency', 'leaks?',
    'deadlocks?', 'hangs?', 'timeouts?', 'errors?', 'bugs?', 'mismatch(?:es)?', 'duplicat(?:es|ion)', 'dupes',
    'regressions?', 'races?', 'spikes?', 'corruption', 'glitch(?:es|ing)?', r'[45]\d\ds', 'drift', 'breakage',
    r'(?:wrong|missing|lost|broken|stale|flaky|failing) \w+',
)
_CAUSED = ('(?:was|were|is|are) (?:down to|caused by|due to)', 'came from', 'stemmed from', '(?:was|were) traced (?:back )?to')
_HEDGES = ('might', 'may', 'could', 'probably', 'likely', 'possibly', 'perhaps', 'maybe', 'i think', 'i suspect',
           'seems?', 'let me', 'whether', 'if')
# Portuguese, Spanish, Japanese and Korean: languages.py's `conclusive` words unless one of its `hedges` is there.
# (Japanese "…が原因です" and "…ためです" are root-cause families, not conclusive: in repiq's sessions they restate the
# bug being fixed or a review's point, 2 kept of 10.)
_ZH_CONCLUSIVE = ('根本原因是', '问题出在', '根因是')
_CJK_HEDGES = ('可能', '也许', '或许', '大概', '应该是')
_ZH_SUBJECT_CAUSE = r'^(?![这那]是|[这那]就是|我|你)[^，。；,;？?]{2,30}?是因为'
CONCLUSIVE_RE = (r"(?i)^(?!.*\b(?:" + either(_HEDGES) + r")\b)(?:(?:so|and),? )?(?:the|our|these|those)\s+"
                 r"(?:[\w`'\".-]+\s+){0,4}?(?:" + either(_SYMPTOMS) + r")\b[^.;:]{0,40}?\b(?:" + either(_CAUSED) + r")\b"
                 r"|^(?!.*(?:" + either(_CJK_HEDGES) + r"))(?:.*(?:" + either(_ZH_CONCLUSIVE) + r")|" + _ZH_SUBJECT_CAUSE
                 + r')'
                 # languages.py's: "a causa raiz é", "o atraso vinha de ...", "根本原因は"
                 + r'|^(?!.*(?:' + languages.either_pattern('hedges') + r'))'
                 r'.*(?:' + languages.either_pattern('conclusive') + ')')
# Or the cause is an action, whatever the symptom is called: "The 502s last week were down to the load balancer idle
# timeout being shorter than the keep-alive" (dev set). / not: "The board is down to lint, build Windows, and
# benchmark" (mise: what is left, no action).
_ACTION_CAUSE = (r"|^(?!.*\b(?:" + either(_HEDGES) + r")\b)(?:the|our)\s+(?:[\w`'\".-]+\s+){1,4}(?:is|was|were|are)"
                 r" (?:down to|caused by) (?:[\w`'().-]+\s+){1,4}(?!during\b|string\b|thing\b)[a-z]{3,}ing\b")
CONCLUSIVE_RE += _ACTION_CAUSE
_CONCLUSIVE_GATE = 'down caused due came stemmed traced causa'

# labeled: an explicit label names the statement a lasting kind, in any voice: "Decision: the API gateway handles
# auth" (holdout2), "The key insight: results are append-mostly ..." (agentv, kept), "the convention: manifest-fed
# args are lowercase with no default" (flutter-docker-image, kept). / not: "Constraints: ..." (a plural: a list's
# lead-in), "Root cause: CI `Lint` failed on ..." (in real sessions the cause of the bug being fixed: 1 of 6 kept).
_LABELS = ('decision', 'rule', 'convention', 'constraint', 'invariant', 'contract', 'key insight', 'principle')
LABELED_RE = r'(?i)^\**(?:the )?(?:' + either(_LABELS) + r')\**\s*[:\uff1a]\**\s*\S'  # : or ：
_LABELED_GATE = 'decision rule convention constraint invariant contract insight principle'

# musing: an idea or a hypothesis, not a decision: "basically we could ...", "what if the cache lived in Redis",
# "maybe we could drop the flag", "I think we could reuse it", "We can enforce it in CLAUDE.md with a short rule".
# / not: "We can't use Redis here" (a constraint), "I think the tests are fine" (no plan: a report, weighed elsewhere).
_MUSINGS = ('basically', 'what if', 'maybe (?:we|i|you)', 'perhaps (?:we|i)', 'i (?:think|guess|feel) we (?:could|can|might)',
            'i wonder', 'we (?:could|can|might)(?: also| just| maybe)? (?!not\b|never\b)[a-z]+', 'how about', 'one (?:option|idea)',
            'an idea')
_ZH_MUSINGS = ('也许', '或许', '要不', '可以考虑')
MUSING_RE = (r'(?i)^(?:(?:so|ok|okay|hmm|and|but),? )?(?:' + either(_MUSINGS) + r')\b|^(?:' + either(_ZH_MUSINGS) + ')')
_MUSING_GATE = 'basically what maybe perhaps think guess feel wonder could can might how one an'

# one_off: an ask bound to the task at hand, whatever words it has: "always show me the diff before you commit this
# one", "no PR this time, just push the commit", "The same PR, no new ones.", "don't worry about revoking, but
# continue", "I like the proposal wiring.", "先提交pr，调试日志别提交", "specs,そのほかmd全部更新して".
# / not: "Every release needs a changelog entry." (standing), "I like small PRs" (a stance, no thing in view).
_ONE_OFFS = ('this (?:time|one|pr|commit|release|run|branch|session|week|morning|once)', 'today', 'tonight', 'for now',
             'right now', 'for the next', 'when you rerun', 'just (?:push|commit|do|this|for)', 'all morning', 'only once')
_FEEDBACK = ("i (?:like|love|hate|don't like) (?:the|this|that|your)", '(?:the )?same (?:pr|commit|branch|one)',
             "(?:don't|do not) worry")
_ZH_ONE_OFFS = ('这次', '今天', '先别', '暂时', '今回', '今日')
_JA_ASK = ('して', 'してください', 'してくれ', 'お願いします', 'お願い')
ONE_OFF_RE = (r'(?i)\b(?:' + either(_ONE_OFFS) + r')\b|^(?:' + either(_FEEDBACK) + r')\b|\b(?:continue|go on|carry on)[.!]?$'
              r'|^先[^，。,]{1,12}[，,](?!\s*再)|' + either(_ZH_ONE_OFFS) + r'|(?:' + either(_JA_ASK) + r')[。.!！]?$')
_ONE_OFF_GATE = 'this today tonight for right when just all only like love hate don same worry continue go carry'

# generic_rule: a rule with a generic subject, in any voice: "A package plugin must provide both hooks", "Every
# migration must be reversible", "No handler should block". / not: "The guard can never be false" (the code in
# view, a definite subject), "It must have been the cache" (a pointer).
_GENERIC = ('a', 'an', 'every', 'each', 'any', 'all', 'no')
_NORMS = ('must', "mustn't", 'must not', 'should', "shouldn't", 'should not', 'has to', 'have to', 'needs? to', 'shall')
GENERIC_RULE_RE = (r"(?i)^(?:" + either(_GENERIC) + r") (?:[\w`'./-]+ ){1,4}?(?:" + either(_NORMS) + r")\b")
_GENERIC_RULE_GATE = 'must mustn should shouldn has have need needs shall'

# Narration that acts on a cited rule ("I'll add the AI-generated note per the repo guidance", "Creating the PR now,
# per repo guidance", "Now let me check the workflow lints clean (per the repo's convention ...)"): the rule is in
# memory already, the sentence is the agent's move (evidence.features weighs it 'cites_narration', not 'cites_rule').
# / not: "The repo guide asks for docs on functionality changes" (the rule, stated).
ACTING_RE = r"(?i)\b(?:i'll|i'm|i am|i will|let me|let's)\b|^(?:now|next|then|creating|adding|posting|running|checking|marking)\b"

# A user turn that looks pasted, not merely long: a log line, a template or prompt that addresses the agent ("You are
# a reviewer", "Your task", "Report only P0-P2 findings"), a review bot's line. (A heading, a quote or a "Deliverables"
# section are seen from the layout: placing.looks_pasted.)
# A user turn that carries a review bot's furniture or a terminal UI's frame is pasted, however short: repiq's
# pasted Codex review ("P1 Badge ... Useful? React with 👍 / 👎"), "**coderabbitai**: ...", m-gemini's pasted
# Gemini CLI box ("│ Command rejected because ..."). / not: "the P1 bug is useful to fix", "a | b" (ASCII pipe).
FURNITURE_RE = r'(?i)\bP[0-3] Badge\b|\bUseful\? React with\b|\*\*coderabbitai(?:\[bot\])?\*\*|[│╭╰]'
PASTED_LINE_RE = (r'(?i)^(?:you are (?:a|an|the)\b|your (?:task|job|goal|role) is\b|report only\b|do not (?:edit|modify|run)\b'
                  r'|traceback \(most recent|error(?:\[\w+\])?:|warning:|\d{4}-\d\d-\d\d[t ]\d\d:\d\d|\d\d:\d\d:\d\d|'
                  r'(?:failed|passed|error)\s+[\w/.-]+\.\w+::)')

# Every feature, in the order evidence.phrases lists them (cues of place and voice after the
# phrases).
CUES: tuple[Cue, ...] = (
    cue('scope', SCOPE_RE, (_SCOPE_GATE, *_ZH_SCOPE, *languages.scope_gate()), LASTS),
    cue('modal', MODAL_RE, (_MODAL_GATE, *_ZH_MODAL, *languages.modal_gate()), LASTS),
    cue('alternative', ALTERNATIVE_RE, (_ALTERNATIVE_GATE, *_ZH_ALTERNATIVE), LASTS),
    cue('cause', CAUSE_RE, (_CAUSE_GATE, *_ZH_CAUSE), LASTS),
    cue('stance', STANCE_RE, ('i we', *_ZH_STANCE, *languages.gate('preference')), LASTS),
    cue('team', TEAM_RE, ('we our team 我们',), LASTS),
    cue('report', REPORT_RE, (*_DONE, 'has have been'), PASSES),
    cue('zh_report', ZH_REPORT_RE, ('已 了 完成',), PASSES),
    cue('narration', NARRATION_RE, ('i let we', *_ZH_NARRATION), PASSES),
    cue('status', STATUS_RE, (_STATUS_GATE, *_ZH_STATUS), PASSES),
    cue('deixis', DEIXIS_RE, (_DEIXIS_GATE, *_ZH_DEIXIS), PASSES),
    cue('local', LOCAL_RE, (_LOCAL_GATE,), PASSES),
    cue('location', LOCATION_RE, (_DIGITS, '第'), PASSES),
    cue('count', COUNT_RE, (_DIGITS,), PASSES),
    cue('label', LABEL_RE, ('* : ：',), PASSES),
    cue('step', STEP_RE, _STEPS, PASSES),
    cue('option', OPTION_RE, ('option options',), PASSES),
    cue('code_spans', CODE_SPANS_RE, ('`',)),
    cue('rule_noun', RULE_NOUN_RE, (_RULE_NOUN_GATE, *_ZH_RULE_NOUNS), LASTS),
    cue('cites_rule', CITES_RULE_RE, (_CITES_RULE_GATE, *_ZH_CITES), LASTS),
    cue('works', WORKS_RE, _WORKS_GATE, LASTS),
    cue('person', PERSON_RE, ('i m ve ll d me my you your re 我 你',), PASSES),
    cue('past', PAST_RE, (*(w.replace("n't", 'n') for w in _PAST), *_ZH_PAST), PASSES),
    cue('command', COMMAND_RE, (*_TOOLS, '[', *_TERMINAL), PASSES),
    cue('ask', ASK_RE, (*_WH, *_AUX_WORDS, 'any 吗 么'), PASSES),
    cue('request', REQUEST_RE, (
        'please pls can could would let lets go commit push merge want need like 帮我 请 给我',
    ), PASSES),
    cue('anaphora', ANAPHORA_RE, _POINTERS, PASSES),
    cue('conclusive', CONCLUSIVE_RE, (_CONCLUSIVE_GATE, *_ZH_CONCLUSIVE, '是因为', *languages.gate('conclusive')),
        LASTS),
    cue('musing', MUSING_RE, (_MUSING_GATE, *_ZH_MUSINGS), PASSES),
    cue('one_off', ONE_OFF_RE, (_ONE_OFF_GATE, '先', *_ZH_ONE_OFFS, *_JA_ASK), PASSES),
    cue('generic_rule', GENERIC_RULE_RE, (_GENERIC_RULE_GATE,), LASTS),
    cue('labeled', LABELED_RE, (_LABELED_GATE,), LASTS),
    # Cues of form, told from the phrases by evidence.features: the user's (or an approved plan's) scoped rule is
    # 'standing' (the assistant's 'scope' describes code); narration acting on a cited rule is 'cites_narration'.
    cue('standing', leans=LASTS), cue('cites_narration', leans=PASSES),
    # Cues of voice: who speaks (evidence.features; a long user turn is 'pasted', a replayed plan
    # 'plan').
    cue('user'), cue('assistant'), cue('pasted'), cue('plan'), cue('finding', leans=PASSES),
    # The kind of the rule that picked the sentence (patterns.KINDS; 'marked': an explicit memory
    # marker).
    *(cue('kind_' + kind) for kind in (*KINDS, 'marked')),
    # The section a heading opens (placing.section) and the layout of the line (sentences.LAYOUTS,
    # 'item').
    cue('decision_section'), cue('why_section', leans=LASTS), cue('do_section', leans=PASSES),
    cue('item', leans=PASSES), cue('heading', leans=PASSES), cue('quote'),
    # The turn and the sentence: a long turn reports, a long sentence rarely states a rule.
    cue('long_turn', leans=PASSES), cue('long_sentence'),
    # Explicit: the user accepted the recommendation, a marker opened the line, a team's own rule
    # picked it.
    cue('accepted'), cue('marked'), cue('own_rule'),
)
FEATURES = tuple(c.name for c in CUES)  # the one vocabulary: weights.WEIGHTS names exactly these
PHRASE_FEATURES: tuple[tuple[str, str], ...] = tuple((c.name, c.pattern) for c in CUES if c.pattern)
GATES: dict[str, frozenset[str]] = {c.name: c.gate for c in CUES if c.pattern}
# looked for as they are
CJK_GATES = {name: tuple(w for w in words if not w.isascii()) for name, words in GATES.items()}
LASTING = tuple(c.name for c in CUES if c.leans == LASTS)  # never weighed against a sentence
MOMENT = tuple(c.name for c in CUES if c.leans == PASSES)  # never weighed for one
# What each feature says of a sentence, in a reviewer's words (the review line and --json's
# "features"; tests/cues_test.py checks that every feature has its words).
SAYS: dict[str, str] = {
    'scope': 'scoped beyond the task',
    'modal': 'normative',
    'alternative': 'names the alternative',
    'cause': 'states a cause',
    'stance': 'a standing preference',
    'team': "the team's practice",
    'report': 'reports work done',
    'zh_report': 'reports work done',
    'narration': "narrates the agent's moves",
    'status': 'a status report',
    'deixis': 'points at this moment',
    'local': "the agent's environment now",
    'location': 'a place in the code',
    'count': 'counts things in view',
    'label': 'a label',
    'step': 'a plan step',
    'option': 'an option by number',
    'code_spans': 'quotes code',
    'rule_noun': 'names a rule',
    'cites_rule': "cites the project's rule",
    'works': 'how the system works',
    'person': 'speaks in person',
    'past': 'tells past events',
    'command': 'a pasted command',
    'ask': 'asks',
    'request': 'asks for work now',
    'anaphora': 'points at what is in view',
    'conclusive': 'a root cause stated as found',
    'musing': 'an idea or a hypothesis',
    'one_off': 'an ask about the task at hand',
    'generic_rule': 'a rule with a generic subject',
    'standing': 'a standing rule',
    'cites_narration': 'narration acting on a cited rule',
    'labeled': 'labeled as a lasting kind',
    'user': 'in the voice of the user',
    'assistant': 'said by the assistant',
    'pasted': 'pasted into a long user turn',
    'plan': 'in a plan the user approved',
    'finding': 'a pasted review finding',
    **{'kind_' + kind: f'picked as a {kind.replace("_", " ")}' for kind in KINDS},
    'kind_marked': 'marked for memory',
    'decision_section': 'listed under decisions',
    'why_section': 'under a heading of reasons',
    'do_section': 'under a heading of steps',
    'item': 'a list item',
    'heading': 'a heading',
    'quote': 'a quote',
    'long_turn': 'in a long turn',
    'long_sentence': 'a long sentence',
    'accepted': 'accepted by the user',
    'marked': 'marked for memory',
    'own_rule': "the team's own rule",
}
# Tokens of a lowered sentence: a lowercase word, a digit, one of : ： * ` [ or a terminal glyph.
TOKEN_RE = r'[a-z]+|[0-9:：*`\[' + ''.join(_TERMINAL) + ']'
# Letters (?i) folds to an ASCII letter (dotless i, long s) and digits other than 0-9: the tokens
# cannot see them.
UNFOLDED_RE = r'[\u0131\u017f]|(?![0-9])\d'

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
_MARKER = (r'[*`]{0,2}(?:memory|remember|durable'
           r'|note for (?:agents|claude|gemini)\.md|for (?:agents|claude|gemini)\.md'
           r'|(?:agents|claude|gemini)\.md|记住|记忆|备忘|' + languages.MARKERS + ')'
           r'[*`]{0,2}\s*[:：]\s*[*`]{0,2}\s*(?=\S)')
# at the start of a line (placing.placed knows which sentences open one)
MARKER_RE = '(?i)^' + _MARKER
# somewhere in a turn, in a list item or quote too: then the turn is never screened out whole
MARKER_ANY_LINE_RE = r'(?im)^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)]|>)[ \t]+)*' + _MARKER
# A list item that opens with a label: in a list mostly made of them, "Memory:" is one more category.
# Must catch: "Hot-path bloat: new blocking work", "File: `~/.cache`". Must not: "sync runs nightly".
LABEL_ITEM_RE = r"^[*`]{0,2}[^\W\d_][\w'/ .()&+-]{0,38}?[*`]{0,2}\s*[:：]"
# What a marked line must not be, as the snippet says: a report of work ("I fixed"), a place in the
# code ("runner.ts:928"), narration, or a stopgap: the phrase cues that tell it, and the stopgap words.
# Must catch: "the cache is disabled for now". Must not: "from now on we use pnpm".
MARKED_MOMENT = ('report', 'zh_report', 'narration', 'location')
STOPGAP_RE = r'(?i)\bfor (?:now|the moment|the time being)\b|暂时|临时'
# What `memory-gate snippet` prints, for a team to paste into its AGENTS.md (the tool never writes
# it there).
SNIPPET = """\
## Durable findings

When you learn something a future session should act on (a decision and what it replaced, a
constraint, the root cause of a failure, a convention, how a part of the system works), say it
in one sentence on a line of its own, starting with `Memory:`, for example:

Memory: integration tests need the local Postgres from `docker compose up db`; SQLite is not supported.

memory-gate proposes these lines for review when the session is committed. State the fact, not
what you did: no "I fixed", no line numbers, no "for now".
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
