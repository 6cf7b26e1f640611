"""The prefilter never rules out a text its pattern matches: it skips only searches that fail."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.reading.rules import cues, form, lasting, marks, moment, patterns
from memory_gate.text import prefilter
from memory_gate.text.prefilter import FOLDS_TO_ASCII, compile_pattern, needs, possible
from memory_gate.text.sentences import split_sentences
from tests.reading.rules.patterns_test import CORPUS

ROOT = Path(__file__).resolve().parents[2]
PATTERNS = sorted({
    *(r.pattern for r in patterns.SIGNAL_RULES + patterns.NOISE_RULES),
    *(r.unless for r in patterns.SIGNAL_RULES + patterns.NOISE_RULES if r.unless),
    *(p for _, p in cues.PHRASE_FEATURES),
    *(v for module in (lasting, moment, form, cues, marks)  # every cue file's patterns
      for k, v in vars(module).items() if k.endswith('_RE') and isinstance(v, str)),
})
TRANSCRIPTS = sorted((ROOT / 'tests' / 'transcripts').rglob('*.jsonl'))
TEXTS = sorted({s for s in CORPUS + [
    said for path in TRANSCRIPTS
    for line in path.read_text(encoding='utf-8', errors='replace').splitlines()
    for said in split_sentences(line)] if s.isascii()})
# Words to build texts from: every lowercase literal run of the patterns, in any case.
LITERALS = sorted({w for p in PATTERNS for w in re.findall(r"[A-Za-z][A-Za-z' ]{1,20}", p)})


def test_the_characters_that_fold_to_ascii_are_exactly_these() -> None:
    any_ascii = re.compile('(?i)[\x00-\x7f]')
    assert {chr(c) for c in range(128, 0x110000) if any_ascii.fullmatch(chr(c))} == FOLDS_TO_ASCII


@pytest.mark.parametrize('pattern', PATTERNS, ids=lambda p: p[:40])
def test_sound_on_the_corpus_and_the_transcripts(pattern: str) -> None:
    compiled = re.compile(pattern)
    wrong = [t for t in TEXTS if not possible(pattern, t.lower()) and compiled.search(t)]
    assert wrong == []


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LITERALS), min_size=1, max_size=8),
       st.sampled_from([' ', '', ', ', '. ', "'s "]), st.booleans())
def test_sound_on_texts_made_of_the_patterns_own_words(words: list[str], glue: str,
                                                       upper: bool) -> None:
    text = glue.join(words)
    text = text.upper() if upper else text
    for pattern in PATTERNS:
        assert possible(pattern, text.lower()) or not re.search(pattern, text), pattern


@pytest.mark.parametrize(('pattern', 'text', 'expected'), [
    (lasting.CITES_RULE_RE, 'the config loader reads the file', False),  # a source, no citing verb
    (lasting.CITES_RULE_RE, 'per the repo rules we rebuild first', True),
    (form.FURNITURE_RE, 'a plain sentence with a | pipe', False),  # the box characters cannot be
    (r'(?i)\bP[0-3] Badge', 'p1 badge', True),
    (r'(?i)colou?r', 'color', True),  # a repeat that may be absent asks nothing
    (r'(?i)以后|always', 'never', False),  # Chinese cannot match an ASCII text
    (r'(?i)[a-z]+ing', 'anything', True),
])
def test_what_a_pattern_needs(pattern: str, text: str, expected: bool) -> None:
    assert possible(pattern, text.lower()) is expected
    if not expected:
        assert re.search(pattern, text) is None


def test_a_pattern_of_classes_and_repeats_asks_nothing() -> None:
    assert needs(r'\w+\s*\d') is None
    assert needs(r'(?i)(?:ab|c)d') is None  # a one-character alternative: in nearly every text


@pytest.mark.parametrize('pattern', PATTERNS, ids=lambda p: p[:40])
def test_a_pattern_compiled_from_the_prefilters_parse_is_re_compiles(pattern: str) -> None:
    prefilter._needs.cache_clear()
    needs(pattern)  # keeps re's parse of the pattern
    assert pattern in prefilter._parsed
    made, plain = compile_pattern(pattern), re.compile(pattern)
    assert pattern not in prefilter._parsed  # a parse is used once, then let go
    assert (made.flags, made.groups, made.groupindex) == (plain.flags, plain.groups,
                                                          plain.groupindex)
    for text in TEXTS + [t.upper() for t in TEXTS[:200]]:
        assert ([m.span() + m.groups() for m in made.finditer(text)]
                == [m.span() + m.groups() for m in plain.finditer(text)]), text
