"""What the hook prints: each proposal's bullets, numbered as review numbers them, its diff,
the budget warning, the other pending bullets, and the commands to type next."""
from __future__ import annotations

from collections.abc import Sequence

from memory_gate.color import paint, paint_diff
from memory_gate.reading.records import Settings
from memory_gate.review.choices import Item
from memory_gate.review.proposals import HELD, SUFFIX, Entry, shell
from memory_gate.review.routes import Routes
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown


def print_others(others: Sequence[Item]) -> None:
    if not others:
        return
    print('Also pending, from proposals of earlier commits (review asks about them too):')
    for item in others:
        where = f'{item.number}. {printable(shown(item.proposal.source))}:{item.entry.line}:'
        print(f'  {where} {printable(item.entry.text)}')


def report(source: str, rel: str, listed: Sequence[Entry], diff: str, settings: Settings,
           before: int) -> None:
    """The review of one transcript: every pending bullet numbered, those held back by the cap
    too, then the diff."""
    name = printable(shown(source))
    on = settings.color == 'always'
    cap = f'--max-add {settings.max_add}'
    notes = [note_of(e, cap) for e in listed]  # '' for a bullet in the diff
    if diff:
        in_diff = f'{notes.count("")} in {printable(shown(source + SUFFIX))}'
    else:
        in_diff = f'none in the diff ({cap})'
    target = printable(shown(rel))
    title = f'memory-gate: {name}: {len(listed)} bullet(s) pending for {target}: {in_diff}'
    if diff:
        title += ''.join(f', {notes.count(n)} {n}' for n in dict.fromkeys(notes) if n)
    print(paint(title, 'bold', on))
    for number, e in enumerate(listed, before + 1):
        note = notes[number - before - 1]
        if note and (number == before + 1 or notes[number - before - 2] != note):
            print(paint(f'  {note}: not in the diff, reviewed in this same round:',
                        'yellow', on))
        where = paint(f'{number}. {name}:{e.line}:', 'cyan', on)
        print(f'  {where} {e.where}: {printable(e.text, settings.allow_secrets)}')
    print(paint_diff(diff, on))


def note_of(e: Entry, cap: str) -> str:
    """Why a listed bullet is not in the diff, as the review prints it ('' when it is)."""
    return f'held back by {cap}' if e.held == HELD else e.held


def over_budget(size: int, settings: Settings) -> None:
    """Warn when the memory file with the bullets (`size` bytes) is past the budget."""
    if settings.budget and size > settings.budget:
        warning = (f'memory-gate: with these bullets {settings.memory} would be {size} bytes, '
                   f'past the {settings.budget}-byte budget agents read (Codex reads 32 KiB of '
                   'AGENTS.md); consider pruning it')
        print(paint(warning, 'yellow', settings.color == 'always'))


def print_next_steps(targets: Sequence[str], rel: str, settings: Settings, route: Routes) -> None:
    """What to type next: the review; or `git apply` of every diff, in chain order, in one
    command; and the decline of everything pending."""
    ledger_path, rel = shell(settings.ledger), shell(rel)
    print('Review every bullet above in this one round, then commit again. Per bullet '
          '(take, decline, reword, skip; --take 1,3 takes those and declines the rest):')
    print(f'  {route.review}')
    if len(targets) > 1:
        print('Or take the diffs as they are, all in one command (from the repository root; '
              'each applies after the ones before it, so to leave one out, review instead):')
    elif targets:
        print('Or take the diff as it is (from the repository root):')
    if targets:
        print(command(['git', 'apply', *map(shell, targets), '&&', 'git', 'add', rel]))
        print('and decline everything else pending, held-back bullets too:')
    else:  # no diff has a line: nothing is taken, so nothing is "else"
        print('Or decline everything pending, held-back bullets too:')
    print(f'  {route.decline} && git add {ledger_path}')


def command(words: Sequence[str], width: int = 100) -> str:
    """A shell command indented by two spaces, continued with a backslash onto the next line
    before a word that would take it past `width`."""
    lines, line = [], ' '
    for word in words:
        if len(line) > 2 and len(line) + 1 + len(word) + 2 > width:
            lines.append(line + ' \\')
            line = '   '
        line += ' ' + word
    return '\n'.join(lines + [line])
