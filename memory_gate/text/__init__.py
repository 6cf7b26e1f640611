"""Text handling shared by the reading and the secrets: below both.

Does: splitting prose into sentences and marking them (`sentences`: split, sanitize, strip code,
quote a name as bash would), offsets of the sentences of a huge turn (`offsets`), long lines in
bounded windows (`long_text`), the literal prefilter of a regular expression (`prefilter`) and
searching ASCII text with one compiled program (`ascii_search`), text cut and wrapped to a
terminal's columns (`width`).
Takes and gives: strings. Pure: no files, no printing.
May import: base.
Public: sentences, offsets, long_text, prefilter, ascii_search, width.
"""
