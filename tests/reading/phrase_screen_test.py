"""phrase_screen.may_show against its definition: one test per feature of its gate words."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.reading import evidence, phrase_screen
from memory_gate.reading.rules.cues import CJK_GATES, GATES, PHRASE_FEATURES, TOKEN_RE
from memory_gate.text.sentences import compiled

WORDS = sorted({w for words in GATES.values() for w in words})


def by_definition(sentence: str, wide: bool) -> int:
    tokens = set(compiled(TOKEN_RE).findall(sentence.lower()))
    return sum(1 << i for i, (name, _) in enumerate(PHRASE_FEATURES)
               if not GATES[name].isdisjoint(tokens)
               or wide and any(w in sentence for w in CJK_GATES[name]))


def shown(sentence: str) -> int:
    wide = not sentence.isascii()
    tokens = compiled(TOKEN_RE).findall(sentence.lower())
    return phrase_screen.may_show(sentence, tokens, wide)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=8),
       st.sampled_from(['', ' ', '的', ',']))
def test_the_gates_as_one_pass_open_what_each_gate_opens(parts: list[str], gap: str) -> None:
    sentence = gap.join(parts)
    assert shown(sentence) == by_definition(sentence, not sentence.isascii())


def test_a_wide_gate_word_inside_a_token_opens_its_feature() -> None:
    # '以后' inside one run of Chinese: no token of its own, found in the sentence as it is
    sentence = '我们以后都用UTC存时间。'
    scope = 1 << phrase_screen.NAMES.index('scope')
    assert shown(sentence) & scope
    assert 'scope' in evidence.phrases(sentence)


def test_a_sentence_without_gate_words_shows_no_phrase_feature() -> None:
    assert shown('The build took nine minutes.') == by_definition('The build took nine minutes.',
                                                                  False)
    assert phrase_screen.NAMES == tuple(name for name, _ in PHRASE_FEATURES)
