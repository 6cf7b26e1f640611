"""Secrets told across a structure: a markdown table's column named for one, and a password
named in one sentence and given in the next.

Each layer yields (kind, start, end) of the value, as passwords.py's do. Every example is fake.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.passwords import KEY_WORDS, PASSWORD_WORDS, WORDS, credible, mixed
from memory_gate.secrets.values import is_name, word_kind

# A markdown table's header row and the rule under it (| name | password |\n| --- | --- |).
TABLE_HEAD_RE = r'(?m)^[ \t]*(\|.*\|)[ \t]*\n[ \t]*\|?[ \t:|-]*-[ \t:|-]*\n'
ROW_RE = r'[ \t]*\|.*\|[ \t]*(?:\n|$)'
# A column named for what is not the secret itself: its id, name, type, age.
NOT_THE_SECRET_RE = (r'(?i)\b(?:id|ids|name|names|type|length|expir\w*|ttl|age|count|scope\w*'
                     r'|hint)\b')


def cells(row: str, at: int) -> list[tuple[int, str]]:
    """(offset, text) of each cell of a table row that begins at `at`, trimmed."""
    out, start = [], row.index('|') + 1
    for part in row[start:].rstrip().rstrip('|').split('|'):
        stripped = part.strip().strip('`')
        out.append((at + start + part.index(stripped) if stripped else at + start, stripped))
        start += len(part) + 1
    return out


def by_table(text: str) -> Iterator[tuple[str, int, int]]:
    """The value under a column whose header names a secret, in each row of the table."""
    if '|' not in text:
        return
    for head in re.finditer(TABLE_HEAD_RE, text):
        columns = {i: m.group('word') for i, (_, cell) in enumerate(cells(head.group(1), 0))
                   if (m := re.search(WORDS, cell)) and not re.search(NOT_THE_SECRET_RE, cell)}
        at = head.end()
        while columns and (row := re.compile(ROW_RE).match(text, at)):
            for i, (start, value) in enumerate(cells(row.group(0), at)):
                if i in columns and is_told(columns[i], value):
                    yield kind_of(columns[i]), start, start + len(value)
            at = row.end()


def is_told(word: str, value: str) -> bool:
    if re.fullmatch(PASSWORD_WORDS, word):
        return credible(value, False, False)
    return mixed(value)


def kind_of(word: str) -> str:
    if re.fullmatch(PASSWORD_WORDS, word):
        return 'password'
    return 'secret key' if re.fullmatch(KEY_WORDS, word) else word_kind(word)


# A password word, the rest of its sentence, then the next sentence that gives it: "I reset the
# staging password. It is Xk29Lm3qP7zzQ8 now.", "Here is the VPN password: Qz7!mKp2Wr9x".
NEXT_SENTENCE_RE = (
    rf'(?P<word>{PASSWORD_WORDS})[^.!?\n]{{0,60}}?[.:!][ \t]+'  # on its line: password:\n is empty
    r'(?i:(?:it|this|that|the new one)(?:\'s|\s+is|\s+was)\s+(?:now\s+)?|(?:use|try)\s+)?'
    r'(?P<value>[^\s"\'`<>{}\[\](),;]{8,64}?)(?=[.!?]?(?:\s|$))'
)


def by_next_sentence(text: str) -> Iterator[tuple[str, int, int]]:
    """A strong value that begins the sentence after one naming a password."""
    for m in re.finditer(NEXT_SENTENCE_RE, text):
        if is_strong(m.group('value')):
            yield 'password', m.start('value'), m.end('value')


def is_strong(value: str) -> bool:
    """Letters and digits, and capitals among small letters or a symbol: as a password is made,
    not a word or a name."""
    cased = any(c.isupper() for c in value) and any(c.islower() for c in value)
    symbol = not value.isalnum()
    return (mixed(value) and (cased or symbol) and not is_name(value)
            and not value.startswith(('http', '/', '$', '%')))


# A token split in two at a sentence's or a line's end, its halves adjacent ("the token is
# ghp_Ab12Cd34Ef56Gh78. Ij90Kl12Mn34Op56Qr78St90 is the rest"): a vendor's prefix and a half its
# shape does not take, then a second half with a digit that completes the shape.
SPLIT_RE = (r'(?<![\w-])(?P<a>[A-Za-z][\w.-]{1,12}[_.-](?=[\w-]*\d)[\w-]{4,})[.,;:]?\s{1,3}'
            r'(?P<b>(?=[\w-]*\d)[\w-]{6,})(?![\w-])')


def by_split(text: str) -> Iterator[tuple[str, int, int]]:
    """A vendor's token whose two halves are adjacent, named by its shape."""
    for m in re.finditer(SPLIT_RE, text):
        first, joined = m.group('a'), m.group('a') + m.group('b')
        for kind, hints, pattern in P.SHAPE_RES:
            if not any(len(h) >= 2 and h[0].isalnum() and first.startswith(h) for h in hints):
                continue
            whole = re.match(pattern, joined)
            if whole and whole.end() > len(first) and not re.search(pattern, first):
                yield kind, m.start('a'), m.end('b')
            break
