"""The reading: turns -> sentences -> candidates -> weighed proposals.

Does: `pipeline.build` reads transcripts (formats) into turns, splits them into sentences (text),
keeps the ones a signal rule picks and no noise rule drops (`filters`, `screen`,
`phrase_screen`), places each in its conversation (`placing`, `picked`), weighs the evidence
(`evidence`, `reasons`, `rank`, `supersede`), drops what memory or the ledger holds (`memory`:
the one identity of a bullet) and withholds what holds a credential (secrets). The rules and cues
are data in `reading/rules/`: a team that extends them touches only data.
Takes: records.Transcript and reading.records.Settings. Gives: reading.records.Result
(proposals, withheld, counters, secrets found). Pure: no printing, no writing.
May import: base, text, formats, secrets.
Public: pipeline, records (Settings, Proposal, Result, ...), memory, rules.patterns (Rule, KINDS),
rules.marks (the ask's SNIPPET).
"""
