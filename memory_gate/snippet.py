"""`memory-gate snippet`: the paragraph to paste into AGENTS.md that asks agents for `Memory:`
lines."""
from __future__ import annotations

import argparse
import sys

from memory_gate.records import Settings


def arguments(parser: argparse.ArgumentParser) -> None:
    """It takes none."""


def run(args: argparse.Namespace, settings: Settings) -> int:
    from memory_gate.cues import SNIPPET

    sys.stdout.write(SNIPPET)
    return 0
