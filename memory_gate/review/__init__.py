"""The review: what a proposal is, the chain of proposals for one memory file, the ledger of
declined bullets, the diff, and the pure choices of `review` and `decline`.

Does: a proposal file's header and bullets (`proposals`), the numbering of pending bullets
(`pending`, `choices`), the chain that renders each diff against the memory file plus the
proposals before it (`chain`, `leftover`, `earlier`), the unified diff (`diff`), the ledger
(`ledger`), the commands printed to take or decline (`routes`), rewording (`rewrite`), what an
earlier commit already proposed (`history`), and the conversation before a bullet, read from its
transcript (`context`).
Takes: reading.records.Proposal and Settings, files in the repository. Gives: diffs, proposal
texts and the choices made. Writes proposal files and the ledger (through base.files); prints
nothing: `chain.Run.say` is the edge's.
May import: base, text, formats, secrets, reading.
Public: chain, choices, context, diff, earlier, history, ledger, pending, proposals, rewrite,
routes.
"""
