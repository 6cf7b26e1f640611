"""Which text our own detector reads: all that a person or an agent says, and in tool output
only prose and config, never code.

A string is tool output when a record holds it under a tool's field or block (Claude Code's
tool_result and toolUseResult, Codex's function_call_output, Copilot's tool.execution_*,
Gemini's toolCalls); the rest is said. In tool output a value a word names (a password, a
token, a secret, an Authorization header) is kept only on a line our detector reads: an env
line (NAME=value), a config line (name: value, YAML anchors included; "name": "value" in
JSON; name = value in TOML or INI), NAME -> value, an element (<password>…</password>), a
markdown table row, a command's flag (--password value), or a sentence. Code (declarations,
type annotations, imports, calls, class names) is the engine's alone: a word that names a
secret is everywhere in it (privateKey: Uint8Array, import { Web3AuthVerifierService }).
Vendor shapes and addresses (a URL's password) are read on every line.
"""
from __future__ import annotations

import functools
import re

# A dict whose `type` says it is a tool's call or its result, or a key that holds one.
TOOL_TYPE_RE = r'(?i)tool|function_call|_output$|^exec|command'
TOOL_KEY_RE = (r'(?i)tool|^(?:output|stdout|stderr|result|results|aggregated_output'
               r'|formatted_output|functionResponse|arguments|input)$')

# What a line of tool output begins with that is not its text: a Read's or cat -n's line
# number (`    21→`, `  21\t`), a grep hit's file and line (`src/a.ts:12:`), a diff's sign, a
# quote's or a list's mark, a shell prompt, a comment's opening.
NUMBER_RE = r'^\s*\d+(?:→|\t)|^[\w./@-]+\.\w+[:-]\d+[:-]'
GREP_HIT_RE = r'^[\w./@-]+\.\w+[:-]\d+[:-]'
MARK_RE = r'\s*(?:[+-](?![+-]))?\s*(?:(?://+|/?\*+|#+|--|;+|%|>|[-*•]|\$)\s+)*'
# Code in a line's first word: a declaration, an import, an annotation, a member.
CODE_START_RE = (r'^(?:(?:import|const|let|var|val|func|fn|def|defp|defmodule|defstruct|class'
                 r'|struct|enum|interface|trait|impl|pub|package|public|private|protected'
                 r'|internal|static|final|override|extension|protocol|typealias|guard|namespace'
                 r'|using|async|await|yield|throw|new|lazy|mut|where)\b|(?:self|this)\.'
                 r'|@\w|#include|export\s+(?:default|const|let|var|function|class|interface'
                 r'|type|enum|async|\*|\{))')
# The lines our detector reads in tool output.
ENV_LINE_RE = r'^(?:export\s+|set\s+|setx\s+)?[A-Za-z_][\w.]*=(?!=)'
UPPER_ASSIGN_RE = r'^[A-Z][A-Z0-9_]*\s*(?::=|=(?!=))'
# name: value, "name": "value", - name: &anchor value; not a type's field (privateKey:
# Uint8Array;), an argument (auth0ClientInfo: auth0ClientInfo,), a default (key: Key = x).
CONFIG_LINE_RE = (r'''^(?:-\s+)?(?:"[^"]+"|'[^']+'|[\w.-]+)\s*[:=]\s*(?:&[\w-]+\s+|!!\w+\s+)?'''
                  r'''(?:"[^"]*"|'[^']*'|[^\s"'](?:[^;{}()=]|=(?![>\s]))*?|)(?<!,)\s*(?:#.*)?$''')
UNINDENTED_ASSIGN_RE = r'''^[\w.-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s;(){}]+)\s*(?:#.*)?$'''
ARROW_LINE_RE = r'^[\w.\s-]{1,60}?\s*(?:->|=>|→)\s*["\']?[^\s(){};]+["\']?\s*$'
ELEMENT_RE = r'<([\w:.-]+)(?:\s[^<>]*)?>[^<>{}]*</\1>'
TABLE_ROW_RE = r'^\|.*\|\s*$'
FLAG_RE = (r'''(?i)(?<![\w"'`-])(?:--?[\w-]*(?:pass|pwd|token|secret|key|auth|user)[\w-]*[= ]'''
           r'''|-p\S|-u\s|-H\s|--header[= ])''')
# A command line: a program that takes a credential on its command line, first.
COMMAND_RE = (r'^(?:sudo\s+)?(?:curl|wget|http|https|mysql|psql|mongo(?:sh)?|redis-cli|docker'
              r'|kubectl|helm|gh|npm|yarn|pnpm|pip|twine|aws|gcloud|az|ssh|sshpass|scp|git|vault'
              r'|heroku|fly|vercel|doppler|op|export|set|setx)\s')
HEADER_LINE_RE = r'(?i)^["\']?(?:authorization|proxy-authorization|x-[\w-]*(?:key|token))\s*:'
# A sentence: a word and what follows it, or a script without spaces between words (密码是 ...).
SENTENCE_RE = r"^[^\W\d_][\w'’-]*:?\s+\S|[\u3040-\u30ff\u4e00-\u9fff]"
# What no sentence holds: a call, a block, a statement's end, an operator of code.
CODE_SIGN_RE = (r'\w\((?:[^()]*\))?(?=\s*(?:[;,.{)\]]|$))|[{}]|;\s*$|=>|::|&&|\|\||!=|==|^\)|^\]'
                r'|\w\.\w+\.\w')
# A line that is one value and nothing else (a code of a list, a password under its name): read
# when the line before it is.
BARE_VALUE_RE = r'^\s*\S+\s*$'


# Each pattern compiled once: re.match(X_RE, ...) looks its pattern up in re's cache at every
# call (is_tool is asked of every field of every line, is_read of every line a window holds).
(TOOL_TYPE, TOOL_KEY, NUMBER, GREP_HIT, MARK, CODE_START, ENV_LINE, UPPER_ASSIGN, CONFIG_LINE,
 UNINDENTED_ASSIGN, ARROW_LINE, ELEMENT, TABLE_ROW, FLAG, COMMAND, HEADER_LINE, SENTENCE, CODE_SIGN,
 BARE_VALUE) = map(re.compile, (
    TOOL_TYPE_RE, TOOL_KEY_RE, NUMBER_RE, GREP_HIT_RE, MARK_RE, CODE_START_RE, ENV_LINE_RE,
    UPPER_ASSIGN_RE, CONFIG_LINE_RE, UNINDENTED_ASSIGN_RE, ARROW_LINE_RE, ELEMENT_RE, TABLE_ROW_RE,
    FLAG_RE, COMMAND_RE, HEADER_LINE_RE, SENTENCE_RE, CODE_SIGN_RE, BARE_VALUE_RE))


def is_tool(key: str | None, record: object) -> bool:
    """Whether the field `key` holding `record` is a tool's call or result."""
    if key is not None and names_tool(key):
        return True
    kind = record.get('type') if isinstance(record, dict) else None
    return isinstance(kind, str) and is_tool_type(kind)


# A transcript's keys and types are a few strings asked of again and again: each answer kept.
@functools.lru_cache(maxsize=1024)
def names_tool(key: str) -> bool:
    return TOOL_KEY.search(key) is not None


@functools.lru_cache(maxsize=1024)
def is_tool_type(kind: str) -> bool:
    return TOOL_TYPE.search(kind) is not None


def text_of(line: str) -> str:
    """A line of tool output without its line number or grep prefix (its indent kept)."""
    number = NUMBER.match(line)
    return line[number.end():] if number else line


def is_read(line: str) -> bool:
    """Whether our detector reads this line of tool output: prose or config, not code."""
    text = text_of(line)
    body = text[MARK.match(text).end():].rstrip()  # type: ignore[union-attr]
    if not body or CODE_START.match(body):
        return bool(re.match(r'export\s+[A-Za-z_]\w*=', body))
    if ELEMENT.search(body) or TABLE_ROW.match(body):
        return True
    if ENV_LINE.match(body) or HEADER_LINE.match(body):
        return True
    if COMMAND.match(body) or FLAG.search(body) and not re.search(r'\w\(', body):
        return True
    unindented = not text[:1].isspace()
    if UPPER_ASSIGN.match(body) or (unindented and UNINDENTED_ASSIGN.match(body)):
        return True
    if is_config(body) or ARROW_LINE.match(body):
        return True
    return SENTENCE.search(body) is not None and CODE_SIGN.search(body) is None


# A text is a file of code when CODE_SHARE of its lines or more are code (not read), and at least
# CODE_LINES of them: a line that reads as config or a sentence inside it (a struct's field, a
# test's JSON, a comment) is code too. Grep hits (path:line:) come from many files: each is
# judged alone.
CODE_SHARE = 0.5
CODE_LINES = 8


@functools.lru_cache(maxsize=64)
def is_code_file(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip() and not GREP_HIT.match(line)]
    code = sum(not is_read(line) for line in lines)
    return code >= CODE_LINES and code >= CODE_SHARE * len(lines)


def is_config(body: str) -> bool:
    """name: value as config writes it (a JSON member, a field of a literal: a comma or a
    semicolon after it; the value tells a secret from a type, spans.plausible)."""
    return CONFIG_LINE.match(body[:-1] if body.endswith((',', ';')) else body) is not None


def line_at(text: str, at: int) -> tuple[int, int]:
    """Where the line that holds `at` begins and ends."""
    end = text.find('\n', at)
    return text.rfind('\n', 0, at) + 1, end if end >= 0 else len(text)


def is_read_at(text: str, at: int) -> bool:
    """is_read of the line at `at`, or of the line above a list of bare values it ends (backup
    codes:\n5830-1947\n7712-0394), at most LIST_LINES up."""
    start, end = line_at(text, at)
    for _ in range(LIST_LINES):
        line = text[start:end]
        if is_read(line) or not BARE_VALUE.match(text_of(line)) or start == 0:
            return is_read(line)
        start, end = line_at(text, start - 1)
    return False


LIST_LINES = 32


# The kinds a word before the value finds (credentials.by_context, passwords, signing): kept in
# tool output only on a line that is read. Shapes and addresses are kept on every line.
WORDED_KINDS = frozenset((
    'password', 'token', 'secret', 'secret key', 'authorization header', 'signing secret',
))


def reads_any(text: str, start: int, end: int) -> bool:
    """Whether a line that text[start:end] holds a part of is read (is_read_at): where none is,
    in_read_line keeps no worded finding that begins there."""
    while start < end:
        if is_read_at(text, start):
            return True
        start = text.find('\n', start, end) + 1 or end
    return False


def in_read_line(text: str, kind: str, start: int) -> bool:
    """Whether a finding of tool output is kept: not worded, or on a line our detector reads."""
    if kind not in WORDED_KINDS:
        return True
    first, end = line_at(text, start)
    return is_read_at(text, start) and (GREP_HIT.match(text[first:end]) is not None
                                         or not is_code_file(text))
