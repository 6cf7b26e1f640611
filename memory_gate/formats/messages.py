"""One message of a user or an assistant, judged the same way in every format: mined or skipped.

The harness writes into user turns (reminders, instructions, command output): whole blocks of
it are cut, and a turn that opens with what the harness opens its own turns with is injected.
"""
from __future__ import annotations

import re

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Outcome, Turn

if TYPE_CHECKING:
    from typing import Any

# Text the harness puts into user turns. Whole blocks are cut; a turn left empty was injected.
INJECTED_TAGS = (
    'system-reminder', 'system_reminder', 'environment_context', 'user_instructions',
    'INSTRUCTIONS', 'command-name', 'command-message', 'command-args', 'command-contents',
    'local-command-stdout', 'local-command-stderr', 'local-command-caveat',
    'bash-input', 'bash-stdout', 'bash-stderr', 'task-notification', 'turn_aborted',
    'user_shell_command', 'image', 'ide_opened_file', 'ide_selection', 'skill',
    'hook_prompt',  # Codex CLI: a Stop hook's reason, fed back as the next instruction
)
INJECTED_BLOCK_RE = (  # compiled on first use, with re.S
    r'<(' + '|'.join(INJECTED_TAGS) + r')\b[^>]*>'  # an opening tag, its attributes
    r'.*?(?:</\1>|\Z)'  # up to its closing tag, or to the end of a turn cut short
)
# What the harness opens a user turn with; the whole turn is then injected. Prefixes, not a
# pattern: the pattern cost every run 0.5 ms to compile. Whitespace before them does not count.
INJECTED_STARTS = (
    '# AGENTS.md instructions for',
    '# CLAUDE.md',
    '[Request interrupted',
    'Caveat: The messages below were generated',
    # Gemini CLI's /init prompt
    'You are an AI agent that brings the power of Gemini directly into the terminal',
    # a prompt a program wrote: DSPy's ChatAdapter opens every field with [[ ## name ## ]]
    '[[ ## ',
    # Claude Code feeding a Stop hook's block reason back as the next instruction
    'Stop hook feedback:',
    # memory-gate's own end-of-session ask (agent_hook.ASK), a prompt in Gemini and Copilot CLI
    'memory-gate asks:',
)
ASK_OPENING = INJECTED_STARTS[-1]
# What Gemini CLI sends when the model stopped mid-turn.
INJECTED_WHOLE = 'System: Please continue.'
SUMMARY_START = 'This session is being continued from a previous conversation'
USER_QUERY_RE = r'</?user_query>'
PLAN_PREFIX = 'Implement the following plan:'
TEXT_KINDS = ('text', 'input_text', 'output_text')
TOOL_KINDS = (
    'tool_use', 'tool_result', 'function_call', 'server_tool_use', 'web_search_tool_result',
)
# Why a message of a role that is not a person's is skipped. A role not listed is 'unknown'.
ROLE_SKIP = {
    'system': 'system', 'developer': 'system',
    'tool': 'tool', 'function': 'tool', 'ipython': 'tool',
}


def is_injected(text: str) -> bool:
    """A user turn the harness wrote whole: it opens with one of INJECTED_STARTS, or is
    INJECTED_WHOLE."""
    head = text.lstrip()
    if head.startswith(INJECTED_STARTS):
        return True
    return head.startswith(INJECTED_WHOLE) and head.rstrip() == INJECTED_WHOLE


def clean_user_text(text: str) -> str:
    """User text without harness injections; '' when nothing a person typed is left."""
    if is_injected(text):
        return ''
    if '<' in text:
        text = re.sub(INJECTED_BLOCK_RE, '', text, flags=re.S)
        text = re.sub(USER_QUERY_RE, '', text)
    return text.strip()


def block_texts(content: Any, kinds: tuple[str, ...] = TEXT_KINDS) -> tuple[str, bool]:
    """Join the natural-language parts of a message's content; also say whether any part was
    a tool part."""
    if isinstance(content, str):
        return content, False
    if not isinstance(content, list):
        return '', False
    texts, tool = [], False
    for block in content:
        if isinstance(block, str):
            texts.append(block)
        elif isinstance(block, dict):
            kind = block.get('type', 'text')
            if kind in kinds and isinstance(block.get('text'), str):
                texts.append(block['text'])
            elif kind in TOOL_KINDS:
                tool = True
    return '\n'.join(texts), tool


def as_str(value: Any) -> str:
    return value if isinstance(value, str) else ''


def message_outcome(
    line: int, role: Any, text: str, tool: bool, session: str = '', ts: str = '',
) -> Outcome:
    """Judge one message of a user or assistant: mined, or skipped with the reason."""
    if role not in ('user', 'assistant'):
        return Outcome(line, skipped=ROLE_SKIP.get(as_str(role), 'unknown'))
    voice = ''
    if role == 'user':
        head = text.lstrip()
        if head.startswith(SUMMARY_START):
            return Outcome(line, skipped='summary')
        if head.startswith(PLAN_PREFIX):
            role, text, voice = 'assistant', head[len(PLAN_PREFIX):], 'plan'
        else:
            cleaned = clean_user_text(text)
            if not cleaned and text.strip():
                return Outcome(line, skipped='injected')
            text = cleaned
    if not text.strip():
        return Outcome(line, skipped='tool' if tool else 'no_text')
    return Outcome(line, (Turn(role, text, line, session, ts, voice=voice),))
