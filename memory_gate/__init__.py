"""memory-gate: propose durable knowledge from agent transcripts as a reviewable diff to a
memory file."""
# The one version string: setup.cfg reads it (attr:), `memory-gate --version` prints it,
# CHANGELOG.md's first entry names it, and a release is tagged v<it>.
__version__ = '0.1.0'
