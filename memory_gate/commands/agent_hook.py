"""`memory-gate agent-hook EVENT`: an agent's hook protocol, JSON on stdin, a decision on stdout.

`stop` (Claude Code `Stop`, Gemini CLI `AfterAgent`, Copilot CLI `agentStop`, Codex CLI `Stop`):
once the session holds enough work since memory-gate last asked (settings `ask-after-prompts`,
`ask-after-tools`), print `{"decision": "block", "reason": ASK}`: the agent goes on with ASK as its
next instruction and states what lasts as `Memory:` lines. Never twice in a row: `stop_hook_active`,
and the transcript itself holds the last ask (no state file). `session-end` (Claude Code
`SessionEnd`, Copilot CLI `sessionEnd`, which names only its sessionId, Gemini CLI `SessionEnd`):
`collect` that session into the transcripts folder. An error is one line on stderr and exit 0: the
hook never stops the agent from stopping. Sources: docs/FORMATS.md §4. What counts as work, and how
each agent's session records it, is session_work.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping

from memory_gate.agents.session_work import flushed, should_ask, work_since_ask
from memory_gate.base import repo
from memory_gate.base.files import InputError
from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats.messages import ASK_OPENING
from memory_gate.reading.records import Settings

if TYPE_CHECKING:
    from typing import Any

ASK = ASK_OPENING + (
    ' before you stop, state each durable finding of this session on its own line starting with'
    ' `Memory:`: decisions and what they replaced, constraints, conventions, how the system'
    " works, root causes. One fact a line, in the project's terms, with its reason when it has"
    " one. Nothing about what you did, this machine, this checkout's state or the harness; a"
    ' one-off instruction of this session is not a rule. If there is none, write `Memory: none`.'
    ' A person reviews each line.'
)


# Shown to the person beside the ask (`systemMessage`): Claude Code 2.1.332 labels every Stop block
# "Stop hook reported a problem" whatever the hook outputs (suppressOutput, exit 2 tried) and prints
# this above it as "Stop says: ..."; Gemini CLI prints it after "Agent execution blocked:".
NOTE = (
    'memory-gate: asking the agent for its Memory: lines, once per stretch of work (not an error)'
)


class HookError(Exception):
    """A payload or transcript the hook cannot use; str() names it."""


def payload(text: str) -> dict[str, Any]:
    try:
        event = json.loads(text) if text.strip() else {}
    except ValueError as exc:
        raise HookError(f'stdin: not JSON: {exc}') from None
    if not isinstance(event, dict):
        raise HookError('stdin: expected a JSON object')
    return event


def field(event: Mapping[str, Any], *names: str) -> Any:
    """The first of names the event has: Claude Code and Gemini CLI write snake_case, Copilot CLI
    camelCase."""
    return next((event[n] for n in names if n in event), None)


def transcript(event: Mapping[str, Any]) -> str:
    """The session file the event names: its transcript_path, else (Copilot CLI's sessionEnd names
    only its sessionId) that session's events.jsonl, once the id is checked to be no path."""
    path = field(event, 'transcript_path', 'transcriptPath')
    if isinstance(path, str) and path:
        return os.path.expanduser(path)
    session_id = field(event, 'sessionId')
    if session_id is None:
        raise HookError('the event names no transcript_path')
    from memory_gate.agents import stores

    found = stores.copilot_events(os.path.expanduser('~'), session_id)
    if found is None:
        raise HookError(f'the event names no transcript_path, and {session_id!r} is no session id')
    return found


def stop(event: Mapping[str, Any], prompts: int, tools: int) -> str:
    """The decision for an agent about to stop: '' lets it stop, else the JSON that asks for Memory:
    lines."""
    if field(event, 'stop_hook_active', 'stopHookActive') is True:
        return ''
    path = transcript(event)
    try:
        flushed(path, field(event, 'timestamp'))
        work = work_since_ask(path)
    except (InputError, OSError, ValueError, AttributeError) as exc:
        raise HookError(f'{path}: {exc}') from None
    if not should_ask(work, prompts, tools):
        return ''
    return json.dumps({'decision': 'block', 'reason': ASK, 'systemMessage': NOTE}) + '\n'


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        'event',
        nargs='?',
        metavar='EVENT',
        help='stop or session-end (default: what the event JSON says)',
    )


def run(args: argparse.Namespace, settings: Settings) -> int:
    """The edge: read the event, act, print the decision; a problem is one stderr line, exit 0
    (Ctrl-C too: cli.py ends it with one line and this command's code, 0)."""
    try:
        act(args.event, read_event(), settings)
    except Exception as exc:  # noqa: BLE001 - never a failed stop of the agent, whatever went wrong
        from memory_gate.secrets.credentials import printable

        print(f'memory-gate agent-hook: {printable(str(exc))}', file=sys.stderr)
    return 0


# The event is a small JSON object written at once: more than this, or nothing for this long,
# is no event (stdin bound to /dev/zero, or a pipe never closed).
MAX_EVENT_BYTES = 1 << 20
EVENT_SECONDS = 5


def read_event() -> str:
    """stdin, at most MAX_EVENT_BYTES within EVENT_SECONDS; '' when stdin is closed."""
    if sys.stdin is None:
        return ''
    import signal

    def late(signum: int, frame: object) -> None:
        raise HookError(f'stdin: no event within {EVENT_SECONDS} s')

    before = signal.signal(signal.SIGALRM, late)
    signal.alarm(EVENT_SECONDS)
    try:
        data = sys.stdin.buffer.read(MAX_EVENT_BYTES + 1)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    if len(data) > MAX_EVENT_BYTES:
        raise HookError(f'stdin: an event past {MAX_EVENT_BYTES >> 20} MiB; not read')
    return data.decode('utf-8', 'replace')


def emit(text: str) -> None:
    """Write to stdout; one that is closed or broken is a HookError (and stdout is pointed at
    the null device, so the exit's own flush stays silent)."""
    if not text:
        return
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (AttributeError, OSError, ValueError):
        if sys.stdout is not None:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())
            os.close(null)
        raise HookError('stdout is closed; the decision was not given') from None


def act(event_name: str | None, stdin: str, settings: Settings) -> None:
    event = payload(stdin)
    name = (event_name or str(field(event, 'hook_event_name', 'hookEventName') or '')).lower()
    if name in ('stop', 'afteragent', 'agentstop'):  # not a sub-agent's stop: it is not the session
        emit(stop(event, settings.ask_after_prompts, settings.ask_after_tools))
    elif name in ('session-end', 'sessionend'):
        from memory_gate.agents import copies
        from memory_gate.secrets.engine import OFF_VARIABLE

        # The agent waits on this hook as it exits: the copy is redacted with the built-in rules,
        # not the compiled engine, whose first load in a new home builds its rule cache (~4 s,
        # measured; the agent cut the hook short). The pre-commit hook scans the copy with it.
        os.environ.setdefault(OFF_VARIABLE, '1')
        root = repo.repo_root()
        if root is None:
            raise HookError('session-end: not inside a git repository; nothing collected')
        path = transcript(event)
        flushed(path, field(event, 'timestamp'))
        session = copies.session_of(path, root)
        for done in copies.collect(root, [session], settings, False, False):
            if isinstance(done, copies.CollectError):
                raise done
            emit(copies.line(done, False) + '\n')
    else:
        raise HookError(f'unknown event {name or "(none)"!r}; expected stop or session-end')
