"""The base: what any part may import, and nothing of the product's judgment.

Does: the records every part passes on (`records`: Transcript, Secret), the typing helpers
(`typed`), git (`repo`: the repository root, paths as git names them, running git) and files
(`files`: reading transcripts as streams of bounded lines, reading memory, writing a file
beside its target and renaming it into place), what a commit holds of a file (`staged`: the
index's blob, read from the work tree's file when it is proved to be that blob), and the
version line (`version`).
Takes and gives: plain values; helpers raise (files.InputError, OSError), they never print.
May import: the standard library only (and memory_gate's own __version__).
Public: records, typed, repo, files, staged, version.
"""
