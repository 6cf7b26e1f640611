"""`memory-gate agent-hook EVENT`: an agent's hook protocol, JSON on stdin, a decision on stdout.

`stop` (Claude Code `Stop`, Gemini CLI `AfterAgent`, Copilot CLI `agentStop`): once the session
holds enough work since memory-gate last asked (settings `ask-after-prompts`, `ask-after-tools`),
print `{"decision": "block", "reason": ASK}`: the agent goes on with ASK as its next instruction and
states what lasts as `Memory:` lines. Never twice in a row: `stop_hook_active`, and the transcript
itself holds the last ask (no state file). `session-end` (Claude Code `SessionEnd`, Copilot CLI
`sessionEnd`, Gemini CLI `SessionEnd`): `collect` that session into the transcripts folder. An error
is one line on stderr and exit 0: the hook never stops the agent from stopping. Sources:
docs/FORMATS.md §4.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from memory_gate.formats.messages import ASK_OPENING, clean_user_text
from memory_gate.records import Settings

ASK = ASK_OPENING + (
    ' before you stop, state each durable finding of this session on a line of its own that'
    ' starts with `Memory:`: decisions and what they replaced, constraints, conventions, how a'
    ' part of the system works, root causes of failures. State the fact, not what you did (no'
    ' "I fixed", no file:line, no "for now"), nothing about the task at hand, nothing the memory'
    ' file already says. When there is none, write `Memory: none`. A person reviews each line'
    ' before it enters the memory file.'
)
# How Claude Code records a Stop hook's reason in the session (docs/FORMATS.md §4).
FEEDBACK = 'Stop hook feedback:'


class Work(NamedTuple):
    """What a session did since memory-gate last asked, and whether it asked at all."""

    prompts: int = 0
    tools: int = 0
    asked: bool = False


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


def user_text(obj: Mapping[str, Any]) -> str | None:
    """The text of a record a user (or the harness, for the user) wrote, in any agent's log; None
    for others."""
    kind = obj.get('type')
    if kind == 'user' and isinstance(obj.get('message'), dict):  # Claude Code
        if 'toolUseResult' in obj:
            return None
        content = obj['message'].get('content')
        if isinstance(content, list):
            if any(isinstance(b, dict) and b.get('type') == 'tool_result' for b in content):
                return None
            content = '\n'.join(b.get('text', '') for b in content if isinstance(b, dict))
        return content if isinstance(content, str) else None
    if kind == 'user' and 'content' in obj:  # Gemini CLI
        content = obj['content']
        if isinstance(content, list):
            content = '\n'.join(p.get('text', '') for p in content if isinstance(p, dict))
        return content if isinstance(content, str) else None
    if kind == 'user.message' and isinstance(obj.get('data'), dict):  # Copilot CLI
        content = obj['data'].get('content')
        return content if isinstance(content, str) else None
    return None


def tool_calls(obj: Mapping[str, Any]) -> int:
    """How many tool calls a record makes (Claude Code tool_use blocks, Gemini CLI toolCalls,
    Copilot CLI runs)."""
    message = obj.get('message')
    if (
        obj.get('type') == 'assistant'
        and isinstance(message, dict)
        and isinstance(message.get('content'), list)
    ):
        return sum(isinstance(b, dict) and b.get('type') == 'tool_use' for b in message['content'])
    if obj.get('type') == 'gemini' and isinstance(obj.get('toolCalls'), list):
        return len(obj['toolCalls'])
    return int(obj.get('type') == 'tool.execution_start')


def is_ask(text: str) -> bool:
    """memory-gate's own instruction, as the agent recorded it (Claude Code: after "Stop hook
    feedback:" and the hook's command in brackets; Gemini CLI and Copilot CLI: as the next
    prompt)."""
    head = text.lstrip()
    if head.startswith(FEEDBACK):
        head = head[len(FEEDBACK) :].lstrip()
        if head.startswith('[') and ']:' in head:
            head = head[head.index(']:') + 2 :].lstrip()
    return head.startswith(ASK_OPENING)


# Bytes a record must hold to count: a prompt, a tool call, or memory-gate's own ask. The rest of a
# session (tool output, mostly) is never parsed.
COUNTED = (b'"user', b'tool_use', b'tool.execution_start', b'"gemini"')


def records(path: str) -> Iterator[dict[str, Any]]:
    """The records of a session file that may count: JSON lines, or a Gemini CLI session document's
    messages (a document's first line is `{` alone, as JSON.stringify(..., null, 2) writes it)."""
    with open(path, 'rb') as f:
        first = f.readline()
        f.seek(0)
        if first.strip() == b'{':
            document = json.loads(f.read())
            messages = document.get('messages', []) if isinstance(document, dict) else []
            yield from (m for m in messages if isinstance(m, dict))
            return
        for line in f:
            if not any(map(line.__contains__, COUNTED)):
                continue
            try:
                obj = json.loads(line)
            except ValueError:
                continue  # a line being written, or not JSON: nothing to count
            if isinstance(obj, dict):
                yield obj


def work_since_ask(path: str) -> Work:
    """Prompts a person typed and tool calls made since memory-gate last asked (or since the
    start)."""
    work = Work()
    for obj in records(path):
        text = user_text(obj)
        if text is not None and is_ask(text):
            work = Work(asked=True)
        elif text is not None and obj.get('isMeta') is not True and clean_user_text(text):
            work = work._replace(prompts=work.prompts + 1)
        else:
            work = work._replace(tools=work.tools + tool_calls(obj))
    return work


def should_ask(work: Work, prompts: int, tools: int) -> bool:
    return work.prompts >= prompts or work.tools >= tools


def stop(event: Mapping[str, Any], prompts: int, tools: int) -> str:
    """The decision for an agent about to stop: '' lets it stop, else the JSON that asks for Memory:
    lines."""
    if field(event, 'stop_hook_active', 'stopHookActive') is True:
        return ''
    path = field(event, 'transcript_path', 'transcriptPath')
    if not isinstance(path, str) or not path:
        raise HookError('the event names no transcript_path')
    try:
        work = work_since_ask(os.path.expanduser(path))
    except (OSError, ValueError, AttributeError) as exc:
        raise HookError(f'{path}: {exc}') from None
    if not should_ask(work, prompts, tools):
        return ''
    return json.dumps({'decision': 'block', 'reason': ASK}) + '\n'


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        'event',
        nargs='?',
        metavar='EVENT',
        help='stop or session-end (default: what the event JSON says)',
    )


def run(args: argparse.Namespace, settings: Settings) -> int:
    """The edge: read the event, act, print the decision; a problem is one stderr line, exit 0."""
    try:
        act(args.event, sys.stdin.read(), settings)
    except Exception as exc:  # noqa: BLE001 - never a failed stop of the agent, whatever went wrong
        from memory_gate.sentences import printable

        print(f'memory-gate agent-hook: {printable(str(exc))}', file=sys.stderr)
    return 0


def act(event_name: str | None, stdin: str, settings: Settings) -> None:
    event = payload(stdin)
    name = (event_name or str(field(event, 'hook_event_name', 'hookEventName') or '')).lower()
    if name in ('stop', 'afteragent', 'agentstop'):  # not a sub-agent's stop: it is not the session
        sys.stdout.write(stop(event, settings.ask_after_prompts, settings.ask_after_tools))
    elif name in ('session-end', 'sessionend'):
        from memory_gate import copies, files

        path = field(event, 'transcript_path', 'transcriptPath')
        if not isinstance(path, str) or not path:
            raise HookError('the event names no transcript_path')
        root = files.repo_root() or '.'
        session = copies.session_of(os.path.expanduser(path), root)
        for done in copies.collect(root, [session], settings, False, False):
            if isinstance(done, copies.CollectError):
                raise done
            print(copies.line(done, False))
    else:
        raise HookError(f'unknown event {name or "(none)"!r}; expected stop or session-end')
