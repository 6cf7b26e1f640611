"""`memory-gate decline`: record the bullets a reviewer did not take in the ledger of declined bullets."""
from __future__ import annotations

import os
from collections.abc import Sequence

from memory_gate import files
from memory_gate.files import InputError, read_memory, tracked_files
from memory_gate.memory import identity, known_identities, render_ledger
from memory_gate.pipeline import Settings
from memory_gate.proposals import MARK, SUFFIX, is_ours, memory_of, proposed_bullets, shell
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
    return [b for b in proposed_bullets(text) if identity(b) not in known]


def run_decline(paths: Sequence[str], pending: bool, settings: Settings) -> int:
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
            old = files.read_text(settings.ledger)
            files.write_new(settings.ledger, render_ledger(old, declined), '')
        except (InputError, OSError) as exc:
            err(f'{settings.ledger}: {exc}')
            return 2
    tracked = tracked_files(root)
    for path in done:  # only once the ledger holds their bullets
        if os.path.relpath(path, root) not in tracked:
            os.unlink(path)
    for bullet in declined:
        print(f'declined: {printable(bullet)}')
    if declined:
        print(f'memory-gate: recorded {len(declined)} declined bullet(s) in {settings.ledger}; now: git add {shell(settings.ledger)}')
    else:
        print('memory-gate: nothing to decline: every proposed bullet is in memory already')
    return status
