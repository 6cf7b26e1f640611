"""The rules as data: every gate is sound (a rule's pattern never matches where its gate says it
cannot)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.reading.filters import fires, gated, judge, strip_lead
from memory_gate.reading.rules import patterns
from memory_gate.text.sentences import holds, plain_quotes, split_sentences
from tests.reading.filters_test import MUST_DROP, MUST_KEEP

ROOT = Path(__file__).resolve().parents[3]
CORPUS = [s for path in sorted((ROOT / 'benchmarks' / 'devset').glob('*.txt'))
          for line in path.read_text(encoding='utf-8').splitlines()
          for s in split_sentences(re.sub(r'^(?:[UA]>|\.\.) |\s*\[[a-z_:]+\]\s*$', '', line))]
CORPUS += [s for s, _ in MUST_KEEP + MUST_DROP]
RULES = patterns.SIGNAL_RULES + patterns.NOISE_RULES
WORDS = sorted(
    {w for r in RULES for w in r.contains + r.starts}
    | {
        'we',
        'are',
        'is',
        'the',
        'not',
        'it',
        'all',
        'stored',
        'in',
        'cut',
        'to',
        'from',
        'a',
        ',',
        ';',
        '.',
        'X',
        'Go',
        'ALWAYS',
        'Never',
        'ruff',
        'main',
        'every',
        'each',
        'no',
        'because',
        'was',
        'failed',
        'let\'s',
        'with',
        'use',
        'I',
        'i',
        'OK',
        'ok,',
        'now,',
        'Please',
        '?',
        '吗',
        '。',
    }
)


@pytest.mark.parametrize('rule', RULES, ids=lambda r: r.name)
def test_gate_is_sound_on_the_corpus(rule: patterns.Rule) -> None:
    for sentence in CORPUS:
        if re.search(rule.pattern, sentence, re.IGNORECASE):
            assert gated(rule, sentence.lower()), (rule.name, sentence)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12), st.sampled_from(['', ' ', '']))
def test_gate_is_sound_on_generated_sentences(words: list[str], glue: str) -> None:
    sentence = (glue or ' ').join(words)
    for rule in RULES:
        if re.search(rule.pattern, sentence, re.IGNORECASE):
            assert gated(rule, sentence.lower()), (rule.name, sentence)


def test_holds_finds_a_word_as_plain_in_does() -> None:
    """holds() looks for a rule's gate words in one search past ASCII; it must say what `in` says,
    in CJK text too."""
    words = tuple(w for r in RULES for w in r.contains)
    for sentence in [
        *CORPUS,
        *(' '.join(WORDS[i::7]) for i in range(7)),
        '我们 decided 用 pnpm',
        'ſhould İt',
    ]:
        low = sentence.lower()
        assert [holds(low, (w,)) for w in words] == [w in low for w in words], sentence
        assert holds(low, words) == any(w in low for w in words), sentence


@pytest.mark.parametrize('rule', patterns.SIGNAL_RULES + patterns.NOISE_RULES, ids=lambda r: r.name)
def test_every_pattern_compiles_and_has_a_kind(rule: patterns.Rule) -> None:
    re.compile(rule.pattern, re.IGNORECASE)
    if rule.unless:
        re.compile(rule.unless, re.IGNORECASE)
    assert rule.kind in patterns.KINDS + ('noise',)


def test_fires_respects_unless() -> None:
    one_off = next(r for r in patterns.NOISE_RULES if r.name == 'imperative_now')
    assert fires(one_off, 'Run the tests now.') and not fires(
        one_off, 'Run the linter before every commit.'
    )


def family_examples() -> list[tuple[str, str, bool]]:
    """(rule, sentence, caught) from the comment above each rule in the rules' files: the first
    example it must catch, and the first after 'not:' that it must not."""
    rules = ROOT / 'memory_gate' / 'reading' / 'rules'
    found: list[tuple[str, str, bool]] = []
    for name in ('signal', 'signal_zh', 'conventions', 'noise'):
        found += file_examples((rules / f'{name}.py').read_text(encoding='utf-8').split('\n'))
    return found


def file_examples(source: list[str]) -> list[tuple[str, str, bool]]:
    found: list[tuple[str, str, bool]] = []
    for i, line in enumerate(source):
        named = re.match(r"    rule\('(\w+)'", line)
        if not named:
            continue
        j, block = i - 1, list[str]()
        while source[j].strip().startswith('#'):
            block.insert(0, source[j].strip()[1:].strip())
            j -= 1
        catch, *miss = re.split(r'/ not:|\bNot:|\bnot:', ' '.join(block), maxsplit=1)
        found += [(named.group(1), s, True) for s in re.findall(r'"([^"]+)"', catch)[:1]]
        found += [(named.group(1), s, False) for s in re.findall(r'"([^"]+)"', ''.join(miss))[:1]]
    return found


FAMILY_EXAMPLES = family_examples()


def test_every_family_comments_an_example_it_catches_and_one_it_does_not() -> None:
    from memory_gate.reading.rules.languages import (
        LANGUAGES,  # their examples: tests/reading/rules/languages_test.py
    )

    listed = {f'{lang.code}_' for lang in LANGUAGES}
    for r in RULES:
        if r.name[:3] in listed:
            continue
        assert {caught for name, _, caught in FAMILY_EXAMPLES if name == r.name} == {True, False}, (
            r.name
        )


@pytest.mark.parametrize(
    ('name', 'sentence', 'caught'), FAMILY_EXAMPLES, ids=[f'{n}-{c}' for n, _, c in FAMILY_EXAMPLES]
)
def test_each_family_does_what_its_comment_says(name: str, sentence: str, caught: bool) -> None:
    """Caught: the rule fires (its own door). Not: it does not fire, or, for a signal rule, the
    judge does not keep the sentence by it (a noise rule or the length drops it)."""
    r = next(r for r in RULES if r.name == name)
    sentence = plain_quotes(sentence)
    fired = gated(r, sentence.lower()) and fires(r, sentence)
    if caught or r.kind == 'noise':
        assert fired == caught
        return
    verdict = judge(strip_lead(sentence), patterns.SIGNAL_RULES, patterns.NOISE_RULES)
    assert not (fired and verdict.kept and verdict.rule == r)
