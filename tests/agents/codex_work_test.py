"""What `agent-hook stop` counts in a Codex CLI rollout (issue 44), as 0.171.0 writes it: a person's
prompt is a response_item message of the user (after the injected <environment_context> one), a
tool call a function_call (custom_tool_call, local_shell_call), and memory-gate's ask, fed back by
Codex's Stop hook, a user message inside <hook_prompt hook_run_id="stop:...">."""

from __future__ import annotations

import json
from pathlib import Path

from memory_gate.agents.session_work import Work, work_since_ask
from memory_gate.commands.agent_hook import ASK
from memory_gate.formats.messages import clean_user_text


def item(payload: dict[str, object]) -> dict[str, object]:
    return {'timestamp': '2026-12-06T09:01:14.767Z', 'type': 'response_item', 'payload': payload}


def said(text: str) -> dict[str, object]:
    content = [{'type': 'input_text', 'text': text}]
    return item({'type': 'message', 'role': 'user', 'content': content})


def call(kind: str = 'function_call') -> dict[str, object]:
    return item({'type': kind, 'name': 'exec_command', 'arguments': '{"cmd": "ls"}',
                 'call_id': 'call_4'})


ENVIRONMENT = '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>'
HOOK_PROMPT = f'<hook_prompt hook_run_id="stop:0:/repo/.codex/hooks.json">{ASK}</hook_prompt>'
META: dict[str, object] = {
    'type': 'session_meta', 'payload': {'id': 's1', 'cwd': '/repo', 'cli_version': '0.171.0'}
}
USER_EVENT: dict[str, object] = {
    'type': 'event_msg', 'payload': {'type': 'user_message', 'message': 'Fix the build.'}
}
OUTPUT = item({'type': 'function_call_output', 'call_id': 'call_4', 'output': 'ok'})


def rollout(tmp_path: Path, *records: dict[str, object]) -> str:
    path = tmp_path / 'rollout-2026-12-06T09-01-14-s1.jsonl'
    path.write_text(''.join(json.dumps(r) + '\n' for r in (META, *records)))
    return str(path)


def test_prompts_and_tool_calls_count_and_injected_turns_do_not(tmp_path: Path) -> None:
    path = rollout(
        tmp_path, said(ENVIRONMENT), said('Fix the build.'), USER_EVENT, call(), OUTPUT,
        call('custom_tool_call'), call('local_shell_call'),
    )
    assert work_since_ask(path) == Work(prompts=1, tools=3)


def test_the_ask_fed_back_in_a_hook_prompt_is_the_last_ask(tmp_path: Path) -> None:
    path = rollout(tmp_path, said('Fix the build.'), call(), said(HOOK_PROMPT))
    assert work_since_ask(path) == Work(asked=True)
    path = rollout(tmp_path, said('Fix the build.'), said(HOOK_PROMPT), said('Now the docs.'))
    assert work_since_ask(path) == Work(prompts=1, asked=True)


def test_the_hook_prompt_is_injected_text_never_a_persons_words() -> None:
    assert clean_user_text(HOOK_PROMPT) == ''
