"""The removal proposal: a diff that only removes bullets from the memory file (or, reworded
by a reviewer, replaces one), with a comment header naming each bullet's evidence. It is its
own file, `<memory file>.garden.diff`, never mixed with a proposal that adds:

    # memory-gate removals for AGENTS.md
    # accept: git apply AGENTS.md.garden.diff && git add AGENTS.md
    # review: memory-gate garden --review
    # line 7 (gone from the tree: `src/feed.py`: ... renamed to ... in 1a2b3c4 ...): Feeds ...
    --- a/AGENTS.md
    +++ b/AGENTS.md
    @@ -5,7 +5,6 @@
"""
from __future__ import annotations

import difflib
from collections.abc import Container, Mapping, Sequence

from memory_gate.base.typed import NamedTuple
from memory_gate.reading.memory import identity
from memory_gate.review import proposals
from memory_gate.review.choices import Choice, Item, Proposal, Words
from memory_gate.review.diff import CONTEXT, bullet_line, ending, split_lines
from memory_gate.review.garden import KEPT, Removal, kept_key
from memory_gate.review.named import bullets
from memory_gate.review.proposals import SKIPPED, Entry, shell
from memory_gate.secrets.credentials import printable

MARK = '# memory-gate removals'
# What garden's keys do to a bullet proposed for removal (review's words are for taking one in).
WORDS = Words('Remove this bullet [y,n,e,s,a,d,q,c,?]? ', (
    'y - remove this bullet from the memory file',
    'n - keep it (recorded in the ledger, never proposed for removal again)',
    'e - reword it: the new text replaces it instead of removing it',
    's - skip it (it stays pending)', 'a - remove this and every later bullet',
    'd - keep this and every later bullet', 'q - quit: skip this and every later bullet',
    'c - show why its removal is proposed', '? - this help'))
SUFFIX = '.garden.diff'
NO_EOL = '\\ No newline at end of file\n'


def entry(removal: Removal, held: str = '') -> Entry:
    where = printable(f'{removal.kind}: {removal.evidence}').replace('): ', ') ')
    return Entry(' '.join(removal.bullet.text.split()), removal.bullet.line, where, held)


def header(rel: str, listed: Sequence[Entry], review: str) -> str:
    lines = [f'{MARK} for {shell(rel)}',
             f'# accept: git apply {shell(rel + SUFFIX)} && git add {shell(rel)}',
             f'# review: {review}']
    for e in listed:
        held = e.held + ', ' if e.held else ''
        lines.append(f'# {held}line {e.line} ({e.where}): {printable(e.text)}')
    return '\n'.join(lines) + '\n'


def render(rel: str, memory_text: str, spans: Mapping[int, int],
           reworded: Mapping[int, str] | None = None) -> str:
    """The diff that removes, from the memory file at `rel`, the lines each (first line, count)
    of `spans` covers; a first line in `reworded` is replaced by that bullet instead."""
    reworded = reworded or {}
    old = split_lines(memory_text)
    eol = ending(memory_text)
    new: list[str] = []
    skip = 0
    for number, line in enumerate(old, 1):
        if number in spans:
            skip = spans[number]
            indent = line[: len(line) - len(line.lstrip())]
            new += [indent + bullet_line(reworded[number]) + eol] if number in reworded else []
        if skip:
            skip -= 1
            continue
        new.append(line)
    return unified(rel, old, new)


def unified(rel: str, old: Sequence[str], new: Sequence[str]) -> str:
    """A unified diff git apply takes: a last line without an ending is marked as git marks it."""
    out = []
    for line in difflib.unified_diff(old, new, 'a/' + rel, 'b/' + rel, n=CONTEXT):
        if line.startswith(('---', '+++')):
            line = line.rstrip() + '\n'
        out.append(line if line.endswith('\n') else line + '\n' + NO_EOL)
    return ''.join(out)


def items(path: str, rel: str, memory_text: str, listed: Sequence[Entry],
          kept: Container[str]) -> list[Item]:
    """The removals a garden file lists, numbered as review numbers them; settled ones say why
    (no longer in the memory file, or their removal declined)."""
    here = {identity(b.text) for b in bullets(memory_text)}
    proposal = Proposal(path, rel, rel, memory_text, list(listed))
    out: list[Item] = []
    for e in listed:
        settled = ('declined' if kept_key(e.text) in kept
                   else '' if identity(e.text) in here else f'not in {rel}')
        out.append(Item(len(out) + 1, proposal, e, settled))
    return out


class Outcome(NamedTuple):
    """What a review of removals does: the garden file's new text (None: remove it), the
    bullets whose removal was declined (for the ledger), and the diff of what was taken."""

    text: str | None
    declined: list[str]
    diff: str


def outcome(every: Sequence[Item], chosen: Mapping[int, Choice], review: str) -> Outcome:
    """The garden file once the choices are made: taken (or reworded) removals in its diff,
    skipped ones listed as such; declined ones go to the ledger and leave it."""
    if not every:
        return Outcome(None, [], '')
    proposal = every[0].proposal
    memory = proposal.memory or ''
    spans = {identity(b.text): b for b in bullets(memory)}
    taken: dict[int, int] = {}
    reworded: dict[int, str] = {}
    listed, declined = [], []
    for item in every:
        action, text = chosen.get(item.number, ('skip', '')) if not item.settled else ('', '')
        bullet = spans.get(identity(item.entry.text))
        if action == 'decline':
            declined.append(KEPT + item.entry.text)
        elif action in ('take', 'reword') and bullet:
            taken[bullet.line] = bullet.span
            reworded.update({bullet.line: text} if text else {})
            listed.append(item.entry._replace(line=bullet.line, held=''))
        elif action == 'skip':
            listed.append(item.entry._replace(held=SKIPPED))
    diff = render(proposal.rel, memory, taken, reworded) if taken else ''
    written = header(proposal.rel, listed, review) + diff if listed else None
    return Outcome(written, declined, diff)


def read_ours(path: str) -> str | None:
    """The text of a garden file memory-gate wrote; None when missing, unreadable or not ours."""
    return proposals.read_ours(path, MARK)
