"""leak_gate.may_leak never declines a turn in which the layers find a value withhold keeps."""
from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmarks.harness import dense_line
from benchmarks.secrets import corpus
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import credentials as C
from memory_gate.secrets.leak_gate import SPLIT_KEY, may_leak, shape_hints_re
from memory_gate.secrets.withhold import turn_leaks
from tests.secrets.credentials_test import PARTS, WORD_PARTS
from tests.secrets.leaks_test import LEAKS, SPLIT, pipeline
from tests.secrets.scan_gates_test import SHAPE_SAMPLES


def leaks(text: str) -> list[tuple[str, str]]:
    """What turn_leaks keeps, worked out without the gate."""
    found = ((re.sub(P.INVISIBLE_RE, '', text[f.start:f.end]), f.kind) for f in C.findings(text))
    return [leak for leak in found if len(leak[0]) >= SPLIT_KEY]


def each_leak_class(test: Callable[[str], None]) -> Callable[[str], None]:
    """The test pinned to every leak class of issue 24, each in a sentence."""
    for _, sentence, value in LEAKS:
        test = example(sentence.format(value))(test)
    return test


# Secret words, links, values and what prose puts around them: trailing signs, quotes,
# brackets, capitals, digits in groups, other scripts and spaces, an invisible character.
PIECES = st.sampled_from([
    *PARTS, *WORD_PARTS, *(value for _, _, value in LEAKS), SPLIT, SPLIT[:9], 'Xk29Lm3q',
    'the ', 'response', 'endpoint.', 'Looking', 'read-only', "don't", 'e.g.', '(see)', '9999',
    '12', '482', '913', ' 482 913', '١٢٣ ٤٥٦', '３４５６', '.', ',', ';', '!', '?', ')', '(',
    '"', "'", '\u201d', '\u201c', '\u3000', '\xa0', '\u00ad', '\u200b', '，', '。', '：',
    '天王盖地虎', 'Contraseña', 'gRPC', 'XkQpLmZrTwVb', 'ABCdefghijkl', 'aBcDeFgHiJkL',
    'use the ', 'with password ', 'passphrase is ', 'token ', 'unseal key is ', 'PIN ',
    'password is "', 'login is ', 'creds are ', ' / ', ' and ', ' du wifi est ', ' è ',
    'clave es ', 'APIキーは ',
    'sign webhooks with ', 'a3f1c9d2' * 8, 'AKIAIOSFODNN7EXAMPLE', 'glpat-',
    'ghp_' + 'A1b2C3d4' * 5, 'Bearer ', '--token ', '-p', '密码是 ', '令牌 ', 'パスワードは ',
])


@settings(max_examples=3000, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=16).map(''.join))
@each_leak_class
@example(f'The staging deploy key is {SPLIT}. From now on paste {SPLIT[6:]} there.')
# one a clause of may_leak, each let through by that clause alone
@example('Password: letmeinplease')  # an assigning link
@example('passphrase is userhaslosession')  # a passphrase run together, 16 letters
@example('From now on the wifi password is "open sesame now" for guests.')  # quoted
@example('From now on the door PIN is 4829 1375 for everyone.')  # a PIN in groups
@example('From now on the password is horse.staple for staging.')  # a sign inside
@example('From now on the client token is XkQpLmZrTwVbNs for the app.')  # mixed case
@example('we sign webhooks with ' + 'abcdef' * 10 + 'abcd')  # a run of token characters
@example('glpat-' + '天' * 20)  # a vendor's hint in a long run
@example('From now on we deploy Xk9pQ2mZ7vR4tL8wB3nC6yD today.')
@example('From now on the door PIN is ４８２９ １３７５ for everyone.')
@example('From now on use the token 7hG2kP9qLm4x. Then deploy.')
@example('From now on the admin password is (Pa55word) for staging.')
@example('Bearer --pr\u0131vate')  # the context layer reads ı ſ İ K as ASCII letters
@example('then Bearer \u212aq\u0131pLmZrTwVbN and go')
@example('the token is x.\u017f\u017f\u017f\u017f\u017f\u017f\u017f\u017f now')
def test_the_gate_lets_through_every_turn_with_a_leak(text: str) -> None:
    if leaks(text):
        assert may_leak(C.visible(text)[0]), (text, leaks(text))


def test_the_folded_letters_are_the_ones_case_blind_patterns_read_as_ascii() -> None:
    from memory_gate.secrets.leak_gate import FOLDED
    from memory_gate.text.prefilter import FOLDS_TO_ASCII

    assert {chr(c) for c in FOLDED} == FOLDS_TO_ASCII
    for c, ascii_letter in FOLDED.items():
        assert re.fullmatch('(?i)' + chr(ascii_letter), chr(c))
        assert chr(ascii_letter).isupper() == chr(c).isupper()


@pytest.mark.parametrize('text', ['Bearer --pr\u0131vate', 'Bearer Xk9pQ\u212aZ7vR'])
def test_a_value_spelt_with_a_folding_letter_is_withheld(text: str) -> None:
    assert leaks(text) and may_leak(text)
    assert turn_leaks(text) == tuple(leaks(text))


@pytest.mark.parametrize('language', ['en', 'zh'])
def test_the_gate_declines_dense_prose_and_withholds_the_same(language: str) -> None:
    make = dense_line(language)
    rng = random.Random(7)
    texts = [json.loads(make(rng, i))['text'] for i in range(40)]
    declined = [text for text in texts if not may_leak(text)]
    assert len(declined) >= 36
    assert [turn_leaks(text) for text in texts] == [tuple(leaks(text)) for text in texts]


@pytest.mark.parametrize('role', ['user', 'assistant'])
def test_a_split_key_is_withheld_through_the_gate(role: str) -> None:
    text = (f'The staging deploy key is {SPLIT}. '
            f'From now on we always paste {SPLIT[6:]} into the vault form, never in chat.')
    assert may_leak(text) and turn_leaks(text) == ((SPLIT, 'secret key'),)
    assert pipeline(text, role).proposed == []


def test_the_gate_holds_on_the_test_transcripts() -> None:
    """Every string of every test transcript the layers find a leak in passes the gate."""
    root = Path(__file__).parents[1] / 'transcripts'
    for path in sorted(root.rglob('*.jsonl')):
        for line in path.read_text(encoding='utf-8', errors='replace').splitlines():
            for text in strings(line):
                if leaks(text):
                    assert may_leak(C.visible(text)[0]), (path.name, text[:200])


def strings(line: str) -> list[str]:
    try:
        record = json.loads(line)
    except ValueError:
        return [line]
    out: list[str] = []
    stack = [record]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


# A vendor shape passes the gate by a run of token characters or by its hint (shape_hints_re, built
# from credential_patterns.SHAPE_RES): either alone lets every sample through, so both are pinned.
# Each shape's sample is the one the scan's gate is tested with (the first corpus value it
# matches, else a fake), bare, in prose and in an env line.
@pytest.mark.parametrize(('kind', 'pattern'), [(kind, pattern) for kind, _, pattern in P.SHAPE_RES])
def test_every_vendor_shape_passes_the_gate_and_is_withheld(kind: str, pattern: str) -> None:
    sample = next((v for _, v, _ in corpus() if re.search(pattern, v)), SHAPE_SAMPLES.get(kind))
    assert sample is not None and re.search(pattern, sample), f'{kind}: give it a sample'
    assert shape_hints_re().search(sample.encode()), f'{kind}: its hints are not in the gate'
    for text in (sample, f'From now on we deploy with {sample} on staging.', f'X={sample}'):
        kept = leaks(text)
        assert kept, (kind, text)
        assert may_leak(C.visible(text)[0]), (kind, text)
        assert turn_leaks(text) == tuple(kept), (kind, text)
