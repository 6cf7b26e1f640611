"""Signal rules in English: what was decided, what is required or forbidden, what caused a
failure, what someone prefers. Each says what it must catch and what it must not."""
from __future__ import annotations

from memory_gate.reading.rules.rule import NOW, Rule, rule

STATEMENTS: tuple[Rule, ...] = (
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
    ), unless=NOW, triggers='need'),
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
    ), unless=NOW + (
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
    ), unless=NOW, triggers='prefer|rather|instead of'),
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
    ), unless=NOW + r'|\bi\b', min_length=12, triggers=', not |; no |, no | directly'),
    # preference: "I like small, focused PRs." "I hate magic numbers." / not: "Looks like it
    # failed." (needs a subject)
    rule('like', 'preference', (
        r"\b(?:I|we) (?:really )?(?:like|love|hate|dislike|don't like|do not like)\b"
    ), triggers='like|love|hate'),
)
