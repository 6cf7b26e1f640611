"""One message, one proposal: the signal sentences one user or assistant message said are one
bullet, unless they are unrelated.

A reviewer reads "The lint script should be in local only. Since we use the branch name, the CI
isn't adding any benefit." as one thought; as two bullets each is unreadable alone. Sentences of
one message (its source, line and message index, its speaker) join when they share a content
word and are both rules or both causes (a root cause beside the rule it motivates is another
memory), or when one opens on the one before ("Since ...", "So ..."); a sentence that shares none
with the others stays a bullet of its own. A line marked for memory (`Memory:`) is never joined:
the agent wrote each as one bullet; nor is a list item (the speaker's own bullet: "- Cursor is
not a provider", a plan's decisions).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from memory_gate.reading.memory import identity
from memory_gate.reading.records import Proposal
from memory_gate.text.sentences import compiled

Kept = tuple[float, int, Proposal]  # score, order said, proposal (rank.Ranking.kept)

# A content word: four letters or more (English, other spaced languages), or two CJK characters in
# a row (Chinese, Japanese, Korean write a word without spaces).
WORD_RE = r'[^\W\d_]{4,}'
CJK_RE = r'[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+'
# Words any two sentences of a message may share without being about one thing.
COMMON_WORDS = frozenset((
    'about', 'after', 'again', 'also', 'always', 'because', 'been', 'before', 'being', 'both',
    'could', 'does', 'done', 'each', 'even', 'every', 'from', 'have', 'here', 'into', 'just',
    'keep', 'like',
    'make', 'more', 'most', 'must', 'need', 'needs', 'never', 'only', 'other', 'over', 'same',
    'should', 'since', 'some', 'such', 'sure', 'than', 'that', 'their', 'them', 'then', 'there',
    'these', 'they', 'this', 'those', 'through', 'under', 'until', 'used', 'very', 'want', 'were',
    'what', 'when', 'where', 'which', 'while', 'will', 'with', 'without', 'would', 'your',
))
PLURALS = frozenset(w[:-1] for w in COMMON_WORDS if w.endswith('s'))
# A sentence that opens on the one before it: its reason, its consequence, a pointer to it ("Since
# we use the branch name ..., the CI isn't adding any benefit" after "The lint script should be in
# local only."; "所以 ..."). / not: "Never push to main." (opens on nothing).
LINKED_RE = (r"(?i)^(?:since|because|so|thus|therefore|hence|otherwise|that way|this way"
             r"|that's why|this is why|which|also|and|but|however|instead|then"
             r"|it|its|it's|this|that|these|those|they|their|there)\b"
             r'|^(?:所以|因为|因此|否则|这样|这|那|但|而且|并且|它)')
ENDS = '.!?。！？'
JOINT_RE = r'[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]$'  # a CJK sentence joins the next unspaced


def words(text: str) -> set[str]:
    """The content words of a sentence: its long words, lowered, and its CJK pairs."""
    low = text.lower()
    # a plural and its singular are one word ("releases", "a release")
    found = {w[:-1] if w.endswith('s') else w
             for w in compiled(WORD_RE).findall(low) if not compiled(CJK_RE).match(w)}
    for run in compiled(CJK_RE).findall(text):
        found.update(run[i:i + 2] for i in range(len(run) - 1))
    return found - COMMON_WORDS - PLURALS


def joined(kept: Iterable[Kept]) -> Iterator[list[Kept]]:
    """The kept proposals in groups, in the order said: each group one bullet (one message's related
    sentences), a marked line or a sentence alone a group of its own."""
    groups: list[tuple[tuple[object, ...], set[str], list[Kept]]] = []
    for item in sorted(kept, key=lambda k: k[1]):
        proposal = item[2]
        said = words(proposal.text)
        message = (proposal.source, proposal.line, proposal.message, proposal.role)
        alone = is_own_bullet(proposal)
        linked = compiled(LINKED_RE).match(proposal.text) is not None
        cause = is_cause(proposal)
        group = None if alone else next(
            (g for g in reversed(groups)
             if g[0] == message and (linked or g[1] & said and is_cause(g[2][0][2]) == cause)),
            None)
        if group is None:
            groups.append((() if alone else message, said, [item]))
        else:
            group[1].update(said)
            group[2].append(item)
    return (items for _, _, items in groups)


def is_own_bullet(proposal: Proposal) -> bool:
    """A line marked for memory, or a list item: a bullet as its speaker wrote it."""
    return proposal.rule == 'marked' or any(f.name == 'item' for f in proposal.features)


def is_cause(proposal: Proposal) -> bool:
    return proposal.kind == 'root_cause'


def one(group: list[Kept]) -> Kept:
    """A group as one proposal: its sentences in the order said, the best one's score, rule and
    evidence, the first one's place."""
    score, _, best = max(group, key=lambda k: (k[0], -k[1]))
    first = group[0][2]
    text = first.text
    for _, _, proposal in group[1:]:
        text = sentence_end(text) + proposal.text
    return score, group[0][1], best._replace(text=text, line=first.line, message=first.message)


def sentence_end(text: str) -> str:
    """The text ready for the next sentence: a full stop if it has none, then a space (none after
    CJK text ending in its own full stop)."""
    text = text.rstrip()
    if not text.endswith(tuple(ENDS)):
        text += '。' if compiled(JOINT_RE).search(text) else '.'
    return text if text.endswith(('。', '！', '？')) else text + ' '


def regrouped(kept: Iterable[Kept], known: Callable[[str], str],
              files: dict[str, Counter[str]]) -> list[Kept]:
    """The kept proposals, each group one bullet ('joined' counts the sentences a bullet took in); a
    joined bullet that memory, the ledger or this review already holds (`known`: its reason) is
    counted under that reason instead."""
    out: list[Kept] = []
    for group in joined(kept):
        if len(group) == 1:
            out += group
            continue
        item = one(group)
        stats = files[item[2].source]
        stats['joined'] += len(group) - 1
        reason = known(identity(item[2].text))
        if reason:
            stats[reason] += 1
        else:
            out.append(item)
    return out
