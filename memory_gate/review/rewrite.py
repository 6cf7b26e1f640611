"""The rewrite at the end of `memory-gate review` (review.py): the reviewer's choices applied to
the proposal files, pure.

Declined bullets, and the originals of reworded ones, go to the ledger. Each proposal file is
rewritten to add exactly the bullets taken, chained against the memory file as it is now, so
`git apply` of them applies; skipped bullets stay listed, pending. This never writes the memory
file: the human applies what they chose. The numbering and the choices are in choices.py.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from memory_gate.base.typed import NamedTuple
from memory_gate.review.choices import Choice, Item
from memory_gate.review.diff import applied, render
from memory_gate.review.proposals import DECLINED, SKIPPED, SUFFIX, Entry, header
from memory_gate.secrets.credentials import redact


class Outcome(NamedTuple):
    files: dict[str, str | None]  # proposal path -> its new text, None when nothing is left
    declined: list[str]  # for the ledger: declined bullets and the originals of reworded ones
    taken: list[str]
    diff: str  # every taken bullet against the memory file as it is now, for the reviewer to read


def rewrite(all_items: Sequence[Item], chosen: Mapping[int, Choice], review: str,
            heading: str = '') -> Outcome:
    """New proposal texts: taken bullets in the diff (chained in path order, under `heading`
    when set); every listed bullet stays listed, in its place, so the numbers do not shift
    between two reviews (declined ones marked, skipped ones pending). A proposal is removed
    once nothing listed anywhere is pending and it has nothing taken in its diff."""
    files: dict[str, str | None] = {}
    state: dict[str, str | None] = {}
    declined: list[str] = []
    taken_all: list[str] = []
    keep: dict[str, bool] = {}
    previous: dict[str, list[str]] = {}  # per memory file, the chain so far, in order
    for p in {i.proposal.path: i.proposal for i in all_items}.values():
        listed, taken = [], []
        for i in (i for i in all_items if i.proposal.path == p.path):
            entry, action, text = decided(i, chosen)
            listed.append(entry)
            if action in ('take', 'reword'):
                taken.append(entry.text)
            if action in ('decline', 'reword'):
                declined.append(i.entry.text)
        keep[p.path] = bool(taken)
        before = state.get(p.rel, p.memory)
        state[p.rel] = applied(before, taken, heading)
        taken_all += taken
        after = previous.get(p.rel, []) if taken else []
        files[p.path] = (header(p.source, p.rel, listed, review, after)
                         + render(p.rel, before, taken, heading))
        if taken:
            previous.setdefault(p.rel, []).append(p.source + SUFFIX)
    pending = any(not i.settled and chosen.get(i.number, ('skip', ''))[0] == 'skip'
                  for i in all_items)
    for path in files:
        if not pending and not keep[path]:
            files[path] = None
    first = all_items[0].proposal if all_items else None
    diff = render(first.rel, first.memory, taken_all, heading) if first else ''
    return Outcome(files, declined, taken_all, diff)


def decided(item: Item, chosen: Mapping[int, Choice]) -> tuple[Entry, str, str]:
    """A listed bullet as it stands after the choices: (its entry, the action, its new text)."""
    if item.settled == 'declined':  # listed, not asked: it keeps its number
        return item.entry._replace(held=DECLINED), 'settled', ''
    if item.settled:  # in memory, or listed above: not in this diff
        return item.entry._replace(held=item.entry.held or SKIPPED), 'settled', ''
    action, text = chosen.get(item.number, ('skip', ''))
    text = redact(text)  # a reworded bullet never carries a credential into a proposal
    if action == 'decline':
        return item.entry._replace(held=DECLINED), action, ''
    if action == 'skip':
        return item.entry._replace(held=SKIPPED), action, ''
    where = item.entry.where + (', reworded' if text else '')
    return item.entry._replace(text=text or item.entry.text, where=where, held=''), action, text
