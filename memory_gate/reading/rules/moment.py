"""Phrase cues of the moment: a report on the work in view, not a fact to keep (person, past,
command, ask, request, report, narration, status, deixis, local, location, count, label, step,
option, anaphora, code spans). Each family says what it must catch and what it must not."""
from __future__ import annotations

from memory_gate.reading.rules.cue import either

# --- of the moment: a report on the work in view, not a fact to keep ---------------------------

# person: the speaker or the listener in person: "I think", "my change", "you can see", "your
# branch".
# / not: "我们决定" (我们 is the team).
PERSON_RE = r"(?i)\b(?:i|i'm|i've|i'll|i'd|me|my|you|your|you'll|you're)\b|我(?!们)|你"
# past: events, anywhere in the sentence: "it was", "they were", "had been", "did not". / not: "It
# is."
PAST = (
    'was', 'were', 'did', "didn't", 'had', "hadn't", 'went', 'got', 'saw', 'came', 'became',
    'broke', 'failed', 'happened',
)
ZH_PAST = ('之前', '刚刚', '当时')
PAST_RE = r'(?i)\b(?:' + either(PAST) + r')\b|' + either(ZH_PAST)

# command: a shell command or a log line pasted as prose: "bun agentv eval run x.yaml --dry-run",
# "[OpenAI Codex] Attempt 1/3 failed". The command is lowercase, as typed, and followed by an
# argument, not by English: "Go with Terraform" and "Python is pinned to 3.12" are statements, and
# so is a flag named mid-sentence ("CI passes --frozen-lockfile"). A terminal glyph (➜ ❯ │ ╭ ╰) is a
# pasted terminal.
TOOLS = (
    'bun', 'npm', 'npx', 'pnpm', 'yarn', 'git', 'go', 'mise', 'make', 'python', 'python3', 'pip',
    'uv', 'cargo', 'docker', 'kubectl', 'gh', 'curl', 'cd', 'ls', 'cat',
)
_ENGLISH = (
    'with', 'is', 'are', 'was', 'were', 'to', 'for', 'the', 'a', 'an', 'and', 'or', 'of', 'in',
    'on', 'it', 'this', 'that', 'back', 'ahead', 'through', 'over', 'away', 'out', 'up', 'down',
    'into', 'from', 'by', 'as', 'at', 'should', 'must', 'will', 'can',
)
TERMINAL = ('➜', '❯', '│', '╭', '╰')
COMMAND_RE = (r'(?i)^(?-i:' + either(TOOLS) + r')\s+(?!(?:' + either(_ENGLISH) + r')\b)\S+'
              r'|^\[[^\]]{2,40}\]|[' + ''.join(TERMINAL) + ']')

# ask: a question without its question mark: "what did byok get replaced with", "is this different
# from mv", "any examples from other eval frameworks". A wh-word asks when an auxiliary follows it,
# an auxiliary when a subject follows it. Not: "When a subagent runs `git commit`, there's no TTY"
# (a condition), "Would require prompting Claude" (no subject: a consequence), "Any variables
# written to this file are exported" (a statement).
WH = ('what', 'why', 'how', 'where', 'when', 'which', 'who', 'whose')
AUX_WORDS = (
    'is', 'are', 'was', 'were', 'does', 'do', 'did', 'can', 'could', 'would', 'will', 'should',
    'has', 'have',
)
_AUX = either(AUX_WORDS)
_ASKED_OF = (
    'it', 'this', 'that', 'these', 'those', 'there', 'the', 'we', 'you', 'i', 'they', 'a', 'an',
    'my', 'our', 'your', 'any', 'someone', 'anyone', 'anything', 'everything', 'something',
)
_ASKED_FOR = (
    'ideas?', 'thoughts?', 'suggestions?', 'examples?', 'updates?', 'news', 'progress',
    'questions?', 'concerns?',
)
ASK_RE = (r'(?i)^(?:(?:' + either(WH) + r')(?: \w+)? (?:' + _AUX + r'|happens?)\b'
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
DONE = (
    'fixed', 'added', 'removed', 'updated', 'documented', 'created', 'implemented', 'changed',
    'renamed', 'moved', 'deleted', 'merged', 'pushed', 'committed', 'refactored', 'replaced',
    'wrote', 'ran', 'verified', 'confirmed', 'found', 'caught', 'corrected', 'cleaned', 'resolved',
    'rebased', 'bumped', 'reverted', 'dropped', 'introduced', 'extracted', 'converted', 'marked',
    'restored', 'simplified', 'applied', 'reworked', 'tightened', 'wired', 'switched', 'tested',
    'checked', 'reviewed',
)
REPORT_RE = (r"(?i)(?:^|\b(?:i|we)(?:'ve| have| just| also)? )(?:" + either(DONE) + r')\b'
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
ZH_NARRATION = ('我先', '我来', '让我', '接下来', '现在我', '用户')
NARRATION_RE = (r'(?i)^(?:' + _OPENERS + r')?(?:i(?= )(?! (?:' + either(_STANDING) + r')\b)'
                r"|i'm|i am|i'll|i will|i need|i've|let me|let's" + _CHOICE + r"|we'll)\b"
                r'|^(?:' + either(ZH_NARRATION) + ')')

# status: "All 1274 tests pass.", "No debug logs remain.", "lint passed", "所有检查通过".
# / not: "Rollbacks are done by redeploying the previous tag" (done by: how, not status).
_STATUS = (
    'pass(?:es|ed|ing)?', 'complete[d]?', r'done(?! (?:by|via|through|with|in|on|at)\b)',
    'clean(?:ly)?', 'green', 'succeed(?:s|ed)?', 'successful(?:ly)?', 'ready', 'looks good', 'lgtm',
    'remain(?:s|ing)?', 'no (?:issues|failures|errors|regressions|changes|problems)',
)
ZH_STATUS = ('通过', '成功', '没有问题')
STATUS_RE = r'(?i)\b(?:' + either(_STATUS) + r')\b|' + either(ZH_STATUS)
STATUS_GATE = ('pass passes passed passing complete completed done clean cleanly green '
                'succeed succeeds succeeded successful successfully ready looks lgtm '
                'remain remains remaining no')

# deixis: the sentence points at this moment or this change: "now", "this PR", "here", "这次",
# "现在".
# / not: "Timestamps are stored in UTC." (nothing pointed at)
_IN_VIEW = (
    'pr', 'branch', 'commit', 'session', 'change', 'diff', 'run', 'time', 'file', 'function',
    'test', 'fix', 'patch', 'task', 'issue', 'step',
)
ZH_DEIXIS = ('这次', '现在', '刚才', '目前', '先')
DEIXIS_RE = (r'(?i)\b(?:now|currently|today|just|already|still|yet|at the moment'
             r'|this (?:' + either(_IN_VIEW) + ')'
             r'|these changes|here)\b|' + either(ZH_DEIXIS))
DEIXIS_GATE = 'now currently today just already still yet moment this these here'

# local: the agent's own environment at the moment, where it ran or found something: "`cross` isn't installed locally,
# but the repo already uses mise-managed tools" (mise, dropped), "Both fixes now pass locally", "`shellcheck` isn't
# installed in this environment" (mise: 1 kept of 92 assistant sentences). Read in the assistant's voice only
# (evidence.form): the user's "Retry webhook tests locally with stripe-cli" (dev set) says where a rule applies.
# / not: "The cache lives in the local directory" (a place, not this machine).
LOCAL_RE = r'(?i)\blocally\b|\bin this (?:environment|sandbox|container|machine)\b|\bon this machine\b'
LOCAL_GATE = 'locally environment sandbox container machine'

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
STEPS = (
    'run', 'add', 'update', 'remove', 'check', 'create', 'fix', 'implement', 'replace', 'move',
    'ensure', 'write', 'delete', 'rename', 'extract', 'mirror', 'verify', 'switch', 'read', 'open',
    'wire', 'call', 'pass', 'return', 'change', 'refactor', 'test', 'merge', 'push', 'commit',
    'install', 'bump', 'export', 'import', 'extend', 'handle', 'skip', 'drop', 'set', 'make',
    'modify', 'introduce', 'register', 'adjust', 'include', 'document', 'reply', 'finish',
    'complete', 'mention', 'start', 'provide', 'explain', 'show', 'tell', 'describe', 'look',
    'investigate', 'find', 'give', 'list', 'summarize', 'summarise', 'clarify', 'review', 'analyze',
    'analyse', 'debug', 'continue', 'proceed', 'generate', 'prepare', 'draft', 'fetch', 'rerun',
)
STEP_RE = r'(?i)^(?:' + either(STEPS) + r')\b'

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
POINTERS = ('it', 'this', 'that', 'these', 'those', 'they')
_WEIGHTY = (
    'important', 'necessary', 'required', 'essential', 'critical', 'best', 'better', 'safer',
    'worth',
)
ANAPHORA_RE = (r'(?i)^(?:(?:' + either(_FILLERS) + r')[,:]? )?'
               r'(?:' + either(POINTERS) + r')\b'
               r'(?! (?:turns?|turned) out\b)'  # a finding
               r'(?! (?:repo|repository|project|codebase|team)\b)'  # the project, named
               # no referent: "it is important to"
               r"(?!(?:'s| is) (?:" + either(_WEIGHTY) + r')\b)')
# code_spans: several, a remark about the code in view ("`resetState` is the only unstable dep in
# `useLayoutEffect`"). / not: "Use `pnpm`." (one name quoted)
CODE_SPANS_RE = r'`[^`]+`[^`]*`[^`]+`[^`]*`[^`]+`'

# attached: a file the user attached to the prompt, as agents' prompts name one: "like we do in
# @config/version.json", "Update @prompts/remediation.md". The session's own files, not a fact to
# keep. / not: "@types/node" or "@tanstack/query" (a scoped package: no file extension), "ops@example.com".
ATTACHED_RE = r'(?<![\w@])@(?:[\w.-]+/)*[\w-]+\.[A-Za-z]\w{0,4}\b'
