"""The hook's proposals for one memory file as one chain, in path order: each diff is rendered
against the memory file plus the bullets of every pending proposal before it, so `git apply` of
them all, in that order, applies (each alone, after a skipped one, does not: the review takes
some and not others).

This run's transcripts get new proposals; a proposal left from an earlier commit is renewed in
its place (leftover.renewed); one of a transcript another pre-commit run of this commit judges
is chained after when it comes first and left to that run when it comes after. Writes the
proposal files; says (through the edge's `Run.say`) only the renewals and what it cannot write."""
from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence

from memory_gate.base import files, repo
from memory_gate.base.files import InputError
from memory_gate.base.typed import NamedTuple
from memory_gate.reading.memory import identity
from memory_gate.reading.records import Proposal, Settings
from memory_gate.review import earlier, leftover, proposals
from memory_gate.review.diff import Tail, applied_tail, render_tail
from memory_gate.review.proposals import HELD, MARK, SUFFIX, Entry, entry, header, is_ours
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown


class Link(NamedTuple):
    """A proposal on disk that this run does not write: its path as git names it, its
    transcript's, its text, and whether its transcript is staged (another run judges it)."""

    target: str
    source: str
    text: str
    staged: bool


class Written(NamedTuple):
    """A proposal the hook wrote: its path, its transcript, every bullet listed, its diff."""

    target: str
    source: str
    listed: list[Entry]
    diff: str


def on_disk(root: str, rel: str, tracked: Collection[str], batch: Collection[str],
            staged: Collection[str]) -> list[Link]:
    """The untracked proposals memory-gate wrote for the memory file `rel` whose transcript is not
    in this run's `batch`, in path order."""
    found = []
    for path in proposals.pending(root):
        name = repo.rel(path, root)
        text = proposals.read_ours(path)
        if text is None or name in tracked or name[: -len(SUFFIX)] in batch:
            continue
        try:
            memory = proposals.memory_of(text, root)
        except InputError:
            continue  # review names a proposal it cannot use
        if os.path.realpath(memory) == os.path.realpath(os.path.join(root, rel)):
            found.append(Link(name, name[: -len(SUFFIX)], text, name[: -len(SUFFIX)] in staged))
    return found


def listed(links: Sequence[Link], first: str) -> list[str]:
    """What the build must not propose again: the bullets pending in proposals left from earlier
    commits and in those of the runs before this one."""
    return [b for link in links if not link.staged or link.source < first
            for b in proposals.pending_bullets(link.text)]


class Step(NamedTuple):
    """A proposal in the chain that adds bullets: its path and its transcript's, as git names
    them, and whose it is ('mine': this run's, 'left': from an earlier commit, 'other': another
    run's)."""

    target: str
    source: str
    whose: str


class Run(NamedTuple):
    """What one run of the hook needs to write its part of the chain."""

    root: str
    rel: str
    tracked: set[str]
    settings: Settings
    review: str
    settled: Callable[[str], bool]  # whether an identity is in memory or declined
    say: Callable[[str], None]  # the edge's one line on stderr (report.err): chain prints nothing
    similar: Callable[[str], str] = lambda text: ''  # the memory bullet saying the same, or ''


def propose(run: Run, state: Tail, groups: dict[str, list[Proposal]], links: Sequence[Link],
            failed: list[str]) -> tuple[list[Written], list[Step], Tail]:
    """Walk the chain in path order, writing this run's proposals and renewing those left from
    earlier commits; (those written, the chain's steps that add bullets, the memory file once
    all are applied). A transcript whose proposal cannot be written goes to `failed`."""
    mine = {repo.rel(os.path.abspath(s + SUFFIX), run.root): s for s in groups}
    others = {link.target: link for link in links}
    written: list[Written] = []
    order: list[Step] = []
    chained: set[str] = set()  # the identities of the bullets the chain adds so far
    previous: list[str] = []  # the steps so far, in order: a diff applies after them
    for name in sorted({*mine, *others}):
        if name in mine:
            source = mine[name]
            done = write_mine(run, state, source, groups[source], previous, failed)
            if done is None:
                continue
            written.append(done)
            bullets = proposals.proposed_bullets(done.diff)
            step = Step(name, name[: -len(SUFFIX)], 'mine')
        else:
            link = others[name]
            bullets = chain_link(run, state, link, chained, previous)
            step = Step(name, link.source, 'other' if link.staged else 'left')
        state = applied_tail(state, bullets, run.settings.heading)
        chained.update(identity(b) for b in bullets)
        if bullets:
            order.append(step)
            previous.append(name)
    return written, order, state


def to_apply(steps: Sequence[Step], batch: Collection[str], staged: Collection[str]) -> list[str]:
    """The diffs this run prints to `git apply`, in chain order: its own and those left from
    earlier commits in its stretch of the chain. When pre-commit splits the transcripts over
    several runs, the leftovers before the first run's transcripts are the first run's, those
    after a run's last transcript the next run's: each diff is printed once, and the printed
    commands apply one after another."""
    if not batch:
        return []
    first, last = min(batch), max(batch)
    kinds = {os.path.splitext(s)[1] for s in batch}
    rest = [s for s in staged if s not in batch and looks_judged(s, kinds)]
    lower = first if any(s < first for s in rest) else ''
    upper = min((s for s in rest if s > last), default=None)
    return [s.target for s in steps if s.whose != 'other' and s.source >= lower
            and (upper is None or s.source < upper)]


def looks_judged(path: str, kinds: Collection[str]) -> bool:
    """Whether a staged file is likely a transcript another run of the hook judges: the kinds of
    this run's, and those the manifest selects."""
    name = os.path.basename(path)
    if path.endswith(SUFFIX):
        return False
    return os.path.splitext(path)[1] in kinds or path.endswith('.jsonl') or (
        name.startswith('session-') and name.endswith('.json'))


def chain_link(run: Run, state: Tail, link: Link, chained: set[str],
               previous: Sequence[str]) -> list[str]:
    """A proposal this run does not write, in its place in the chain: another run's, as it is; one
    left from an earlier commit renewed against `state` (removed once nothing it lists is
    pending). The bullets its diff adds."""
    if link.staged:
        return proposals.proposed_bullets(link.text)

    def settled(key: str) -> bool:
        return run.settled(key) or key in chained

    heading = run.settings.heading
    new = leftover.renewed(link.text, link.target, run.rel, state, settled, heading, previous)
    path = os.path.join(run.root, link.target)
    try:
        if new is None:
            repo.remove_untracked(path, run.root, run.tracked)
            return []
        if new != link.text:
            files.write_new(path, new, MARK)
            run.say(f'{shown(link.target)}: left from an earlier commit; renewed against {run.rel} '
                'as it is now')
    except (InputError, OSError):
        return []  # review names a proposal it cannot use
    return proposals.proposed_bullets(new)


def write_mine(run: Run, state: Tail, source: str, found: list[Proposal],
               previous: Sequence[str], failed: list[str]) -> Written | None:
    """Write the proposal of one of this run's transcripts (the cap bounds its diff, not its
    list) rendered against `state`; None when it has nothing pending or cannot be written."""
    settings = run.settings
    target, in_diff = source + SUFFIX, found[: settings.max_add]
    kept = earlier.reworded(target, run.root, run.tracked, found, run.settled)
    if not found and not kept:
        if is_ours(target):  # stale: everything it proposed is now in memory or declined
            repo.remove_untracked(target, run.root, run.tracked)
        return None
    listed = kept + [similar(entry(p), run.similar) for p in in_diff]
    listed += [similar(entry(p, HELD), run.similar) for p in found[settings.max_add:]]
    bullets = [e.text for e in kept if not e.held] + [p.text for p in in_diff]
    diff = render_tail(run.rel, state, bullets, settings.heading)
    text = header(source, run.rel, listed, run.review, previous if diff else ()) + diff
    if not write_proposal(run.root, target, text, run.say):
        failed.append(source)
        return None
    return Written(target, source, listed, diff)


def similar(e: Entry, said: Callable[[str], str]) -> Entry:
    """The entry, with the memory bullet that says the same in other words named in its notes:
    the reviewer declines it in one key (it is never dropped unseen)."""
    bullet = said(e.text)
    if not bullet:
        return e
    return e._replace(where=f'{e.where}; similar to: {printable(bullet)}'.replace('): ', ') '))


def inside(path: str, root: str) -> bool:
    real = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    return real == root or real.startswith(root + os.sep)


def write_proposal(root: str, target: str, text: str, say: Callable[[str], None]) -> bool:
    """Write one proposal file inside the repository; say why not, on one line, when it
    cannot be."""
    if not inside(target, os.path.realpath(root)):
        say(f'{target}: is outside the repository; not writing it')
        return False
    try:
        files.write_new(target, text, MARK)
    except (InputError, OSError) as exc:
        say(f'{target}: {exc}')
        return False
    return True
