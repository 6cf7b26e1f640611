"""`memory-gate hook`, what pre-commit runs: write a proposal beside each transcript with pending
bullets, print the review, block the commit."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from memory_gate import files, history, ledger, proposals, scan
from memory_gate.color import paint, paint_diff
from memory_gate.diff import Tail, applied, applied_tail, render_tail, tail_of
from memory_gate.files import InputError, memory_target, read_memory, tracked_files, transcripts
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
from memory_gate.routes import Routes, routes
from memory_gate.sentences import printable


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


def earlier_bullets(root: str, first: str, tracked: set[str],
                    pending: set[str]) -> tuple[list[str], list[str]]:
    """Bullets of proposals already written for transcripts before `first` in path order:
    (in the diffs to chain after, all listed).

    pre-commit splits a long file list into several runs of the hook; a later run
    chains its proposals after those of the earlier ones, so they apply in path order.
    Only those of transcripts staged in this commit are chained: a proposal left from an
    earlier commit is not applied with this one, so chaining after it would make this
    one's diff fail. Its bullets are still listed, so none is proposed twice.
    """
    chain: list[str] = []
    listed: list[str] = []
    staged: set[str] | None = None
    kinds = {os.path.splitext(p)[1] for p in pending}  # like the transcripts: no stat per file
    for transcript in sorted(tracked):
        if transcript >= first or transcript in pending:
            continue
        if os.path.splitext(transcript)[1] not in kinds:
            continue
        path = transcript + SUFFIX
        text = None if path in tracked else proposals.read_ours(path)
        if text is None:
            continue
        listed += proposals.pending_bullets(text)
        if staged is None:
            staged = staged_paths(root)
        if transcript in staged:
            chain += proposals.proposed_bullets(text)
    return chain, listed


def staged_paths(root: str) -> set[str]:
    """The paths this commit changes (the index against HEAD), as git names them."""
    out = files.git(root, 'diff', '--cached', '--name-only', '-z', '--no-renames')
    return set(out.decode('utf-8', 'replace').split('\0')) - {''} if out else set()


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
    chain, earlier = earlier_bullets(root, paths[0], tracked, set(paths)) if paths else ([], [])
    unread: list[InputError] = []
    first, reviewed = news(root, paths, settings)
    found = transcripts(paths, unread, first)
    every = settings._replace(max_add=sys.maxsize)
    result = build(found, every, memory or '', declined, earlier, reviewed)
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
    written = propose(root, rel, state, groups, tracked, settings, route.review, failed)
    if written:
        print_next_steps(written, rel, settings, route)
    return 1 if written or failed or staged or blocked else 0


def news(root: str, paths: Sequence[str], settings: Settings) -> tuple[dict[str, int], list[str]]:
    """What the commit adds to each transcript (in a merge, what neither side had): the first
    line to judge per transcript, and what the committed versions of rewritten ones yield."""
    if not paths:
        return {}, []
    revs = ['HEAD', 'MERGE_HEAD'] if history.merging(root) else ['HEAD']
    found = history.since(root, revs, paths, staged=True) or {}
    return history.starts(found, unchanged_whole=True), history.reviewed(root, found, settings)


def propose(root: str, rel: str, state: Tail, groups: dict[str, list[Proposal]],
            tracked: set[str], settings: Settings, review: str, failed: list[str]) -> list[str]:
    """Write and print one proposal per transcript with pending bullets (the cap bounds its
    diff, not its list)."""
    written: list[str] = []
    number = 0
    for source, pending in groups.items():
        target, in_diff = source + SUFFIX, pending[: settings.max_add]
        if not pending:
            if is_ours(target):  # stale: everything it proposed is now in memory or declined
                files.remove_untracked(target, root, tracked)
            continue
        listed = [entry(p) for p in in_diff]
        listed += [entry(p, HELD) for p in pending[settings.max_add:]]
        diff = render_tail(rel, state, [p.text for p in in_diff], settings.heading)
        if not write_proposal(root, target, header(source, rel, listed, review) + diff):
            failed.append(source)
            continue
        written.append(target)
        state = applied_tail(state, [p.text for p in in_diff], settings.heading)
        report(source, rel, listed, diff, settings, number)
        number += len(listed)
    if written:
        over_budget(state.size, settings)
    return written


def staged_proposals(root: str, paths: Sequence[str], tracked: set[str]) -> list[str]:
    """Proposal files memory-gate wrote that are staged for this commit: each named, with how
    to unstage it."""
    found = []
    for path in paths:
        rel = files.rel(path, root)
        blob = files.git(root, 'cat-file', 'blob', ':' + rel) if rel in tracked else None
        if blob is not None and blob.startswith(MARK.encode()):
            found.append(path)
            err(f'{path}: is a memory-gate proposal staged for commit; '
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


def report(source: str, rel: str, listed: Sequence[Entry], diff: str, settings: Settings,
           before: int) -> None:
    """The review of one transcript: every pending bullet numbered, those held back by the cap
    too, then the diff."""
    name = printable(source)
    held = sum(1 for e in listed if e.held)
    on = settings.color == 'always'
    cap = f'--max-add {settings.max_add}'
    if diff:
        in_diff = f'{len(listed) - held} in {name}{SUFFIX}'
    else:
        in_diff = f'none in the diff ({cap})'
    title = f'memory-gate: {name}: {len(listed)} bullet(s) pending for {printable(rel)}: {in_diff}'
    if held and diff:
        title += f', {held} held back by {cap}'
    print(paint(title, 'bold', on))
    for number, e in enumerate(listed, before + 1):
        if e.held and (number == before + 1 or not listed[number - before - 2].held):
            print(paint(f'  held back by {cap}: not in the diff, reviewed in this same round:',
                        'yellow', on))
        where = paint(f'{number}. {name}:{e.line}:', 'cyan', on)
        print(f'  {where} {e.where}: {printable(e.text, settings.allow_secrets)}')
    print(paint_diff(diff, on))


def over_budget(size: int, settings: Settings) -> None:
    """Warn when the memory file with the bullets (`size` bytes) is past the budget."""
    if settings.budget and size > settings.budget:
        warning = (f'memory-gate: with these bullets {settings.memory} would be {size} bytes, '
                   f'past the {settings.budget}-byte budget agents read (Codex reads 32 KiB of '
                   'AGENTS.md); consider pruning it')
        print(paint(warning, 'yellow', settings.color == 'always'))


def print_next_steps(written: Sequence[str], rel: str, settings: Settings, route: Routes) -> None:
    ledger_path, rel = shell(settings.ledger), shell(rel)
    print('Review every bullet above in this one round, then commit again. Per bullet '
          '(take, decline, reword, skip; --take 1,3 takes those and declines the rest):')
    print(f'  {route.review}')
    print('Or take the diffs as they are, in this order:')
    for target in written:
        print(f'  git apply {shell(target)} && git add {rel}')
    print('and decline everything else pending, held-back bullets too:')
    print(f'  {route.decline} && git add {ledger_path}')
