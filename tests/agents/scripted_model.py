"""A scripted model on 127.0.0.1 for the real agent clients: Anthropic Messages (Claude Code, and
Copilot CLI with its Anthropic provider), OpenAI Responses (Codex CLI) and Gemini's
generateContent/streamGenerateContent (Gemini CLI), each streamed as the client asks.

The script reads the request, not a counter, so any number of side requests (titles, token counts,
routing) leave the session's course alone. For the last thing in the conversation:
- a person's prompt: one shell tool call that prints a fake credential (CREDENTIAL);
- a tool's output: a short reply that ends the turn;
- memory-gate's ask (ASK_OPENING anywhere in the last user turn): the MEMORY lines.
A request that offers no tools (a title, a summary) gets a short plain reply; one that asks for JSON
gets an object filled from its schema. Every request is kept in `requests` for the assertions.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from memory_gate.formats.messages import ASK_OPENING

# A fake password (an AWS example key id is an example to the detector, never a finding), in pieces
# so the whole value is written nowhere.
CREDENTIAL = 'Ch33tah-' + '77x-Qw4'
COMMAND = f"echo 'export DEPLOY_PASSWORD={CREDENTIAL}'"
MEMORY = (
    'Memory: We decided to use Postgres for all persistence, not SQLite.',
    'Memory: The deploy script must always run from the repository root.',
)
REPLY = 'The check printed the deploy key; nothing else to do.'
PLAIN = 'Scripted session'


def text_of(content: Any) -> str:
    """Every string under a message's content, in order (any of the three API shapes)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return '\n'.join(text_of(c) for c in content)
    if isinstance(content, dict):
        return '\n'.join(
            text_of(v) for k, v in content.items() if k in ('text', 'content', 'parts', 'output')
        )
    return ''


def step(last_role: str, last_text: str, is_tool_result: bool) -> str:
    """What the script does next: 'memory', 'reply' or 'tool'."""
    if ASK_OPENING in last_text:
        return 'memory'
    if is_tool_result or last_role not in ('user', 'human'):
        return 'reply'
    return 'tool'


def answer_text(kind: str) -> str:
    return '\n'.join(MEMORY) if kind == 'memory' else REPLY


# --- Anthropic Messages -------------------------------------------------------------------------


def anthropic_step(body: dict[str, Any]) -> str:
    """Claude Code 2.1 sends its reminders and the Stop hook's reason as `system` messages after
    the turn they belong to: the step is read from every message after the model's last one."""
    messages = [m for m in body.get('messages') or [] if isinstance(m, dict)]
    said = [n for n, m in enumerate(messages) if m.get('role') == 'assistant']
    tail = messages[said[-1] + 1 :] if said else messages
    blocks = [b for m in tail if isinstance(m.get('content'), list) for b in m['content']]
    is_result = any(isinstance(b, dict) and b.get('type') == 'tool_result' for b in blocks)
    role = 'user' if any(m.get('role') == 'user' for m in tail) else 'assistant'
    return step(role, text_of([m.get('content') for m in tail]), is_result)


def anthropic_tool(body: dict[str, Any]) -> str | None:
    names = [t.get('name') for t in body.get('tools') or [] if isinstance(t, dict)]
    return next((n for n in ('Bash', 'bash', 'shell') if n in names), None)


def anthropic_content(body: dict[str, Any], steps: list[str]) -> list[dict[str, Any]]:
    tool = anthropic_tool(body)
    kind = 'plain' if tool is None else anthropic_step(body)
    steps.append(kind)
    if kind == 'plain':
        return [{'type': 'text', 'text': PLAIN}]
    if kind == 'tool':
        return [
            {'type': 'text', 'text': 'Running the check.'},
            {
                'type': 'tool_use',
                'id': f'toolu_{len(body.get("messages") or [])}',
                'name': tool,
                'input': {'command': COMMAND, 'description': 'Run the check'},
            },
        ]
    return [{'type': 'text', 'text': answer_text(kind)}]


def anthropic_message(body: dict[str, Any], steps: list[str]) -> dict[str, Any]:
    content = anthropic_content(body, steps)
    stop = 'tool_use' if content[-1]['type'] == 'tool_use' else 'end_turn'
    return {
        'id': 'msg_scripted',
        'type': 'message',
        'role': 'assistant',
        'model': body.get('model', 'scripted'),
        'content': content,
        'stop_reason': stop,
        'stop_sequence': None,
        'usage': {'input_tokens': 10, 'output_tokens': 10},
    }


def anthropic_events(body: dict[str, Any], steps: list[str]) -> list[tuple[str, dict[str, Any]]]:
    message = anthropic_message(body, steps)
    start = {**message, 'content': [], 'stop_reason': None}
    events: list[tuple[str, dict[str, Any]]] = [('message_start', {'message': start})]
    for index, block in enumerate(message['content']):
        opening: dict[str, Any]
        if block['type'] == 'text':
            opening = {'type': 'text', 'text': ''}
            delta = {'type': 'text_delta', 'text': block['text']}
        else:
            opening = {**block, 'input': {}}
            delta = {'type': 'input_json_delta', 'partial_json': json.dumps(block['input'])}
        events += [
            ('content_block_start', {'index': index, 'content_block': opening}),
            ('content_block_delta', {'index': index, 'delta': delta}),
            ('content_block_stop', {'index': index}),
        ]
    stop = {'stop_reason': message['stop_reason'], 'stop_sequence': None}
    events += [
        ('message_delta', {'delta': stop, 'usage': {'output_tokens': 10}}),
        ('message_stop', {}),
    ]
    return [(name, {'type': name, **data}) for name, data in events]


# --- OpenAI Responses ---------------------------------------------------------------------------


def responses_step(body: dict[str, Any]) -> str:
    items = [i for i in body.get('input') or [] if isinstance(i, dict)]
    last = items[-1] if items else {}
    if last.get('type') in ('function_call_output', 'custom_tool_call_output'):
        return step('tool', '', True)
    users = [i for i in items if i.get('role') == 'user']
    text = text_of(users[-1].get('content')) if users and last.get('role') == 'user' else ''
    return step(str(last.get('role')), text, False)


def responses_tool(body: dict[str, Any]) -> dict[str, Any] | None:
    tools = {t.get('name'): t for t in body.get('tools') or [] if isinstance(t, dict)}
    if 'exec_command' in tools:
        return {'name': 'exec_command', 'arguments': json.dumps({'cmd': COMMAND})}
    if 'shell_command' in tools:
        return {'name': 'shell_command', 'arguments': json.dumps({'command': COMMAND})}
    if 'shell' in tools:
        return {'name': 'shell', 'arguments': json.dumps({'command': ['bash', '-lc', COMMAND]})}
    return None


def responses_items(body: dict[str, Any], steps: list[str]) -> list[dict[str, Any]]:
    tool = responses_tool(body)
    kind = responses_step(body) if tool else 'plain'
    steps.append(kind)
    if kind == 'tool' and tool is not None:
        call_id = f'call_{len(body.get("input") or [])}'
        return [{'type': 'function_call', 'id': f'fc_{call_id}', 'call_id': call_id, **tool}]
    words = PLAIN if kind == 'plain' else answer_text(kind)
    return [
        {
            'type': 'message',
            'role': 'assistant',
            'id': 'msg_scripted',
            'status': 'completed',
            'content': [{'type': 'output_text', 'text': words, 'annotations': []}],
        }
    ]


def responses_events(body: dict[str, Any], steps: list[str]) -> list[tuple[str, dict[str, Any]]]:
    usage = {
        'input_tokens': 10,
        'input_tokens_details': None,
        'output_tokens': 10,
        'output_tokens_details': None,
        'total_tokens': 20,
    }
    events: list[tuple[str, dict[str, Any]]] = [
        ('response.created', {'response': {'id': 'resp_scripted'}})
    ]
    for index, item in enumerate(responses_items(body, steps)):
        events.append(('response.output_item.added', {'output_index': index, 'item': item}))
        events.append(('response.output_item.done', {'output_index': index, 'item': item}))
    events.append(('response.completed', {'response': {'id': 'resp_scripted', 'usage': usage}}))
    return [(name, {'type': name, **data}) for name, data in events]


# --- Gemini generateContent ---------------------------------------------------------------------


def gemini_step(body: dict[str, Any]) -> str:
    contents = [c for c in body.get('contents') or [] if isinstance(c, dict)]
    last = contents[-1] if contents else {}
    parts = [p for p in last.get('parts') or [] if isinstance(p, dict)]
    is_result = any('functionResponse' in p for p in parts)
    return step(str(last.get('role')), text_of(parts), is_result)


def has_shell(body: dict[str, Any]) -> bool:
    for group in body.get('tools') or []:
        for decl in (group or {}).get('functionDeclarations') or []:
            if isinstance(decl, dict) and decl.get('name') == 'run_shell_command':
                return True
    return False


def schema_value(schema: Any) -> Any:
    """A value that fits a JSON schema: the first of an enum, 'user' for a string (the next
    speaker check), the least number allowed (a routing score), an object of its properties."""
    if not isinstance(schema, dict):
        return PLAIN
    if schema.get('enum'):
        return schema['enum'][0]
    kind = str(schema.get('type', 'object')).lower()
    if kind == 'object':
        return {k: schema_value(v) for k, v in (schema.get('properties') or {}).items()}
    if kind == 'array':
        return []
    if kind in ('number', 'integer'):
        return schema.get('minimum', 1)
    if kind == 'boolean':
        return False
    return 'user'


def gemini_parts(body: dict[str, Any], steps: list[str]) -> list[dict[str, Any]]:
    config = body.get('generationConfig') or {}
    schema = config.get('responseJsonSchema') or config.get('responseSchema')
    if config.get('responseMimeType') == 'application/json' or schema:
        steps.append('json')
        return [{'text': json.dumps(schema_value(schema))}]
    kind = gemini_step(body) if has_shell(body) else 'plain'
    steps.append(kind)
    if kind == 'plain':
        return [{'text': PLAIN}]
    if kind == 'tool':
        call = {'name': 'run_shell_command', 'args': {'command': COMMAND}}
        return [{'text': 'Running the check.'}, {'functionCall': call}]
    return [{'text': answer_text(kind)}]


def gemini_response(body: dict[str, Any], steps: list[str]) -> dict[str, Any]:
    candidate = {
        'content': {'role': 'model', 'parts': gemini_parts(body, steps)},
        'finishReason': 'STOP',
        'index': 0,
    }
    usage = {'promptTokenCount': 10, 'candidatesTokenCount': 10, 'totalTokenCount': 20}
    return {'candidates': [candidate], 'usageMetadata': usage, 'modelVersion': 'scripted'}


# --- the server ---------------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    server: ScriptedModel
    protocol_version = 'HTTP/1.1'

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def do_GET(self) -> None:  # a models list, a health check: an empty answer
        self.server.requests.append({'method': 'GET', 'path': self.path})
        self.send_json({'data': [], 'models': []})

    def do_HEAD(self) -> None:
        self.send_response(200)
        self.send_header('Content-Length', '0')
        self.end_headers()

    def do_POST(self) -> None:
        length = int(self.headers.get('Content-Length') or 0)
        raw = self.rfile.read(length) if length else b''
        try:
            body = json.loads(raw or b'{}')
        except ValueError:
            body = {}
        body = body if isinstance(body, dict) else {}
        self.server.requests.append({'method': 'POST', 'path': self.path, 'body': body})
        path = self.path.split('?')[0]
        steps = self.server.steps
        if path.endswith('/count_tokens') or path.endswith(':countTokens'):
            self.send_json({'input_tokens': 10, 'totalTokens': 10})
        elif path.endswith('/messages') and body.get('stream'):
            self.send_events(anthropic_events(body, steps))
        elif path.endswith('/messages'):
            self.send_json(anthropic_message(body, steps))
        elif path.endswith('/responses'):
            self.send_events(responses_events(body, steps))
        elif path.endswith(':streamGenerateContent'):
            self.send_events([('', gemini_response(body, steps))])
        elif path.endswith(':generateContent'):
            self.send_json(gemini_response(body, steps))
        else:
            self.send_json({})

    def send_json(self, value: object) -> None:
        data = json.dumps(value).encode()
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_events(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        data = b''.join(
            (f'event: {name}\n' if name else '').encode()
            + b'data: '
            + json.dumps(value).encode()
            + b'\n\n'
            for name, value in events
        )
        self.send_response(200)
        self.send_header('Content-Type', 'text/event-stream')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class ScriptedModel(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(('127.0.0.1', 0), Handler)
        self.requests: list[dict[str, Any]] = []
        self.steps: list[str] = []  # what the script did, a request each: tool, reply, memory, ...
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f'http://127.0.0.1:{self.server_address[1]}'

    def __enter__(self) -> ScriptedModel:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()
