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
    from memory_gate.agents import copies
    from memory_gate.base.repo import repo_root
    from memory_gate.report import err

    root = repo_root()
    if root is None:
        err('collect: not inside a git repository')
        return 2
    sessions = copies.found(root, os.path.expanduser('~'))
    status = 0
    for done in copies.collect(root, sessions, settings, args.dry_run, args.said_only):
        if isinstance(done, copies.CollectError):
            err(f'collect: {done}')
            status = 1
        else:
            print(copies.line(done, args.dry_run))
            status = status or int(done.state == 'diverged')
    return status
