"""`memory-gate hook`, what pre-commit runs: write a proposal beside each transcript with pending
bullets, print the review, block the commit."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Container, Sequence
from typing import NamedTuple

from memory_gate import earlier, files, history, ledger, leftover, pending, scan
from memory_gate.choices import Item
from memory_gate.diff import Tail, applied, applied_tail, render_tail, tail_of
from memory_gate.files import InputError, memory_target, read_memory, tracked_files, transcripts
from memory_gate.hook_report import over_budget, print_next_steps, print_others, report
from memory_gate.memory import known_identities
from memory_gate.pipeline import build
from memory_gate.proposals import HELD, MARK, SUFFIX, Entry, entry, header, is_ours, shell
from memory_gate.records import Proposal, Settings
from memory_gate.report import (
    err,
    read_instead,
    report_failed,
    report_secrets,
    report_unread,
    report_withheld,
)
from memory_gate.routes import routes
from memory_gate.sentences import shown


def arguments(h: argparse.ArgumentParser) -> None:
    h.add_argument('transcripts', nargs='*', metavar='TRANSCRIPT')


def run(args: argparse.Namespace, settings: Settings) -> int:
    return run_hook(args.transcripts, settings)


def staged_memory(root: str, rel: str, real: str) -> str | None:
    """The memory file as staged (the index), or the work tree's when it is not in the index."""
    blob = files.git(root, 'cat-file', 'blob', ':' + rel)
    worktree = read_memory(real)
    if blob is None:
        return worktree
    staged = files.decode_memory(blob)
    if worktree != staged:
        err(f'{rel} has unstaged edits; proposals are made against its staged version '
            '(git add it to include them)')
    return staged


def inside(path: str, root: str) -> bool:
    real = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    return real == root or real.startswith(root + os.sep)


def by_source(paths: Sequence[str], found: Sequence[Proposal]) -> dict[str, list[Proposal]]:
    """Pending bullets grouped per transcript, every given transcript present, in path order."""
    groups: dict[str, list[Proposal]] = {path: [] for path in paths}
    for p in found:
        groups[p.source].append(p)
    return groups


def run_hook(paths: Sequence[str], settings: Settings) -> int:
    if not paths:  # pre-commit passes the staged transcripts, and skips the hook without one
        err('hook: no transcript given; name the transcripts to judge '
            '(pre-commit passes the staged ones)')
        return 2
    root = files.repo_root()
    if root is None:
        err('not inside a git repository')
        return 1
    try:
        rel, real = memory_target(settings.memory)
        memory = staged_memory(root, rel, real)
    except InputError as exc:
        err(f'{settings.memory}: {exc}')
        return 1
    try:
        declined = ledger.read(settings.ledger)
    except InputError as exc:
        err(f'{settings.ledger}: {exc}')
        return 1
    try:
        allowed = scan.parse_allowlist(files.read_text(settings.allowlist))
    except InputError as exc:
        err(f'{settings.allowlist}: {exc}')
        return 1
    settings = settings._replace(allowed=allowed)
    tracked = tracked_files(root) if paths else set()
    staged = staged_proposals(root, [p for p in paths if p.endswith(SUFFIX)], tracked)
    paths = read_instead(sorted({p for p in paths if not p.endswith(SUFFIX)}))
    chain, listed = earlier.bullets(root, paths[0], tracked, set(paths)) if paths else ([], [])
    unread: list[InputError] = []
    first, reviewed = news(root, paths, settings)
    found = transcripts(paths, unread, first)
    every = settings._replace(max_add=sys.maxsize)
    result = build(found, every, memory or '', declined, listed, reviewed)
    report_failed(unread)
    report_withheld(result)
    report_unread(result)
    blocked = bool(result.secrets) and settings.secrets == 'block'
    verdict = 'the commit is blocked' if blocked else 'a warning only (secrets = "warn")'
    report_secrets(result, settings, verdict)
    route = routes(dict(os.environ), sys.executable, root)
    groups = by_source(paths, result.proposed)
    failed = [exc.path for exc in unread]
    heading = settings.heading  # under a heading the bullets may go anywhere: the whole text
    state = tail_of(applied(memory, chain, heading), whole=bool(heading))  # split once
    known = known_identities(memory or '')

    def settled(key: str) -> bool:  # in memory, or declined
        return key in known or key in declined

    staged_now = earlier.staged_paths(root)
    for left in leftover.renew(root, rel, memory, staged_now, tracked, settled, heading):
        err(f'{shown(left)}: left from an earlier commit; renewed against {rel} as it is now')
    written, state = propose(root, rel, state, groups, tracked, settings, route.review, failed,
                             settled)
    if written:
        numbers, others = numbered(root, declined, written)
        for w in written:
            report(w.source, rel, w.listed, w.diff, settings, numbers[w.target] - 1)
        over_budget(state.size, settings)
        print_others(others)
        print_next_steps([w.target for w in written], rel, settings, route)
    return 1 if written or failed or staged or blocked else 0


def news(root: str, paths: Sequence[str], settings: Settings) -> tuple[dict[str, int], list[str]]:
    """What the commit adds to each transcript (in a merge, what neither side had): the first
    line to judge per transcript, and what the committed versions of rewritten ones yield."""
    if not paths:
        return {}, []
    revs = ['HEAD', 'MERGE_HEAD'] if history.merging(root) else ['HEAD']
    found = history.since(root, revs, paths, staged=True) or {}
    return history.starts(found, unchanged_whole=True), history.reviewed(root, found, settings)


class Written(NamedTuple):
    """A proposal the hook wrote: its path, its transcript, every bullet listed, its diff."""

    target: str
    source: str
    listed: list[Entry]
    diff: str


def propose(root: str, rel: str, state: Tail, groups: dict[str, list[Proposal]],
            tracked: set[str], settings: Settings, review: str, failed: list[str],
            settled: Callable[[str], bool]) -> tuple[list[Written], Tail]:
    """Write one proposal per transcript with pending bullets (the cap bounds its diff, not
    its list); (them, the memory file once all are applied). `settled`: whether an identity is in
    memory or declined."""
    written: list[Written] = []
    for source, found in groups.items():
        target, in_diff = source + SUFFIX, found[: settings.max_add]
        kept = earlier.reworded(target, root, tracked, found, settled)
        if not found and not kept:
            if is_ours(target):  # stale: everything it proposed is now in memory or declined
                files.remove_untracked(target, root, tracked)
            continue
        listed = kept + [entry(p) for p in in_diff]
        listed += [entry(p, HELD) for p in found[settings.max_add:]]
        bullets = [e.text for e in kept if not e.held] + [p.text for p in in_diff]
        diff = render_tail(rel, state, bullets, settings.heading)
        if not write_proposal(root, target, header(source, rel, listed, review) + diff):
            failed.append(source)
            continue
        written.append(Written(target, source, listed, diff))
        state = applied_tail(state, bullets, settings.heading)
    return written, state


def numbered(root: str, declined: Container[str],
             written: Sequence[Written]) -> tuple[dict[str, int], list[Item]]:
    """The number of the first bullet of each proposal written, in the numbering review uses
    (every pending proposal's bullets, in path order); and the pending bullets of the other
    proposals, which `--take N` also settles."""
    every = pending.numbered(root, declined)
    firsts: dict[str, int] = {}
    for item in every:
        firsts.setdefault(os.path.abspath(item.proposal.path), item.number)
    mine = {os.path.abspath(w.target) for w in written}
    others = [i for i in every if os.path.abspath(i.proposal.path) not in mine and not i.settled]
    numbers, last = {}, 0
    for w in written:  # one git does not list (it cannot be) numbers on from the last
        numbers[w.target] = firsts.get(os.path.abspath(w.target), last + 1)
        last = numbers[w.target] + len(w.listed) - 1
    return numbers, others


def staged_proposals(root: str, paths: Sequence[str], tracked: set[str]) -> list[str]:
    """Proposal files memory-gate wrote that are staged for this commit: each named, with how
    to unstage it."""
    found = []
    for path in paths:
        rel = files.rel(path, root)
        blob = files.git(root, 'cat-file', 'blob', ':' + rel) if rel in tracked else None
        if blob is not None and blob.startswith(MARK.encode()):
            found.append(path)
            err(f'{shown(path)}: is a memory-gate proposal staged for commit; '
                f'unstage it: git rm --cached -q {shell(path)}'
                f"  (and add '*{SUFFIX}' to .gitignore)")
    return found


def write_proposal(root: str, target: str, text: str) -> bool:
    """Write one proposal file inside the repository; say why not, on one line, when it
    cannot be."""
    if not inside(target, os.path.realpath(root)):
        err(f'{target}: is outside the repository; not writing it')
        return False
    try:
        files.write_new(target, text, MARK)
    except (InputError, OSError) as exc:
        err(f'{target}: {exc}')
        return False
    return True
