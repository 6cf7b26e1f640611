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
