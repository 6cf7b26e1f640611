"""The pre-commit hook: write a proposal beside each transcript with pending bullets, print the review, block."""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from memory_gate import files
from memory_gate.diff import applied, render
from memory_gate.files import InputError, memory_target, read_memory, tracked_files, transcripts
from memory_gate.memory import parse_ledger
from memory_gate.pipeline import Proposal, Settings, build
from memory_gate.proposals import DECLINE_HOOK, MARK, SUFFIX, header, is_ours, proposed_bullets, read_ours, shell
from memory_gate.report import err, report_unread, report_withheld
from memory_gate.sentences import printable


def staged_memory(root: str, rel: str, real: str) -> str | None:
    """The memory file as staged (the index), or the work tree's when it is not in the index."""
    blob = files.git(root, 'cat-file', 'blob', ':' + rel)
    worktree = read_memory(real)
    if blob is None:
        return worktree
    staged = files.decode_memory(blob)
    if worktree != staged:
        err(f'{rel} has unstaged edits; proposals are made against its staged version (git add it to include them)')
    return staged


def earlier_bullets(first: str, tracked: set[str], pending: set[str]) -> list[str]:
    """Bullets of proposals already written for transcripts before `first` in path order.

    pre-commit splits a long file list into several runs of the hook; a later run
    chains its proposals after those of the earlier ones, so they apply in path order.
    """
    bullets: list[str] = []
    kinds = {os.path.splitext(p)[1] for p in pending}  # only files like the transcripts given: no stat per tracked file
    for transcript in sorted(t for t in tracked if t < first and t not in pending and os.path.splitext(t)[1] in kinds):
        path = transcript + SUFFIX
        text = None if path in tracked else read_ours(path)
        if text is not None:
            bullets += proposed_bullets(text)
    return bullets


def inside(path: str, root: str) -> bool:
    real = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    return real == root or real.startswith(root + os.sep)


def by_source(paths: Sequence[str], proposals: Sequence[Proposal]) -> dict[str, list[Proposal]]:
    """Pending bullets grouped per transcript, every given transcript present, in path order."""
    groups: dict[str, list[Proposal]] = {path: [] for path in paths}
    for p in proposals:
        groups[p.source].append(p)
    return groups


def run_hook(paths: Sequence[str], settings: Settings) -> int:
    root = files.repo_root()
    if root is None:
        err('not inside a git repository')
        return 1
    rel, real = memory_target(settings.memory)
    try:
        memory = staged_memory(root, rel, real)
        declined = parse_ledger(files.read_text(settings.ledger))
    except InputError as exc:
        err(f'{settings.memory}: {exc}')
        return 1
    tracked = tracked_files(root) if paths else set()
    staged = staged_proposals(root, [p for p in paths if p.endswith(SUFFIX)], tracked)
    paths = sorted({p for p in paths if not p.endswith(SUFFIX)})
    earlier = earlier_bullets(paths[0], tracked, set(paths)) if paths else []
    failed: list[str] = []
    result = build(transcripts(paths, failed), settings._replace(max_add=sys.maxsize), memory or '', declined, earlier)
    report_withheld(result)
    report_unread(result)
    state = applied(memory, earlier)
    written: list[str] = []
    for source, pending in by_source(paths, result.proposed).items():
        proposals = pending[: settings.max_add]  # the cap is per proposal file
        target = source + SUFFIX
        if not proposals:
            if target not in tracked and is_ours(target):
                os.unlink(target)  # stale: everything it proposed is now in memory or declined
            continue
        diff = render(rel, state, [p.text for p in proposals])
        if not write_proposal(root, target, header(source, rel, proposals) + diff):
            failed.append(source)
            continue
        written.append(target)
        state = applied(state, [p.text for p in proposals])
        report(source, rel, proposals, diff, len(pending) - len(proposals), settings)
    if written:
        over_budget(state or '', settings)
        print_next_steps(written, rel, settings)
    return 1 if written or failed or staged else 0


def staged_proposals(root: str, paths: Sequence[str], tracked: set[str]) -> list[str]:
    """Proposal files memory-gate wrote that are staged for this commit: each named, with how to unstage it."""
    found = []
    for path in paths:
        rel = os.path.relpath(os.path.abspath(path), root).replace(os.sep, '/')
        blob = files.git(root, 'cat-file', 'blob', ':' + rel) if rel in tracked else None
        if blob is not None and blob.startswith(MARK.encode()):
            found.append(path)
            err(f'{path}: is a memory-gate proposal staged for commit; unstage it: git rm --cached -q {shell(path)}'
                f"  (and add '*{SUFFIX}' to .gitignore)")
    return found


def write_proposal(root: str, target: str, text: str) -> bool:
    """Write one proposal file inside the repository; say why not, on one line, when it cannot be."""
    if not inside(target, os.path.realpath(root)):
        err(f'{target}: is outside the repository; not writing it')
        return False
    try:
        files.write_new(target, text, MARK)
    except (InputError, OSError) as exc:
        err(f'{target}: {exc}')
        return False
    return True


def report(source: str, rel: str, proposals: Sequence[Proposal], diff: str, held_back: int, settings: Settings) -> None:
    name = printable(source)
    print(f'memory-gate: {name}: {len(proposals)} bullet(s) proposed for {printable(rel)} -> {name}{SUFFIX}')
    for p in proposals:
        print(f'  {name}:{p.line}: {p.role}, {p.kind}/{p.rule}: {p.text}')
    if held_back:
        print(f'  ({held_back} more held back by --max-add {settings.max_add}; proposed once these are reviewed)')
    print(diff)


def over_budget(text: str, settings: Settings) -> None:
    size = len(text.encode('utf-8'))
    if settings.budget and size > settings.budget:
        print(f'memory-gate: with these bullets {settings.memory} would be {size} bytes, past the {settings.budget}-byte '
              'budget agents read (Codex reads 32 KiB of AGENTS.md); consider pruning it')


def print_next_steps(written: Sequence[str], rel: str, settings: Settings) -> None:
    print('Review the proposals above. Accept what you want, in this order (edit the diff or the file to take part of it):')
    ledger = shell(settings.ledger)
    for target in written:
        print(f'  git apply {shell(target)} && git add {shell(rel)}')
    print('Then decline what you did not accept, so it is not proposed again:')
    print(f'  memory-gate decline {" ".join(shell(t) for t in written)} && git add {ledger}')
    print(f'  (with pre-commit alone: {DECLINE_HOOK} && git add {ledger})')
    print('Then commit again.')
