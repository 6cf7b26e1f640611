"""Noise rules: what makes a sentence not memory however it is phrased (questions, one-off asks,
narration, reports, ...), and the lead words and code shares every sentence is judged without."""
from __future__ import annotations

from memory_gate.reading.rules.languages import LANGUAGES, pattern
from memory_gate.reading.rules.lasting import CITED_RULE
from memory_gate.reading.rules.rule import LANGUAGE_NEVER, UNIVERSAL, Rule, rule

NOISE_RULES: tuple[Rule, ...] = (
    # A question asks, it does not record: "Should we always retry?" / not: "We retry? No: never."
    rule('question', 'noise', (
        r'[?？]\s*\W*$'
        r'|吗\W*$'
        r'|^(?:要不要|是不是|能不能|需不需要|是否|为什么|怎么)'
    ), triggers=(
        '?', '？', '吗', '^要不要', '^是不是', '^能不能', '^需不需要', '^是否', '^为什么',
        '^怎么',
    )),
    # Hedges and speculation: "maybe it's the cache" / not: "The cache is the culprit."
    rule('hedge', 'noise', (
        r'\b(?:maybe|perhaps|might|possibly|probably|presumably|i think|i guess|i suspect'
        r'|i believe|not sure|seems?|seemingly|i wonder|could be|may be|likely|unlikely'
        r'|hypothes[ie]s|my guess)\b'
        r'|可能'
        r'|也许'
        r'|大概'
        r'|或许'
        r'|估计'
        r'|似乎'
        r'|好像'
        r'|不确定'
        r'|猜测'
        r'|应该是'
    ), triggers=(
        'maybe', 'perhaps', 'might', 'possibly', 'probably', 'presumably', 'i think', 'i guess',
        'i suspect', 'i believe', 'not sure', 'seem', 'i wonder', 'could be', 'may be',
        'likely', 'hypothes', 'my guess', '可能', '也许', '大概', '或许', '估计', '似乎',
        '好像', '不确定', '猜测', '应该是',
    )),
    # First-person slips that contain a keyword: "I must have missed that line" / not: "I prefer
    # tabs."
    rule('first_person_slip', 'noise', (
        r"\b(?:I|I've|we)\s+(?:must|should|might|could|may)(?: not)? have\b"
        r"|\bI must've\b"
        r'|\bI (?:always|never|often|usually|keep) (?:forget|forgot|miss|mix|mess|confuse|lose'
        r'|break|get|trip|struggle|thought|knew|noticed|realized)\b'
        r'|\bnever ?mind\b'
        r'|\bI never (?:knew|realized|noticed|thought|understood)\b'
    ), triggers=(
        'have', "must've", 'mind', 'forget', 'forgot', 'miss', 'mix', 'mess', 'confuse', 'lose',
        'break', 'get', 'trip', 'struggle', 'thought', 'knew', 'noticed', 'realized',
        'understood',
    )),
    # Chatter and thanks: "Thanks, that fixed it!" / not: "OK: we never retry POSTs." (leading OK is
    # stripped first)
    rule('chatter', 'noise', (
        r'^(?:thanks?|thank you|thx|cheers|sounds good|looks good|lgtm|got it|great job'
        r'|nice work|awesome|perfect|好的|谢谢|多谢|收到|没问题|辛苦)\b'
    ), triggers=(
        '^thank', '^thx', '^cheers', '^sounds good', '^looks good', '^lgtm', '^got it',
        '^great job', '^nice work', '^awesome', '^perfect', '^好的', '^谢谢', '^多谢', '^收到',
        '^没问题', '^辛苦',
    )),
    # Narration of what the assistant does next or just did: "Let me fix the import" / not: "Let's
    # go with pnpm.", nor
    # "I need to add a nolint directive (as required by the linter config)." (a rule the project
    # wrote down is named)
    rule('narration', 'noise', (
        r"^(?:(?:ok(?:ay)?|now|great|perfect|good|alright|first|next|then),? )?(?:let me|i'll"
        r"|i will|i'm going to|i am going to|i'm now|i am now|i've (?:updated|added|fixed"
        r'|changed|created|removed|made|run|found)|i (?:updated|added|changed|created|removed'
        r"|ran|made|found)|now i|here'?s what i|i can see|i see|i need to|we need to check)\b"
        r'|^(?:让我|我来|我先|我会|我将|我现在|我需要|我要|接下来我|现在我|下面我|首先|然后)'
    ), unless=CITED_RULE, triggers=(
        'let me', "i'll", 'i will', "i'm going to", 'i am going to', "i'm now", 'i am now',
        "i've ", 'i updated', 'i added', 'i changed', 'i created', 'i removed', 'i ran',
        'i made', 'i found', 'now i', 'here', 'i can see', 'i see', 'i need to',
        'we need to check', '^让我', '^我来', '^我先', '^我会', '^我将', '^我现在', '^我需要',
        '^我要', '^接下来我', '^现在我', '^下面我', '^首先', '^然后',
    )),
    # One-off instructions for the next minutes: "for now just print it", "run the tests again" /
    # not: "Never push to main again."
    rule('one_off', 'noise', (
        r'\b(?:for now|right now|for the moment|just this once|this once|this time|temporarily'
        r'|again|for this (?:run|pr|commit|session|test|branch))\b'
        r'|这次'
        r'|这一次'
        r'|先跳过'
        r'|暂时'
        r'|临时'
        r'|马上'
        r'|再跑'
        r'|重新跑'
        r'|试试'
        r'|看看'
    ), unless=(
        r"^(?:please )?(?:never|don't|do not)\b"
    ), triggers=(
        'for now', 'right now', 'for the moment', 'this once', 'this time', 'temporarily',
        'again', 'for this ', '这次', '这一次', '先跳过', '暂时', '临时', '马上', '再跑',
        '重新跑', '试试', '看看',
    )),
    # An imperative about a concrete object now: "Delete the old collector config." / not: "Run the
    # linter before every commit."
    rule('imperative_now', 'noise', (
        r'^(?:(?:ok(?:ay)?|now|please|then|next|also|and|just),? )*(?:run|re-?run|try|retry'
        r'|check|look at|open|show|print|rebuild|restart|test|fix|add|remove|delete|update'
        r'|commit|push|revert|undo|install|rotate|backfill|rename|move|change|edit|create|make'
        r'|start|stop|kill|clean|clear|bump|upgrade|reset|paste|send|profile|merge'
        r'|deploy)\b (?:the|it|this|that|them|those|these|a|an|my|your|up|out|down|over|off'
        r'|all)\b'
        r'|^go ahead\b'
    ), unless=UNIVERSAL),
    # A request for a task now, not a standing rule: "Please fix the bug where we never close it." /
    # not: "Please always use UTC."
    rule('task_request', 'noise', (
        r'^(?:please|pls|can you|could you|would you|help me|i want you to|i need you to'
        r"|i'?d like to|i want to|帮我|请帮|麻烦)\b"
        r'|^(?:finish|implement|write|build|create|make|refactor|set up|rig|look|find|figure'
        r'|investigate|debug|explain|show|tell|give|generate|compute|convert|port|wire'
        r'|hook up)\b'
    ), unless=(
        r"^(?:please|pls),? (?:always|never|don't|do not|make sure|remember|keep|use|prefer"
        r'|avoid)\b'
    ), triggers=(
        '^please', '^pls', '^can you', '^could you', '^would you', '^help me', '^i want you to',
        '^i need you to', "^i'd like to", '^id like to', '^i want to', '^帮我', '^请帮',
        '^麻烦', '^finish', '^implement', '^write', '^build', '^create', '^make', '^refactor',
        '^set up', '^rig', '^look', '^find', '^figure', '^investigate', '^debug', '^explain',
        '^show', '^tell', '^give', '^generate', '^compute', '^convert', '^port', '^wire',
        '^hook up',
    )),
    # A hypothetical: "If the test fails, we look at the logs." / not: "If a column is added, it
    # must get an index."
    rule('conditional', 'noise', (
        r'^(?:if|in case|suppose|assuming)\b'
        r'|^(?:如果|假如|要是|万一)'
    ), unless=UNIVERSAL + r'|\bmust\b', triggers=(
        '^if', '^in case', '^suppose', '^assuming', '^如果', '^假如', '^要是', '^万一',
    )),
    # Quoted tool output, logs, stack traces, diffs, shell, listings: "Traceback (most recent call
    # last):", "  12→import os" (a file as Claude Code's Read tool shows it)
    # / not: "The fix was a retry.", "Worker → 后端 → 前端" (an arrow in prose)
    rule('tool_output', 'noise', (
        r'^\s*\d+\s*→'
        r'|Traceback \(most recent'
        r'|^\s*File "[^"]+", line \d+'
        r'|^\s*at [\w.$<>]+\('
        r'|^(?:\+\+\+|---|@@ |diff --git|index [0-9a-f]{7,})'
        r'|^\s*[$#>] '
        r'|^>>> '
        r'|^[-dlrwx]{10}\s'
        r'|(?-i:\b(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL|CRITICAL|FAILED|PASSED)\b)[:\]\s]'
        r'|^\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d'
        r'|^\[?\d{1,2}:\d\d:\d\d'
        r'|^\s*(?:def|class|import|from \S+ import|return|const|let|var|function|public'
        r'|private|fn|func)\b.*[:({=;]'
        r'|[{};]\s*$'
        r'|^\s*[\w./-]+\.\w{1,5}:\d+'
        r'|^\s*\|'
        r'|\|\s*$'
    ), triggers=(
        '→', 'traceback', 'file "', '(', '+++', '---', '@@ ', 'diff --git', 'index ',
        '$ ', '# ', '> ',
        'error', 'warn', 'info', 'debug', 'fatal', 'critical', 'failed', 'passed',
        ':', '{', '}', ';', '=', '|', '^-', '^d', '^l', '^r', '^w', '^x',
    )),
    # The one-off words of the languages of languages.py (<code>_one_off, as 'one_off' above):
    # tests/reading/rules/languages_test.py holds what each must catch and must not.
    *(rule(f'{lang.code}_one_off', 'noise', pattern(lang.moment, lang.spaced, lang.unlike),
           unless=LANGUAGE_NEVER, triggers=lang.moment)
      for lang in LANGUAGES),
)

# Leading words that carry no meaning of their own and are stripped before judging:
# "OK, we never retry POSTs." is judged as "we never retry POSTs."
LEAD_CHATTER_RE = (
    r'(?i)^(?:(?:ok(?:ay)?|sure|yes|yep|yeah|right|great|cool|good|fine|alright|perfect'
    r'|got it|understood|agreed|done|for the record|(?:quick |small |important )?(?:note'
    r'|reminder)(?: for [\w -]{1,30}| to self)?|remember|fyi|btw|important|heads up|ps|and'
    r'|also|plus|好的|嗯|对|行)[\s,.!:;，。！—–-]+)+'
)

# Characters typical of code, not prose. A sentence past this share is code (see filters.is_code).
CODE_CHARS = frozenset('{}[]()<>=;$\\|`_/*#@&^~')
# Quoted code: in prose, a name (`os.Getwd()`, `2>/dev/null || true`); see filters.is_code.
CODE_SPAN_RE = r'`[^`\n]+`'
PROSE_WORD_RE = r'[^\W\d_]{2,}'  # a word of prose around the spans: prose when it has three
CODE_CHAR_SHARE = 0.12
