"""What a value a layer found is: a placeholder, a digest, a version, a path, an identifier,
words, or random enough to be a secret; and the kind the word before a value names.

credentials.py and passwords.py both ask these; the patterns they use are data, in
credential_patterns.py.
"""
from __future__ import annotations

import math
import re
from collections import Counter

from memory_gate.secrets import credential_patterns as P


def word_kind(word: str) -> str:
    """The kind a secret-naming word reports: password, token, secret key or secret."""
    word = word.lower()
    if word.startswith(('pass', 'pwd', '-p')) or word in ('密码', '口令'):
        return 'password'
    if 'token' in word or word in ('令牌', 'トークン'):
        return 'token'
    keys = ('密钥', '秘钥', '私钥')
    named = 'key' in word or 'キー' in word or word.startswith('clave')  # clave secreta, Clave API
    return 'secret key' if named or word in keys else 'secret'


def is_placeholder(value: str) -> bool:
    return re.fullmatch(P.PLACEHOLDER_RE, value) is not None


def is_hex(token: str) -> bool:
    return re.fullmatch(P.HEX_RE, token) is not None or re.fullmatch(P.UUID_RE, token) is not None


def is_version(token: str) -> bool:
    return re.fullmatch(P.VERSION_RE, token) is not None


def is_path(token: str) -> bool:
    return re.fullmatch(P.PATH_RE, token) is not None


def is_identifier(token: str) -> bool:
    """Words in camelCase, snake_case, kebab-case or dotted (handleLogin2, HttpClientV2), at most
    two numbers a part."""
    if re.fullmatch(P.IDENTIFIER_RE, token) is None:
        return False
    return all(len(re.findall(r'\d+', part)) <= 2 for part in re.split(r'[._/-]+', token))


def is_name(value: str) -> bool:
    """An identifier, a path or a lowercase dotted name (os.environ, config.prod.yaml): a value a
    general secret word introduces that names something rather than being the secret; not words
    as a person types a password (is_typed_password)."""
    if '/' in value:
        return True
    if re.fullmatch(r'[\w-]+(?:\.[\w-]+)+', value) and not any(c.isupper() for c in value):
        return True
    return is_identifier(value) and not is_typed_password(value)


def is_typed_password(value: str) -> bool:
    """Words with a year or a PIN glued on (BlueFox4242, Summer2024) or with digits for letters
    (s3cr3t, k3yb0ard): no name is written so (HttpClientV2, user_id2, v2beta1, utf8mb4)."""
    return re.search(P.TYPED_PASSWORD_RE, value) is not None


def is_credible(value: str) -> bool:
    """A value a secret word introduces that could be the secret: 6+ characters, not words, a
    path or a version."""
    if len(value) < 6 or '://' in value or not any(c.isalpha() for c in value):
        return False
    if is_path(value) or is_version(value):
        return False
    return is_scrambled(value) or (not value.isalpha() and re.fullmatch(P.WORDS_RE, value) is None)


def is_pin(kind: str, value: str) -> bool:
    """A password of six or more digits ("the password is 123456", "密码 20240115"): after a
    password word only."""
    return kind == 'password' and len(value) >= 6 and value.isdigit()


def is_scrambled(value: str) -> bool:
    """Letters only, a quarter or more of them capitals among lowercase, as base64 is and words
    are not."""
    upper = sum(c.isupper() for c in value)
    lower = len(value) - upper
    return (len(value) >= 12 and value.isalpha()
            and 4 * upper >= len(value) and 4 * lower >= len(value))


def entropy(token: str) -> float:
    """Shannon entropy in bits per character."""
    return -sum(n / len(token) * math.log2(n / len(token)) for n in Counter(token).values())


def is_random(token: str) -> bool:
    """Long, letters mixed with digits, high entropy, and not a SHA, UUID, version, path or
    identifier."""
    token = re.sub(P.TIMESTAMP_RE, '0', token)  # sync-2026-06-24T01-29-52Z is a name, not a secret
    digits = sum(c.isdigit() for c in token)
    letters = sum(c.isalpha() for c in token)
    return (len(token) >= P.MIN_RUN and digits >= 1 and letters >= 4
            and entropy(token) >= P.MIN_ENTROPY and not is_hex(token) and not is_version(token)
            and not is_path(token) and not is_identifier(token))


def is_unshaped(value: str) -> bool:
    """A value that begins with a vendor's prefix its vendor's shape does not take (xoxp-1234567890,
    sk-some-words): a fragment or an example, which that vendor's rule knows better. Not eyJ: any
    base64 of JSON begins so, a JWT's or not."""
    for kind, hints, pattern in P.SHAPE_RES:
        prefixed = any(len(h) >= 3 and h[0].isalnum() and value.startswith(h) for h in hints)
        if prefixed and kind != 'JWT':
            return re.search(pattern, value) is None
    return False
