"""Rules as data: what makes a sentence memory, and what makes it noise.

Every rule is a named family of phrasing, not a single sentence. Each entry
says what it is for, an example it must catch, and one it must not. Teams add
their own rules through configuration (see config.py); they never edit code.
"""
from __future__ import annotations

import re
from typing import NamedTuple

_I = re.IGNORECASE


class Rule(NamedTuple):
    name: str
    kind: str  # decision | constraint | root_cause | convention | preference | noise
    pattern: re.Pattern[str]
    unless: re.Pattern[str] | None = None  # the rule does not fire when this matches


def rule(name: str, kind: str, pattern: str, unless: str = '') -> Rule:
    return Rule(name, kind, re.compile(pattern, _I), re.compile(unless, _I) if unless else None)


KINDS = ('decision', 'constraint', 'root_cause', 'convention', 'preference')

# Words that make an instruction general rather than about the next minutes.
_UNIVERSAL = (
    r'\b(?:always|never|every|each time|whenever|all new|any new|from now on|going forward|'
    r'from here on|in future|in the future|by default)\b|以后|今后|一律|每次|始终|永远|默认'
)

SIGNAL_RULES: tuple[Rule, ...] = (
    # decision: "We decided to drop Redis." / not: "Decide later." (no past decision, no seed word)
    rule('decided', 'decision', r'\b(?:decided|decision|chose|choose|chosen|opted (?:for|to)|settled on|agreed (?:on|to|that))\b'),
    # decision: "Postgres it is." / not: "Here it is."
    rule('x_it_is', 'decision', r'^(?!(?:here|there|this|that|so|what|where)\b)[\w.+#/ -]{2,40}\bit is[.!]?$'),
    # decision: "Let's go with pnpm from here on." / not: "Let's see what happens."
    rule('go_with', 'decision', r"\b(?:let'?s|we(?:'ll| will)|we should|we'?re going to) (?:go with|stick with|stay with|standardi[sz]e on|settle on|adopt|keep using|use)\b"),
    # decision: "We're switching to ruff." / not: "Switch to the other tab." (one-off, caught by noise)
    rule('switch_to', 'decision', r'\b(?:switch(?:ing|ed)? (?:over )?(?:to|from)|migrat(?:e|ing|ed) (?:to|from|off)|mov(?:e|ing|ed) (?:off|away from)|replac(?:e|ing|ed) \S+(?: \S+)? with|dropp(?:ing|ed) \S+ (?:for|in favou?r of)|in favou?r of|standardi[sz](?:e|ed|ing) on)\b'),
    # convention: "From now on, squash merges only." / not: "From the logs, it failed."
    rule('going_forward', 'convention', r'\b(?:going forward|from now on|from here on(?: out)?|henceforth|moving forward|for all (?:new|future)|in (?:the )?future)\b'),
    # constraint: "Releases must be tagged." / not: "I must have missed that." (noise: first_person_slip)
    rule('must', 'constraint', r"\b(?:must|mustn't|shall not|has to be|have to be|needs to be|need to be)\b"),
    # constraint: "Never push directly to main." / not: "never mind" (noise)
    rule('never_always', 'constraint', r'\b(?:never|always)\b'),
    # constraint: "Do not commit generated files." / not: "I do not know." (does not start the sentence)
    rule('do_not', 'constraint', r"^(?:please )?(?:do not|don't|dont|avoid|stop|no more)\b"),
    # constraint: "The API requires an auth header." / not: "Require.js loads it." (whole word only)
    rule('require', 'constraint', r'\b(?:require[sd]?|requirements?|mandatory|not allowed|forbidden|prohibited|off[- ]limits)\b'),
    # constraint: "Keep the v1 API shape frozen until Q3." / not: "Keep going."
    rule('keep_as_is', 'constraint', r'\b(?:keep|leave|stays?|remains?) (?:\S+ ){0,5}?(?:frozen|unchanged|stable|as[- ]is|intact|pinned|in sync|backwards?[- ]compatible|untouched|private)\b|\b(?:frozen|pinned) (?:at|to|until)\b'),
    # constraint: "Only touch the JS." / not: "It only took a minute."
    rule('only_verb', 'constraint', r'\bonly (?:ever )?(?:use|touch|change|edit|modify|run|deploy|merge|push|import|call|write)\b'),
    # root_cause: "The root cause was a stale lock." / not: "Find the cause." (no seed)
    rule('root_cause', 'root_cause', r'\b(?:root[- ]caused?|the (?:real )?(?:cause|culprit|reason|problem|issue|bug) (?:was|is)|caused by|was down to|is down to|(?:was|is) due to|turned out|stems? from|traced (?:it )?(?:back )?to|came down to|because of a|the fix (?:was|is))\b'),
    # root_cause: "Fixed by pinning urllib3." / not: "fixture" (whole word only)
    rule('fixed', 'root_cause', r'\b(?:fixed|fix was)\b'),
    # root_cause: "The workaround is to set TZ=UTC." / not: "work around the block" is still matched: rare
    rule('workaround', 'root_cause', r'\bwork-?arounds?\b'),
    # convention: "Our convention is kebab-case file names." / not: "conventional" (whole word only)
    rule('convention', 'convention', r'\b(?:conventions?|rules?|by convention|style guide|naming scheme)\b'),
    # convention: "Timestamps are stored in UTC." / not: "It is in the box." (needs a participle)
    rule('stored_as', 'convention', r'\b(?:is|are) (?:always )?(?:stored|kept|written|named|formatted|prefixed|suffixed|encoded|serialized|logged|versioned|tagged|expressed|measured|declared|defined|configured|managed|generated|placed|built|deployed|pinned|released) (?:in|as|with|using|by|under|through|via|from|at|to|on)\b'),
    # convention: "All migrations go in db/migrations." / not: "All good."
    rule('universal', 'convention', r'^(?:all|every|each|any) (?:\S+ ){1,3}?(?:go(?:es)?|live[s]?|belong[s]?|use[s]?|need[s]?|get[s]?|should|are|is)\b'),
    # convention: "Use UTC for all timestamps." / not: "Use it." (needs a scope word)
    rule('use_for', 'convention', r'^(?:please )?(?:use|prefer|name|prefix|put|store|write|keep|run|pin|tag|format) (?:\S+ ){1,6}?(?:for (?:all|every|each|any)|in (?:all|every|each|any)|everywhere|throughout|across)\b'),
    # preference: "I prefer small commits." / not: "preferably" alone still matches; acceptable
    rule('prefer', 'preference', r"\b(?:prefer(?:s|red|ably)?|preference|rather than|instead of|i'?d rather|we'?d rather)\b"),
    # preference: "Use tabs, not spaces, in the Makefile." / not: "Use it, not now." is rare
    rule('x_not_y', 'preference', r'^(?:please )?(?:use|keep|write|choose|pick|go with)\b[^,;.]{1,40},? not\b|\bover \w+(?: \w+)? (?:for|when)\b'),
    # preference: "I like small, focused PRs." / not: "Looks like it failed." (needs a subject)
    rule('like', 'preference', r"\b(?:I|we) (?:really )?(?:like|love|hate|dislike|don't like|do not like)\b"),
    # Chinese. decision: "决定用 pnpm" / not: "决定性因素"? (still matched; rare in chat)
    rule('zh_decision', 'decision', r'决定|决策|选定|选用|采用|改用|换成|切换到|定为|敲定|就用|迁移到'),
    # constraint: "必须在合并前跑完集成测试" / not: "必需品" (different word)
    rule('zh_constraint', 'constraint', r'必须|不要|禁止|不允许|不得|不能|严禁|务必|一律|只能|不准|不可以|别再'),
    # root_cause: "根本原因是时区设置错误" / not: "原来如此" (no cause word)
    rule('zh_root_cause', 'root_cause', r'原因|根因|导致|是因为|由于|问题出在|罪魁祸首|修复|归因于'),
    # convention: "以后都用 UTC 存时间。" / not: "以前" (different word)
    rule('zh_convention', 'convention', r'约定|规范|惯例|统一|以后|今后|从现在起|从今往后|默认|都用|命名规则'),
    # preference: "我偏好函数式写法" / not: "喜欢吗？" (question, dropped as noise)
    rule('zh_preference', 'preference', r'偏好|喜欢|倾向于|更愿意|宁可|宁愿|更好的是'),
)

NOISE_RULES: tuple[Rule, ...] = (
    # A question asks, it does not record: "Should we always retry?" / not: "We retry? No: never."
    rule('question', 'noise', r'[?？]\s*\W*$|吗\W*$|^(?:要不要|是不是|能不能|需不需要|是否|为什么|怎么)'),
    # Hedges and speculation: "maybe it's the cache" / not: "The cache is the culprit."
    rule('hedge', 'noise', r"\b(?:maybe|perhaps|might|possibly|probably|presumably|i think|i guess|i suspect|i believe|not sure|seems?|seemingly|i wonder|could be|may be|likely|unlikely|hypothes[ie]s|my guess)\b|可能|也许|大概|或许|估计|似乎|好像|不确定|猜测|应该是"),
    # First-person slips that contain a keyword: "I must have missed that line" / not: "I prefer tabs."
    rule('first_person_slip', 'noise', r"\b(?:I|I've|we)\s+(?:must|should|might|could|may)(?: not)? have\b|\bI must've\b|\bI (?:always|never|often|usually|keep) (?:forget|forgot|miss|mix|mess|confuse|lose|break|get|trip|struggle|thought|knew|noticed|realized)\b|\bnever ?mind\b|\bI never (?:knew|realized|noticed|thought|understood)\b"),
    # Chatter and thanks: "Thanks, that fixed it!" / not: "OK: we never retry POSTs." (leading OK is stripped first)
    rule('chatter', 'noise', r'^(?:thanks?|thank you|thx|cheers|sounds good|looks good|lgtm|got it|great job|nice work|awesome|perfect|好的|谢谢|多谢|收到|没问题|辛苦)\b'),
    # Narration of what the assistant does next or just did: "Let me fix the import" / not: "Let's go with pnpm."
    rule('narration', 'noise', r"^(?:(?:ok(?:ay)?|now|great|perfect|good|alright|first|next|then),? )?(?:let me|i'll|i will|i'm going to|i am going to|i'm now|i am now|i've (?:updated|added|fixed|changed|created|removed|made|run|found)|i (?:updated|added|changed|created|removed|ran|made|found)|now i|here'?s what i|i can see|i see|i need to|we need to check)\b|^(?:让我|我来|我先|我会|我将|我现在|接下来我|现在我|下面我)"),
    # One-off instructions for the next minutes: "for now just print it", "run the tests again" / not: "Run the linter before every commit."
    rule('one_off', 'noise', r"\b(?:for now|right now|for the moment|just this once|this time|temporarily|for this (?:run|pr|commit|session|test|branch))\b|^(?:(?:ok(?:ay)?|now|please|then|next|also|and),? )*(?:run|re-?run|try|retry|check|look at|open|show|print|rebuild|restart|test|fix|add|remove|delete|update|commit|push|revert|undo|install|go ahead)\b|这次|这一次|先跳过|暂时|临时|马上|再跑|重新跑|试试|看看", unless=_UNIVERSAL),
    # A request for a task now, not a standing rule: "Please fix the bug where we never close it." / not: "Please always use UTC."
    rule('task_request', 'noise', r'^(?:please|pls|can you|could you|would you|help me|i want you to|i need you to|帮我|请帮|麻烦)\b', unless=_UNIVERSAL),
    # Quoted tool output, logs, stack traces, diffs, shell, listings: "Traceback (most recent call last):" / not: "The fix was a retry."
    rule('tool_output', 'noise', r'Traceback \(most recent|^\s*File "[^"]+", line \d+|^\s*at [\w.$<>]+\(|^(?:\+\+\+|---|@@ |diff --git|index [0-9a-f]{7,})|^\s*[$#>] |^>>> |^[-dlrwx]{10}\s|\b(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL|CRITICAL)\b[:\]\s]|^\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|^\s*(?:def|class|import|from \S+ import|return|const|let|var|function|public|private|fn|func)\b.*[:({=;]|[{};]\s*$|^\s*[\w./-]+\.\w{1,5}:\d+|^\s*\||\|\s*$'),
)

# Leading words that carry no meaning of their own and are stripped before judging:
# "OK, we never retry POSTs." is judged as "we never retry POSTs."
LEAD_CHATTER_RE = re.compile(
    r'^(?:(?:ok(?:ay)?|sure|yes|yep|yeah|right|great|cool|good|alright|perfect|got it|understood|agreed|done|好的|嗯|对|行)[\s,.!:;，。！—–-]+)+',
    _I,
)

# Characters typical of code, not prose. A sentence past this share is code (see filters.is_code).
CODE_CHARS = frozenset('{}[]()<>=;$\\|`_/*#@&^~')
CODE_CHAR_SHARE = 0.12
