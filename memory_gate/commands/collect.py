"""`memory-gate collect`: copy this checkout's sessions from the agents' stores into the
transcripts folder. copies.py copies; stores.py and checkpoints.py know where sessions are.
"""
from __future__ import annotations

import argparse
import os

from memory_gate.reading.records import Settings


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        '--dry-run', action='store_true', help='list what would be copied; write nothing'
    )
    parser.add_argument(
        '--said-only',
        action='store_true',
        help='copy only what people said (user and assistant text)',
    )


def run(args: argparse.Namespace, settings: Settings) -> int:
    from memory_gate.agents import copies, heads, stores
    from memory_gate.base.repo import repo_root
    from memory_gate.report import err

    root = repo_root()
    if root is None:
        err('collect: not inside a git repository')
        return 2
    home = os.path.expanduser('~')
    status, sizes, held = 0, [], 0
    say_masked(home, settings)
    known = heads.Heads(root, stores.head)  # whose each session is, as last read
    for done in copies.collect(root, copies.found(root, home, known.head), settings, args.dry_run,
                               args.said_only):
        if isinstance(done, copies.CollectError):
            err(f'collect: {done}')
            status = 1
        else:
            print(copies.line(done, args.dry_run))
            sizes.append(done.size)
            held += done.home
            status = status or int(done.state == 'diverged')
    if not args.dry_run:
        known.save()
    if args.dry_run and sizes:
        print(f'memory-gate: {len(sizes)} session(s), {copies.human(sum(sizes))} in all')
    say_where(root, home, settings, found=bool(sizes or status))
    say_kept(home, held, settings)
    return status


def say_kept(home: str, held: int, settings: Settings) -> None:
    """How many times the copies written or read hold the home folder, when kept."""
    from memory_gate.report import note

    if held and settings.home_in_copies == 'keep':
        note(f'collect: the copies hold your home folder ({home}) {held} time(s); '
             '--home-in-copies mask (or home-in-copies = "mask" in [tool.memory-gate]) writes ~ '
             'and <user> instead', settings)


def say_masked(home: str, settings: Settings) -> None:
    """Once a run: what --home-in-copies mask hides."""
    from memory_gate.agents import masks
    from memory_gate.report import note

    mask = masks.mask_of(settings, home)
    if mask is not None:
        user = f' and your user name {mask.user} as <user>' if len(mask.user) >= 2 else ''
        note(f'collect: copies get your home folder {mask.home} as ~{user}', settings)


def say_where(root: str, home: str, settings: Settings, found: bool) -> None:
    """Where collect looked and what it matched on: when it found nothing (unless -q), and
    with -v."""
    from memory_gate.agents import stores
    from memory_gate.report import detail, note

    checkouts = ', '.join(stores.checkouts(root))
    say = detail if found else note
    if found:
        say(f'collect: looked for sessions of {checkouts}:', settings)
    else:
        say('collect: no session of this checkout found; looked for sessions whose working '
            f'directory is {checkouts} or a folder inside it:', settings)
    for line in looked(home):
        say(f'  {line}', settings)
    if not found:
        say('  a session started in another folder (one up, or through a symlinked path) is '
            "not this checkout's: start the agent inside the checkout", settings)


def looked(home: str) -> list[str]:
    """Where collect looked for this checkout's sessions and what it matched them on, one line
    a store (and Entire's checkpoints): what it says when it finds none."""
    from memory_gate.agents import checkpoints, stores

    out = []
    for place in stores.places(home):
        count = stores.sessions_at(place)
        held = 'no such folder' if count is None else f'{count} session file(s)'
        out.append(f'{place.agent}: {os.path.join(place.folder, place.pattern)} ({held}), '
                   f'matched on {place.matched_on}')
    refs = ' '.join(checkpoints.REFS)
    out.append(f'entire: checkpoints in this repository ({refs}), every one of them')
    return out
