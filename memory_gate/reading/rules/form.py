"""Phrase cues of the form of a statement: a standing rule or a one-off ask, conclusive or
hedged, an idea or a fact (conclusive, labeled, musing, one-off, generic rule, acting,
furniture, pasted lines). Each family says what it must catch and what it must not."""
from __future__ import annotations

from memory_gate.reading.rules import languages
from memory_gate.reading.rules.cue import either

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
ZH_CONCLUSIVE = ('根本原因是', '问题出在', '根因是')
_CJK_HEDGES = ('可能', '也许', '或许', '大概', '应该是')
_ZH_SUBJECT_CAUSE = r'^(?![这那]是|[这那]就是|我|你)[^，。；,;？?]{2,30}?是因为'
CONCLUSIVE_RE = (r"(?i)^(?!.*\b(?:" + either(_HEDGES) + r")\b)(?:(?:so|and),? )?(?:the|our|these|those)\s+"
                 r"(?:[\w`'\".-]+\s+){0,4}?(?:" + either(_SYMPTOMS) + r")\b[^.;:]{0,40}?\b(?:" + either(_CAUSED) + r")\b"
                 r"|^(?!.*(?:" + either(_CJK_HEDGES) + r"))(?:.*(?:" + either(ZH_CONCLUSIVE) + r")|" + _ZH_SUBJECT_CAUSE
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
CONCLUSIVE_GATE = 'down caused due came stemmed traced causa'

# labeled: an explicit label names the statement a lasting kind, in any voice: "Decision: the API gateway handles
# auth" (holdout2), "The key insight: results are append-mostly ..." (agentv, kept), "the convention: manifest-fed
# args are lowercase with no default" (flutter-docker-image, kept). / not: "Constraints: ..." (a plural: a list's
# lead-in), "Root cause: CI `Lint` failed on ..." (in real sessions the cause of the bug being fixed: 1 of 6 kept).
_LABELS = ('decision', 'rule', 'convention', 'constraint', 'invariant', 'contract', 'key insight', 'principle')
LABELED_RE = r'(?i)^\**(?:the )?(?:' + either(_LABELS) + r')\**\s*[:\uff1a]\**\s*\S'  # : or ：
LABELED_GATE = 'decision rule convention constraint invariant contract insight principle'

# musing: an idea or a hypothesis, not a decision: "basically we could ...", "what if the cache lived in Redis",
# "maybe we could drop the flag", "I think we could reuse it", "We can enforce it in CLAUDE.md with a short rule".
# / not: "We can't use Redis here" (a constraint), "I think the tests are fine" (no plan: a report, weighed elsewhere).
_MUSINGS = ('basically', 'what if', 'maybe (?:we|i|you)', 'perhaps (?:we|i)', 'i (?:think|guess|feel) we (?:could|can|might)',
            'i wonder', 'we (?:could|can|might)(?: also| just| maybe)? (?!not\b|never\b)[a-z]+', 'how about', 'one (?:option|idea)',
            'an idea')
ZH_MUSINGS = ('也许', '或许', '要不', '可以考虑')
MUSING_RE = (r'(?i)^(?:(?:so|ok|okay|hmm|and|but),? )?(?:' + either(_MUSINGS) + r')\b|^(?:' + either(ZH_MUSINGS) + ')')
MUSING_GATE = 'basically what maybe perhaps think guess feel wonder could can might how one an'

# one_off: an ask bound to the task at hand, whatever words it has: "always show me the diff before you commit this
# one", "no PR this time, just push the commit", "The same PR, no new ones.", "don't worry about revoking, but
# continue", "I like the proposal wiring.", "先提交pr，调试日志别提交", "specs,そのほかmd全部更新して".
# / not: "Every release needs a changelog entry." (standing), "I like small PRs" (a stance, no thing in view).
_ONE_OFFS = ('this (?:time|one|pr|commit|release|run|branch|session|week|morning|once)', 'today', 'tonight', 'for now',
             'right now', 'for the next', 'when you rerun', 'just (?:push|commit|do|this|for)', 'all morning', 'only once')
_FEEDBACK = ("i (?:like|love|hate|don't like) (?:the|this|that|your)", '(?:the )?same (?:pr|commit|branch|one)',
             "(?:don't|do not) worry")
ZH_ONE_OFFS = ('这次', '今天', '先别', '暂时', '今回', '今日')
JA_ASK = ('して', 'してください', 'してくれ', 'お願いします', 'お願い')
ONE_OFF_RE = (r'(?i)\b(?:' + either(_ONE_OFFS) + r')\b|^(?:' + either(_FEEDBACK) + r')\b|\b(?:continue|go on|carry on)[.!]?$'
              r'|^先[^，。,]{1,12}[，,](?!\s*再)|' + either(ZH_ONE_OFFS) + r'|(?:' + either(JA_ASK) + r')[。.!！]?$')
ONE_OFF_GATE = 'this today tonight for right when just all only like love hate don same worry continue go carry'

# generic_rule: a rule with a generic subject, in any voice: "A package plugin must provide both hooks", "Every
# migration must be reversible", "No handler should block". / not: "The guard can never be false" (the code in
# view, a definite subject), "It must have been the cache" (a pointer).
_GENERIC = ('a', 'an', 'every', 'each', 'any', 'all', 'no')
_NORMS = ('must', "mustn't", 'must not', 'should', "shouldn't", 'should not', 'has to', 'have to', 'needs? to', 'shall')
GENERIC_RULE_RE = (r"(?i)^(?:" + either(_GENERIC) + r") (?:[\w`'./-]+ ){1,4}?(?:" + either(_NORMS) + r")\b")
GENERIC_RULE_GATE = 'must mustn should shouldn has have need needs shall'

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

# A prompt a program wrote and sent in the user's place (an orchestrator dispatching an agent, a harness injecting
# context): its sections wrapped in tags of their own, each opening a line and closed later ("<task>\n...\n</task>",
# "<grounding_rules>", "<instructions>", "<recommended_plugins>"). / not: "use <T> here" (no line of its own),
# "<div>...</div>" or "<details>" (markup a person pastes: HTML_TAGS), a one-line "<b>note</b>".
PROMPT_TAG_RE = r'(?m)^[ \t]*<(?P<name>[A-Za-z][\w-]*)(?:[ \t][^<>\n]*)?>'
# A probe a harness sends to check an agent answers: it dictates the reply ("Reply with exactly OK. Do not inspect or
# edit files.", "Respond only with valid JSON.", "Say just READY"). / not: "reply to the reviewer with the fix" (no
# reply dictated), "we only respond with JSON errors" (a rule: not the turn's opening).
PROBE_RE = (r'(?i)^\W*(?:please\s+)?(?:reply|respond|answer|say|output|return)\s+(?:(?:with|only|just)\s+){0,2}'
            r'(?:exactly|only|just|nothing but)\b')
HTML_TAGS = frozenset((
    'a', 'abbr', 'b', 'blockquote', 'body', 'br', 'button', 'center', 'code', 'dd', 'details', 'div', 'dl', 'dt',
    'em', 'font', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hr', 'html', 'i', 'img',
    'input', 'kbd', 'label', 'li', 'link', 'meta', 'nav', 'ol', 'p', 'picture', 'pre', 'script', 'section', 'small',
    'source', 'span', 'strong', 'style', 'sub', 'summary', 'sup', 'svg', 'table', 'tbody', 'td', 'th', 'thead', 'tr',
    'u', 'ul', 'video',
))

# explicit: the sentence carries its own marker of a decision or a standing rule, whoever says it: a decision made
# ("we decided", "we've agreed", "the decision is", "我们决定", "決めました", "결정했"), a rule from here on ("from now on",
# "going forward", "以后", "今後は", "앞으로"), a standing imperative ("Never store secrets ...", "please always run
# the migrations check ...", "Do not commit generated files", "X must never ...", "不要", "禁止", "しないでください").
# evidence.features weighs the assistant's explicit sentence in the user's voice, as a conclusive root cause.
# / not: "I decided to look at the parser first" (the agent's move: no 'we'), "It always returns None" (a
# description: no imperative), "never mind", "don't worry about it" (a turn of phrase), "以后再说" (later).
_DECIDED = (r"we(?:'ve| have)? (?:decided|agreed|settled on|standardi[sz]ed on|chose|went (?:for|with)|opted for)", r'(?:the|our) decision (?:is|was)')
# a rule from here on, not the agent's promise ("I won't amend commits going forward") nor a forecast ("From now on,
# Windows will respect the UTC clock"): no I, no will but "we will"
_ONWARD = (r"^(?!.*\b(?:i|i'll|won't)\b)(?!.*(?<!\bwe )\bwill\b).*\b(?:from now on|going forward|from here on"
           r"|henceforth)\b")
_IMPERATIVE = (r"^(?:(?:so|and|also|please|pls),? )*(?:always|never|do not|don't)\s+(?!mind\b|worry\b|forget\b)[a-z]{2,}",
               r"(?<!\bi )\bmust (?:never|not|always)\b", r"\b(?:is|are) (?:never|not) allowed\b")
ZH_EXPLICIT = (r'(?:我们|已经?|最终|一致)决定|决定(?:了|以后|今后|统一|采用|使用)', r'(?:^|[，,；;]|我们|大家|所有)(?:以后|今后)(?!再)',
               '从现在起', '从今以后', r'^(?:请)?(?:不要|别|务必|永远不要)', '禁止', '不得', '不允许', '一律')
EXPLICIT_RE = (r'(?i)\b(?:' + either(_DECIDED) + r')\b|' + _ONWARD + '|' + '|'.join(_IMPERATIVE) + '|' + '|'.join(ZH_EXPLICIT)
               + '|' + languages.either_pattern('decision') + '|' + languages.either_pattern('onward'))
EXPLICIT_GATE = ('we decision decided agreed settled standardized standardised chose went opted now forward here '
                 'henceforth always never do don must allowed')
ZH_EXPLICIT_GATE = ('决定', '以后', '今后', '从现在起', '从今以后', '不要', '别', '务必', '禁止', '不得', '不允许', '一律')
