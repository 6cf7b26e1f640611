"""The pure part of `memory-gate review` (review.py): the bullets numbered, the reviewer's
choices (from the command line or asked one by one, like `git add -p`), and the rewrite.

Declined bullets, and the originals of reworded ones, go to the ledger. Each proposal file
is rewritten to add exactly the bullets taken, chained against the memory file as it is
now, so `git apply` of them applies; skipped bullets stay listed, pending. This never
writes the memory file: the human applies what they chose.
"""
from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import NamedTuple

from memory_gate.credentials import redact
from memory_gate.diff import applied, render
from memory_gate.files import rel
from memory_gate.memory import identity, known_identities
from memory_gate.proposals import DECLINED, SKIPPED, SUFFIX, Entry, header
from memory_gate.sentences import printable, shown

KEYS = {'y': 'take', 'n': 'decline', 's': 'skip'}
HELP = ('y - take this bullet', 'n - decline it (recorded in the ledger, never proposed again)',
        'e - reword it (the original is recorded as reviewed)', 's - skip it (it stays pending)',
        'a - take this and every later bullet', 'd - decline this and every later bullet',
        'q - quit: skip this and every later bullet', '? - this help')


class Proposal(NamedTuple):
    """One pending proposal file as read: where it is, its memory file (path in diffs, text
    now), its bullets."""

    path: str
    source: str
    rel: str
    memory: str | None
    entries: list[Entry]


class Item(NamedTuple):
    number: int
    proposal: Proposal
    entry: Entry
    settled: str  # '' when pending; else why it is not asked ('in AGENTS.md', 'declined')


Choice = tuple[str, str]  # (action, text): the text is the reworded one for 'reword'


def items(proposals: Sequence[Proposal], declined: Container[str]) -> list[Item]:
    """Every bullet listed by the proposals, numbered in path order, each once; settled ones
    say why."""
    out: list[Item] = []
    seen: set[str] = set()
    for p in proposals:
        known = known_identities(p.memory or '')
        for e in p.entries:
            key = identity(e.text)
            settled = why_settled(key, p.rel, known, declined, seen)
            seen.add(key)
            out.append(Item(len(out) + 1, p, e, settled))
    return out


def why_settled(key: str, memory: str, known: set[str], declined: Container[str],
                seen: set[str]) -> str:
    """Why a bullet is not asked about, or '' when it is pending."""
    if key in known:
        return f'in {memory}'
    if key in declined:
        return 'declined'
    if key in seen:
        return 'listed above'
    return ''


def numbers(text: str, count: int) -> set[int]:
    """'1,3,5-7' or 'all' as bullet numbers; raises ValueError naming what is wrong."""
    if text.strip() == 'all':
        return set(range(1, count + 1))
    found: set[int] = set()
    for part in filter(None, (p.strip() for p in text.split(','))):
        low, _, high = part.partition('-')
        if not (low.isdigit() and (high or low).isdigit()):
            raise ValueError(f'{part!r} is not a bullet number or range')
        span = range(int(low), int(high or low) + 1)
        if not span or span[0] < 1 or span[-1] > count:
            raise ValueError(f'{part!r}: bullets are numbered 1 to {count}')
        found.update(span)
    return found


def choices_from(named: Mapping[str, str | None], rewords: Iterable[str],
                 count: int) -> dict[int, Choice]:
    """The choices given on the command line; raises ValueError. With --take, the bullets not
    named are declined (take what you keep, the rest go); else they stay pending."""
    chosen: dict[int, Choice] = {}

    def put(number: int, choice: Choice) -> None:
        if chosen.setdefault(number, choice) != choice:
            raise ValueError(f'bullet {number} is given two choices')

    for action in ('take', 'decline', 'skip'):
        for n in numbers(named.get(action) or '', count):
            put(n, (action, ''))
    for text in rewords:
        which, sep, new = text.partition('=')
        new = ' '.join(new.split())
        if not sep or not new:
            raise ValueError(f'--reword {text!r}: expected N=TEXT')
        for n in numbers(which, count):
            put(n, ('reword', new))
    rest = ('decline', '') if named.get('take') else ('skip', '')
    return {n: chosen.get(n, rest) for n in range(1, count + 1)}


Read = Callable[[str], 'str | None']  # input(): the answer, or None at the end of input
Say = Callable[[str], None]


Edit = Callable[[str], 'str | None']  # the bullet's text -> the reworded text, or None


def ask(pending: Sequence[Item], read: Read, say: Say,
        edit: Edit | None = None) -> dict[int, Choice]:
    """Ask about each pending bullet in turn, as `git add -p` does; end of input skips the
    rest. `edit` rewords a bullet (default: `read` a new text)."""
    chosen: dict[int, Choice] = {}
    rest = ''
    for index, item in enumerate(pending, 1):
        if not rest:
            say(f'({index}/{len(pending)}) {bullet_line(item)}')
            choice, rest = ask_one(item, read, say, edit or (lambda text: read('New text: ')))
            chosen.update({item.number: choice} if choice else {})
        if rest:
            chosen[item.number] = (rest, '')
    return chosen


def ask_one(item: Item, read: Read, say: Say, edit: Edit) -> tuple[Choice | None, str]:
    """One bullet's choice, or (None, the action for it and every later one)."""
    while True:
        answer = read('Take this bullet [y,n,e,s,a,d,q,?]? ')
        key = 'q' if answer is None else answer.strip().lower()[:1]
        if key in KEYS:
            return (KEYS[key], ''), ''
        if key and key in 'adq':
            return None, {'a': 'take', 'd': 'decline', 'q': 'skip'}[key]
        text = ' '.join((edit(item.entry.text) or '').split()) if key == 'e' else ''
        if text:
            return ('reword', text), ''
        say('\n'.join(HELP))


def bullet_line(item: Item) -> str:
    where = printable(f'{shown(item.proposal.source)}:{item.entry.line}: {item.entry.where}')
    return f'{item.number}. {where}\n     {printable(item.entry.text)}'


class Outcome(NamedTuple):
    files: dict[str, str | None]  # proposal path -> its new text, None when nothing is left
    declined: list[str]  # for the ledger: declined bullets and the originals of reworded ones
    taken: list[str]
    diff: str  # every taken bullet against the memory file as it is now, for the reviewer to read


def rewrite(all_items: Sequence[Item], chosen: Mapping[int, Choice], review: str,
            heading: str = '') -> Outcome:
    """New proposal texts: taken bullets in the diff (chained in path order, under `heading`
    when set); every listed bullet stays listed, in its place, so the numbers do not shift
    between two reviews (declined ones marked, skipped ones pending). A proposal is removed
    once nothing listed anywhere is pending and it has nothing taken in its diff."""
    files: dict[str, str | None] = {}
    state: dict[str, str | None] = {}
    declined: list[str] = []
    taken_all: list[str] = []
    keep: dict[str, bool] = {}
    for p in {i.proposal.path: i.proposal for i in all_items}.values():
        listed, taken = [], []
        for i in (i for i in all_items if i.proposal.path == p.path):
            entry, action, text = decided(i, chosen)
            listed.append(entry)
            if action in ('take', 'reword'):
                taken.append(entry.text)
            if action in ('decline', 'reword'):
                declined.append(i.entry.text)
        keep[p.path] = bool(taken)
        before = state.get(p.rel, p.memory)
        state[p.rel] = applied(before, taken, heading)
        taken_all += taken
        files[p.path] = (header(p.source, p.rel, listed, review)
                         + render(p.rel, before, taken, heading))
    pending = any(not i.settled and chosen.get(i.number, ('skip', ''))[0] == 'skip'
                  for i in all_items)
    for path in files:
        if not pending and not keep[path]:
            files[path] = None
    first = all_items[0].proposal if all_items else None
    diff = render(first.rel, first.memory, taken_all, heading) if first else ''
    return Outcome(files, declined, taken_all, diff)


def decided(item: Item, chosen: Mapping[int, Choice]) -> tuple[Entry, str, str]:
    """A listed bullet as it stands after the choices: (its entry, the action, its new text)."""
    if item.settled == 'declined':  # listed, not asked: it keeps its number
        return item.entry._replace(held=DECLINED), 'settled', ''
    if item.settled:  # in memory, or listed above: not in this diff
        return item.entry._replace(held=item.entry.held or SKIPPED), 'settled', ''
    action, text = chosen.get(item.number, ('skip', ''))
    text = redact(text)  # a reworded bullet never carries a credential into a proposal
    if action == 'decline':
        return item.entry._replace(held=DECLINED), action, ''
    if action == 'skip':
        return item.entry._replace(held=SKIPPED), action, ''
    where = item.entry.where + (', reworded' if text else '')
    return item.entry._replace(text=text or item.entry.text, where=where, held=''), action, text


def source_of(path: str, root: str) -> str:
    return rel(path, root)[: -len(SUFFIX)]
