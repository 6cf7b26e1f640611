"""`memory-gate hook`, what pre-commit runs: write a proposal beside each transcript with pending
bullets, print the review, block the commit."""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Container, Iterable, Sequence
from functools import partial

from memory_gate.base import files, repo, staged
from memory_gate.base.files import InputError, read_memory, transcripts
from memory_gate.base.records import Transcript
from memory_gate.base.repo import tracked_files
from memory_gate.formats.document import may_be_session
from memory_gate.hook_report import over_budget, print_next_steps, print_others, report
from memory_gate.reading.memory import known_identities
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Proposal, Result, Settings
from memory_gate.report import (
    counts,
    err,
    note,
    read_instead,
    report_failed,
    report_read,
    report_secrets,
    report_unread,
    report_withheld,
)
from memory_gate.review import chain, earlier, history, inputs, pending
from memory_gate.review.chain import Written
from memory_gate.review.choices import Item
from memory_gate.review.diff import tail_of
from memory_gate.review.proposals import MARK, SUFFIX, shell
from memory_gate.review.routes import routes
from memory_gate.text.sentences import shown


def arguments(h: argparse.ArgumentParser) -> None:
    h.add_argument('transcripts', nargs='*', metavar='TRANSCRIPT')


def run(args: argparse.Namespace, settings: Settings) -> int:
    return run_hook(args.transcripts, settings)


def staged_memory(root: str, rel: str, real: str) -> str | None:
    """The memory file as staged (the index), or the work tree's when it is not in the index."""
    blob = repo.git(root, 'cat-file', 'blob', ':' + rel)
    worktree = read_memory(real)
    if blob is None:
        return worktree
    staged = files.decode_memory(blob)
    if worktree != staged:
        err(f'{rel} has unstaged edits; proposals are made against its staged version '
            '(git add it to include them)')
    return staged


def by_source(paths: Sequence[str], found: Sequence[Proposal]) -> dict[str, list[Proposal]]:
    """Pending bullets grouped per transcript, every given transcript present, in path order."""
    groups: dict[str, list[Proposal]] = {path: [] for path in paths}
    for p in found:
        groups[p.source].append(p)
    return groups


def is_judged(path: str) -> bool:
    """Whether the hook reads a path pre-commit passes: every one but a `.json` that is no
    transcript document (a Gemini CLI session saved under another name than session-*.json is
    one)."""
    if not path.endswith('.json') or os.path.basename(path).startswith('session-'):
        return True
    data = files.head(path)
    return data is None or may_be_session(data)


def run_hook(paths: Sequence[str], settings: Settings) -> int:
    if not paths:  # pre-commit passes the staged transcripts, and skips the hook without one
        err('hook: no transcript given; name the transcripts to judge '
            '(pre-commit passes the staged ones)')
        return 2
    passed, paths = paths, [p for p in paths if is_judged(p)]
    if not paths:  # only data files (package.json): nothing to judge, nothing to say
        return 0
    root = repo.repo_root()
    if root is None:
        err('not inside a git repository')
        return 1
    try:
        rel, memory, declined, allowed = inputs.read(settings, partial(staged_memory, root))
    except InputError as exc:
        err(f'{exc.path}: {exc}')
        return 1
    settings = settings._replace(allowed=allowed)
    tracked = tracked_files(root) if paths else set()
    staged = staged_proposals(root, [p for p in paths if p.endswith(SUFFIX)], tracked)
    paths = read_instead(sorted({p for p in paths if not p.endswith(SUFFIX)}))
    batch = {repo.rel(os.path.abspath(p), root) for p in paths}
    staged_now = earlier.staged_paths(root)
    if earlier.in_one_run(passed, staged_now):  # no other run judges what this one was not given
        staged_now = {s for s in staged_now if s in batch}
    links = chain.on_disk(root, rel, tracked, batch, staged_now)
    listed = chain.listed(links, min(batch)) if batch else []
    every = settings._replace(max_add=sys.maxsize)
    known = known_identities(memory or '')  # worked out once: build, settled and numbered share it

    def judge(found: Iterable[Transcript], reviewed: list[str]) -> Result:
        return build(found, every, memory or '', declined, listed, reviewed, known)

    result, unread = judged(root, paths, settings, judge)
    report_failed(unread)
    report_read(result, settings)
    route = routes(dict(os.environ), sys.executable, root)  # the commands it prints run as typed
    report_withheld(result, route.program)
    report_unread(result)
    blocked = bool(result.secrets) and settings.secrets == 'block'
    verdict = 'the commit is blocked' if blocked else 'a warning only (secrets = "warn")'
    report_secrets(result, settings, verdict, route.program)
    groups = by_source(paths, result.proposed)
    failed = [exc.path for exc in unread]
    heading = settings.heading  # under a heading the bullets may go anywhere: the whole text
    state = tail_of(memory, whole=bool(heading))  # split once

    def settled(key: str) -> bool:  # in memory, or declined
        return key in known or key in declined

    from memory_gate.review.alike import similar_in  # only when it proposes: off start-up
    from memory_gate.review.named import bullets

    said = similar_in(lambda: [b.text for b in bullets(memory or '')])
    run = chain.Run(root, rel, tracked, settings, route.review, settled, err, said)
    written, steps, state = chain.propose(run, state, groups, links, failed)
    if written:
        numbers, others = numbered(root, declined, written, {memory or '': known})
        for w in written:
            report(w.source, rel, w.listed, w.diff, settings, numbers[w.target] - 1)
        over_budget(state.size, settings)
        print_others(others)
        print_next_steps(chain.to_apply(steps, batch, staged_now), rel, settings, route)
    code = 1 if written or failed or staged or blocked else 0
    if not code:  # what `pre-commit run --verbose` shows of a hook that passed
        note(f'read {len(result.files)} transcript(s): {counts(result.stats)}; nothing pending '
             f'for {shell(rel)}', settings)
    return code


def judged(root: str, paths: Sequence[str], settings: Settings,
           judge: Callable[[Iterable[Transcript], list[str]], Result],
           ) -> tuple[Result, list[InputError]]:
    """The transcripts as the commit holds them (staged.py), judged, with those that could not
    be read: from the work tree's files where they prove to be the staged blobs, else (one
    changed while it was read) all again from git's copies."""
    index = staged.Index(root, paths)
    for proof in (True, False):
        unread: list[InputError] = []
        try:
            first, reviewed = news(root, paths, settings, index.opener(proof, kept=False))
            result = judge(transcripts(paths, unread, first, index.opener(proof)), reviewed)
        except staged.Changed:
            continue
        if index.proved() or not proof:
            break
    return result, unread


def news(root: str, paths: Sequence[str], settings: Settings,
         opener: history.Opener | None = None) -> tuple[dict[str, int], list[str]]:
    """What the commit adds to each transcript (in a merge, what neither side had): the first
    line to judge per transcript, and what the committed versions of rewritten ones yield."""
    if not paths:
        return {}, []
    revs = ['HEAD', 'MERGE_HEAD'] if history.merging(root) else ['HEAD']
    found = history.since(root, revs, paths, staged=True, opener=opener) or {}
    return history.starts(found, unchanged_whole=True), history.reviewed(root, found, settings)


def numbered(root: str, declined: Container[str], written: Sequence[Written],
             known_in: dict[str, set[str]]) -> tuple[dict[str, int], list[Item]]:
    """The number of the first bullet of each proposal written, in the numbering review uses
    (every pending proposal's bullets, in path order); and the pending bullets of the other
    proposals, which `--take N` also settles."""
    every = pending.numbered(root, declined, known_in)
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
        rel = repo.rel(path, root)
        blob = repo.git(root, 'cat-file', 'blob', ':' + rel) if rel in tracked else None
        if blob is not None and blob.startswith(MARK.encode()):
            found.append(path)
            err(f'{shown(path)}: is a memory-gate proposal staged for commit; '
                f'unstage it: git rm --cached -q {shell(path)}'
                f"  (and add '*{SUFFIX}' to .gitignore)")
    return found
