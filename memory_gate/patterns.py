"""Rules as data: what makes a sentence memory, and what makes it noise.

Every rule is a named family of phrasing, not a single sentence. Each entry
says what it is for, an example it must catch, and one it must not. Teams add
their own rules through configuration (see config.py); they never edit code.
"""
from __future__ import annotations

from memory_gate.cues import CITED_RULE, CITES_RULE, CITES_RULE_WORDS, KINDS
from memory_gate.languages import LANGUAGES, pattern
from memory_gate.typed import NamedTuple


class Rule(NamedTuple):
    name: str
    kind: str  # decision | constraint | root_cause | convention | preference | noise
    pattern: str  # a regular expression, case-insensitive by its leading (?i), compiled when used
    unless: str = ''  # the rule does not fire when this matches
    min_length: int = 0  # a shorter length gate for a form short by nature (0: the default)
    # Cheap gates, checked on the lowered sentence before the pattern runs: the pattern can only
    # match when the sentence contains one of `contains` or starts with one of `starts`.
    # Both empty: no gate (team rules). tests/patterns_test.py proves every gate sound.
    contains: tuple[str, ...] = ()
    starts: tuple[str, ...] = ()
    own: bool = False  # the team's own rule (configuration): weighs as its judgment ('own_rule')


def rule(name: str, kind: str, pattern: str, unless: str = '', min_length: int = 0,
         triggers: str | tuple[str, ...] = '') -> Rule:
    """A rule; `triggers` are lowercase substrings, '|'-separated (or a tuple, to hold a '|'),
    '^' marking one the sentence starts with."""
    words = [t for t in (triggers.split('|') if isinstance(triggers, str) else triggers) if t]
    contains = tuple(t for t in words if not t.startswith('^'))
    starts = tuple(t[1:] for t in words if t.startswith('^'))
    unless = '(?i)' + unless if unless else ''
    return Rule(name, kind, '(?i)' + pattern, unless, min_length, contains, starts)


__all__ = ['KINDS', 'Rule', 'rule']  # KINDS lives with the cues (kind_<KIND> is a feature)

# Words that make an instruction general rather than about the next minutes.
_UNIVERSAL = (
    r'\b(?:always|never|every|each time|whenever|all new|any new|from now on|going forward|'
    r'from here on|in future|in the future|by default)\b'
    r'|以后|今后|一律|每次|始终|永远|默认'
)

# A statement about right now, not a standing rule: "Each worker now gets a fresh database."
_NOW = (
    r'\b(?<!from )(?:now|already|just|currently|still|yet|today|yesterday|here is|here are)\b'
    r'|^(?:it|this|that|these|those|there|which)\b'
)
# The moment named in the rule's own clause (before a comma or a semicolon): "The build needs to
# pass now", not "the agent has to run on py3.8, openwrt still ships 3.8" (the reason, after it).
_CLAUSE_NOW = r'^[^,;]*?\b(?<!from )(?:now|already|just|currently|still|yet|today|yesterday)\b'
# A present-tense passive participle: "are stored", "is cut", "are hashed".
_PASSIVE = (
    r'\b(?:are |gets? |is (?=(?:always|never|only|automatically|usually|strictly|stored'
    r'|kept|managed|versioned|pinned|encrypted|hashed|generated|deployed|hosted|enforced'
    r'|tracked|formatted|named|locked|backed)\b))(?:(?:always|never|only|automatically'
    r'|usually|strictly|all) )?'
    r'(?:[a-z]+ed|cut|run|built|kept|written|done|made|set|held|read|sent|shown|given'
    r'|taken|chosen|frozen|put|split)\b'
)
# A subject that is a kind of thing, not one thing in view: "Components ...", not "The test ..." or
# "It ...".
_SUBJECT = (
    r'^(?!(?:i|you|it|this|that|these|those|he|she|they|we|there|here|what|which|who|the|a|an'
    r'|my|your|his|her|its|both|either|neither|some|most|many|several|few'
    r"|all of)\b)(?:[\w./@`'-]+ ){1,4}"
)

# A generic subject of up to three words, none a person, a pointer or a connective: "Migrations",
# "New endpoints", "The public API"; not "So we", "One caveat you", "so then".
_SUBJECT_WORDS = (
    r"^(?!(?:what|which|who|why|how|when|where|so|then|and|but|also|if|one)\b)"
    r"(?:(?!(?:i|you|we|they|he|she|it|this|that|these|those|there|here|so|then|one)\b)"
    r"[\w./@`'-]+ ){1,3}"
)

# A prohibition stays one, whatever moment it names: "nunca ..., nem hoje" (as 'one_off' unless).
_LANGUAGE_NEVER = r'^(?:nunca|jamais|jamás)\b|^(?:não|no)\b(?!,)|^(?:絶対に|決して)|^(?:절대|절대로)'

SIGNAL_RULES: tuple[Rule, ...] = (
    # decision: "We decided to drop Redis." / not: "Decide later." (no past decision, no seed word)
    rule('decided', 'decision', (
        r'\bdecision\s*[:—–]'
        r'|\b(?:decided|(?:our|the|my|final|team) decision (?:is|was|to)|chose|choose|chosen'
        r'|opted (?:for|to)|settled on|agreed (?:on|to|that)|standardi[sz]ed on)\b'
        r"|\bwe (?:went|are going|\'re going|will go|\'ll go) with\b"
        r'|\bwe (?:(?:all|have|had) )?(?:agreed|picked|selected|went for|landed on)\b'
        r"|\bwe(?:\'re| are|\'ll| will)? (?:not|never|no longer) (?:using|going to use"
        r'|adopting|going with)\b'
        r'|^(?:settled|agreed|final|verdict|conclusion|resolution)\s*[:—–-]'
    ), triggers=(
        'settled', 'agreed', 'final', 'verdict', 'conclusion', 'resolution', 'not using',
        'not going', 'not adopting', 'never using', 'no longer using', 'decid', 'decision',
        'chose', 'choose', 'opted', 'settled on', 'agreed', 'standardi', 'went with',
        'going with', 'go with', 'picked', 'selected', 'went for', 'landed on',
    )),
    # decision: "Postgres it is." "Tailwind it is for the admin panel." "ingress-nginx it is; disable
    # the bundled traefik" (the verdict, then its consequence) / not: "Here it is." (a verdict is
    # short by nature)
    rule('x_it_is', 'decision', (
        r'^(?!(?:here|there|this|that|so|what|where|and'
        r'|but)\b)[\w.+#/ -]{2,40}\bit is(?: for\b[^.;]{1,60})?(?:[.!]?$|;)'
    ), min_length=12, triggers='it is'),
    # decision: what stays and what is out: "Bookworm stays." "Java 17 stays; ..." (flutter-docker-image),
    # "openjdk-21 is off the table" (flutter-docker-image), "What We're NOT Doing" (entire-cli's plan).
    # / not: "the file stays open" (a state: an adjective follows), "Here stays the same" (no name).
    rule('stays_out', 'decision', (
        r'^(?!(?:here|there|this|that|it|what|which|who|and|but|so)\b)[\w.+#/ -]{2,40}\bstays\b(?! (?:open|'
        r'closed|the same|in sync|unchanged|as is|here|there|on|off|up|down|until|for|at|in)\b)'
        r'|\bis off the table\b|\bwe(?:\'re| are) not doing\b|\bstays,\s*[\w.+#/ -]{1,30}\bis out\b'
    ), min_length=12, triggers=('stays', 'off the table', 'not doing')),
    # decision: "Let's go with pnpm from here on." "Stick with CSS modules." / not: "Let's see what
    # happens."
    rule('go_with', 'decision', (
        r"\b(?:let'?s|we(?:'ll| will)|we should|we'?re going to) (?:go with|stick with"
        r'|stay with|standardi[sz]e on|settle on|adopt|keep using|use)\b'
        r'|^(?:stick|stay|go|going|went) with\b'
    ), triggers=(
        'going with', 'went with', 'go with', 'stick with', 'stay with', 'standardi',
        'settle on', 'adopt', 'keep using', ' use',
    )),
    # decision: "We're switching to ruff." "We're moving from flake8 to ruff." "We're dropping
    # Python 3.8 support." / not: "Switch the tab order." (no new thing switched to)
    rule('switch_to', 'decision', (
        r'\b(?:switch(?:ing|ed)? (?:over )?(?:to|from)|migrat(?:e|ing|ed) (?:to|from|off)'
        r'|mov(?:e|ing|ed) (?:off|away from)|(?:moving|switching|migrating) from\b.{1,60}\bto'
        r'|replac(?:e|ing|ed) \S+(?: \S+)? with|dropp(?:ing|ed) \S+ (?:for|in favou?r of)'
        r'|(?:dropping|deprecating|removing) (?:support for|\S+(?: [\d.]+)? support)'
        r'|in favou?r of|standardi[sz](?:e|ing) on)\b'
        r"|\bwe(?:\'ve| have)? (?:moved|migrated|switched|swapped|ported|replaced|dropped"
        r'|removed|retired|deprecated|abandoned|ditched)\b'
        r'|\b(?:is|are|was|were|gets?|got) (?:being )?replaced (?:by|with)\b'
    ), triggers=(
        'we moved', 've moved', 'we have moved', 'we dropped', 'we removed', 'we retired',
        'we deprecated', 'we abandoned', 'we ditched', 've dropped', 've removed', 've retired',
        've deprecated', 've abandoned', 've ditched', 'swapped', 'ported', 'switch ',
        'switching ', 'switched', 'migrate ', 'migrating ', 'migrated', 'move off', 'moved off',
        'moving off', 'move away', 'moved away', 'moving away', 'moving from', 'replace ',
        'replacing ', 'replaced', 'dropping ', 'dropped', 'deprecating ', 'removing ',
        'in favo', 'standardi',
    )),
    # constraint: "Releases must be tagged." / not: "I must have missed that." (noise:
    # first_person_slip)
    rule('must', 'constraint', (
        r"\b(?:must|mustn't|shall not|has to be|have to be|needs to be|need to be)\b"
    ), triggers=(
        'must', 'shall not', 'has to be', 'have to be', 'need to be', 'needs to be',
    )),
    # constraint: "Never push directly to main." / not: "never mind" (noise)
    rule('never_always', 'constraint', r'\b(?:never|always)\b', triggers='never|always'),
    # constraint: "Do not commit generated files." "... ; don't create ad-hoc clients." / not: "I do
    # not know."
    rule('do_not', 'constraint', (
        r"(?:^|[;:—–]\s*)(?:please )?(?:do not|don't|dont|avoid|stop|no more)\b"
    ), triggers="do not|don't|dont|avoid|stop|no more"),
    # constraint: "The API requires an auth header." "The warehouse is read-only." / not: "The
    # request timed out." ("Require.js loads it." still matches: the weights judge it)
    rule('require', 'constraint', (
        r'\b(?:require[sd]?|requirements?|mandatory|not allowed|forbidden|prohibited'
        r'|off[- ]limits|read[- ]only|immutable|nowhere else|nothing else|no exceptions'
        r'|exclusively|solely)\b'
    ), triggers=(
        'nothing else', 'exclusively', 'solely', 'requir', 'mandatory', 'not allowed',
        'forbidden', 'prohibited', 'off limits', 'off-limits', 'read-only', 'read only',
        'immutable', 'nowhere else', 'no exceptions',
    )),
    # constraint: "Breaking changes need an RFC." / not: "I need to check." (noise: narration)
    rule('needs', 'constraint', (
        r'\b(?:need|needs) (?:a|an|one|two|at least|(?:(?:manual|explicit|written'
        r'|prior) )?(?:approval|sign-off|signoff|review|reviewer))\b'
    ), unless=_NOW, triggers='need'),
    # constraint: "Keep the v1 API shape frozen until Q3." "Keep the bundle under 500 kB." / not:
    # "Keep going."
    rule('keep_as_is', 'constraint', (
        r'\b(?:keep|leave|stays?|remains?) (?:\S+ ){0,5}?(?:frozen|unchanged|stable|as[- ]is'
        r'|intact|pinned|in sync|backwards?[- ]compatible|untouched|private|under|below|within'
        r'|at most|as it is|the way it is|alone)\b'
        r'|\b(?:frozen|pinned) (?:at|to|until)\b'
    ), triggers='keep|leave|stay|remain|frozen|pinned'),
    # constraint: "Deploys happen only from tagged commits." "New fields go into v2 only." / not:
    # "It only took a minute."
    rule('only', 'constraint', (
        r'\bonly (?:ever )?(?:use|touch|change|edit|modify|run|deploy|merge|push|import|call'
        r'|write|from|for|when|if|in|on|to|with|through|after|before|by|via|our)\b'
        r'|\b\w+ only[.;!]?$'
        r'|^[\w.-]+(?: [\w.-]+)? only\b'
        r'|\bfor [\w-]+(?: [\w-]+)? only\b'
        r'|\bthe only (?:place|way|tool|one|thing|service|source|team|person|branch|job)\b'
    ), unless=_NOW + (
        r'|\bi\b'
        r'|\bonly (?:took|takes|happened|happens once)'
    ), triggers='only'),
    # constraint: "Response time budgets are 200 ms at p95." "We target Python 3.9 as the oldest
    # supported version." / not: "The limit was hit twice yesterday." (an event, not a limit)
    rule('limit', 'constraint', (
        r'\b(?:budgets?|limits?|quotas?|ceilings?|thresholds?|SLAs?|SLOs?) (?:is|are|of)\b'
        r'|\b(?:oldest|minimum|lowest) supported\b'
        r'|\bsupported versions?\b'
        r'|\b(?:minimum|maximum|min|max|oldest|newest|lowest|highest) (?:[\w.-]+ )?(?:version'
        r'|size|length|count|number|timeout|retries|age|coverage) (?:is|are)\b'
        r'|\bwhen [\w-]+(?: [\w-]+)? (?:exceeds?|goes (?:above|over|below)|drops below'
        r'|falls below|reaches)\b'
    ), triggers=(
        'budget', 'limit', 'quota', 'ceiling', 'threshold', 'sla ', 'slas ', 'slo ', 'slos ',
        'supported', 'minimum', 'maximum', 'min ', 'max ', 'oldest', 'newest', 'lowest',
        'highest', 'exceed', 'goes above', 'goes over', 'goes below', 'drops below',
        'falls below', 'reaches',
    )),
    # root_cause: "The root cause was a stale lock." "The 502s were down to the idle timeout." /
    # not: "Find the cause."
    rule('root_cause', 'root_cause', (
        r'\b(?:root[- ]caused?|the (?:real )?(?:cause|culprit|reason|problem|issue|bug) (?:was'
        r'|is)|was the culprit|caused by|(?:was|were|is|are) down to|(?:was|were|is) due to'
        r'|turned out|stems? from|traced (?:it )?(?:back )?to|came down to|came from'
        r'|because of a|the fix (?:was|is)|which explains|that explains|explains why'
        r'|which is why)\b'
        r'|\b(?:was|were) (?:a |an |the )?(?:race(?: condition)?|typo|misconfiguration'
        r'|off-by-one(?: error)?|deadlock|memory leak)\b'
        r'|\b(?:crash(?:es)?|bug|error|failure|outage|slowdown|leak|flake|flakiness|timeout'
        r'|regression|flicker|hang|deadlock|race|spike|500s|502s)\b[^.;]{0,40}? was (?:the|a'
        r'|an|our|down to|due to|caused by|from)\b'
    ), triggers=(
        'race', 'typo', 'misconfiguration', 'off-by-one', 'leak', 'deadlock', 'root', ' cause ',
        'caused by', 'culprit', ' reason ', ' problem ', ' issue ', ' bug ', 'down to',
        'due to', 'turned out', 'stem', 'traced', 'came from', 'because of a', 'the fix',
        'explains', 'which is why', ' was ',
    )),
    # root_cause: "The deploy failed because the health check ran first." / not: "Because of that,
    # we retry." (no event before the cause; "I did it because you asked" still matches: weighed)
    rule('failed_because', 'root_cause', (
        r'\b(?:[a-z]+ed|got|was|were|did|went|broke|hung|ran|fell|took|came|kept|lost|hit'
        r'|timed out)\b[^.;]{0,60}\bbecause\b'
    ), triggers='because'),
    # root_cause: "Fixed by pinning urllib3." / not: "fixture" (whole word only)
    rule('fixed', 'root_cause', r'\b(?:fixed|fix was)\b', triggers='fixed|fix was'),
    # root_cause: "The workaround is to set TZ=UTC." / not: "We need to work around the flaky test."
    rule('workaround', 'root_cause', r'\bwork-?arounds?\b', triggers='workaround|work-around'),
    # preference: "I prefer small commits." / not: "We prepared the release." ("preferably" alone
    # still matches; acceptable)
    rule('prefer', 'preference', (
        r"\b(?:prefer(?:s|red|ably)?|preference|rather than|instead of|i'?d rather"
        r"|we'?d rather)\b"
    ), unless=_NOW, triggers='prefer|rather|instead of'),
    # preference: "Use tabs, not spaces, in the Makefile." / not: "Use tabs in the Makefile." (no
    # alternative; "Use it, not now." is rare)
    rule('x_not_y', 'preference', (
        r'^(?:please )?(?:use|keep|write|choose|pick|go with)\b[^,;.]{1,40},? not\b'
        r'|\bover \w+(?: \w+)? (?:for|when)\b'
    ), triggers=' not|over '),
    # decision: "Pagination uses opaque cursors, not page numbers." "Stick with CSS modules; no
    # styled-components." / not: "Sure, no problem." (chatter)
    rule('contrast', 'decision', (
        r'\w, not (?!sure\b|yet\b|now\b|really\b|just\b|only\b)\w'
        r'|[;,] no (?!problem\b|worries\b|idea\b|rush\b|need\b|errors?\b|issues?\b|luck\b'
        r'|changes?\b)[\w-]+'
        r'|\bnot \w+(?:[ -]\w+)? directly\b'
    ), unless=_NOW + r'|\bi\b', min_length=12, triggers=', not |; no |, no | directly'),
    # preference: "I like small, focused PRs." "I hate magic numbers." / not: "Looks like it
    # failed." (needs a subject)
    rule('like', 'preference', (
        r"\b(?:I|we) (?:really )?(?:like|love|hate|dislike|don't like|do not like)\b"
    ), triggers='like|love|hate'),
    # Chinese. decision: "决定用 pnpm" "我们选了 ClickHouse" / not: "选项" (different word)
    rule('zh_decision', 'decision', (
        r'决定|决策|选定|选用|选了|选择了|采用|改用|换成|定为|定在|敲定|就用|迁移到|下线|停用'
        r'|弃用|废弃|定了|定下|拍板'
    ), triggers=(
        '决定', '决策', '选定', '选用', '选了', '选择了', '采用', '改用', '换成', '定为',
        '定在', '敲定', '就用', '迁移到', '下线', '停用', '弃用', '废弃', '定了', '定下',
        '拍板',
    )),
    # constraint: "必须在合并前跑完集成测试" "至少需要一个人通过" / not: "必需品" (different word)
    rule('zh_constraint', 'constraint', (
        r'必须|总是|始终|永远|不要|禁止|不允许|不得|不能|不许|严禁|务必|一律|只能|不准|不可以'
        r'|别再|至少需要|至少要|限制在|不超过|上限|保留到|保持不变|冻结|只允许|仅允许|仅限'
        r'|都要|都得|一定要'
    ), triggers=(
        '都要', '都得', '一定要', '保留到', '保持不变', '冻结', '只允许', '仅允许', '仅限',
        '必须', '总是', '始终', '永远', '不要', '禁止', '不允许', '不得', '不能', '不许',
        '严禁', '务必', '一律', '只能', '不准', '不可以', '别再', '至少需要', '至少要',
        '限制在', '不超过', '上限',
    )),
    # root_cause: "根本原因是时区设置错误" "原来是定时任务用了本地时间" / not: "原来的代码" (no 是)
    rule('zh_root_cause', 'root_cause', (
        r'原因|根因|导致|是因为|由于|问题出在|罪魁祸首|修复|归因于|原来是|引起的|造成的'
    ), triggers=(
        '原因', '根因', '导致', '是因为', '由于', '问题出在', '罪魁祸首', '修复', '归因于',
        '原来是', '引起的', '造成的',
    )),
    # preference: "我偏好函数式写法" "配置文件用 YAML 格式，不用 JSON。" / not: "喜欢吗？"
    # (question, dropped as noise)
    rule('zh_preference', 'preference', (
        r'偏好'
        r'|优先'
        r'|我们?(?:更|比较|不)?(?:喜欢|倾向于|愿意|宁可|宁愿)'
        r'|，(?:不用|不进|不放|不走|而不是|不再)'
    ), triggers='优先|偏好|喜欢|倾向于|愿意|宁可|宁愿|，不|，而不是'),
    # convention: "以后都用 UTC 存时间。" "数据库备份每天凌晨三点做" "线上问题先回滚，再排查" / not:
    # "以前"
    rule('zh_convention', 'convention', (
        r'约定'
        r'|规范'
        r'|惯例'
        r'|统一'
        r'|以后'
        r'|今后'
        r'|从现在起'
        r'|从今往后'
        r'|默认'
        r'|都用'
        r'|命名规则'
        r'|所有'
        r'|全部'
        r'|每(?:天|周|月|次|个)'
        r'|保留[^，。]{0,6}(?:天|周|个月|年)'
        r'|^我们(?:都|一直|统一)?(?:用|使用)'
        r'|先[^，。]{1,12}[，,]\s*再'
    ), triggers=(
        '约定', '规范', '惯例', '统一', '以后', '今后', '从现在起', '从今往后', '默认', '都用',
        '命名规则', '所有', '全部', '每', '保留', '先', '我们',
    )),
    # convention: "From now on, squash merges only." / not: "From the logs, it failed."
    rule('going_forward', 'convention', (
        r'\b(?:going forward|from now on|from here on(?: out)?|henceforth|moving forward'
        r'|for all (?:new|future)|in (?:the )?future)\b'
    ), triggers=(
        'forward', 'from now on', 'from here on', 'henceforth', 'for all ', 'future',
    )),
    # convention: "Our convention is kebab-case file names." / not: "conventional" (whole word only)
    rule('convention', 'convention', (
        r'\b(?:are|is) (?:always )?(?:an? )?(?:integers?|strings?|uuids?|ulids?|floats?'
        r'|decimals?|timestamps?|enums?|booleans?|utc|iso ?8601|lowercase'
        r'|uppercase)\b(?! (?:here|now)\b)'
        r'|\b(?:are|is) (?:always )?(?:named|prefixed|suffixed|spelled'
        '|called (?=[`\\\'"]))(?! (?:from|by|in|on|after|before|when|with)\\b) ?[\\w`\\\'".-]+'
        r'|\bour (?:[\w-]+ )?(?:policy|standard|approach|default|process|strategy|practice'
        r'|workflow) (?:is|are)\b'
        r'|\b(?:conventions?|rules?|by convention|style guide|naming scheme|snake_case'
        r'|camelCase|kebab-case|PascalCase)\b'
    ), triggers=(
        'integer', 'string', 'uuid', 'ulid', 'float', 'decimal', 'timestamp', 'enum', 'boolean',
        'utc', 'iso', 'lowercase', 'uppercase', 'named', 'called', 'prefixed', 'suffixed',
        'spelled', 'policy', 'standard', 'approach', 'default', 'process', 'strategy',
        'practice', 'workflow', 'convention', 'rule', 'style guide', 'naming scheme',
        'snake_case', 'camelcase', 'kebab-case', 'pascalcase',
    )),
    # convention: "Timestamps are stored in UTC." "Passwords are hashed with argon2id." / not: "It
    # is located in src." "The build is fixed now."
    rule('passive_norm', 'convention', _PASSIVE + (
        r'(?: [\w-]+){0,3}? (?:in|as|with|using|by|under|through|via|from|at|to|on|into|per'
        r'|once|only|before|after|between|exactly|for|within|behind|inside|across|during'
        r'|until)\b'
    ), unless=_NOW, triggers=(
        'are ', 'get', 'is always', 'is never', 'is only', 'is automatically', 'is usually',
        'is strictly', 'is stored', 'is kept', 'is managed', 'is versioned', 'is pinned',
        'is encrypted', 'is hashed', 'is generated', 'is deployed', 'is hosted', 'is enforced',
        'is tracked', 'is formatted', 'is named', 'is locked', 'is backed',
    )),
    # convention: "Lockfiles are committed." / not: "The tests are fixed." (one thing in view) or
    # "Tests are passing." (not passive)
    rule('passive_short', 'convention', _SUBJECT + (
        r'are (?:always |never |all )?[a-z]+(?:ed|en)[.!]?$'
    ), unless=_NOW, triggers='are '),
    # convention: "We use orjson for serialization everywhere." "Dataclasses are frozen by default
    # in this codebase." / not: "Search the logs across all hosts." (one task)
    rule('scope', 'convention', (
        r'\b(?:everywhere|for everything|for anything|across the board|by default'
        r'|in this (?:codebase|repo|repository|project|team)|in (?:all'
        r'|every) (?:[\w-]+ )?(?:code|files?|modules?|services?|environments?|repos?'
        r'|branch(?:es)?)|in new code|last resort|source of truth|(?:on|for|after|before'
        r'|with) (?:every|each) (?!time\b|one\b)\w+)\b'
    ), unless=_NOW + (
        r'|\bi\b'
        r"|\b(?:we will|we\'ll|kept|was|were|had)\b"
    ), min_length=12, triggers=(
        'every', 'anything', 'across the board', 'by default', 'in this ', 'in all ',
        'in new code', 'last resort', 'source of truth', 'each',
    )),
    # convention: "All migrations go in db/migrations." "Every alert links to a runbook." / not:
    # "All done." "Each worker now gets a DB."
    rule('universal', 'convention', (
        r'^(?:all|every|each|any|no) (?!time\b|one of\b|done\b|good\b'
        r'|set\b)[\w.-]+(?: [\w.-]+){0,3} \w+'
        r'|^(?:nobody|no one|none of us)\b'
    ), unless=_NOW + (
        r'|^all of (?:this|that|these|those|it|them)\b'
        r'|\b(?:has|have|had) (?:\w+ )?(?:been|\w+ed|done|seen|made|gone|run)\b'
        r'|\b(?:was|were|did)\b'
    ), triggers=(
        '^all ', '^every ', '^each ', '^any ', '^no ', '^nobody', '^none of us',
    )),
    # convention: "Components live in src/components." "Tags follow semver." / not: "It goes to the
    # log." (pronoun subject)
    rule('habitual', 'convention', (
        r'^(?![^\n]*(?-i:[\u3040-\u30ff\u4e00-\u9fff]))'
    ) + _SUBJECT + (
        r'(?:use|uses|follow|follows|go|goes|live|lives|belong|belongs|happen|happens|ship'
        r'|ships|link|links|mirror|mirrors|sit|sits|expire|expires|page|pages|allow|allows'
        r'|point|points|target|targets|run|runs|include|includes|come|comes|fire|fires|trigger'
        r'|triggers|block|blocks|fail|fails|map|maps)\b'
    ), unless=_NOW, triggers=(
        ' map', ' block', ' fail', ' come', ' fire', ' trigger', ' use', ' follow', ' go',
        ' live', ' belong', ' happen', ' ship', ' link', ' mirror', ' sit', ' expire', ' page',
        ' allow', ' point', ' target', ' run', ' include',
    )),
    # convention: "The release checklist lives in RELEASING.md." / not: "It lives in my head."
    # (pronoun subject)
    rule('lives_in', 'convention', (
        r"^(?!(?:it|this|that|he|she|they|i|you|my|your)\b)[\w'`./ -]{3,60}? (?:lives?"
        r'|belongs?|is kept|are kept) (?:in|under|inside|at|on)\b'
    ), unless=_NOW, triggers=' live| belong| kept'),
    # convention: "We squash-merge feature branches." "We target Python 3.9." / not: "We found the
    # bug."
    rule('we_habit', 'convention', (
        r"\bwe (?:don\'t|do not|no longer|won\'t) (?:support|use|allow|accept|ship|deploy|run"
        r'|merge)\b'
        r'|^we (?:always |usually |only |never )?(?:use|squash-merge|squash|rebase|deploy'
        r'|release|ship|target|keep|tag|follow|review|pin|vendor|host|publish|support|version'
        r'|lint|format|enforce)\b'
    ), unless=_NOW, triggers='we '),
    # convention: "Use UTC for all timestamps." "Pin SDK versions exactly." "Use freezegun for
    # anything that reads the clock." / not: "Use the helper from the last commit." (no scope)
    rule('imperative_scope', 'convention', (
        r'^(?:please )?(?:use|prefer|name|prefix|put|store|write|keep|pin|tag|format|treat'
        r'|wrap|validate|log|lock|document|mark) \b.*\b(?:all|every|each|any|anything'
        r'|everything|new|exactly|whenever|everywhere|throughout|across)\b'
    ), triggers=(
        '^use ', '^prefer ', '^name ', '^prefix ', '^put ', '^store ', '^write ', '^keep ',
        '^pin ', '^tag ', '^format ', '^treat ', '^wrap ', '^validate ', '^log ', '^lock ',
        '^document ', '^mark ', '^please ',
    )),
    # convention: "Per the repo rules, packages are rebuilt before CLI tests." "The linter requires
    # exhaustive switch
    # cases." / not: "The official docs recommend it." (not the project's own rule; see
    # cues.CITES_RULE_RE)
    rule('cites_rule', 'convention', CITES_RULE, triggers=CITES_RULE_WORDS),
    # constraint: "Migrations should be reversible." "New endpoints shouldn't return HTML." (a rule with
    # a generic subject) / not: "You should run the migration." (a person: "I should", "we should"
    # too), "The build should pass now." (an expectation of the moment)
    rule('should', 'constraint', (
        _SUBJECT_WORDS + r"should(?:n't|n’t|nt| not)? "
        r'(?!(?:be )?(?:fine|ok|okay|good|enough|done|ready|possible|able|working)\b'
        r'|work\b|pass\b|help\b|fix\b)\w+'
    ), unless=_NOW, triggers='should'),
    # constraint: "review agent also needs to validate it works e2e" (agentv, the user: kept), "The
    # worker has to run on py3.8." (the rule above, said with has to / needs to: a generic subject,
    # then the verb) / not: "You have to run the migration." (a person), "This needs to
    # pass now." (the moment), "The build needs to pass." (an expectation of the moment)
    rule('has_to', 'constraint', (
        _SUBJECT_WORDS + r'(?:has|have|needs?) to '
        r'(?!(?:be )?(?:fine|ok|okay|good|enough|done|ready|possible|able|working)\b'
        r'|work\b|pass\b|help\b|fix\b|check\b|see\b|know\b|look\b)\w+'
    ), unless=_CLAUSE_NOW, triggers=('has to', 'have to', 'need to', 'needs to')),
    # The explicit markers of the languages of languages.py, five families each
    # (<code>_decision, _constraint, _convention, _root_cause, _preference):
    # tests/languages_test.py holds what each must catch and must not.
    *(rule(f'{lang.code}_{kind}', kind, pattern(getattr(lang, kind), lang.spaced, lang.unlike),
           triggers=getattr(lang, kind))
      for lang in LANGUAGES
      for kind in ('decision', 'constraint', 'convention', 'root_cause', 'preference')
      if getattr(lang, kind)),
)

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
    ), unless=_UNIVERSAL),
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
    ), unless=_UNIVERSAL + r'|\bmust\b', triggers=(
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
    # tests/languages_test.py holds what each must catch and must not.
    *(rule(f'{lang.code}_one_off', 'noise', pattern(lang.moment, lang.spaced, lang.unlike),
           unless=_LANGUAGE_NEVER, triggers=lang.moment)
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
