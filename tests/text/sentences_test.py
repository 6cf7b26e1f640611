from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory_gate.text import sentences
from memory_gate.text.sentences import (
    count_sentences,
    marked_lines,
    pieces,
    sanitize,
    split_sentences,
    strip_code,
)

# The split as first written, with lookbehinds at every position (slow): pieces() must cut
# exactly as it does.
REFERENCE_SPLIT = (
    r'(?i)(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bcf\.)(?<!\bMr\.)'
    r'(?<!\bDr\.)(?<!\bMs\.)'
    r'(?<!\bSt\.)(?<!\bNo\.)[)"\'\]]*\s+|(?<=[。！？；])\s*'
)


@pytest.mark.parametrize(('text', 'expected'), [
    ('We chose Postgres. Never push to main! Why? Done',
     ['We chose Postgres.', 'Never push to main!', 'Why?', 'Done']),
    ('决定用 pnpm。以后都用 UTC！要不要？好',
     ['决定用 pnpm。', '以后都用 UTC！', '要不要？', '好']),
    ('第一句；第二句。 第三句', ['第一句；', '第二句。', '第三句']),
    ('line one\nline two\r\n\nline three', ['line one', 'line two', 'line three']),
    ('Use a linter, e.g. ruff, for all code.', ['Use a linter, e.g. ruff, for all code.']),
    ('Pin deps, i.e. exact versions, etc. in CI.', ['Pin deps, i.e. exact versions, etc. in CI.']),
    ('Upgrade to v1.2.3 now. It costs 2.5 seconds.',
     ['Upgrade to v1.2.3 now.', 'It costs 2.5 seconds.']),
    ('Edit setup.py and see https://example.com/a.b/c?x=1 first.',
     ['Edit setup.py and see https://example.com/a.b/c?x=1 first.']),
    ('- a bullet item here\n1. a numbered item\n## A heading',
     ['a bullet item here', 'a numbered item', 'A heading']),
    ('spaces   and\ttabs collapse', ['spaces and tabs collapse']),
    # no sentence ends inside an inline code span (voices s05: cut at '...' of a SQL query)
    ('It takes `SELECT ... FOR UPDATE` on the row. Then it inserts.',
     ['It takes `SELECT ... FOR UPDATE` on the row.', 'Then it inserts.']),
    ('Run ``a `b. c` d`` first! Done.', ['Run ``a `b. c` d`` first!', 'Done.']),
    ('A lone ` backtick. Next.', ['A lone ` backtick.', 'Next.']),
    ('用 `a。 b` 吧。好', ['用 `a。 b` 吧。', '好']),
])
def test_split(text: str, expected: list[str]) -> None:
    assert list(split_sentences(text)) == expected


def test_fenced_code_is_dropped_and_counted() -> None:
    text = 'Before we decided.\n```python\n# never do this\nx = 1\n```\nAfter.'
    prose, dropped = strip_code(text)
    assert 'never' not in prose and 'Before we decided.' in prose and 'After.' in prose
    assert dropped == 4


def test_unclosed_fence_drops_to_the_end() -> None:
    prose, dropped = strip_code('Prose here.\n~~~\nalways broken\nmore')
    assert 'always' not in prose and dropped >= 3


def test_indented_code_is_dropped() -> None:
    prose, dropped = strip_code('Look:\n\n    rm -rf / # never\n    echo\n\nBack to prose.')
    assert 'never' not in prose and 'Back to prose.' in prose and dropped == 2


def test_nested_list_is_not_code() -> None:
    prose, dropped = strip_code('- item\n    - nested always kept')
    assert 'nested always kept' in prose and dropped == 0


@pytest.mark.parametrize('raw', [
    '\x1b[31mred\x1b[0m', '\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\', 'a\u202eb', 'a\x00b\x07c\x7f',
    '\x1b[2J\x1b[Hx',
])
def test_sanitize_leaves_no_control_characters(raw: str) -> None:
    clean = sanitize(raw)
    assert all(c in '\n\t' or (c.isprintable() and c not in '\u202e') for c in clean)


TOKENS = ['e.g.', 'i.e.', 'etc.', 'vs.', 'cf.', 'Mr.', 'DR.', 'ms.', 'St.', 'No.', 'xNo.', 'word',
          '.', '!', '?', '。', '！', '？', '；', ')', '"', "'", ']', ' ', '  ', '\t', '\u3000', 'x']


@given(st.lists(st.sampled_from(TOKENS), max_size=14))
def test_pieces_cut_where_the_reference_split_does(tokens: list[str]) -> None:
    line = ''.join(tokens)
    assert list(pieces(line)) == re.split(REFERENCE_SPLIT, line)


LINE_TOKENS = TOKENS + ['\n', '\n\n', '- ', '* ', '1. ', '12) ', '# ', '> ', '-', '  \n', '\u2028',
                        '`', '``', '`x. y`']


@given(st.lists(st.sampled_from(LINE_TOKENS), max_size=20))
def test_count_sentences_counts_what_split_yields(tokens: list[str]) -> None:
    text = ''.join(tokens)
    assert count_sentences(text) == len(list(split_sentences(text)))


@pytest.mark.parametrize(('text', 'expected'), [
    ('cut mid-emoji \ud83d here', 'cut mid-emoji \ufffd here'),
    ('a low half \ude00 alone', 'a low half \ufffd alone'),
    ('both halves \ud83d\ud83d', 'both halves \ufffd\ufffd'),
    ('a whole emoji \U0001f600 stays', 'a whole emoji \U0001f600 stays'),
    ('plain ascii', 'plain ascii'),
])
def test_a_lone_surrogate_becomes_the_replacement_character(text: str, expected: str) -> None:
    assert sanitize(text) == expected
    sanitize(text).encode('utf-8')  # what is written and printed always encodes


@pytest.mark.parametrize(('line', 'expected'), [
    # a lettered item: the prompt pasted into real sessions
    ('a) the action is read-only, doesn’t change state',
     ('the action is read-only, doesn’t change state', 'item')),
    ('b. Memory: staging is reset nightly', ('Memory: staging is reset nightly', 'item')),
    ('as before', ('as before', '')),
])
def test_a_lettered_list_item_is_layout(line: str, expected: tuple[str, str]) -> None:
    assert list(marked_lines(line)) == [expected]


WORDS = ['use', 'pnpm', '以后', '总是', 'ß', '']


@given(st.lists(st.text(alphabet='usepnmz 以后总是ßé', max_size=12), max_size=40),
       st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(tuple))
def test_holds_is_whether_one_of_the_words_is_in_the_text(
        texts: list[str], words: tuple[str, ...]) -> None:
    """The same answer before and after a word list's wide texts compile it (WIDE_TESTS)."""
    for text in texts * (sentences.WIDE_TESTS // 20 + 1):
        assert sentences.holds(text, words) == any(w in text for w in words)


def test_a_word_list_tested_on_few_wide_texts_is_not_compiled() -> None:
    """A small run pays no compile (about 0.5 ms a list) for the few wide texts it tests."""
    words = ('never', 'push')
    compiled_before = sentences.any_of.cache_info().currsize
    for _ in range(10):
        assert sentences.holds('以后 never push', words)
        assert not sentences.holds('以后总是', words)
    assert sentences.any_of.cache_info().currsize == compiled_before
