"""What an agent's session did since memory-gate last asked it for `Memory:` lines: the prompts
a person typed and the tool calls made, read from the session file of any agent whose hook
`agent-hook stop` answers (agent_hook.py decides from them). Sources: docs/FORMATS.md §4.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

from memory_gate.base import files
from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.formats.document import MAX_DOCUMENT_BYTES
from memory_gate.formats.messages import ASK_OPENING, clean_user_text

if TYPE_CHECKING:
    from typing import Any

# How Claude Code records a Stop hook's reason in the session (docs/FORMATS.md §4).
FEEDBACK = 'Stop hook feedback:'
# How Codex CLI does: the reason in a user message, inside <hook_prompt hook_run_id="stop:...">.
HOOK_PROMPT = '<hook_prompt'


class Work(NamedTuple):
    """What a session did since memory-gate last asked, and whether it asked at all."""

    prompts: int = 0
    tools: int = 0
    asked: bool = False


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
    item = codex_item(obj)
    if item.get('type') == 'message' and item.get('role') == 'user':  # Codex CLI
        content = item.get('content')
        parts = content if isinstance(content, list) else []
        return '\n'.join(str(p.get('text', '')) for p in parts if isinstance(p, dict))
    return None


# A Codex CLI rollout's response_item types that are a tool call (as the Codex reader skips them).
CODEX_CALLS = frozenset(('function_call', 'custom_tool_call', 'local_shell_call'))


def codex_item(obj: Mapping[str, Any]) -> Mapping[str, Any]:
    """A Codex CLI rollout's response_item payload ({} for any other record): its prompts (the
    event_msg user_message repeats them) and its tool calls."""
    payload = obj.get('payload')
    return payload if obj.get('type') == 'response_item' and isinstance(payload, dict) else {}


def tool_calls(obj: Mapping[str, Any]) -> int:
    """How many tool calls a record makes (Claude Code tool_use blocks, Gemini CLI toolCalls,
    Copilot CLI runs, Codex CLI calls)."""
    message = obj.get('message')
    if (
        obj.get('type') == 'assistant'
        and isinstance(message, dict)
        and isinstance(message.get('content'), list)
    ):
        return sum(isinstance(b, dict) and b.get('type') == 'tool_use' for b in message['content'])
    if obj.get('type') == 'gemini' and isinstance(obj.get('toolCalls'), list):
        return len(obj['toolCalls'])
    is_call = codex_item(obj).get('type') in CODEX_CALLS
    return int(obj.get('type') == 'tool.execution_start' or is_call)


def is_ask(text: str) -> bool:
    """memory-gate's own instruction, as the agent recorded it (Claude Code: after "Stop hook
    feedback:" and, in some versions, the hook's command in brackets; Codex CLI: inside a
    <hook_prompt> tag; Gemini CLI and Copilot CLI: as the next prompt)."""
    head = text.lstrip()
    if head.startswith(HOOK_PROMPT) and '>' in head:
        head = head[head.index('>') + 1 :].lstrip()
    if head.startswith(FEEDBACK):
        head = head[len(FEEDBACK) :].lstrip()
        if head.startswith('[') and ']:' in head:
            head = head[head.index(']:') + 2 :].lstrip()
    return head.startswith(ASK_OPENING)


# Bytes a record must hold to count: a prompt, a tool call, or memory-gate's own ask. The rest of a
# session (tool output, mostly) is never parsed.
COUNTED = (b'"user', b'tool_use', b'tool.execution_start', b'"gemini"', b'_call"')


def records(path: str) -> Iterator[dict[str, Any]]:
    """The records of a session file that may count: JSON lines, or a Gemini CLI session document's
    messages (a document's first line is `{` alone, as JSON.stringify(..., null, 2) writes it).
    Bounded whatever the path names: a regular file only (files.open_regular), a line past
    files.MAX_LINE_BYTES skipped unread, a document past MAX_DOCUMENT_BYTES refused."""
    with files.open_transcript(path) as f:
        first = f.readline(files.MAX_LINE_BYTES)
        f.seek(0)
        if first.strip() == b'{':
            yield from messages(f.read(MAX_DOCUMENT_BYTES + 1))
            return
        for line in files.iter_lines(f):
            if line is None or not any(map(line.__contains__, COUNTED)):
                continue
            try:
                obj = json.loads(line)
            except ValueError:
                continue  # a line being written, or not JSON: nothing to count
            if isinstance(obj, dict):
                yield obj


def messages(data: bytes) -> Iterator[dict[str, Any]]:
    """A session document's messages."""
    if len(data) > MAX_DOCUMENT_BYTES:
        raise ValueError(f'a session document past the {MAX_DOCUMENT_BYTES >> 20} MiB cap')
    document = json.loads(data)
    found = document.get('messages', []) if isinstance(document, dict) else []
    yield from (m for m in found if isinstance(m, dict))


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


# How long `agent-hook` waits for a Copilot CLI session file to hold its own event, and how often it
# looks.
FLUSH_SECONDS = 3.0
FLUSH_POLL_SECONDS = 0.05
TAIL_BYTES = 65536  # the end of a session file read for its latest records


def flushed(path: str, stamp: object) -> None:
    """Wait, bounded, until the session file holds a record as late as the event (Copilot CLI's
    `timestamp`, milliseconds since the epoch: no other agent's event has such a number). Copilot
    CLI 1.0.102 runs its hooks before it writes its events out (0.1-0.2 s: a new session's file
    does not exist yet, a resumed session lacks its last turn); the hook.start record of this very
    event, written before the hook runs, carries the event's timestamp."""
    if not isinstance(stamp, int) or isinstance(stamp, bool):
        return
    import time

    deadline = time.monotonic() + FLUSH_SECONDS
    while latest_stamp(path) < stamp and time.monotonic() < deadline:
        time.sleep(FLUSH_POLL_SECONDS)


def latest_stamp(path: str) -> float:
    """The latest ISO `timestamp` among the records at the end of a file, in milliseconds since
    the epoch; -1 for none (or no file yet)."""
    from datetime import datetime

    try:
        with files.open_regular(path) as f:  # a FIFO or a device is no session: none
            f.seek(max(0, f.seek(0, 2) - TAIL_BYTES))
            lines = f.read(TAIL_BYTES).splitlines()
    except (OSError, files.InputError):
        return -1
    latest = -1.0
    for line in lines:
        try:
            stamp = json.loads(line).get('timestamp')
            when = datetime.fromisoformat(stamp.replace('Z', '+00:00')).timestamp() * 1000
        except (ValueError, AttributeError, TypeError):
            continue
        latest = max(latest, when)
    return latest


def should_ask(work: Work, prompts: int, tools: int) -> bool:
    return work.prompts >= prompts or work.tools >= tools
