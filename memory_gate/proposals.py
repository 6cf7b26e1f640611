"""The proposal file: a reviewable diff with a comment header naming where each bullet came from.

The header lists every pending bullet of its transcript, the ones held back by --max-add
too, so that one review (or one decline) settles them all:

    # memory-gate proposal for AGENTS.md from s.jsonl
    # accept: git apply s.jsonl.memory.diff && git add AGENTS.md
    # review: memory-gate review
    # line 7 (user, rule decision/decided): We decided to keep the parser in pure Python.
    # held back by --max-add, line 9 (user, rule constraint/never_always): Never push to main.
"""
from __future__ import annotations

import os
import re
import shlex
from collections.abc import Sequence
from typing import NamedTuple

from memory_gate import files
from memory_gate.files import InputError
from memory_gate.records import Proposal
from memory_gate.sentences import printable

MARK = '# memory-gate proposal'  # the first line of every proposal file memory-gate writes
SUFFIX = '.memory.diff'
HELD = 'held back by --max-add'  # the notes of a bullet listed but not in the diff
SKIPPED = 'skipped in review'
DECLINE_HOOK = 'pre-commit run memory-gate-decline --hook-stage manual'
_ENTRY_RE = re.compile(rf'^# (?:({re.escape(HELD)}|{re.escape(SKIPPED)}), )?line (\d+) \((.*?)\): (.*)$')


class Entry(NamedTuple):
    """One bullet of a proposal as its header lists it; `held` says why it is not in the diff ('' when it is)."""

    text: str
    line: int
    where: str
    held: str = ''


def entry(p: Proposal, held: str = '') -> Entry:
    parts = (why(p), p.session and f'session {p.session}', p.timestamp)
    return Entry(' '.join(p.text.split()), p.line, printable(', '.join(x for x in parts if x)), held)


def read_ours(path: str) -> str | None:
    """The text of a proposal file memory-gate wrote; None when the path is missing, unreadable, or not ours."""
    try:
        data = files.read_bytes(path)
    except InputError:
        return None
    return data.decode('utf-8', 'replace') if data is not None and data.startswith(MARK.encode()) else None


def is_ours(path: str) -> bool:
    return read_ours(path) is not None


def proposed_bullets(diff_text: str) -> list[str]:
    """The bullets a proposal file's diff adds."""
    body = diff_text.split('\n+++ ', 1)[-1]
    return [line[3:].rstrip('\r') for line in body.splitlines() if line.startswith('+- ')]


def entries(diff_text: str) -> list[Entry]:
    """Every bullet the header lists, in order: those in the diff, then those held back."""
    head = diff_text.split('\n--- ', 1)[0]
    found = (_ENTRY_RE.match(line.rstrip('\r')) for line in head.splitlines())
    return [Entry(m[4], int(m[2]), m[3], m[1] or '') for m in found if m]


def pending_bullets(diff_text: str) -> list[str]:
    """What a proposal asks a reviewer about: its diff's bullets and the held-back ones, each once."""
    seen = {b: None for b in proposed_bullets(diff_text)}
    seen.update((e.text, None) for e in entries(diff_text))
    return list(seen)


def header(source: str, rel: str, listed: Sequence[Entry], review: str) -> str:
    target, rel = shell(source + SUFFIX), shell(rel)
    lines = [f'{MARK} for {rel} from {printable(source)}', f'# accept: git apply {target} && git add {rel}',
             f'# review: {review}']
    for e in listed:  # `where` may hold a session id from the transcript: never the '): ' that ends it
        lines.append(f'# {e.held + ", " if e.held else ""}line {e.line} ({e.where.replace("): ", ") ")}): {e.text}')
    return '\n'.join(lines) + '\n'


def why(p: Proposal) -> str:
    """Who said it, the rule that picked it, and the evidence behind its score, in a few words."""
    accepted = f', accepted at line {p.accepted_line}' if p.accepted_line is not None else ''
    evidence = f' [{p.evidence}]' if p.evidence else ''
    return printable(f'{p.role}, {p.kind}/{p.rule}, score {p.score:.2f}{accepted}{evidence}')


def shell(path: str) -> str:
    """A path as it is typed in a shell command, safe to print."""
    return printable(shlex.quote(path))


def memory_of(diff_text: str, root: str) -> str:
    """The memory file a proposal is for: its diff's target, else the one its first line names."""
    for line in diff_text.splitlines():
        if line.startswith('+++ b/'):
            return os.path.join(root, line[6:].rstrip('\r'))
    first = diff_text.split('\n', 1)[0]
    if first.startswith(MARK + ' for ') and ' from ' in first:
        try:
            return os.path.join(root, shlex.split(first[len(MARK) + 5:].rsplit(' from ', 1)[0])[0])
        except (ValueError, IndexError):
            pass
    raise InputError('has no +++ b/<memory file> line')


class Routes(NamedTuple):
    """The commands this user can type to review per bullet, and to decline everything pending."""

    review: str
    decline: str


def routes(environ: dict[str, str], executable: str, root: str) -> Routes:
    """What works for this user: memory-gate by name when it is on their PATH; else pre-commit's own routes.

    Inside a hook, pre-commit puts the hook's own environment first on PATH; that entry is
    looked past, since the user's shell will not have it.
    """
    own = os.path.dirname(executable)
    path = environ.get('PATH', '')
    if environ.get('PRE_COMMIT'):
        path = os.pathsep.join(p for p in path.split(os.pathsep) if os.path.abspath(p or '.') != os.path.abspath(own))
    import shutil  # only when the review prints its routes

    if shutil.which('memory-gate', path=path):
        return Routes('memory-gate review', 'memory-gate decline --pending')
    tried = try_repo(executable)
    if tried is not None:  # its environment is deleted when try-repo ends
        return Routes(f'pip install {tried} && memory-gate review', f'pre-commit try-repo {tried} memory-gate-decline --hook-stage manual')
    script = os.path.join(own, 'memory-gate')
    run = shell(script) if os.path.exists(script) else f'{shell(executable)} -m memory_gate'
    return Routes(f'{run} review', DECLINE_HOOK if configured(root, 'memory-gate-decline') else f'{run} decline --pending')


def try_repo(executable: str) -> str | None:
    """Under `pre-commit try-repo`, the repository tried, as the temporary config beside the hook's store names it."""
    store = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(executable))))  # store/repoX/py_env-Y/bin
    try:
        config = files.read_text(os.path.join(store, '.pre-commit-config.yaml'))
    except InputError:
        return None
    found = re.search(r'^[- ]*repo: *(.+?) *$', config, re.M)
    if found is None or not os.path.basename(store).startswith('tmp'):
        return None
    repo = found[1].strip('\'"')
    repo = repo if ':' in repo else os.path.abspath(repo)  # pre-commit names a local one relative to the repository
    return '<the memory-gate repository>' if os.path.basename(repo) == 'shadow-repo' else shell(repo)


def configured(root: str, hook: str) -> bool:
    try:
        return f'id: {hook}' in files.read_text(os.path.join(root, '.pre-commit-config.yaml'))
    except InputError:
        return False
