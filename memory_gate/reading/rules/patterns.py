"""Rules as data: what makes a sentence memory, and what makes it noise, in the order they are
tried (the first signal rule that fires names the proposal's rule).

Every rule is a named family of phrasing, not a single sentence. Each entry
says what it is for, an example it must catch, and one it must not. Teams add
their own rules through configuration (see config.py); they never edit code.
Where a rule goes: English statements signal.py, Chinese signal_zh.py, English conventions
conventions.py, the other languages' markers languages.py, noise noise.py.
"""
from __future__ import annotations

from memory_gate.reading.rules.conventions import CONVENTIONS
from memory_gate.reading.rules.cue import KINDS
from memory_gate.reading.rules.languages import LANGUAGES, pattern
from memory_gate.reading.rules.noise import NOISE_RULES
from memory_gate.reading.rules.rule import Rule, rule
from memory_gate.reading.rules.signal import STATEMENTS
from memory_gate.reading.rules.signal_zh import CHINESE

__all__ = ['KINDS', 'NOISE_RULES', 'SIGNAL_RULES', 'Rule', 'rule']  # KINDS lives with the cues

SIGNAL_RULES: tuple[Rule, ...] = (
    *STATEMENTS,
    *CHINESE,
    *CONVENTIONS,
    # The explicit markers of the languages of languages.py, five families each
    # (<code>_decision, _constraint, _convention, _root_cause, _preference):
    # tests/reading/rules/languages_test.py holds what each must catch and must not.
    *(rule(f'{lang.code}_{kind}', kind, pattern(getattr(lang, kind), lang.spaced, lang.unlike),
           triggers=getattr(lang, kind))
      for lang in LANGUAGES
      for kind in ('decision', 'constraint', 'convention', 'root_cause', 'preference')
      if getattr(lang, kind)),
)
