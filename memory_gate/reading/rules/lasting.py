"""Phrase cues that lean lasting: the sentence claims to hold beyond this session (scope, modal,
alternative, cause, a cited rule, a stance, the team, a rule noun, how a part works, a
recommendation). Each family says what it must catch and what it must not."""
from __future__ import annotations

from memory_gate.reading.rules import languages
from memory_gate.reading.rules.cue import either, tokens

# --- lasting: the sentence claims to hold beyond this session ---------------------------------

# scope, generic: "Always run the linter." "以后都用 UTC。" / not: "It always returns None"
# (weighed, not vetoed).
_SCOPE = (
    'always', 'never', 'every time', 'whenever', 'from now on', 'going forward', 'from here on',
    'in future', 'by default', 'in this (?:repo|repository|project|codebase)',
    'across the (?:repo|codebase)', 'as a rule',
)
ZH_SCOPE = ('以后', '今后', '每次', '统一', '一律', '始终', '永远', '默认')
SCOPE_RE = (r'(?i)\b(?:' + either(_SCOPE) + r')\b|' + either(ZH_SCOPE)
            + '|' + languages.either_pattern('scope'))  # and languages.py's
SCOPE_GATE = ('always never every whenever now forward here future default '
               'repo repository project codebase rule')

# modal, normative: "must", "should not", "is required", "不要", "必须". / not: "I might" (no
# modal).
_MODAL = (
    'must', "mustn't", "should(?:n't)?", 'shall', 'has to', 'have to', 'is required',
    'are required', 'is not allowed', 'are not allowed',
)
ZH_MODAL = ('不要', '必须', '应该', '禁止', '不能', '不得', '不允许')
MODAL_RE = (r'(?i)\b(?:' + either(_MODAL) + r')\b|' + either(ZH_MODAL)
            + '|' + languages.either_pattern('modal'))
MODAL_GATE = 'must mustn should shouldn shall has have required allowed'

# alternative, a decision that names it: "X instead of Y", "rather than", "not X but Y", "而不是".
# / not: "Use the cache." (no alternative named)
_ALTERNATIVE = (
    'instead of', 'rather than', r'in favou?r of', r'over (?:the|a|an)\b', r'not (?:the|a|an|to)\b',
)
ZH_ALTERNATIVE = ('而不是', '而非', '不用', '代替', '取代')
ALTERNATIVE_RE = r'(?i)\b(?:' + either(_ALTERNATIVE) + ')|' + either(ZH_ALTERNATIVE)
ALTERNATIVE_GATE = 'instead rather favor favour over not'

# cause, stated as fact: "because", "caused by", "the root cause", "so that", "导致". / not: "Find
# out." (no cause)
_CAUSE = (
    'because', 'caused by', 'due to', 'root cause', 'the (?:problem|issue|bug) (?:is|was)',
    'so that', 'otherwise', 'which means', 'since',
)
ZH_CAUSE = ('导致', '因为', '原因', '所以', '否则')
CAUSE_RE = r'(?i)\b(?:' + either(_CAUSE) + r')\b|' + either(ZH_CAUSE)
CAUSE_GATE = 'because caused due root problem issue bug so otherwise means since'

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
ZH_CITES = ('目已', '码已', '库已', '中已', '里已', '一直')
CITES_RULE_WORDS = (
    'rule', 'guide', 'guidance', 'convention', 'polic', 'checklist', 'guideline', 'workflow',
    'lint', 'config', 'contributing', 'project', 'repo', 'codebase',
    *ZH_CITES,
)
CITES_RULE_GATE = ('rule rules guide guides guidance convention conventions policy policies '
                    'checklist guideline guidelines workflow linter lint config contributing '
                    'project repo repository codebase')

# stance, standing and first-person, from the user: "I prefer pnpm", "i no longer use prek",
# "我习惯".
# / not: "I want you to rename it" (a request).
_STANCE = (
    'prefer', 'like', r'want(?! you\b)', "don't want", 'do not want', 'no longer', 'never',
    'always', 'usually', 'tend to', 'would rather',
)
ZH_STANCE = ('偏好', '喜欢', '习惯', '希望', '倾向')
# "I'd rather", "we’d rather": the contraction joins the pronoun (dev set: "i'd rather ship smaller
# releases more often").
STANCE_RE = (r"(?i)^(?:i|we)(?: (?:" + either(_STANCE) + r")|['’]d rather)\b"
             r'|^我(?:们)?(?:' + either(ZH_STANCE) + ')'
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
ZH_RULE_NOUNS = ('约定', '规范', '惯例', '原则')
RULE_NOUN_RE = r'(?i)\b(?:' + either(_RULE_NOUNS) + r')\b|' + either(ZH_RULE_NOUNS)
RULE_NOUN_GATE = ('repo repository project team workflow coding naming coordination rule rules '
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
WORKS_GATE = [w for v in tokens(_WORKS_VERBS) for w in (v, v.rstrip('s'))]

# recommend: a recommendation, which becomes a decision when the user accepts it in the next turn
# (not a feature: evidence.is_recommendation). "I'd recommend Redis." / not: "The docs recommend
# it."
RECOMMEND_WORDS = (
    'recommend', 'suggest', 'propose', 'go with', 'best option', 'option', 'should', '建议', '推荐',
)
RECOMMEND_RE = (r"(?i)\b(?:i(?:'d| would)? (?:recommend|suggest|propose)|my recommendation"
                r"|i'd go with|the best option|option [a-c1-3]\b|we should|you should)\b|建议|推荐")
