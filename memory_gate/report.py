"""Reporting at the edge: one line per problem on stderr, the product on stdout."""
from __future__ import annotations

import sys

from memory_gate.pipeline import Result
from memory_gate.sentences import printable


def err(message: str) -> None:
    print(f'memory-gate: {printable(message)}', file=sys.stderr)


def report_withheld(result: Result) -> None:
    for w in result.withheld:
        err(f'{w.source}:{w.line}: withheld a proposal that looks like a {w.kind}')
