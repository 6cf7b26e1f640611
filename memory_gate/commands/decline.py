"""`memory-gate decline`: record the bullets of proposals that are not in memory in the ledger of
declined bullets, then remove the proposals (unless git tracks them)."""
from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from memory_gate.base import files, repo
from memory_gate.base.files import InputError, read_memory
from memory_gate.base.repo import tracked_files
from memory_gate.reading.memory import identity, known_identities
from memory_gate.reading.records import Settings
from memory_gate.report import detail, err, is_quiet
from memory_gate.review import ledger, proposals
from memory_gate.review.proposals import MARK, memory_of, pending_bullets, shell
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown


def arguments(d: argparse.ArgumentParser) -> None:
    d.add_argument('proposals', nargs='*', metavar='PROPOSAL')
    d.add_argument('--pending', action='store_true',
                   help='decline every proposal memory-gate has pending in this repository')
    d.add_argument('--add', action='store_true',
                   help='git add the ledger once written (the memory-gate-decline hook does)')


def read_proposal(path: str, root: str) -> list[str]:
    """The bullets of a proposal that are not in its memory file now.
    Raises InputError for a file that is not one."""
    data = files.read_bytes(path)
    if data is None:
        raise InputError('no such file')
    text = data.decode('utf-8', 'replace')
    if not text.startswith(MARK):
        raise InputError('is not a memory-gate proposal')
    memory = memory_of(text, root)
    try:
        known = known_identities(read_memory(memory) or '')
    except InputError as exc:
        raise InputError(str(exc), repo.rel(memory, root)) from None  # name the memory file

    return [b for b in pending_bullets(text) if identity(b) not in known]


def run(args: argparse.Namespace, settings: Settings) -> int:
    return run_decline(args.proposals, args.pending, settings, args.add)


def run_decline(paths: Sequence[str], pending: bool, settings: Settings, add: bool = False) -> int:
    root = repo.repo_root() or '.'
    paths = list(paths)
    if pending:
        paths += proposals.pending(root)
    if not paths:
        if pending:
            if not is_quiet(settings):
                print('memory-gate: no pending proposals')
            return 0
        err('name the proposals to decline, or --pending')
        return 2
    declined: list[str] = []
    done: list[str] = []
    status = 0
    for path in paths:
        try:
            declined += (held := read_proposal(path, root))
            done.append(path)
            detail(f'read {printable(shown(path))}: {len(held)} bullet(s) not in memory', settings)
        except InputError as exc:
            err(f'{exc.path or path}: {exc}')
            status = 2
    staged = 'no'
    if declined:
        edited = add and has_unstaged_edits(root, settings.ledger)
        try:
            ledger.append(settings.ledger, declined)
        except (InputError, OSError) as exc:
            err(f'{settings.ledger}: {exc}')
            return 2
        if edited:
            staged = 'edited'
        elif add and repo.git(root, 'add', '--', os.path.abspath(settings.ledger)) is None:
            err(f'{settings.ledger}: git add failed; add it yourself')
        elif add:
            staged = 'yes'
    tracked = tracked_files(root)
    for path in done:  # only once the ledger holds their bullets
        repo.remove_untracked(path, root, tracked)
    if done and not is_quiet(settings):  # a file that was no proposal is named above, only there
        report(declined, settings.ledger, staged)
    return status


def has_unstaged_edits(root: str, path: str) -> bool:
    """Whether the work tree's `path` differs from the index's: edits of the user's, not staged."""
    known = repo.git(root, 'ls-files', '--error-unmatch', '--', os.path.abspath(path))
    if known is None:  # not in the index: nothing staged to differ from
        return False
    return repo.git(root, 'diff', '--quiet', '--', os.path.abspath(path)) is None


def report(declined: Sequence[str], path: str, staged: str) -> None:
    """What was declined, and whether the ledger was staged ('yes'), not ('no'), or left
    unstaged because it held edits of the user's not yet staged ('edited')."""
    for bullet in declined:
        print(f'declined: {printable(bullet)}')
    if not declined:
        print('memory-gate: nothing to decline: every proposed bullet is in memory already')
        return
    if staged == 'yes':
        then = 'staged it'
    elif staged == 'edited':
        then = (f'not staged: it holds edits of yours that are not staged; '
                f'git add {shell(path)} when they are ready')
    else:
        then = f'now: git add {shell(path)}'
    print(f'memory-gate: recorded {len(declined)} declined bullet(s) in {path}; {then}')
