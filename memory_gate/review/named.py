"""What a memory bullet names that the repository can prove stale: the bullets of a memory file,
and in each one the paths, the symbols and the commands it names. Pure: strings in, values out.

A bullet is a list item outside fenced code, with its continuation lines and its nested items
(removing it removes them). What it names is read from its code spans first; a path may also be
a bare word with a '/' or a known extension. A name that no history could hold (a URL, a home or
absolute path, a glob, a package scope, a variable) is never asked about.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from memory_gate.base.typed import NamedTuple

ITEM_RE = re.compile(r'^([ \t]*)(?:[-*+]|\d{1,9}[.)])[ \t]+(\S.*)$')
FENCE_RE = re.compile(r'^[ \t]*(```|~~~)')
HEADING_RE = re.compile(r'^ {0,3}#{1,6}(?:[ \t]|$)')
CODE_SPAN_RE = re.compile(r'`([^`\n]+)`')
# A bare word with a '/' or a file extension: src/app.py, docs/, Makefile is a span's only.
# Must catch: 'see src/feed/parse.py for it', 'docs/adr/'; must not: 'and/or', 'e.g.', 'v1.2'.
BARE_PATH_RE = re.compile(
    r'(?<![\w/.@~$-])'
    r'((?:\.{0,2}/)?[\w.-]+(?:/[\w.-]+)+/?'  # one or more '/'
    r'|[\w-]+(?:\.[\w-]+)*\.(?:py|pyi|js|mjs|cjs|ts|tsx|jsx|go|rs|rb|java|kt|swift|c|h|cc|cpp|hpp'
    r'|cs|php|sh|bash|zsh|toml|yaml|yml|json|jsonl|ini|cfg|md|rst|txt|sql|proto|lock|mk|gradle'
    r'|vue|svelte|lua|ex|exs|dart|scala|tf))'
    r'(?![\w/])'
)
# A file name with no extension that a repository often holds at its top.
BARE_NAMES = frozenset(('Makefile', 'GNUmakefile', 'Dockerfile', 'justfile', 'Justfile',
                        'Procfile', 'Containerfile', 'Taskfile', 'Jenkinsfile', 'Vagrantfile'))
# What no repository's history holds: a URL, a home, absolute or parent path, a variable, a
# glob or placeholder, a package scope (@scope/pkg), a dependency folder, a host name.
# Must catch: '~/.config/x', 'https://a.b/c', '/etc/hosts', '$HOME/x', 'src/*.py', '@org/pkg',
# 'node_modules/x', '../other-repo/a.py'; must not: 'src/app.py', '.github/workflows/ci.yml'.
NEVER_PATH_RE = re.compile(
    r'://|^www\.|^[~/$%@]|^\.\./|/\.\./|[*?\[\]{}<>|=:,;()\'"\\\s]'
    r'|(?:^|/)(?:node_modules|\.venv|venv|site-packages|vendor|target|dist|build|__pycache__)(?:/|$)'
    r'|^(?:github|gitlab|bitbucket)\.(?:com|org)/'
)
# A symbol in a code span: snake_case or SCREAMING_CASE (4+), camelCase, PascalCase with two
# humps, a call (name()), a dotted member (obj.method), a long flag (--dry-run).
# Must catch: `parse_feed`, `MAX_RETRIES`, `loadConfig`, `FeedCache`, `run()`, `cache.warm()`,
# `--dry-run`; must not: `pytest`, `Makefile`, `src/app.py`, `make test`, `v1.2`, `README`.
SYMBOL_RE = re.compile(
    r'^(?:--(?P<flag>[a-z][a-z0-9]*(?:-[a-z0-9]+)+)'
    r'|(?:[A-Za-z_]\w*\.)*(?P<name>[A-Za-z_]\w*)(?P<call>\(\))?)$'
)
SNAKE_RE = re.compile(r'^_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$')
CAMEL_RE = re.compile(r'^[a-z][a-z0-9]*[A-Z]\w*$|^[A-Z][a-z0-9]+[A-Z][a-z0-9]+\w*$')
# A command whose target a file of the repository defines: make, just, npm/pnpm/yarn/bun run,
# tox -e, nox -s, cargo xtask. Outside a code span, `make` counts only after run/use ('make
# sure' is English) and `just` never does.
COMMAND_RE = re.compile(
    r'(?<![\w-])(?P<tool>make|just|(?:npm|pnpm|yarn|bun) run|tox -e|nox -s|cargo xtask)'
    r'[ \t]+(?P<target>[A-Za-z0-9][\w:.-]*(?:,[A-Za-z0-9][\w:.-]*)*)'
)
PROSE_MAKE_RE = re.compile(r'(?i)\b(?:run|running|use|using|via|with|then|and)[ \t]+$')
TOOLS = {'make': 'make', 'just': 'just', 'npm run': 'npm', 'pnpm run': 'npm', 'yarn run': 'npm',
         'bun run': 'npm', 'tox -e': 'tox', 'nox -s': 'nox', 'cargo xtask': 'xtask'}


class Bullet(NamedTuple):
    """One bullet of the memory file: its first line (1-based), how many lines it spans (its
    continuation and nested items too) and its own text (marker dropped, lines joined)."""

    line: int
    span: int
    text: str
    heading: int = 0  # the line of the Markdown heading it is under (0: none)
    lead: int = 0  # the line of the heading or paragraph that opens its list


class Named(NamedTuple):
    """What one bullet names: paths, symbols (as searched for) and (tool, target) commands."""

    paths: tuple[str, ...]
    symbols: tuple[str, ...]
    commands: tuple[tuple[str, str], ...]


def bullets(memory_text: str) -> list[Bullet]:
    """Every bullet outside fenced code, in order."""
    lines = memory_text.split('\n')
    out: list[Bullet] = []
    fenced = False
    heading = lead = inside = 0  # inside: the line up to which the last item spans
    for index, line in enumerate(lines):
        if FENCE_RE.match(line):
            fenced = not fenced
            continue
        item = None if fenced else ITEM_RE.match(line.rstrip('\r'))
        if item:
            span, more = extent(lines, index, len(item[1].expandtabs()))
            text = ' '.join([item[2], *more]).strip()
            out.append(Bullet(index + 1, span, text, heading, lead))
            inside = max(inside, index + span)
        elif line.strip() and index >= inside and not fenced:
            lead = index + 1
            heading = lead if HEADING_RE.match(line) else heading
    return out


def extent(lines: Sequence[str], index: int, indent: int) -> tuple[int, list[str]]:
    """How many lines the item at `index` spans (its continuation and nested items), and its
    continuation lines' text (not the nested items')."""
    more: list[str] = []
    end, nested = index + 1, False
    while end < len(lines):
        line = lines[end].rstrip('\r')
        deeper = len(line) - len(line.lstrip()) > indent
        if not line.strip() or not deeper or FENCE_RE.match(line):
            break
        nested = nested or bool(ITEM_RE.match(line))
        if not nested:
            more.append(line.strip())
        end += 1
    return end - index, more


def named(text: str) -> Named:
    """The paths, symbols and commands a bullet's text names, each once, in order."""
    spans = CODE_SPAN_RE.findall(text)
    prose = CODE_SPAN_RE.sub(' ', text)
    paths = [p for s in spans if (p := span_path(s))]
    paths += [clean(m[1]) for m in BARE_PATH_RE.finditer(prose)]
    symbols = [s for span in spans if (s := symbol(span))]
    commands = [c for span in spans for c in commands_in(span, True)]
    commands += commands_in(prose, False)
    paths = [p for p in paths if is_path(p)]
    return Named(tuple(dict.fromkeys(paths)), tuple(dict.fromkeys(symbols)),
                 tuple(dict.fromkeys(commands)))


def clean(path: str) -> str:
    """A path as git names it: no leading './', no trailing '/' or full stop."""
    path = path.rstrip('.')
    while path.startswith('./'):
        path = path[2:]
    return path.rstrip('/')


def span_path(span: str) -> str:
    """The path a code span is, or ''."""
    span = span.strip()
    if span in BARE_NAMES:
        return span
    match = BARE_PATH_RE.fullmatch(span)
    return clean(match[1]) if match and ('/' in span or '.' in span.lstrip('.')) else ''


def is_path(path: str) -> bool:
    """A name some repository's history could hold."""
    return bool(path) and not NEVER_PATH_RE.search(path) and any(c.isalpha() for c in path)


def symbol(span: str) -> str:
    """What to search the tree for when a code span is a symbol; '' when it is none."""
    match = SYMBOL_RE.match(span.strip())
    if not match:
        return ''
    if match['flag']:
        return match['flag']
    name = match['name']
    if SNAKE_RE.match(name) and len(name) >= 4 or CAMEL_RE.match(name):
        return name
    return name if match['call'] and len(name) >= 4 else ''


def commands_in(text: str, in_span: bool) -> list[tuple[str, str]]:
    """The (tool, target) pairs of the commands in a text; `in_span`: a code span's."""
    found = []
    for match in COMMAND_RE.finditer(text):
        tool = TOOLS[match['tool']]
        if not in_span and (tool == 'just' or tool == 'make' and not
                            PROSE_MAKE_RE.search(text[:match.start()])):
            continue
        if in_span and text[:match.start()].strip() not in ('', 'then', '&&', ';'):
            if not text[:match.start()].rstrip().endswith(('&&', ';', '|')):
                continue
        found += [(tool, target) for target in match['target'].split(',') if target]
    return found
