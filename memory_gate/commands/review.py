"""`memory-gate review`: take, decline, reword or skip each pending bullet, like `git add -p`.

The edge of review: reads the proposals and the ledger, asks (or reads the choices given on
the command line), writes the ledger and the rewritten proposals, and says what to do next.
What it decides is pure and lives beside it: the numbering and the choices in choices.py, what
they do to the proposal files in rewrite.py.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Sequence

from memory_gate.base import files, repo
from memory_gate.base.files import InputError
from memory_gate.base.repo import tracked_files
from memory_gate.reading.records import Settings
from memory_gate.report import detail, err, is_quiet, report_failed
from memory_gate.review import choices, context, ledger, pending, proposals
from memory_gate.review.choices import Choice, Item
from memory_gate.review.proposals import MARK, SUFFIX, proposed_bullets, shell
from memory_gate.review.rewrite import Outcome, rewrite
from memory_gate.review.routes import routes
from memory_gate.secrets.credentials import printable
from memory_gate.terminal import Terminal
from memory_gate.text.sentences import shown
from memory_gate.usage import columns

CONTEXT_TURNS = 4  # the turns the c key shows before a bullet's own
NO_TERMINAL = ('review: no terminal to ask on (stdin is not a terminal); choose on the command '
               'line instead: --take 1,3 takes those and declines the rest; --decline, --skip, '
               '--reword N=TEXT; numbers or "all"')


def arguments(r: argparse.ArgumentParser) -> None:
    r.add_argument('proposals', nargs='*', metavar='PROPOSAL',
                   help='proposal files (default: every pending one)')
    choices.add_choices(r, ('take these', 'decline these', 'leave these pending'),
                        'bullets not named are declined, else they stay pending',
                        'take bullet N as TEXT; its original is declined')


def run(args: argparse.Namespace, settings: Settings) -> int:
    return run_review(args.proposals, choices.named_choices(args), args.reword, settings)


def run_review(paths: Sequence[str], named: dict[str, str | None], rewords: Sequence[str],
               settings: Settings) -> int:
    root = repo.repo_root() or '.'
    loaded, failed = pending.load(list(paths) or proposals.pending(root), root)
    report_failed(failed)
    for p in loaded:
        detail(f'read {printable(shown(p.path))}: {len(p.entries)} bullet(s) for '
               f'{printable(shown(p.rel))}', settings)
    status = 2 if failed else 0
    try:
        every = choices.items(loaded, ledger.read(settings.ledger))
    except InputError as exc:
        err(f'{settings.ledger}: {exc}')
        return 2
    try:
        chosen = choose(every, named, rewords, settings)
    except ValueError as exc:
        err(str(exc))
        return 2
    except KeyboardInterrupt:
        print('\nmemory-gate: review interrupted; nothing recorded')
        return 130
    if chosen is None:
        return 2 if any(not i.settled for i in every) else status
    if all(chosen.get(i.number, ('skip', ''))[0] == 'skip' for i in every if not i.settled):
        left = sum(1 for i in every if not i.settled)
        print(f'memory-gate: nothing recorded; {left} bullet(s) stay pending: the commit stays '
              'blocked until they are reviewed')
        return status
    review = routes(dict(os.environ), sys.executable, root).review
    outcome = rewrite(every, chosen, review, settings.heading)
    if not record(outcome, root, settings.ledger):
        return 2
    show_outcome(outcome, every, chosen, settings.ledger, root, review)
    return status


def choose(every: Sequence[Item], named: dict[str, str | None], rewords: Sequence[str],
           settings: Settings) -> dict[int, Choice] | None:
    """The reviewer's choices: from the command line, else asked on the terminal;
    None when neither can be had."""
    pending = [i for i in every if not i.settled]
    if not pending:
        if not is_quiet(settings):
            print('memory-gate: ' + ('every listed bullet is settled' if every
                                     else 'nothing pending to review'))
        return None
    if any(named.values()) or rewords:
        return choices.choices_from(named, rewords, len(every))
    if not sys.stdin.isatty():
        show_items(every)
        err(NO_TERMINAL)
        return None
    print(f'memory-gate review: {len(pending)} pending bullet(s); '
          'y take, n decline, e reword, s skip, c context, ? help')
    term = Terminal()
    width = min(columns(), choices.WIDTH)
    return choices.ask(pending, term.key, print, term.edit, lambda i: conversation(i, width), width)


def conversation(item: Item, width: int) -> list[str]:
    """What the c key shows under a bullet's details: the turns before it in its transcript
    (the proposal's name without its suffix), or why they cannot be shown."""
    transcript = item.proposal.path[: -len(SUFFIX)]
    try:
        return context.around(transcript, item.entry.line, CONTEXT_TURNS, width)
    except InputError as exc:
        return [f'  {printable(shown(transcript))}: {exc}']


def record(outcome: Outcome, root: str, path: str) -> bool:
    """The ledger first, then the rewritten proposals, so nothing reviewed is lost if a write
    fails; a write that fails is named on one line."""
    try:
        if outcome.declined:
            ledger.append(path, outcome.declined)
    except (InputError, OSError) as exc:
        err(f'{path}: {exc}')
        return False
    tracked = tracked_files(root)
    for proposal, text in outcome.files.items():
        try:
            if text is not None:
                files.write_new(proposal, text, MARK)
            else:
                repo.remove_untracked(proposal, root, tracked)
        except (InputError, OSError) as exc:
            err(f'{proposal}: {exc}')
            return False
    return True


def show_items(every: Sequence[Item]) -> None:
    for item in every:
        settled = f'   ({item.settled})' if item.settled else ''
        print(choices.bullet_line(item) + settled)


def show_outcome(outcome: Outcome, every: Sequence[Item], chosen: dict[int, Choice],
                 path: str, root: str, review: str = 'memory-gate review') -> None:
    """What review did, the diff of what was taken, and the commands to type next (`review`:
    how this user runs a review, routes.py)."""
    for item in (i for i in every if not i.settled):
        action, text = chosen.get(item.number, ('skip', ''))
        print(f'  {item.number}. {action:<8}{printable(item.entry.text)}')
        if text:
            print(f'     -> {printable(text)}')
    done = Counter(chosen.get(i.number, ('skip', ''))[0] for i in every if not i.settled)
    skipped = done['skip']
    print(f'memory-gate: took {done["take"]}, reworded {done["reword"]}, '
          f'declined {done["decline"]}, skipped {skipped}'
          f' ({len(outcome.declined)} recorded in {path})')
    written = [p for p, text in outcome.files.items() if text and proposed_bullets(text)]
    targets = [shell(repo.rel(os.path.abspath(p), root)) for p in written]
    memory = [shell(i.proposal.rel) for i in every[:1] if targets]
    ledgers = [path] if os.path.exists(path) else []  # git add of a missing file fails
    ledgers = [shell(repo.rel(os.path.abspath(p), root)) for p in ledgers]
    adds = ' '.join(dict.fromkeys([*memory, *ledgers]))
    git = git_at(root)
    later = '' if skipped else ', then commit again'
    if targets:
        print(outcome.diff, end='')
        print(f'Now apply what you took{later}:\n'
              f'  {git} apply {" ".join(targets)} && {git} add {adds}')
    elif adds:
        print(f'Now: {git} add {adds}{later}.')
    if skipped:
        print(f'{skipped} skipped bullet(s) stay pending: review them ({review}) '
              'before you commit; until then the commit stays blocked.')


def git_at(root: str) -> str:
    """`git`, or `git -C <root>` from a subdirectory: the paths printed are from the root
    (git apply in a subdirectory would look for the memory file there)."""
    if os.path.abspath(root) == os.getcwd():
        return 'git'
    return f'git -C {shell(os.path.relpath(root))}'
