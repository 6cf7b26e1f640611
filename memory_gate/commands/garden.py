"""`memory-gate garden`: propose removing the memory file's stale bullets, each with its
evidence, as a diff beside it (`<memory file>.garden.diff`); review it with --review.

The edge of gardening: reads the memory file and the ledger, asks git (one `git ls-files`, one
`git log` of removed paths, one batched `git grep`, one `git log -G` for the symbols it did not
find), reads the files that define make/npm/just/tox/nox/xtask targets, and prints. What is
stale and why is pure: review/garden.py; the removal diff and its review: review/removal.py.
The memory file is never written.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence

from memory_gate.base import files, repo
from memory_gate.base.files import InputError
from memory_gate.reading.records import Settings
from memory_gate.report import err
from memory_gate.review import choices, garden, ledger, removal, targets
from memory_gate.review.named import Bullet, Named, bullets, named
from memory_gate.review.proposals import entries, shell
from memory_gate.terminal import Terminal

REVIEW = 'memory-gate garden --review'
# How far back a symbol's removal is looked for, in commits: one removed earlier is no evidence.
SYMBOL_HISTORY = 1000
# The files that hold what memory says, not what the code does: never evidence that a name is
# in the tree (or was removed from it).
MEMORY_FILES = ('AGENTS.md', 'CLAUDE.md', 'GEMINI.md', 'copilot-instructions.md')
NO_TERMINAL = ('garden: no terminal to ask on; choose on the command line: --take 1,3 takes '
               'those and declines the rest; --decline, --skip, --reword N=TEXT')


def arguments(g: argparse.ArgumentParser) -> None:
    g.add_argument('--review', action='store_true',
                   help='review the proposed removals: take, decline, reword or skip each')
    choices.add_choices(g, ('remove these', 'keep these', 'leave these pending'),
                        'removals not named are declined',
                        'replace bullet N by TEXT instead of removing it')


def run(args: argparse.Namespace, settings: Settings) -> int:
    root = repo.repo_root()
    if root is None:
        err('garden: not in a git repository')
        return 2
    try:
        rel, real = files.memory_target(settings.memory)
        text = files.read_memory(real)
        kept = ledger.read(settings.ledger)
    except InputError as exc:
        err(f'{settings.memory}: {exc}')
        return 2
    if text is None:
        err(f'{settings.memory}: no such memory file')
        return 2
    named_choices = choices.named_choices(args)
    if args.review or any(named_choices.values()) or args.reword:
        return review(real + removal.SUFFIX, rel, text, named_choices, args.reword, settings)
    return propose(root, rel, real, text, kept)


def propose(root: str, rel: str, real: str, text: str, kept: ledger.Identities) -> int:
    """Write and print the removal diff; 1 when it proposes something, like the hook."""
    found = bullets(text)
    tree, index = look(root, rel, found)
    stale = garden.removals(found, tree, kept, index)
    target = real + removal.SUFFIX
    if not stale:
        if removal.read_ours(target) is not None:
            repo.remove_untracked(target, root, repo.tracked_files(root))
        print(f'memory-gate garden: nothing stale in {rel} ({len(found)} bullets looked at)',
              file=sys.stderr)
        return 0
    spans = {r.bullet.line: r.bullet.span for r in stale}
    listed = [removal.entry(r) for r in stale]
    diff = removal.render(rel, text, spans)
    try:
        files.write_new(target, removal.header(rel, listed, REVIEW) + diff, removal.MARK)
    except (InputError, OSError) as exc:
        err(f'{shell(repo.rel(target, root))}: {exc}')
        return 2
    show_proposal(stale, diff, repo.rel(target, root), rel)
    return 1


def show_proposal(stale: Sequence[garden.Removal], diff: str, target: str, rel: str) -> None:
    for number, r in enumerate(stale, 1):
        print(f'{number}. line {r.bullet.line} ({r.kind}): {r.evidence}', file=sys.stderr)
        print(f'     {r.bullet.text}', file=sys.stderr)
    print(diff, end='')
    print(f'memory-gate garden: {len(stale)} stale bullet(s) in {rel}; review: {REVIEW}; '
          f'or take them all: git apply {shell(target)} && git add {shell(rel)}',
          file=sys.stderr)


def look(root: str, rel: str, found: Sequence[Bullet]) -> tuple[garden.Tree, garden.Paths]:
    """What the repository says of the names the bullets use (one git call per question), and
    the tracked files' Paths."""
    names = [named(b.text) for b in found]
    tracked = frozenset(repo.tracked_files(root))
    index = garden.Paths(tracked)
    excludes = [f':(exclude){rel}', ':(exclude,glob)**/*.memory.diff',
                ':(exclude,glob)**/*' + removal.SUFFIX,
                *(f':(exclude,glob)**/{name}' for name in MEMORY_FILES)]
    asked = {p for n in names for p in n.paths}
    gone = removed_paths(root, names, index, excludes) if asked else {}
    symbols = sorted({s for n in names for s in n.symbols})
    present = grep(root, symbols, excludes)
    missing = [s for s in symbols if s not in present]
    removed = removed_symbols(root, missing, excludes) if missing else {}
    tools = {tool for n in names for tool, _ in n.commands}
    defining = {t: tuple(sorted(f for f in tracked if targets.is_defining(t, f))) for t in tools}
    defined = {t: defined_targets(root, t, paths) for t, paths in defining.items()}
    return garden.Tree(tracked, gone, frozenset(present), removed, defined, defining), index


def removed_paths(root: str, names: Sequence[Named], tracked: garden.Paths,
                  excludes: Sequence[str]) -> dict[str, garden.Gone]:
    """The paths history removed, each's latest removal; a rename is told apart (with its new
    name) in the commits that removed a path a bullet names, the only ones where it matters."""
    out = repo.git(root, 'log', '-z', '--name-status', '--no-renames', '--diff-filter=D',
                   '--format=%x01%h%x02%s', '--', '.', *excludes)
    gone = garden.history((out or b'').decode('utf-8', 'replace'))
    commits = sorted(garden.asked_commits(names, tracked, gone))
    if commits:
        out = repo.git(root, 'log', '--no-walk=unsorted', '-z', '--name-status', '-M',
                       '--diff-filter=R', '--format=%x01%h%x02%s', *commits, '--')
        renamed = garden.history((out or b'').decode('utf-8', 'replace'))
        gone.update((old, e) for old, e in renamed.items() if gone.get(old, e).commit == e.commit)
    return gone


def grep(root: str, symbols: Sequence[str], excludes: Sequence[str]) -> set[str]:
    """The symbols git grep finds, as whole words, in the tracked files: one process for all."""
    if not symbols:
        return set()
    patterns = [arg for s in symbols for arg in ('-e', s)]
    code, out = repo.git_answer(root, 'grep', '-I', '-F', '-w', '-o', '-h', '--no-color',
                                *patterns, '--', '.', *excludes)
    if code not in (0, 1):
        return set(symbols)  # grep failed: nothing may be called gone
    return set(out.decode('utf-8', 'replace').splitlines()) & set(symbols)


def removed_symbols(root: str, symbols: Sequence[str],
                    excludes: Sequence[str]) -> dict[str, garden.Gone]:
    """Where history last removed a line naming each symbol, in the last SYMBOL_HISTORY
    commits (a name no history held costs a diff of every commit: 13 s over mise's 8,440)."""
    oldest = repo.git(root, 'rev-list', '--max-count=1', f'--skip={SYMBOL_HISTORY}', 'HEAD')
    since = [f'{oldest.decode().strip()}..HEAD'] if oldest and oldest.strip() else []
    out = repo.git(root, 'log', '-p', '-U0', '--no-color', '--no-ext-diff', '-E',
                   '-G' + '|'.join(symbols), '--format=%x01%h%x02%s', *since, '--', '.',
                   *excludes)
    return garden.removed_symbols((out or b'').decode('utf-8', 'replace'), symbols)


def defined_targets(root: str, tool: str, paths: Iterable[str]) -> frozenset[str] | None:
    texts = []
    for path in paths:
        try:
            data = files.read_bytes(os.path.join(root, path))
        except InputError:
            return None  # a defining file that cannot be read: any name may be in it
        texts.append((data or b'').decode('utf-8', 'replace'))
    return targets.defined(tool, texts)


def review(path: str, rel: str, text: str, named_choices: dict[str, str | None],
           rewords: Sequence[str], settings: Settings) -> int:
    """Take, decline, reword or skip each proposed removal, as `memory-gate review` does."""
    head = removal.read_ours(path)
    if head is None:
        print(f'memory-gate garden: no removals pending for {rel} (run memory-gate garden)')
        return 0
    every = removal.items(path, rel, text, entries(head), ledger.read(settings.ledger))
    pending = [i for i in every if not i.settled]
    if not pending:
        print('memory-gate garden: every listed removal is settled')
        return 0
    try:
        if any(named_choices.values()) or rewords:
            chosen = choices.choices_from(named_choices, rewords, len(every))
        elif not sys.stdin.isatty():
            err(NO_TERMINAL)
            return 2
        else:
            term = Terminal()
            chosen = choices.ask(pending, term.key, print, term.edit, words=removal.WORDS)
    except ValueError as exc:
        err(str(exc))
        return 2
    except KeyboardInterrupt:
        print('\nmemory-gate: review interrupted; nothing recorded')
        return 130
    return record(removal.outcome(every, chosen, REVIEW), path, rel, settings.ledger)


def record(done: removal.Outcome, path: str, rel: str, ledger_path: str) -> int:
    try:
        if done.declined:
            ledger.append(ledger_path, done.declined)
        if done.text is None:
            os.unlink(path)
        else:
            files.write_new(path, done.text, removal.MARK)
    except (InputError, OSError) as exc:
        err(f'{shell(path)}: {exc}')
        return 2
    print(f'memory-gate garden: {len(done.declined)} removal(s) declined, recorded in '
          f'{ledger_path}')
    if done.diff:
        print(done.diff, end='')
        name = shell(os.path.relpath(path))
        print(f'Now apply what you took: git apply {name} && git add {shell(rel)}')
    return 0
