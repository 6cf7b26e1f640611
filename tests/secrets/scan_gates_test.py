"""The scan's cheap tests before its slow ones: each holds wherever the slow one matches."""
from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmarks.secrets import corpus
from memory_gate.secrets import candidates as K
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import credentials as C
from memory_gate.secrets import passwords as W
from memory_gate.secrets.candidates import may_find
from memory_gate.secrets.spans import AROUND, CONTEXT_KINDS, LAYERS, Span, plausible, windows
from tests.secrets.credentials_test import PARTS, WORD_PARTS
from tests.secrets.leaks_test import LEAKS
from tests.secrets.spans_test import every_needle_windows

PIECES = st.sampled_from([
    'admin', 'root', 'as ', 'login ', 'user', ':', 'Adm1nPw77', 'x', ' ', '\n', '@', '/', "'",
    'sign ', 'hmac', 'secret', 'key', 'a3f1c9d2' * 4, 'a3f1c9d2' * 8, '0', 'sha256:', '-', '.',
])


@settings(max_examples=2000, deadline=None)
@given(st.lists(PIECES, max_size=20).map(''.join))
def test_each_quick_search_holds_where_its_pattern_matches(text: str) -> None:
    if re.search(W.PAIR_RE, text):
        assert re.search(W.PAIR_VALUE_RE, text), text
    if re.search(W.HEX64_RE, text):
        assert re.search(W.HEX64_RUN_RE, text), text


DENSE = st.sampled_from([*P.TEXT_NEEDLES[:12], 'x', 'y' * 90, 'z' * 300, '\n'])


@settings(max_examples=300, deadline=None)
@given(st.lists(DENSE, min_size=20, max_size=200).map(''.join))
def test_windows_skip_needles_inside_the_window_so_far_and_lose_none(text: str) -> None:
    assert windows(text) == every_needle_windows(text)


def test_a_long_run_of_needles_without_a_newline_is_one_window() -> None:
    text = 'token=' * 5000
    assert windows(text) == every_needle_windows(text) == [(0, len(text))]
    assert AROUND * 2 < len(text)


# What a window may hold: the detector's own test pieces, every leak and corpus value, and the
# links, quotes, PIN groups, env names and folds its patterns allow.
WINDOW_PIECES = st.sampled_from([
    *PARTS, *WORD_PARTS, *(v for _, v, _ in corpus()), *(v for _, _, v in LEAKS),
    '7391 4420', '"open sesame 4242"', "'Xk29 Lm3q'", 'always ', ' for the staging app ',
    'DB_PASSWORD=', 'export ', 'passcode', 'PIN', 'パスワードは', '密码是 ', 'unseal_key',
    'mot de passe ', 'pin code ', 'admin:Adm1nPw77', 'sha256:', '\u00ad', ' is now ', 'basic ',
    'authorization=', '--token ', 'postgres://app:', '@db:5432', '?token=', 'log in as ', 'root:',
    'T0or-pw9', '\t', 'use the ', 'API key for staging = ', '`', '\u201c', 'hmac ',
    'a3f1c9d2' * 8, 'sign ', '12345678', 'KEY=', 'x_', 'letmein', '令牌：', '口令 ', '(', '#',
    'login is ', 'Creds are ', ' / ', ' and ', 'sign-in: ', ' du wifi est ', ' für das WLAN ist ',
    ', ', ' (', 'token ', 'la clave de la API es ', 'APIキーは ', 'トークン：',
    'Access Code: ', 'K7PQ-2XMZ', 'LOGIN: ', 'log-in is ', 'la clave secreta es ', 'Clave API: ',
])


def kept(text: str) -> list[C.Finding]:
    """What the scan keeps of the layers' findings in one window (spans.detect, unwindowed)."""
    return [f for f in C.findings(text, layers=LAYERS)
            if f.kind not in CONTEXT_KINDS or plausible(text, Span(f.start, f.end, f.kind))]


@settings(max_examples=1500, deadline=None)
@given(st.lists(WINDOW_PIECES, min_size=1, max_size=14).map(''.join))
@example('dXNlcjpwYXNzpostgres://app:private天王盖地虎2024@api')  # user-info, no secret word
@example('From now on the alarm passcode is 7391 4420 for the office.')  # a PIN in groups
def test_a_window_may_find_declines_holds_nothing_the_scan_keeps(text: str) -> None:
    if kept(text):
        assert may_find(C.visible(text)[0]), (text, kept(text))


@pytest.mark.parametrize(('kind', 'value', 'sentence'), corpus())
def test_every_corpus_credential_may_be_found_in_prose_and_in_an_env_line(
        kind: str, value: str, sentence: str) -> None:
    for text in (sentence.replace('{}', value), f'NODE_ENV=production\nSERVICE_SECRET={value}\n'):
        assert not kept(text) or may_find(C.visible(text)[0]), text


@pytest.mark.parametrize('text', [
    '"max_output_tokens":12000,"workdir":"/repo"', 'token_count', 'class Foo: pass',
    'see https://github.com/org/repo', 'assert_eq!(tokens.len(), 3);',
])
def test_tool_output_without_a_credential_is_declined(text: str) -> None:
    assert not may_find(text)


# candidates.SHAPES is credential_patterns.SHAPE_RES written weaker, by hand: a vendor shape added
# there and not here would be declined unsearched. Each shape's sample: the first corpus value it
# matches, else one of these (fakes; the corpus has none of those kinds).
SHAPE_SAMPLES = {
    'Azure AD client secret': 'a1b8Q~Zx9.Kp2~Lm4-Qr7_Tv0wYz3Ab6Cd8Ef1G',
    'Atlassian or Artifactory token': 'ATATT3xFfGF0' + 'T4kq9Lm2Np7Rs1Vw8Yz3Bc6Df0Hj5Kx' * 2,
    'Docker Hub token': 'dckr_pat_' + 'Kq7Vx2Nm9Ld4Wt5Lc3Nv8Pz1Rb6',
}


@pytest.mark.parametrize(('kind', 'pattern'), [(kind, pattern) for kind, _, pattern in P.SHAPE_RES])
def test_every_vendor_shape_has_a_sample_and_may_find_lets_it_through(kind: str,
                                                                     pattern: str) -> None:
    sample = next((v for _, v, _ in corpus() if re.search(pattern, v)), SHAPE_SAMPLES.get(kind))
    assert sample is not None and re.search(pattern, sample), f'{kind}: give it a sample'
    for text in (sample, f'see {sample} here', f'X={sample}'):
        assert may_find(text), (kind, text)


# candidates.CONTEXT as it was first written: every word with each of its tails, grouped by first
# character (10,907 characters). The CONTEXT that names each word once must match where it does.
OLD_CONTEXT = re.compile(K._grouped([
    *(word + K.SUFFIX + K.LINK + K.value(5) for word in K.PASSWORD_WORDS),
    *(word + K.SUFFIX + K.LINK + K.value(8) for word in K.OTHER_WORDS),
    *(word + K.ZH_TAIL + K.value(6) for word in K.ZH_WORDS),
    *(word + K.BARE + K.value(5) for word in K.PASSWORD_WORDS + K.OTHER_WORDS),
    '-' + K.FLAG_TAIL + K.value(5),
    r"""authorization\s*[:=]\s*["']?""" + K.value(5),
    r'bearer\s+' + K.value(8), r'basic\s+' + K.value(8),
]))
WORDS = (*K.PASSWORD_WORDS, *K.OTHER_WORDS, *K.ZH_WORDS, 'authorization', 'bearer', 'basic')
# The words whole, cut short at either end and glued to a letter; what may come between a word
# and its value, the links, the flags; values of 4 to 9 characters, quoted, PINs, stoppers.
CONTEXT_PIECES = st.sampled_from([
    *WORDS, *(w[:-1] for w in WORDS), *(w[1:] for w in WORDS), 'x', 'word', '_', '.', '-', 's',
    ' ', '\n', '\t', '=', ':', ':=', '=>', '"', "'", '`', '\u201c', ' is ', ' to ', ' is set to ',
    ' es ', ' é ', ' è ', '是', '为', 'は', 'を', '设为', '：', ' always ', ' code',
    ' for the staging app ', '--password ', '--token=', '--user ', '-p', '-u ', 'admin:', 'Xk29',
    'Xk29L', 'Xk29Lm3q', 'abcdefghi', '12', '123456', '7391 4420', '"open sesame"', "'ab cd'",
    '天王盖地虎2024', ',', ';', '<', '{', '9', '，',
])


@settings(max_examples=3000, deadline=None)
@given(st.lists(CONTEXT_PIECES, max_size=12).map(''.join))
@example('pwd=Xk29L')  # a password word's value of 5; another word's needs 8
@example('key=Xk29L')
@example('密码abc：Xk29Lm')  # a Chinese word's own tail
@example('authorization: Xk29L')
@example('bearer Xk29Lm3q')
@example('x--password Xk29L')  # a flag only after a space
def test_context_names_each_word_once_and_matches_where_every_word_with_each_tail_does(
        text: str) -> None:
    new = re.compile(K.CONTEXT)
    for part in {text[i:] for i in range(len(text))} | {text[:i] for i in range(len(text))}:
        assert bool(new.search(part)) is bool(OLD_CONTEXT.search(part)), part


def test_context_tells_the_word_by_its_end() -> None:
    others = [w for w in WORDS if w not in K.PASSWORD_WORDS]
    assert not [w for w in others if w.endswith(tuple(K.PASSWORD_ENDS.split('|')))]
    assert not [w for w in WORDS if w not in K.ZH_WORDS and w[-1] in K.ZH_ENDS]
    assert len(K.CONTEXT) < len(OLD_CONTEXT.pattern) / 5
