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
from functools import cache

from memory_gate.base import files, repo
from memory_gate.base.files import InputError
from memory_gate.base.typed import NamedTuple
from memory_gate.reading.records import Proposal
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown

MARK = '# memory-gate proposal'  # the first line of every proposal file memory-gate writes
SUFFIX = '.memory.diff'
HELD = 'held back by --max-add'  # the notes of a bullet listed but not in the diff
SKIPPED = 'skipped in review'
DECLINED = 'declined in review'  # listed still, so the bullets after it keep their numbers
_NOTES = '|'.join(re.escape(note) for note in (HELD, SKIPPED, DECLINED))
_ENTRY_RE = re.compile(
    rf'^# (?:({_NOTES}), )?'  # why it is not in the diff, if so
    r'line (\d+) \((.*?)\): (.*)$'  # its line, where it came from, the bullet
)


class Entry(NamedTuple):
    """One bullet of a proposal as its header lists it; `held` says why it is not in the diff
    ('' when it is)."""

    text: str
    line: int
    where: str
    held: str = ''


def entry(p: Proposal, held: str = '') -> Entry:
    parts = (why(p), p.session and f'session {p.session}', p.timestamp)
    where = printable(', '.join(x for x in parts if x))
    return Entry(' '.join(p.text.split()), p.line, where, held)


def read_ours(path: str, mark: str = MARK) -> str | None:
    """The text of a file memory-gate wrote, starting with `mark` (a proposal's; garden's
    removals have their own); None when the path is missing, unreadable, or not ours."""
    try:
        data = files.read_bytes(path)
    except InputError:
        return None
    if data is None or not data.startswith(mark.encode()):
        return None
    return data.decode('utf-8', 'replace')


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
    """What a proposal asks a reviewer about: its diff's bullets and the held-back ones, each
    once; not those declined in review (the ledger holds them)."""
    seen = {b: None for b in proposed_bullets(diff_text)}
    seen.update((e.text, None) for e in entries(diff_text) if e.held != DECLINED)
    return list(seen)


def header(source: str, rel: str, listed: Sequence[Entry], review: str,
           after: Sequence[str] = ()) -> str:
    """The comment lines before a proposal's diff; `after`: the proposals before it in the chain,
    in order, whose bullets its diff adds to."""
    lines = [
        f'{MARK} for {shell(rel)} from {printable(shown(source))}',
        accept(source + SUFFIX, rel, after),
        f'# review: {review}',
    ]
    for e in listed:
        held = e.held + ', ' if e.held else ''
        where = e.where.replace('): ', ') ')  # a session id in it: never the '): ' that ends it
        lines.append(f'# {held}line {e.line} ({where}): {e.text}')
    return '\n'.join(lines) + '\n'


def accept(target: str, rel: str, after: Sequence[str] = ()) -> str:
    """The header's line saying how to take the diff as it is: alone, or with the chain before it
    applied first, in order (alone it does not apply: git would only say the patch does not)."""
    applied = ' '.join(shell(name) for name in [*after, target])
    line = f'# accept: git apply {applied} && git add {shell(rel)}'
    if after:
        line += (' (the chain in order: this diff adds to the ones before it and does not apply '
                 'alone; to take it without them, use the review below)')
    return line


def with_accept(head: str, line: str) -> str:
    """A proposal's header with its accept line replaced by `line`."""
    lines = head.splitlines(keepends=True)
    for n, old in enumerate(lines):
        if old.startswith('# accept: '):
            lines[n] = line + ('\n' if old.endswith('\n') else '')
    return ''.join(lines)


def why(p: Proposal) -> str:
    """Who said it, the rule that picked it, and the evidence behind its score, in a few words."""
    accepted = f', accepted at line {p.accepted_line}' if p.accepted_line is not None else ''
    evidence = f' [{p.evidence}]' if p.evidence else ''
    score = f'score {p.score:.2f} (threshold {p.threshold:.2f})'
    return printable(f'{p.role}, {p.kind}/{p.rule}, {score}{accepted}{evidence}')


@cache
def shell(path: str) -> str:
    """A path as it is typed in a shell command, safe to print: a name with a tab, a line break
    or control characters in bash's $'...' quoting (sentences.shown): the printed command names
    it. Kept per name: a chain's accept line names every diff before it, so a run of n
    transcripts into one memory file asks n * (n + 1) / 2 times for n names."""
    name = shown(path)
    return printable(shlex.quote(path) if name == path else name)


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


def pending(root: str) -> list[str]:
    """Every proposal file memory-gate wrote in the repository at `root`, in path order."""
    out = repo.git(root, 'ls-files', '-z', '--cached', '--others', '--', '*' + SUFFIX) or b''
    names = sorted(set(out.decode('utf-8', 'replace').split('\0')) - {''})
    return [os.path.join(root, n) for n in names if is_ours(os.path.join(root, n))]
