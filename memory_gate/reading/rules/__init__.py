"""The reading's rules and cues, as data: nothing here reads a file or a transcript.

Signal and noise rules (`rule` declares one; `signal`, `signal_zh`, `conventions`, `noise` hold
them; `patterns` gathers them in the order they are tried), the cues the evidence weighs (`cue`
declares one; `lasting`, `moment`, `form` hold their phrase patterns; `cues` gathers CUES and the
tables derived from it), the markers and sections the reading recognises (`marks`), the languages
read beyond English and Chinese (`languages`) and the fitted weights (`weights`).
May import: base.
"""
