"""Memory gardening, pure: the bullets of a memory file and what the repository says of them ->
the bullets to propose for removal, each with its evidence. Nothing is proposed without it.

The evidence, in the order it is looked for (the first found is the one shown):
- gone from the tree: a path the bullet names that history removed or renamed (git log
  --diff-filter=DR) and that no tracked file matches today; the commit, and the new name;
- gone from the code: a symbol in a code span that git grep finds nowhere in the tree and that
  history shows removed (a name history never held, a library's, is no evidence);
- gone from the commands: a make/just/npm run/tox -e/nox -s/cargo xtask target that no file
  defining that tool's targets defines;
- superseded: a later bullet turns away what this one chose (reading.supersede, the product's
  own rule), about the same subject;
- said twice: an earlier bullet says the same thing in other words (alike).
The git calls are the edge's (commands/garden.py); this module takes their answers as values.
"""
from __future__ import annotations

import posixpath
import re
from collections.abc import Container, Iterable, Mapping, Sequence

from memory_gate.base.typed import NamedTuple
from memory_gate.reading.memory import identity
from memory_gate.reading.supersede import turned_away
from memory_gate.review import alike, named, targets
from memory_gate.review.named import Bullet, Named

KEPT = 'kept in memory: '  # a declined removal, in the ledger: never proposed again
HEAD = '\x01'  # what starts a commit's line in history()'s output: its short hash, \x02, subject
TREE, CODE, COMMANDS = 'gone from the tree', 'gone from the code', 'gone from the commands'
SUPERSEDED, TWICE = 'superseded', 'said twice'


class Gone(NamedTuple):
    """What history removed: the path (a symbol's: the file it was removed from), the commit
    (short hash and subject) and, for a rename, the new name."""

    path: str
    commit: str
    subject: str
    new: str = ''


class Tree(NamedTuple):
    """What the repository answered: its tracked files, the paths history removed (latest
    event each), the symbols git grep found, the symbols history removed, and each tool's
    defined targets (None: any name may be defined) with the files they were read from."""

    files: frozenset[str]
    gone: Mapping[str, Gone]
    found: frozenset[str] = frozenset()
    removed: Mapping[str, Gone] = {}
    targets: Mapping[str, frozenset[str] | None] = {}
    defining: Mapping[str, tuple[str, ...]] = {}


class Removal(NamedTuple):
    bullet: Bullet
    kind: str
    evidence: str


def kept_key(text: str) -> str:
    """The ledger identity of a bullet whose removal was declined."""
    return identity(KEPT + text)


def history(raw: str) -> dict[str, Gone]:
    """`git log -z --name-status -M --diff-filter=DR --format=%x01%h%x02%s`, newest first ->
    each removed or renamed path's latest event."""
    gone: dict[str, Gone] = {}
    commit = subject = ''
    fields = iter(raw.split('\0'))
    for field in fields:
        field = field.lstrip('\n')
        if field.startswith(HEAD):
            commit, _, subject = field[1:].partition('\x02')
        elif field[:1] in ('D', 'R'):
            old = next(fields, '')
            new = next(fields, '') if field[0] == 'R' else ''
            gone.setdefault(old, Gone(old, commit, subject, new))
    return gone


def removed_symbols(raw: str, symbols: Iterable[str]) -> dict[str, Gone]:
    """`git log -p -U0 --format=%x01%h%x02%s -G...`, newest first -> for each symbol, the
    latest commit with a removed line naming it (as a whole word), and the file."""
    wanted = {s: re.compile(rf'(?<![\w-]){re.escape(s)}(?![\w-])') for s in symbols}
    found: dict[str, Gone] = {}
    commit = subject = path = ''
    for line in raw.split('\n'):
        if line.startswith(HEAD):
            commit, _, subject = line[1:].partition('\x02')
        elif line.startswith('--- '):
            path = line[6:] if line.startswith('--- a/') else path
        elif line.startswith('-'):
            for symbol in [s for s in wanted if s not in found and wanted[s].search(line)]:
                found[symbol] = Gone(path, commit, subject)
    return found


class Paths:
    """Tracked or removed paths, asked about by a bullet's name: the path itself, a folder
    holding them, or a path ending in the name (a bullet may name src/app.py as app.py)."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.paths = set(paths)
        self.by_base: dict[str, set[str]] = {}
        folders: set[str] = set()
        for path in self.paths:
            folder, _, base = path.rpartition('/')
            self.by_base.setdefault(base, set()).add(path)
            while folder and folder not in folders:
                folders.add(folder)
                parent, _, base = folder.rpartition('/')
                self.by_base.setdefault(base, set()).add(folder)
                folder = parent

    def match(self, name: str) -> list[str]:
        """The paths (or folders of them) that are `name` or end in '/' + `name`."""
        base = posixpath.basename(name)
        return sorted(p for p in self.by_base.get(base, ()) if p == name or p.endswith('/' + name))


def asked_commits(names: Iterable[Named], tracked: Paths, gone: Mapping[str, Gone]) -> set[str]:
    """The commits that removed a path some bullet names and no tracked file matches: where
    to look for renames (rename detection over all history costs more than all the rest)."""
    removed = Paths(gone)
    return {event.commit for found in names for path in found.paths if not tracked.match(path)
            for event in events(path, gone, removed)}


def events(path: str, gone: Mapping[str, Gone], removed: Paths) -> list[Gone]:
    """History's removals of the path (or, for a folder, of a file under it), newest first."""
    found = [gone[p] for p in removed.match(path) if p in gone]
    return found or [e for p in removed.match(path) for e in under(p, gone)]


def gone_from_tree(found: Named, files: Paths, gone: Mapping[str, Gone],
                   removed: Paths) -> str:
    """The evidence that a path the bullet names is gone, or ''. No tracked file at all (an
    empty index) proves nothing."""
    for path in found.paths if files.paths else ():
        if files.match(path):
            continue
        seen = events(path, gone, removed)
        if seen:
            return tree_evidence(path, seen[0], files)
    return ''


def under(folder: str, gone: Mapping[str, Gone]) -> list[Gone]:
    return [e for p, e in gone.items() if p.startswith(folder + '/')][:1]


def tree_evidence(path: str, event: Gone, files: Paths) -> str:
    said = f'`{path}`: no tracked file matches it (git ls-files); '
    if event.path == path or event.path.endswith('/' + path):
        said += f'{event.path} was '
    else:
        said += f'the last file under it, {event.path}, was '  # a folder
    if event.new and files.match(event.new):
        return said + f'renamed to {event.new} in {event.commit} ({event.subject})'
    return said + f'removed in {event.commit} ({event.subject})'


def gone_from_code(found: Named, tree: Tree) -> str:
    for symbol in found.symbols:
        event = tree.removed.get(symbol)
        if symbol not in tree.found and event:
            return (f'`{symbol}`: git grep finds it nowhere in the tree; last removed from '
                    f'{event.path} in {event.commit} ({event.subject})')
    return ''


def gone_from_commands(found: Named, tree: Tree) -> str:
    for tool, target in found.commands:
        names = tree.targets.get(tool)
        if names is not None and not targets.is_defined(tool, target, names):
            where = ', '.join(tree.defining.get(tool, ()))
            return f'`{target}`: no {tool} target of that name in {where}'
    return ''


def superseded(bullets: Sequence[Bullet]) -> dict[int, str]:
    """Index of an earlier bullet -> the evidence that a later one turns away what it chose."""
    out: dict[int, str] = {}
    claims = [alike.claim(b.text).words for b in bullets]
    for later in range(len(bullets)):
        away = turned_away(bullets[later].text)
        for earlier in range(later) if away else ():
            chose = away & words(bullets[earlier].text) - turned_away(bullets[earlier].text)
            subject = claims[earlier] & claims[later] - {alike.stem(w) for w in away}
            if chose and subject and earlier not in out:
                out[earlier] = (f'line {bullets[later].line} turns away {sorted(chose)[0]}: '
                                f'{bullets[later].text}')
    return out


def words(text: str) -> frozenset[str]:
    found = re.findall(r'[\w.+#/-]+', text.replace('`', ''))
    return frozenset(w.lower().strip('.,;:') for w in found)


def said_twice(bullets: Sequence[Bullet]) -> dict[int, str]:
    """Index of a later bullet -> the evidence that an earlier one, under the same heading,
    says the same. The same words in two lists are parallel lists (what each of two branches
    holds), not a bullet said twice."""
    out: dict[int, str] = {}
    claims = [alike.claim(b.text) for b in bullets]
    keys = [identity(b.text) for b in bullets]
    for later, last in enumerate(bullets):
        for earlier, first in enumerate(bullets[:later]):
            if first.heading != last.heading or earlier in out:
                continue
            if keys[earlier] == keys[later] and first.lead != last.lead:
                continue
            if alike.same(claims[earlier], claims[later]):
                out[later] = f'line {bullets[earlier].line} says the same: {bullets[earlier].text}'
                break
    return out


def removals(bullets: Sequence[Bullet], tree: Tree, kept: Container[str] = (),
             files: Paths | None = None) -> list[Removal]:
    """The bullets to propose for removal, in file order, each with its first evidence; none
    whose removal a reviewer declined (`kept`: ledger identities). `files`: the tracked files'
    Paths, when the caller has built it already."""
    files, removed = files or Paths(tree.files), Paths(tree.gone)
    later, same = superseded(bullets), said_twice(bullets)
    out = []
    for index, bullet in enumerate(bullets):
        found = named.named(bullet.text)
        for kind, evidence in ((TREE, gone_from_tree(found, files, tree.gone, removed)),
                               (CODE, gone_from_code(found, tree)),
                               (COMMANDS, gone_from_commands(found, tree)),
                               (SUPERSEDED, later.get(index, '')), (TWICE, same.get(index, ''))):
            if evidence and kept_key(bullet.text) not in kept:
                out.append(Removal(bullet, kind, evidence))
                break
    return out
