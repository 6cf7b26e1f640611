"""The secrets: finding credentials in a line or a sentence, masking them, and scanning a
transcript's own lines.

Does: the compiled engine's vendor rules (`engine`: Kingfisher, imported when a text is first
scanned; the built-in shapes of `credential_patterns` where it cannot import), the credential rules
as data (`credential_patterns`), the contextual detector of what people and agents say
(`credentials`, with `passwords`, `spans`, `values`, `candidates`, `anchored`, `needles`), the
withholding of a proposal that holds one (`leak_gate`, `withhold`), the scan of a transcript's
lines with their masked hints (`scan`; a line over the size cap in windows: `long_lines`), and
redaction of a transcript line in place
(`redact`, which `scrub` and `collect` use). `credentials.printable` is the check at the output
edge: every line the product prints goes through it.
Takes and gives: strings and lines in, findings (kind, offsets) and records.Secret out. Never
prints a value.
May import: base, text, formats (scan hands the parser the lines it reads next).
Public: credentials (findings, redact, printable, secret_kind), scan, redact, withhold.
"""
