"""The word screen never leaves out a rule whose gate passes, so it cannot change a verdict."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.reading.filters import gated, strip_lead
from memory_gate.reading.rules import patterns
from memory_gate.reading.rules.patterns import Rule, rule
from memory_gate.reading.screen import WORD_CACHE, WORD_LENGTH, Screen, piece
from memory_gate.text.sentences import split_sentences
from tests.reading.rules.patterns_test import CORPUS

RULES = patterns.SIGNAL_RULES
GATE_WORDS = sorted({w for r in RULES for w in r.contains + r.starts})


def missed(screen: Screen, rules: tuple[Rule, ...], sentence: str) -> list[str]:
    low = sentence.lower()
    found = screen.rules(low)
    return [r.name for i, r in enumerate(rules) if gated(r, low) and not found >> i & 1]


@pytest.mark.parametrize(('gate_word', 'expected'), [
    ('decid', ('decid', False, False)),  # anywhere in a word: "undecided"
    (' use', ('use', True, False)),  # starts a word
    ('we ', ('we', False, True)),  # ends a word: "we", "owe"
    ('we moved', ('moved', True, False)),
    ('the fix', ('fix', True, False)),  # a common word is used only when there is nothing else
    ('it is', ('it', False, True)),
    (', not ', ('not', True, True)),  # a whole word
    ('，不', ('，不', False, False)),
])
def test_piece_is_the_rarest_run_and_where_it_sits(gate_word: str,
                                                   expected: tuple[str, bool, bool]) -> None:
    assert piece(gate_word) == expected


def test_sentences_without_a_gate_word_open_no_rule() -> None:
    screen = Screen(RULES)
    assert screen.rules('the parser reads the cache before the logger wakes up.') == 0
    assert screen.rules('我看了一下 client，它会在启动时读取 logger。') == 0


def test_rules_without_gates_are_always_tried() -> None:
    team = (rule('adr', 'decision', r'\bADR-\d+ accepted'),) + RULES
    assert Screen(team).rules('nothing here.') & 1


@pytest.mark.parametrize('sentence', CORPUS[:: max(1, len(CORPUS) // 600)])
def test_screen_keeps_every_rule_whose_gate_passes_on_the_corpus(sentence: str) -> None:
    assert missed(Screen(RULES), RULES, sentence) == []
    assert missed(Screen(patterns.NOISE_RULES), patterns.NOISE_RULES, sentence) == []


NOISE_WORDS = sorted({w for r in patterns.NOISE_RULES for w in r.contains + r.starts})


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(NOISE_WORDS), st.text('abc-,.;?XY 这次不', max_size=4)),
                min_size=1, max_size=8),
       st.sampled_from(['', ' ', '\t']))
def test_noise_screen_keeps_every_rule_whose_gate_passes(parts: list[str], glue: str) -> None:
    screen = Screen(patterns.NOISE_RULES)
    assert missed(screen, patterns.NOISE_RULES, glue.join(parts)) == []


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(GATE_WORDS), st.text('abc-,.;XY 以不每', max_size=4)),
                min_size=1, max_size=8),
       st.sampled_from(['', ' ', '\t']))
def test_screen_keeps_every_rule_whose_gate_passes_on_generated_text(parts: list[str],
                                                                     glue: str) -> None:
    screen = Screen(RULES)
    sentence = glue.join(parts)
    assert missed(screen, RULES, sentence) == []
    assert missed(screen, RULES, sentence) == []  # and again, from the remembered words


def test_remembered_words_are_bounded() -> None:
    screen = Screen(RULES)
    for i in range(WORD_CACHE + 10):
        screen.rules(f'w{i}')
    assert len(screen.words) <= WORD_CACHE
    assert screen.rules('we never push to main.') != 0
    for i in range(WORD_CACHE + 10):  # the ASCII runs of wide words too
        screen.word(f'以{i}后')
    assert len(screen.runs) <= WORD_CACHE


SEPARATORS = ['. ', '! ', '? ', '。', '；', '\n', '\n- ', '\n1. ', '. OK, ', '。好的，', ' ', ', ',
              '."  ']


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(GATE_WORDS), st.sampled_from(SEPARATORS),
                          st.text('ab-,.以不', max_size=3)),
                min_size=1, max_size=12))
def test_whole_text_screen_keeps_every_rule_that_passes_on_any_of_its_sentences(
    parts: list[str],
) -> None:
    text = ''.join(parts)
    found = Screen(RULES).turn_rules(text.lower())
    for sentence in split_sentences(text):
        low = strip_lead(sentence).lower()
        lost = [r.name for i, r in enumerate(RULES) if gated(r, low) and not found >> i & 1]
        assert lost == [], sentence


def test_a_turn_without_gate_words_is_silent_and_one_with_a_sentence_start_is_not() -> None:
    screen = Screen(RULES)
    assert screen.turn_rules('the parser reads the cache. the logger wakes up.') == 0
    assert screen.turn_rules('the parser reads the cache。nobody reads the logger.') != 0
    # not a sentence start
    assert screen.rules('the parser reads the cache。nobody reads the logger.') == 0


def test_long_words_are_screened_but_not_remembered() -> None:
    screen = Screen(RULES)
    blob = 'x' * 5000 + 'never' + 'y' * 5000
    assert missed(screen, RULES, f'{blob} is here and {blob} again') == []
    assert missed(screen, RULES, f'{blob} never') == []
    assert screen.rules(blob) != 0  # 'never' opens never_always wherever it sits
    assert all(len(word) <= WORD_LENGTH for word in screen.words)


def word_by_definition(screen: Screen, word: str) -> int:
    """Screen.word as first written: every piece that starts with one of the word's characters
    tried on the whole word."""
    found = screen.whole.get(word, 0)
    for size, texts in screen.by_first.get(word[0], ()):
        found |= texts.get(word[:size], 0)
    for size, texts in screen.by_last.get(word[-1], ()):
        found |= texts.get(word[-size:], 0)
    for first in screen.firsts.intersection(word):
        for text, bit in screen.inside[first]:
            if text in word:
                found |= bit
    return found


PIECES = sorted({text for pieces in Screen(RULES).inside.values() for text, _ in pieces})


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.sampled_from(GATE_WORDS),
                          st.text('ab-以不每x1，', max_size=3)), min_size=1, max_size=8))
def test_a_word_opens_what_its_pieces_open_ascii_runs_tried_alone(parts: list[str]) -> None:
    """Past ASCII, the ASCII pieces are tried on the word's ASCII runs only: the same bits."""
    screen = Screen(RULES)
    for word in ''.join(parts).lower().split():
        assert screen.word(word) == word_by_definition(screen, word), word


def test_chinese_with_english_words_inside_opens_the_english_pieces() -> None:
    screen = Screen(RULES)
    for word in ('从cache里移到队列里面', '以后retry', '我们decided以后都用', '决定用pnpm'):
        assert screen.word(word) == word_by_definition(screen, word), word
    assert screen.word('我们decided以后都用') != 0


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text('ab-以不每x1，', max_size=3)),
                min_size=1, max_size=6), st.sampled_from(['', ' ']))
def test_a_text_opens_what_its_words_open_one_word_or_many(parts: list[str], glue: str) -> None:
    """A one-word text (a Chinese clause) is looked up alone: the same bits, remembered."""
    screen = Screen(RULES)
    low = glue.join(parts).lower()
    expected = 0
    for word in low.split():
        expected |= word_by_definition(screen, word)
    assert screen.mask(low) == expected
    assert screen.mask(low) == expected  # and again, from the remembered words


def test_a_screen_remembers_at_most_what_it_is_given() -> None:
    screen = Screen(patterns.NOISE_RULES, 100)
    for i in range(250):
        screen.rules(f'w{i} 这次{i}')
        screen.rules(f'这次{i}')
    assert len(screen.words) <= 100 and len(screen.runs) <= 100
    assert missed(screen, patterns.NOISE_RULES, 'maybe this time, for now') == []


START_WORDS = sorted({w for r in (*RULES, *patterns.NOISE_RULES) for w in r.starts})
ANY_START = Rule('any_start', 'decision', '(?i)x', starts=('',))  # '^' alone: always tried


def rules_by_definition(screen: Screen, low: str) -> int:
    """Screen.rules as it was: every start word tried on the sentence, not those of its first
    character."""
    found = screen.mask(low) & screen.low_bits | screen.always
    any_start = tuple(sorted({w for starts, _ in screen.starts for w in starts}))
    if low.startswith(any_start):
        for starts, bit in screen.starts:
            if low.startswith(starts):
                found |= bit
    return found


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(START_WORDS), st.text('abtwy -,.以不', max_size=3)),
                max_size=6),
       st.booleans())
def test_start_words_by_first_character_open_what_all_start_words_open(parts: list[str],
                                                                       empty: bool) -> None:
    rules = (*RULES, *patterns.NOISE_RULES, *((ANY_START,) if empty else ()))
    screen = Screen(rules)
    low = ''.join(parts).lower()
    assert screen.rules(low) == rules_by_definition(screen, low)
