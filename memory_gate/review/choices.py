"""The pure part of `memory-gate review` (review.py): the bullets numbered, and the
reviewer's choices (from the command line or asked one by one, like `git add -p`). What the
choices do to the proposal files is rewrite.py.
"""
from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.reading.memory import identity, known_identities
from memory_gate.review.proposals import Entry
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown
from memory_gate.text.width import fit

if TYPE_CHECKING:
    import argparse

KEYS = {'y': 'take', 'n': 'decline', 's': 'skip'}
HELP = ('y - take this bullet', 'n - decline it (recorded in the ledger, never proposed again)',
        'e - reword it (the original is recorded as reviewed)', 's - skip it (it stays pending)',
        'a - take this and every later bullet', 'd - decline this and every later bullet',
        'q - quit: skip this and every later bullet',
        'c - show where it came from: the turns before it and why it was picked', '? - this help')
PROMPT = 'Take this bullet [y,n,e,s,a,d,q,c,?]? '


class Words(NamedTuple):
    """What the keys are said to do: the prompt before each bullet and the ? help (review
    takes a bullet into the memory file, garden removes one from it: removal.WORDS)."""

    prompt: str
    help: tuple[str, ...]


TAKING = Words(PROMPT, HELP)
WIDTH = 100  # the columns a bullet's header fits (its details are behind the c key)


CHOICES = ('take', 'decline', 'skip')  # the choices named on the command line, N,M-K or "all"


def add_choices(parser: argparse.ArgumentParser, meanings: Sequence[str], unnamed: str,
                reword: str) -> None:
    """The choices on the command line, as review and garden take them: --take, --decline and
    --skip (each with its meaning), then --reword N=TEXT (`reword`, its help); `unnamed`: what
    --take does to the bullets it does not name."""
    for action, meaning in zip(CHOICES, meanings):
        parser.add_argument('--' + action, metavar='N,M-K',
                            help=f'{meaning} (numbers, ranges or "all"); with --take, {unnamed}')
    parser.add_argument('--reword', action='append', default=[], metavar='N=TEXT', help=reword)


def named_choices(args: argparse.Namespace) -> dict[str, str | None]:
    """What --take, --decline and --skip named (None: not given)."""
    return {action: getattr(args, action) for action in CHOICES}


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


def items(proposals: Sequence[Proposal], declined: Container[str],
          known_in: dict[str, set[str]] | None = None) -> list[Item]:
    """Every bullet listed by the proposals, numbered in path order, each once; settled ones
    say why. `known_in`: known_identities of memory texts the caller has worked out already."""
    out: list[Item] = []
    seen: set[str] = set()
    known_in = dict(known_in or {})  # the proposals of one memory file share its text
    for p in proposals:
        memory = p.memory or ''
        known = known_in.get(memory)
        if known is None:
            known = known_in[memory] = known_identities(memory)
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
Context = Callable[['Item'], Sequence[str]]  # the lines the c key prints for a bullet


def ask(pending: Sequence[Item], read: Read, say: Say, edit: Edit | None = None,
        context: Context | None = None, width: int = WIDTH,
        words: Words = TAKING) -> dict[int, Choice]:
    """Ask about each pending bullet in turn, as `git add -p` does; end of input skips the
    rest. `edit` rewords a bullet (default: `read` a new text); `context` gives what the c key
    shows (default: its details alone); `words`, what the keys are said to do."""
    chosen: dict[int, Choice] = {}
    rest = ''
    for index, item in enumerate(pending, 1):
        if not rest:
            say(bullet_line(item, width, f'({index}/{len(pending)}) '))
            ways = Ways(read, say, edit or (lambda text: read('New text: ')), context, words)
            choice, rest = ask_one(item, ways)
            chosen.update({item.number: choice} if choice else {})
        if rest:
            chosen[item.number] = (rest, '')
    return chosen


class Ways(NamedTuple):
    """How ask_one asks: reads an answer, says a line, rewords, shows the context."""

    read: Read
    say: Say
    edit: Edit
    context: Context | None
    words: Words = TAKING


def ask_one(item: Item, ways: Ways) -> tuple[Choice | None, str]:
    """One bullet's choice, or (None, the action for it and every later one)."""
    while True:
        answer = ways.read(ways.words.prompt)
        key = 'q' if answer is None else answer.strip().lower()[:1]
        if key in KEYS:
            return (KEYS[key], ''), ''
        if key and key in 'adq':
            return None, {'a': 'take', 'd': 'decline', 'q': 'skip'}[key]
        if key == 'c':
            ways.say('\n'.join([details(item), *(ways.context(item) if ways.context else ())]))
            continue
        text = ' '.join((ways.edit(item.entry.text) or '').split()) if key == 'e' else ''
        if text:
            return ('reword', text), ''
        ways.say('\n'.join(ways.words.help))


def details(item: Item) -> str:
    """Where a bullet came from and why it was picked, whole."""
    return printable(f'{shown(item.proposal.source)}:{item.entry.line}: {item.entry.where}')


def bullet_line(item: Item, width: int = WIDTH, before: str = '') -> str:
    """A bullet's number, source and why, fit to one line of `width` columns after `before`,
    then its text."""
    head = fit(f'{before}{item.number}. {details(item)}', width)
    return f'{head}\n     {printable(item.entry.text)}'
