"""`memory-gate decline` and `memory-gate review`: the reviewer's edge. Records what was not taken in the ledger."""
from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Sequence

from memory_gate import files, review
from memory_gate.files import InputError, read_memory, tracked_files
from memory_gate.memory import identity, known_identities, parse_ledger, render_ledger
from memory_gate.proposals import (
    MARK,
    SUFFIX,
    entries,
    is_ours,
    memory_of,
    pending_bullets,
    proposed_bullets,
    read_ours,
    routes,
    shell,
)
from memory_gate.records import Settings
from memory_gate.report import err
from memory_gate.sentences import printable


def pending_proposals(root: str) -> list[str]:
    out = files.git(root, 'ls-files', '-z', '--cached', '--others', '--', '*' + SUFFIX) or b''
    names = sorted(set(out.decode('utf-8', 'replace').split('\0')) - {''})
    return [os.path.join(root, n) for n in names if is_ours(os.path.join(root, n))]


def read_proposal(path: str, root: str) -> list[str]:
    """The bullets of a proposal that are not in its memory file now. Raises InputError for a file that is not one."""
    data = files.read_bytes(path)
    if data is None:
        raise InputError('no such file')
    text = data.decode('utf-8', 'replace')
    if not text.startswith(MARK):
        raise InputError('is not a memory-gate proposal')
    known = known_identities(read_memory(memory_of(text, root)) or '')
    return [b for b in pending_bullets(text) if identity(b) not in known]


def run_decline(paths: Sequence[str], pending: bool, settings: Settings, add: bool = False) -> int:
    root = files.repo_root() or '.'
    paths = list(paths) + (pending_proposals(root) if pending else [])
    if not paths:
        print('memory-gate: no pending proposals' if pending else 'memory-gate: name the proposals to decline, or --pending')
        return 0 if pending else 2
    declined: list[str] = []
    done: list[str] = []
    status = 0
    for path in paths:
        try:
            declined += read_proposal(path, root)
            done.append(path)
        except InputError as exc:
            err(f'{path}: {exc}')
            status = 2
    if declined:
        try:
            append_ledger(settings.ledger, declined)
        except (InputError, OSError) as exc:
            err(f'{settings.ledger}: {exc}')
            return 2
        if add and files.git(root, 'add', '--', os.path.abspath(settings.ledger)) is None:
            err(f'{settings.ledger}: git add failed; add it yourself')
    tracked = tracked_files(root)
    for path in done:  # only once the ledger holds their bullets
        files.remove_untracked(path, root, tracked)
    for bullet in declined:
        print(f'declined: {printable(bullet)}')
    if declined:
        then = 'staged it' if add else f'now: git add {shell(settings.ledger)}'
        print(f'memory-gate: recorded {len(declined)} declined bullet(s) in {settings.ledger}; {then}')
    else:
        print('memory-gate: nothing to decline: every proposed bullet is in memory already')
    return status


def load(paths: Sequence[str], root: str) -> tuple[list[review.Proposal], int]:
    """The proposals named (or every pending one), read; (them, 2 when one could not be read else 0)."""
    loaded, status = [], 0
    for path in paths:
        try:
            text = read_ours(path) or ''
            if not text:
                raise InputError('is not a memory-gate proposal' if os.path.exists(path) else 'no such file')
            memory = memory_of(text, root)
            rel = files.rel(memory, root)
            loaded.append(review.Proposal(path, review.source_of(path, root), rel, read_memory(memory), entries(text)))
        except InputError as exc:
            err(f'{path}: {exc}')
            status = 2
    return loaded, status


def run_review(paths: Sequence[str], named: dict[str, str | None], rewords: Sequence[str], settings: Settings) -> int:
    root = files.repo_root() or '.'
    proposals, status = load(list(paths) or pending_proposals(root), root)
    try:
        every = review.items(proposals, parse_ledger(files.read_text(settings.ledger)))
        chosen = choose(every, named, rewords)
    except (InputError, ValueError) as exc:
        err(str(exc))
        return 2
    except KeyboardInterrupt:
        print('\nmemory-gate: review interrupted; nothing recorded')
        return 130
    if chosen is None:
        return 2 if any(not i.settled for i in every) else status
    outcome = review.rewrite(every, chosen, routes(dict(os.environ), sys.executable, root).review)
    if not record(outcome, root, settings.ledger):
        return 2
    show_outcome(outcome, every, chosen, settings.ledger)
    return status


def choose(every: Sequence[review.Item], named: dict[str, str | None], rewords: Sequence[str]) -> dict[int, review.Choice] | None:
    """The reviewer's choices: from the command line, else asked on the terminal; None when neither can be had."""
    pending = [i for i in every if not i.settled]
    if not pending:
        print('memory-gate: nothing pending to review' if not every else 'memory-gate: every listed bullet is settled')
        return None
    if any(named.values()) or rewords:
        return review.choices_from(named, rewords, len(every))
    if not sys.stdin.isatty():
        show_items(every)
        err('review: no terminal to ask on (stdin is not a terminal); choose on the command line instead: '
            '--take 1,3 takes those and declines the rest; --decline, --skip, --reword N=TEXT; numbers or "all"')
        return None
    print(f'memory-gate review: {len(pending)} pending bullet(s); y take, n decline, e reword, s skip, ? help')
    return review.ask(pending, read_answer, print)


def read_answer(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def append_ledger(ledger: str, bullets: Sequence[str]) -> None:
    """Add the bullets to the ledger of declined bullets; InputError or OSError when it cannot be read or written."""
    files.write_new(ledger, render_ledger(files.read_text(ledger), bullets), '')


def record(outcome: review.Outcome, root: str, ledger: str) -> bool:
    """The ledger first, then the rewritten proposals, so nothing reviewed is lost if a write fails."""
    try:
        if outcome.declined:
            append_ledger(ledger, outcome.declined)
        tracked = tracked_files(root)
        for path, text in outcome.files.items():
            if text is not None:
                files.write_new(path, text, MARK)
            else:
                files.remove_untracked(path, root, tracked)
    except (InputError, OSError) as exc:
        err(f'{exc.filename if isinstance(exc, OSError) else ledger}: {exc}')
        return False
    return True


def show_items(every: Sequence[review.Item]) -> None:
    for item in every:
        print(review.bullet_line(item) + (f'   ({item.settled})' if item.settled else ''))


def show_outcome(outcome: review.Outcome, every: Sequence[review.Item], chosen: dict[int, review.Choice], ledger: str) -> None:
    for item in (i for i in every if not i.settled):
        action, text = chosen.get(item.number, ('skip', ''))
        print(f'  {item.number}. {action:<8}{printable(item.entry.text)}' + (f'\n     -> {printable(text)}' if text else ''))
    done = Counter(chosen.get(i.number, ('skip', ''))[0] for i in every if not i.settled)
    skipped = done['skip']
    print(f'memory-gate: took {done["take"]}, reworded {done["reword"]}, declined {done["decline"]}, skipped {skipped}'
          f' ({len(outcome.declined)} recorded in {ledger})')
    targets = [shell(os.path.relpath(p)) for p, t in outcome.files.items() if t and proposed_bullets(t)]
    adds = ' '.join(dict.fromkeys([*(shell(i.proposal.rel) for i in every[:1] if targets), shell(ledger)]))
    if targets:
        print(outcome.diff, end='')
        print(f'Now apply what you took, then commit again:\n  git apply {" ".join(targets)} && git add {adds}')
    else:
        print(f'Now: git add {adds}, then commit again.')
    if skipped:
        print(f'({skipped} skipped bullet(s) stay pending: the commit stays blocked until they are reviewed)')
