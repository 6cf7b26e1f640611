"""What a person types as a secret: passwords, passphrases, PINs, a user:password pair, a
signing secret.

Vendor shapes and randomness miss these: they are short, all letters, spaced, quoted,
bracketed or not ASCII, and the word before them names them in many ways and languages.
Each layer yields (kind, start, end) of the value; credentials.py holds the other layers.
Every example is fake.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from memory_gate.secrets import anchored
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.credential_patterns import HEX_LITERAL_RE
from memory_gate.secrets.values import is_hex, is_name, word_kind
from memory_gate.text.long_text import lowered

# Where a secret word may begin: not inside a word (bypass, compass), but at a camelCase hump
# (adminPassword, webhookSecret), as a name in code writes it.
BEGIN = r'(?:(?<![a-z])|(?-i:(?<=[a-z0-9])(?=[A-Z])))'
# Codes that open an account or a door, typed as a password is. Catch: 2FA backup code, recovery
# codes, alarm code, doorCode, ACCESS_CODE; not: error code, exit code, source code.
CODE_WORDS = (
    rf'(?i:{BEGIN}(?:{"|".join(P.CODE_FIRST_WORDS)})'
    r'(?:[ _-]|(?-i:(?<=[a-z])(?=[A-Z])))codes?(?![a-z]))'
)
# Words that name a password, in the languages memory-gate reads. Catch: password, passcode,
# PIN, contraseña, パスワード, 密码; not: bypass, compass. A pin in lowercase is also the verb
# ("pin the version"): by_password takes only digits after it.
PASSWORD_WORDS = (
    rf'(?i:{BEGIN}(?:pass(?:word|wd|code|phrase|wort)s?|pwd|contrase[ñn]a|senha|kennwort'
    r'|wachtwoord|has[łl]o|[şs]ifre(?:si|niz|n)?|parola(?:s[ıi]|n[ıi]z)?|пароль'
    r'|mot de passe|pin[ _-]?code|pin))(?![a-z])'
    r'|パスワード|暗証番号|비밀번호|密码|口令'
    rf'|{CODE_WORDS}'
)
# Keys that are secrets by what they open. Catch: unseal key, recovery key, signing secret,
# webhookSecret; not: primary key, sort key.
KEY_WORDS = (
    rf'(?i:{BEGIN}(?:unseal|recovery|master|signing|encryption|decryption|license|licence'
    r'|root|admin|session|webhook|hmac|shared|client|deploy|ssh|gpg)'
    r'(?:[ _-]|(?-i:(?<=[a-z])(?=[A-Z])))(?:key|secret|token)s?(?![a-z]))'
)
# What joins the word to its value: is, was, =, :, 是, は, es, ist, est, or nothing after
# "with"/"use"; a place between, in English, French, Spanish, German or Italian (the password for
# staging, le mot de passe du wifi, la contraseña del wifi, das Passwort für das WLAN). Italian
# per only before è (la password per il wifi è ...): in English it is a rate or a scope (API key
# per project: proj-abc123xyz, max token per request: ...).
PLACE = r'(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?'
LINK = (
    rf'(?:\s+(?:for|of|on|in|at|to|du|de|des|del|für|vom|von|pour|para|di|do|da|dos|das|van|voor|od'
    rf'|dla|от|для|на)\s+{PLACE}'
    rf'|\s+per\s+{PLACE}(?=\s+è\s))?\s*'
    r'(?:(?:\s(?:is|was|are|remains|stays|should be|must be|will be|is set to|set to|is now'
    r'|es|ist|est|é|è|lautet|luidt|jest|to|это|—|–)\s\s*)'
    r'|\s*(?::=|=>|=)[ \t]*'  # an empty value (API_KEY= at a line's end) never takes the next line
    r'|(?i:(?<=codes))[ \t]*:\s*'  # a list's heading: backup codes:\n5830-1947\n7712-0394
    r'|\s*(?::|是|为|為|は|：|を|는|은)[ \t]*)(?:(?:always|now|still|currently|just|simply)\s+)?'
)
# The value: quoted (spaces allowed), or a run without spaces; non-ASCII letters and brackets
# allowed.
VALUE = (
    r'(?:"(?P<quoted>[^"\n]{4,64})"|\'(?P<single>[^\'\n]{4,64})\''
    r'|(?P<digits>\d{3,6}(?:[ -]\d{3,6})+(?!\w))'
    r'|(?P<value>[^\s"\'`<>{}\[\],;，。；、！？]{4,128}))'
)
# The same words in Spanish and Japanese. Catch: la clave de la API es ..., APIキーは ...,
# トークン: ...; with the adjective after the noun: la clave secreta es ..., Clave API: ...; not: la
# clave primaria es user_id2 (a name: primaria is no link), 鍵 (a lock's key too). キー after
# katakana or kanji is a compound noun, as clave before an adjective is: ショートカットキー (a
# shortcut key), 主キー, 外部キー, ソートキー (a table's keys); but APIキー, 秘密キー (a secret
# key) and ステージングのキー (a particle before it) stay the word.
FOREIGN_KEY_WORDS = (
    r'(?i:(?<![a-z])claves?(?:\s+(?:secretas?|privadas?|API))?(?![a-z]))'
    r'|(?:API|api|秘密)キー|(?<![\u30a1-\u30fa\u30fc\u4e00-\u9fff])キー|トークン|シークレット'
)
# Words that name a token or a key in general: their value needs letters and digits both.
GENERIC_WORDS = (
    rf'(?i:{BEGIN}(?:api[ _-]?key|token|secret|key|access[ _-]?key|auth[ _-]?token)s?'
    r'(?![a-z]))'
    rf'|{FOREIGN_KEY_WORDS}'
)
WORDS = rf'(?P<word>{PASSWORD_WORDS}|{KEY_WORDS}|{GENERIC_WORDS})'
PASSWORD_RE = rf'{WORDS}{LINK}{VALUE}'
# Or no link at all, in prose: "log in with password Xk29Lm3qP7", "use the token 7hG2kP9qLm4x", a
# quoted value ("use the passphrase 'purple monkey dishwasher'").
BARE_RE = (
    r'(?i:\b(?:with|using|use|enter|type|try)\s+(?:the\s+|a\s+|our\s+|this\s+|that\s+)?'
    r'(?:[\w-]+\s+|[a-z0-9]+(?-i:(?=[A-Z])))?)'
    rf'{WORDS}\s+(?=\S*\d|["\']){VALUE}'
)
# Or no link and no verb: the value set beside its word, after a space, a comma or in brackets
# ("the staging token Pl4Kx9Qw2Zm goes", "the API key, Jx7Rm2Kq9Wv, stays", "the root password
# (Sq9Lm2Xr7P)"); taken only when it is 8+ letters and digits and no name, hash or version
# (by_apposition). Not: the token cl100k_base, the API key v2, password reset.
APPOSED_RE = (
    rf'{WORDS}(?:[ \t]+|[ \t]*[,(][ \t]*)'  # on its line: a heading's word takes no next line
    r'(?P<value>[^\s"\'`<>{}\[\](),;，。；、！？]{8,64})'
)
# Words whose value no apposition gives: a key of a table or a cache (the primary key
# Windows-X64-...), the verb pin (the pin (android.Dockerfile:143)). A plural word is a list
# (passwords, Summer2024 and more), and a word after a dash the end of a flag's name (aws ...
# --next-token eyJhd3..., --change-token 12cs345-...: a page or a change marker).
NOT_APPOSED = ('key', 'pin')
# A user:password pair with no scheme, after a login word or a common account name. Catch: log in
# as admin:Adm1nPw77, credentials root:T0or-pw; not: note:see-above, file.py:123, 12:30:45,
# root:x:0:0.
PAIR_RE = (
    r'(?i)(?:\b(?:as|login|log in|sign in|user|username|credentials?|creds|account)\s+[`"\']?'
    r'|(?<![\w/:.@-])(?=(?:admin|root|user|postgres|sa|deploy|ubuntu|ec2-user|test|guest'
    r'|administrator|ci)\b))'
    r'(?!sha\d*:|md5:)[\w.-]{2,32}:(?P<value>[^\s:@/\'"`,;]{6,64})(?=[\s,.;)\'"`]|$)'
)
# What every PAIR_RE match holds: a colon and six characters of the value. It begins with the
# colon, so re finds it quickly, where PAIR_RE (case-folded, a word boundary first) is tried at
# every place of a text.
PAIR_VALUE_RE = r':[^\s:@/\'"`,;]{6}'
# A user and a password in prose, without a colon between them, after a login word. Catch: the
# admin login is admin / Adm1nPw77, SMTP creds are mailer and Xk29Lm3qP7; not: the login is admin
# and the role is viewer, login: src/app/main.py.
PAIR_PROSE_RE = (
    r'(?i)\b(?:log-?in|sign-?in|creds|credentials?)s?'
    r'(?:\s+(?:for|of|on|to)\s+(?:the\s+)?[\w.-]+)?'
    r'(?:\s+(?:is|are|was|were)\s+|\s*:\s*)'
    r'[`"\']?(?P<user>[\w.@-]{2,32})[`"\']?(?:\s*/\s*|\s+and\s+)'
    r'[`"\']?(?P<value>[^\s"\'`<>{}\[\],;，。；、！？]{6,64})'
)
# What a user in a pair is not: a number or a measure (login: 245ms / 1203ms, login: 200 /
# 1523ms), an HTTP method (login: GET / 302Found) or an architecture (login: x64 / arm64v8); the
# value is no measure either. Not: root, mailer, admin, ec2-user, deploy2.
ARCH_RE = (
    r'(?i:x86(?:_64)?|x64|i[3-6]86|amd64|arm(?:64|v\d+)(?:v\d+|le|be|hf|el)?|aarch64(?:_be)?'
    r'|ppc64(?:le)?|s390x|riscv64)'
)
NOT_A_USER_RE = rf'\d.*|(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|CONNECT|TRACE)|{ARCH_RE}'
MEASURE_RE = r'\d+(?:\.\d+)?(?:[a-zµ]{1,2}|[KMGT]i?B)'
# The words (lowercased) every PAIR_PROSE_RE match begins with (anchored.py); declared where the
# scan's needles are derived from them.
PAIR_PROSE_STARTS = P.PAIR_PROSE_STARTS
# A bare 64-hex value that a sentence says signs something. Catch: "we sign webhooks with <64
# hex>", "the HMAC secret: <64 hex>"; not: a commit, a sha256:-prefixed digest, a checksum or
# hash named as such.
SIGNING_CUE_RE = r'(?i)\b(?:sign(?:s|ed|ing)?|hmac|secret|key)\b'
NOT_SIGNING_RE = r'(?i)\b(?:digest|sha-?\d*|checksum|hash(?:es)?|commit|sum|etag|integrity)\b'
HEX64_RE = r'(?<![\w:/.-])[0-9a-fA-F]{64}(?![\w:/.-])'
# What every HEX64_RE match holds, searched without the lookarounds (re then has no quick scan).
HEX64_RUN_RE = r'[0-9a-fA-F]{64}'
# Values after a password word that are words, not a password: "the password is required",
# "password: str".
NOT_A_VALUE = frozenset((
    'required', 'optional', 'missing', 'invalid', 'incorrect', 'wrong', 'correct', 'empty',
    'blank', 'hidden', 'masked', 'stored', 'saved', 'reset', 'changed', 'rotated', 'expired',
    'managed', 'set', 'unset', 'needed', 'given', 'known', 'string', 'str', 'bytes', 'none',
    'null', 'nil', 'true', 'false', 'undefined', 'secret', 'password', 'field', 'input',
    'prompt', 'getpass', 'environ', 'env', 'os', 'config', 'settings', 'manager', 'protected',
    'encrypted', 'hashed', 'length', 'policy', 'strength', 'authentication', 'login', 'never',
    'always', 'only', 'also', 'not',
))


def credible(value: str, assigned: bool, quoted: bool) -> bool:
    """A value a password word introduces that could be the password itself."""
    if len(value) < 4 or value.lower() in NOT_A_VALUE or '://' in value:
        return False
    if value.startswith(('$', '%', '<', '/', '~', '.')) or re.fullmatch(HEX_LITERAL_RE, value):
        return False  # an expansion, a path, a hex literal (a code: alarmCode: 0x0042)
    if re.fullmatch(r'[\w.]+\(.*\)?', value) and not any(c.isdigit() for c in value):
        return False  # a call: getpass(), os.environ.get(...)
    letters, digits = sum(c.isalpha() for c in value), sum(c.isdigit() for c in value)
    if digits == len(value):
        return len(value) >= 4  # a PIN or a numeric passcode
    if letters and (digits or not value.replace('-', '').replace('_', '').isalnum()):
        # Pa(ss)=w0rd9, Contraseña2024; not v1.2.3
        return not re.fullmatch(r'(?i)v?\d+(?:\.\d+)+\S*', value)
    if re.fullmatch(r'[a-z]+(?:-[a-z]+){2,}|[a-z]{16,}', value):
        return True  # a passphrase: correct-horse-battery-staple, correcthorsebatterystaple
    return quoted or (assigned and value.isalpha())


# Text holding none of these, lowercased, holds no word the password layers look for
# (property-tested).
# CODE_WORDS' (credentials.has_suspect_word looks for it too: "the door code is 4471").
CODE_HINT = 'code'
HINTS = ('pass', 'pwd', 'pin', 'contrase', 'senha', 'kennwort', 'key', 'secret', 'token',
         'wachtwoord', 'hasło', 'haslo', 'şifre', 'sifre', 'parola', 'пароль',
         'パスワード', '暗証', '비밀번호', '密码', '口令', CODE_HINT, *P.FOREIGN_KEY_HINTS)
PAIR_HINTS = ('as ', 'login', 'log in', 'sign in', 'user', 'cred', 'account', 'admin', 'root',
              'postgres', 'sa:', 'deploy', 'ubuntu', 'test', 'guest', 'ci:')


# The words (lowercased) every match begins with (anchored.py): each of WORDS' alternatives,
# and BARE_RE's verbs.
PASSWORD_STARTS = (
    'pass', 'pwd', 'contrase', 'senha', 'kennwort', 'mot', 'pin', 'unseal', 'recovery',
    'wachtwoord', 'hasło', 'haslo', 'şifre', 'sifre', 'parola', 'пароль',
    'master', 'signing', 'encryption', 'decryption', 'license', 'licence', 'root', 'admin',
    'session', 'webhook', 'hmac', 'shared', 'client', 'deploy', 'ssh', 'gpg', 'api', 'token',
    'secret', 'key', 'access', 'auth', 'パスワード', '暗証番号', '비밀번호', '密码', '口令',
    'backup', 'alarm', 'door', 'clave', 'キー', '秘密', 'トークン', 'シークレット',
)
BARE_STARTS = ('with', 'using', 'use', 'enter', 'type', 'try')


def by_password(text: str) -> Iterator[tuple[str, int, int]]:
    """A value after a word naming a password or a secret key, in any of the forms people write."""
    low = lowered(text)
    if not any(map(low.__contains__, HINTS)):
        return
    searches = ((PASSWORD_RE, PASSWORD_STARTS), (BARE_RE, BARE_STARTS))
    for m in (m for pattern, starts in searches
              for m in anchored.finditer(pattern, text, low, starts)):
        group = next(g for g in ('quoted', 'single', 'digits', 'value') if m.group(g) is not None)
        value = m.group(group).rstrip('.:!?')
        link = text[m.end('word'):m.start(group)]
        word = m.group('word')
        assigned = bool(re.search(r'[=:：]', link)) and re.search(r'[A-Z_]', word) is not None
        quoted = group in ('quoted', 'single')
        # a PIN in groups is typed without its spaces and dashes (PIN is 4829-1375)
        typed = value.replace(' ', '').replace('-', '') if group == 'digits' else value
        if re.fullmatch(PASSWORD_WORDS, word):
            found = credible(typed, assigned, quoted) or (quoted and ' ' in value)
            if word.lower() == 'pin' and word != 'PIN':  # the verb too: a PIN is digits
                found = found and typed.isdigit()
            kind = 'password'
        else:
            # a general word: letters and digits, unless an env line names it
            # (SERVICE_SECRET=letmein, SERVICE_SECRET=4829-1375)
            found = credible(typed, assigned, quoted) if assigned else mixed(value)
            kind = 'secret key' if re.fullmatch(KEY_WORDS, word) else word_kind(word)
        # a count (MAX_TOKENS=4096), but not codes in groups (recovery codes are 7712-0394)
        count = word[-1] in 'sS' and typed.isdigit() and (kind, group) != ('password', 'digits')
        if found and not count:
            yield kind, m.start(group), m.start(group) + len(value)
            if re.fullmatch(CODE_WORDS, word) and word[-1] in 'sS':  # codes: the rest of the list
                yield from ((kind, *more) for more in listed(text, m.start(group), value))


# What joins codes in a list: a comma, a line break, and (7712-0394, 5830-1947 and 4471-9902).
LIST_JOINT_RE = r',\s*|\s*\n\s*|\s+and\s+'


def listed(text: str, start: int, first: str) -> Iterator[tuple[int, int]]:
    """The codes after the first of a list, each of its shape (the same runs of letters and
    digits, the same dashes and spaces): recovery codes are 7712-0394, 5830-1947."""
    shape = re.sub(r'[A-Za-z0-9]+', lambda run: f'[A-Za-z0-9]{{{len(run[0])}}}', re.escape(first))
    end = start + len(first)
    for _ in range(32):
        m = re.compile(rf'(?:{LIST_JOINT_RE})({shape})(?![\w-])').match(text, end)
        if m is None or not any(c.isdigit() for c in m[1]):
            return
        yield m.start(1), m.end(1)
        end = m.end(1)


def by_apposition(text: str) -> Iterator[tuple[str, int, int]]:
    """A value set beside the word naming it, without a link: letters and digits, no name."""
    low = lowered(text)
    if not any(map(low.__contains__, HINTS)):
        return
    for m in anchored.finditer(APPOSED_RE, text, low, PASSWORD_STARTS):
        value, word = m.group('value').rstrip('.:!?'), m.group('word')
        if word[-1] in 'sS' or word.lower() in NOT_APPOSED or is_flag(text, m.start()):
            continue  # a list, a table's key, the verb pin; a flag (--next-token) is no word
        if (len(value) >= 8 and mixed(value) and not is_hex(value)
                and not any(map(value.__contains__, '=:'))):  # rojo=00f0..., Dockerfile:143
            kind = ('password' if re.fullmatch(PASSWORD_WORDS, word)
                    else 'secret key' if re.fullmatch(KEY_WORDS, word) else word_kind(word))
            yield kind, m.start('value'), m.start('value') + len(value)


# The start of a flag's hyphenated name up to a word in it: --next-, --copy-product-, -starting-
# (not the staging-, the github-: a word joined to the secret word in prose).
FLAG_NAME_RE = r'(?:^|\s)--?[A-Za-z0-9][\w-]*-$'


def is_flag(text: str, start: int) -> bool:
    """The secret word at start ends a command-line flag's hyphenated name (aws ... --next-token
    VALUE), whose value is a page or a change marker."""
    return re.search(FLAG_NAME_RE, text[max(start - 80, 0):start]) is not None


def mixed(value: str) -> bool:
    """Letters and digits both, 6 or more characters, and not a version."""
    return (len(value) >= 6 and any(c.isalpha() for c in value)
            and any(c.isdigit() for c in value) and value.lower() not in NOT_A_VALUE
            and not re.fullmatch(r'(?i)v?\d+(?:\.\d+)+\S*', value) and not is_name(value)
            and not re.fullmatch(HEX_LITERAL_RE, value))


def by_pair(text: str) -> Iterator[tuple[str, int, int]]:
    """A user:password pair written without a URL around it, or a user and a password in prose
    (the login is admin / Adm1nPw77)."""
    low = lowered(text)
    if (':' in text and any(map(low.__contains__, PAIR_HINTS))
            and re.search(PAIR_VALUE_RE, text)):
        for m in re.finditer(PAIR_RE, text):
            value = m.group('value')
            if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
                yield 'password', m.start('value'), m.end('value')
    if any(map(low.__contains__, PAIR_PROSE_STARTS)):
        for m in anchored.finditer(PAIR_PROSE_RE, text, low, PAIR_PROSE_STARTS):
            value = m.group('value').rstrip('.:!?')
            if is_pair_password(value) and not re.fullmatch(NOT_A_USER_RE, m.group('user')):
                yield 'password', m.start('value'), m.start('value') + len(value)


def is_pair_password(value: str) -> bool:
    """A password after a user in prose: letters and digits, 6 or more, not a version, a path,
    a measure (1203ms) or an architecture (arm64v8)."""
    return (len(value) >= 6 and any(c.isalpha() for c in value)
            and any(c.isdigit() for c in value) and '/' not in value
            and not re.fullmatch(r'(?i)v?\d+(?:\.\d+)+\S*', value)
            and not re.fullmatch(MEASURE_RE, value) and not re.fullmatch(ARCH_RE, value))


def by_signing(text: str) -> Iterator[tuple[str, int, int]]:
    """A bare 64-hex value in a sentence about signing (proposals only: tool output is full of
    digests)."""
    # 64 hex digits in a row first: one plain search, where the cue's is slow and the cue is
    # common (key, sign)
    if (re.search(HEX64_RUN_RE, text) and re.search(SIGNING_CUE_RE, text)
            and not re.search(NOT_SIGNING_RE, text)):
        for m in re.finditer(HEX64_RE, text):
            yield 'signing secret', m.start(), m.end()
