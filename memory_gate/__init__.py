"""memory-gate: propose durable knowledge from agent transcripts as a reviewable diff to a
memory file.

One package per part, each importing only the parts below it (CONTRIBUTING.md has the map;
tests/house_test.py holds the allowed imports):
    the edge     cli, usage, options, config, report, hook_report, terminal, color, commands/
    agents/      the agents' stores, collect's copies, what a session did
    review/      proposals, the chain, the ledger, the diff, review's and decline's choices
    reading/     turns -> sentences -> candidates -> weighed proposals; rules/ as data
    secrets/     credentials found, masked, scanned
    formats/     each agent's transcript -> turns
    text/        sentences, long lines, the prefilter
    base/        records, typed, git and file helpers
"""
# The one version string: setup.cfg reads it (attr:), `memory-gate --version` prints it,
# CHANGELOG.md's first entry names it, and a release is tagged v<it>.
__version__ = '0.1.0'

import os as _os
import sys as _sys

# Ctrl-C while the program is still importing its modules, before cli.main can report it: held
# here (one line, the command's exit code, as any Ctrl-C) instead of a traceback out of an
# import. Only when this package is the program (the console script, which the pre-commit hook
# runs, or python -m memory_gate); imported by another program, its Ctrl-C is left alone.
held: list[int] | None = None


def _is_the_program() -> bool:
    """The console script (`memory-gate`, as the pre-commit hook runs it) or python -m
    memory_gate; not another program importing this package (python -m sets argv[0] to '-m'
    while it imports the packages of whichever module it runs)."""
    name = _os.path.basename(_sys.argv[0]) if _sys.argv else ''
    if name != '-m':
        return name.startswith('memory-gate')
    started = getattr(_sys, 'orig_argv', [])  # the interpreter's own arguments (3.10+)
    pairs = zip(started, started[1:])
    return '-mmemory_gate' in started or ('-m', 'memory_gate') in pairs


if _is_the_program():
    # _signal, built into the interpreter: importing signal (its enums) takes milliseconds, in
    # which a Ctrl-C would be the very traceback this prevents.
    import _signal  # type: ignore[import-not-found]  # (typeshed has no stub for it)

    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        held = []
        _signal.signal(_signal.SIGINT, lambda signum, frame: held.append(signum))
