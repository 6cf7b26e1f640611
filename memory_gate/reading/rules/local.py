"""The screen on `Memory:` lines as data: what is local to one machine, one harness or one task,
not lasting knowledge of the project (reading/marked.py applies it).

An agent asked what lasts also writes what only held where and when it ran: a path in someone's
home folder, "this machine has no Docker", the sandbox it ran in, the tool versions installed
there, the state of the branch or task. Each family is a pattern with lines it must catch and near
misses it must not (tests/reading/local_screen_test.py holds the must-drop and must-keep tables).
"""
from __future__ import annotations

# A path under someone's home folder: /home/<name>/, /Users/<name>/, /root/, C:\Users\<name>\.
# A path in an image, a container or a CI runner is the project's, whoever's home it is under
# (HOME_PATH_UNLESS_RE): "the image runs as flutter, with the SDK in /home/flutter/sdk".
# Must catch: "/home/alice/work/proj/.venv", "`/Users/maria/Library/Caches`", "/root/checkouts",
# r"C:\Users\bob\AppData". Must not: "~/.config/mise" or "$HOME/.local/bin" (anyone's home),
# "/usr/src/app", "https://api.github.com/users/octocat", "GET /users/{id}" (lowercase, a route),
# "/home/<user>" (a placeholder).
HOME_PATH_RE = (r'(?<![\w.~$:/}])/(?:home|Users)/[\w][\w.-]*(?=[/\s`\'")\]:;,]|$)'
                r'|(?<![\w.~$:/}])/root/[\w.]'
                r'|\b[A-Za-z]:\\Users\\[\w][\w. -]*\\')
HOME_PATH_UNLESS_RE = (r'(?i)\b(?:images?|containers?|dockerfile|docker|devcontainer|ci'
                       r'|workflows?|runners?)\b')
# The machine or environment the agent ran on.
# Must catch: "this machine has no Docker", "on this laptop", "on this host", "my environment",
# "in my local setup", "on my machine", 本机, 这台机器, このマシン, 이 머신, esta máquina.
# Must not: "a state machine", "machine-readable", "the build machine in CI", "each developer's
# machine", "the user's machine", "this environment variable", 机器学习, 本项目, 이 프로젝트.
MACHINE_RE = (r'(?i)\b(?:this|my) (?:local )?(?:machine|laptop|computer|workstation|host|box|vm'
              r'|desktop|dev box)\b(?!-)'
              r'|(?i:\b(?:this|my) (?:local )?(?:environment|env|setup|set-up)\b(?! variable))'
              r'|本机|本地机器|这台(?:机器|电脑|服务器|主机)|我的(?:电脑|机器|笔记本)'
              r'|この(?:マシン|PC|パソコン|端末|環境)|手元の(?:マシン|PC|環境)'
              r'|이 (?:머신|컴퓨터|노트북|환경)|내 (?:컴퓨터|머신|노트북|환경)'
              r'|(?i:\b(?:esta|nesta|neste|este) (?:máquina|computador|computadora|equipo'
              r'|ordenador|ambiente|entorno)\b)')
# The harness or sandbox the agent ran in, and its limits.
# Must catch: "the sandbox blocks network access", "in this sandbox", "Codex's sandbox", "the
# agent harness", "network access is disabled", approval_policy, workspace-write, "my shell tool".
# Must not: "the test harness in tests/harness.py", "the Stripe sandbox in staging", "each request
# runs in a fresh sandbox process".
HARNESS_RE = (r"(?i)\b(?:this|my|the current|the agent'?s|codex'?s|claude(?: code)?'?s"
              r"|gemini(?: cli)?'?s|copilot'?s) (?:sandbox|harness)\b"
              r"|(?i:\bthe (?:sandbox|harness) (?:blocks|denies|prevents|forbids|disallows"
              r"|restricts|refuses|kills|truncates|times out|has no|lacks|does not|doesn't"
              r"|cannot|can't|won't)\b)"
              r"|(?i:\bagent harness\b|\bsandbox(?:ed)? (?:session|shell)\b"
              r"|\b(?:network|internet) access is (?:disabled|blocked|restricted|off"
              r"|unavailable|not available)\b"
              r"|\bapproval[_ ]policy\b|\bworkspace-write\b|\bdanger-full-access\b"
              r"|\bmy (?:shell|bash|terminal|tool|tools|tool calls)\b)")
# A tool's version stated as what is installed where the agent ran: a version number and a word
# saying it is installed or printed here (both must be in the line: INSTALLED_RE and VERSION_RE).
# Must catch: "Node v20.11.1 is installed here", "the installed Go is 1.22.3", "we have pnpm 9.1.0
# installed globally", "uv 0.4.18 is available locally", "`python3 --version` prints 3.12.4",
# インストール済みの Node は 20.11, 当前安装的 Go 版本是 1.22.3, 설치된 Python 버전은 3.12.4.
# Must not: "requires Node 20 or later", "Ruff is pinned to 0.4.2", "installed plugins are listed
# in ~/.local/share" (no version), "version 2.3.1 is available on PyPI" (not here).
INSTALLED_RE = (r'(?i)\b(?:is|are) installed\b(?! (?:by|with|via|through|from|in ci|on ci))|\bthe installed\b|\binstalled (?:here|locally'
                r'|globally|on (?:this|the) (?:machine|box|host|system))\b'
                r'|\b(?:is|are) available (?:here|locally|on this)\b'
                r'|--version`? (?:prints|shows|says|reports|gives|returns|outputs)\b'
                r'|インストール(?:済み|されている|されてる)|当前安装|已安装|已经安装|本地安装'
                r'|설치된|설치되어 있는')
VERSION_RE = r'(?<![\w.])v?\d+\.\d+(?:\.\d+)*(?![\w.]*\w)'
# A version the project asks for is a constraint, not what one machine has: "must match", "or
# later", "pinned", "requires".
REQUIRED_RE = (r'(?i)\b(?:must|should|needs?|requires?|required|at least|or (?:later|newer|above)'
               r'|pinned|pins?|minimum|supported)\b|[>=]=|\+(?!\w)')
# The state of the current branch, change or task: what is true until the next commit.
# Must catch: "the branch is ready to merge", "this branch is rebased", "the PR is ready for
# review", "all 214 tests pass now", "skipped for now", "I fixed ...", "I've added ...", "the
# current task is ...", "still in progress", "uncommitted changes", "let me rerun the suite", "I'll
# bump it next", 当前分支, 暂时, このブランチ, 이 브랜치. Must not: "Let's Encrypt certificates renew", "feature branches are squash-merged", "the main branch is protected", "tests
# must pass before a PR is merged", "tasks in mise.toml run in parallel", "the fix for the race was
# to take the lock", "I/O errors are retried".
TASK_STATE_RE = (r'(?i)\b(?:this|my current|our current) (?:branch|pr|pull request'
                 r'|mr|merge request|changeset|worktree|working tree|task)\b|\bthe current task\b'
                 r'|\b(?:the|this|my) (?:branch|pr|pull request|change|changes|fix|patch|work)'
                 r' (?:is|are) (?:now )?(?:ready|merged|pushed|done|complete|finished|green'
                 r'|approved|rebased)\b'
                 r'|\bpass(?:es|ing)? now\b|\bnow pass(?:es)?\b|\ball \d+ tests pass'
                 r'|\bfor (?:now|the moment|the time being)\b'
                 r"|^(?:let me|I'll|I will|I'm going to|I am going to)\b|^let's (?!encrypt\b)"
                 r"|^I(?:'ve| have)? (?:just |now |also )?(?:fixed|added|changed|updated"
                 r'|removed|implemented|refactored|created|wrote|moved|renamed|bumped|deleted'
                 r'|replaced|ran|reverted|merged|pushed|committed)\b'
                 r'|\bstill in progress\b|\bis (?:still )?(?:a )?work in progress\b'
                 r'|\buncommitted changes\b|\bnot yet (?:committed|pushed|merged)\b'
                 r'|当前分支|这个分支|本分支|该分支|此分支|暂时|待合并|可以合并了'
                 r'|^我(?:已经|刚刚|刚)?(?:修复|添加|修改|更新|删除|实现|重构)了'
                 r'|(?:この|現在の|今の)(?:ブランチ|PR|プルリク)'
                 r'|(?:이|현재) (?:브랜치|PR)')
# The families of a place, in the order they are tried (then a tool's version, then the task's
# state): the first that catches a line names its reason.
FAMILIES = (
    ('home_path', HOME_PATH_RE),
    ('this_machine', MACHINE_RE),
    ('harness', HARNESS_RE),
)
# A `Memory:` line longer than this is held back whole ('too_long'), never cut.
LONGEST = 2_000
