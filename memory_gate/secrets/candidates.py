"""Whether a window of tool output could hold a credential the scan keeps, told quickly.

The scan's layers (spans.LAYERS) are many patterns and checks, ~0.1 ms a window, and the
needles that open a window ("token", "key", "pass", "://", "@") are in nearly every line of
tool output. What the scan keeps needs more than a needle: a vendor prefix followed by its
token, a secret word, a link (=, :, "is", 是) and a value long enough for its kind
(spans.plausible: 5 characters after a password word, 8 after any other; a quote's spaces and a
PIN's groups count), a URL's user-info, a user:password pair, 64 hex digits, or an env line that
names a secret (PASSWORD=, after which any value is kept). may_find asks for that with a few
searches, each written weaker than the layers' own patterns (a lookbehind a pattern starts with
moved after the character it checks, so that each search begins with a literal and re skips
quickly to where it may start), and the cheap layers themselves: a window where none of it holds
is not searched. The same findings (property-tested against the layers and plausible).
"""
from __future__ import annotations

import functools
import re

from memory_gate.base.typed import NamedTuple
from memory_gate.secrets.anchored import ASCII_FOLDS
from memory_gate.secrets.credential_patterns import DISCORD_TAIL
from memory_gate.secrets.told import SPLIT_RE

# An env line's name (spans.plausible keeps any value after it): as written, upper case.
ENV_NAMES = ('PASSWORD=', 'PASSWD=', 'PWD=', 'SECRET=', 'TOKEN=', 'KEY=')


def _grouped(alternatives: list[str]) -> str:
    """An alternation of patterns that each begin with one literal character (escaped or not),
    grouped by it: re tries a group only where its character is."""
    groups: dict[str, list[str]] = {}
    for alternative in alternatives:
        cut = 2 if alternative.startswith('\\') else 1
        groups.setdefault(alternative[:cut], []).append(alternative[cut:])
    return '|'.join(first + '(?:' + '|'.join(rest) + ')' for first, rest in groups.items())


# credential_patterns.SHAPE_RES, each from its prefix on, case as written, without the word
# boundaries and lookaheads; a prefix in lower case is looked for from its '_', '-' or '.' on,
# the letters before it looked behind for.
SHAPES = _grouped([
    r'A(?:3T[A-Z0-9]|KIA|SIA|BIA|CCA|GPA|IDA|ROA|NPA|NVA|IPA)[A-Z0-9]{16}',
    r'_(?<=gh[pousr]_)[A-Za-z0-9]{30}', r'_(?<=github_pat_)\w{40}',
    *(rf'-(?<=gl{name}-)[\w-]{{20}}'
      for name in ('pat', 'ptt', 'dt', 'rt', 'cbt', 'ft', 'imt', 'agent', 'oas', 'soat')),
    r'GR1348941[\w-]{20}',
    r'_(?<=hf_)[A-Za-z0-9]{30}', r'_(?<=api_org_)[A-Za-z0-9]{30}', r'_(?<=npm_)[A-Za-z0-9]{30}',
    r'AgE(?<=pypi-AgE)[\w-]{40}',
    r'\.(?<=hooks\.)slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20}',
    r'\.(?<=discord\.)com/api/webhooks/\d+/[\w-]{30}',
    r'\.(?<=discordapp\.)com/api/webhooks/\d+/[\w-]{30}',
    r'\.webhook\.office\.com/webhookb2/\S{30}', r'\.(?<=outlook\.)office\.com/webhook/\S{30}',
    r'-(?<=xox[abposre]-)[0-9A-Za-z-]{15}', r'-(?<=xapp-)[0-9A-Za-z-]{15}',
    r'_(?<=[rs]k_(?:test|live|prod)_)[0-9A-Za-z]{16}', r'_(?<=whsec_)[A-Za-z0-9+/=]{24}',
    r'SG\.[\w-]{16,32}\.[\w-]{30}', r'SK[0-9a-fA-F]{32}', r'AC[0-9a-fA-F]{32}',
    r'_(?<=do[opr]_v1_)[a-f0-9]{40}', r'dapi[a-f0-9]{32}',
    r'_(?<=shp(?:at|ca|pa|ss)_)[a-fA-F0-9]{32}', r'\.(?<=hv[sbr]\.)[\w-]{24}',
    r'_(?<=lin_api_)[A-Za-z0-9]{32}', r'_(?<=lin_oauth_)[A-Za-z0-9]{32}',
    r'\.(?<=dp\.(?:pt|st|sa|ct)\.)(?:[\w-]{1,40}\.)?[A-Za-z0-9]{30}',
    r'\.(?<=dp\.scim\.)(?:[\w-]{1,40}\.)?[A-Za-z0-9]{30}', r'_(?<=dckr_(?:pat|oat)_)[\w-]{20}',
    r'\.(?<=dp\.audit\.)(?:[\w-]{1,40}\.)?[A-Za-z0-9]{30}',
    r':(?<=\d{8}:)[\w-]{35}',  # Telegram: 8-10 digits, a colon, 35
    DISCORD_TAIL,  # Discord: id . 6 . 27+
    r'AccountKey\s*=\s*[A-Za-z0-9+/]{20}', r'SharedAccessKey\s*=\s*[A-Za-z0-9+/]{20}',
    r'Q~(?<=\dQ~)[\w~.-]{31}', r'AIza[\w-]{35}', r'GOCSPX-[\w-]{24}', r'\.(?<=ya29\.)[\w-]{30}',
    r'-(?<=sk-)[A-Za-z0-9_-]{20}', r'_(?<=gsk_)[A-Za-z0-9]{40}', r'-(?<=xai-)[A-Za-z0-9]{60}',
    r'-(?<=pplx-)[A-Za-z0-9]{40}', r'_(?<=r8_)[A-Za-z0-9]{30}',
    r'_(?<=lsv2_(?:pt|sk)_)[a-f0-9]{32}_[a-f0-9]{10}', r'_(?<=pcsk_)[\w-]{40}',
    r'-----BEGIN[A-Z ]{0,30} PRIVATE KEY', r'PuTTY-User-Key-File-\d',
    r'J(?<=eyJ)[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8}',
    r'-us\d(?<=[0-9a-f]{32}-us\d)', r'-(?<=key-)[0-9a-f]{32}',
    r'-(?<=sq0(?:atp|csp)-)[\w-]{22}', r'_(?<=glc_)[A-Za-z0-9+/]{32}',
    r'_(?<=glsa_)[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}', r'_(?<=sntrys_)eyJ[\w=+/-]{50}',
    r'_(?<=sntryu_)[a-f0-9]{64}', r'_(?<=pscale_tkn_)[\w.=-]{32}',
    r'_(?<=pscale_pw_)[\w.=-]{32}', r'_(?<=pscale_oauth_)[\w.=-]{32}',
    r'PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}',
    r'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}', r'LTAI[A-Za-z0-9]{20}',
    r'ATATT3[\w=-]{60}', r'AKCp[A-Za-z0-9]{60}', r'NRAK-[A-Z0-9]{27}',
    r'_(?<=sbp_)[a-f0-9]{40}', r'_(?<=nfp_)[A-Za-z0-9]{36}', r'_(?<=fo1_)[\w-]{43}',
    r'-(?<=pul-)[a-f0-9]{40}', r'HRKU-AA[\w-]{58}', r'\.(?<=sk\.)eyJ[\w-]{50,}\.[\w-]{20}',
    r'AA{21}[A-Za-z0-9%]{58}',
])

# Lowercased. A value of N characters: quoted (spaces allowed), a PIN in groups, or a run
# without spaces (passwords.VALUE; credential_patterns.VALUE is narrower).
VALUE = (r'''(?:"[^"\n]{N}|'[^'\n]{N}|[`\u201c]?[^\s"'`<>{}\[\],;，。；、！？]{N}'''
         r'|\d{3,6}[ -]\d{3})')
# The words that name a password or a code (5 characters of value: a passphrase a-b-c) and
# those that name a secret of another kind (8), as the layers' words begin or end; the rest of a
# word is in SUFFIX.
PASSWORD_WORDS = ('pass', 'pwd', 'pin', 'kennwort', 'senha', 'contrase', 'パスワード', '暗証番号',
                  '비밀번호', '密码', '口令', 'code', 'wachtwoord', 'hasło', 'haslo', 'şifre',
                  'sifre', 'parola', 'пароль')
# credential_patterns.ZH_RE's words
ZH_WORDS = ('密码', '口令', '密钥', '秘钥', '私钥', '令牌', '凭证', '凭据')
OTHER_WORDS = ('secret', 'token', 'key', 'cred', 'auth', *ZH_WORDS[2:], 'clave', 'キー', 'トークン',
               'シークレット')
# What a context pattern lets come between its word and its link (the rest of the word and a
# name's tail, "for the staging app", a quote), the link (a table's | and an element's > too),
# then an adverb or a YAML anchor.
SUFFIX = r'''[\w.-]{0,60}(?:\s+[\w.-]+){0,5}["']?'''
LINK = (r'\s*(?::=|=>|->|[:=|>]|[是为為は：を用는은]|设为|改为|设置为'
        r'|(?:is|was|are|remains|stays|should be|must be|will be|is set to|set to|to|is now'
        r'|es|ist|est|é|è|lautet|luidt|jest|to|это|—|–)\s)\s*(?:(?:always|now|still|currently|just|simply)\s+|[&!][\w!-]*\s+)?')
# A bare value after "use the password": the word, a space, a value with a digit or a quoted one
# (the verb and the words before it are not asked for); or a value beside its word after a comma
# or in brackets (passwords.APPOSED_RE: "the API key, Jx7Rm2Kq9Wv").
BARE = r'''[\w-]*(?:\s+code)?(?:\s+|\s*[,(]\s*)(?=\S*\d|["'])'''
# The Chinese words' own tail, up to six characters, then a link that may be a space.
ZH_TAIL = r'[^\s，。；：:=、！？,.;]{0,6}\s*(?:[是为為：:=用\s]|设为|改为|设置为)\s*'
# Flags after their dash: --password VALUE, -pVALUE, -u user:VALUE (credential_patterns.FLAG_RE).
FLAG_TAIL = (r'(?<!\S-)(?:-(?:password|passwd|pass|token|api-key|secret|auth-token|access-key)'
             r'''[= ]\s*|p\s?|(?:u|-user)[= ]\s*["']?[^\s:"'@]+:)''')
# The characters a word is looked for from, rarest in the windows of real tool output first
# ('w' 0.85% of their characters, 'p' 2.2%; 's', 't', 'a' 5-6%): re tries the pattern only where
# one of its first characters is.
RARE = 'wykb-hpcu'


def value(n: int) -> str:
    """VALUE of n characters."""
    return VALUE.replace('N', str(n))


def from_rarest(words: tuple[str, ...]) -> str:
    """An alternation of the words, each from its rarest character on (RARE; a word past ASCII
    from its first), the characters before it looked behind for; grouped by that character, so
    every alternative begins with a literal and re skips to where one may start."""
    groups: dict[str, list[str]] = {}
    for word in words:
        at = min(range(len(word)), key=lambda i: (RARE + word).index(word[i])) * word.isascii()
        behind = f'(?<={word[:at + 1]})' if at else ''
        groups.setdefault(word[at], []).append(behind + word[at + 1:])
    return '|'.join(first + (rest[0] if len(rest) == 1 else '(?:' + '|'.join(rest) + ')')
                    for first, rest in groups.items())


# The last two characters of each password word and the last of each Chinese word: no other word
# ends so (scan_gates_test), so they tell after a word which it was.
PASSWORD_ENDS = '|'.join(word[-2:] for word in PASSWORD_WORDS)
ZH_ENDS = ''.join(dict.fromkeys(word[-1] for word in ZH_WORDS))
# Each word once, then what may follow it: after the dash a flag; after bearer or basic a value
# of 8; after any other word its suffix, link and a value, of 5 after a password word (group 1
# is set) or of 8 after another, or a bare value of 5, or after a Chinese word its own tail and a
# value of 6, or after "auth" the rest of an authorization header and a value of 5. It matches in
# the texts the alternation of every word with each of its tails matches in (scan_gates_test:
# that alternation, 10,907 characters and ~45 ms to compile, is its oracle).
CONTEXT = (
    '(?:' + from_rarest((*dict.fromkeys(PASSWORD_WORDS + OTHER_WORDS), '-', 'bearer', 'basic'))
    + ')(?:(?<=-)' + FLAG_TAIL + value(5)
    + r'|(?:(?<=bearer)|(?<=basic))\s+' + value(8)
    + '|(?<!-)(?<!bearer)(?<!basic)(?:(?<=' + PASSWORD_ENDS + ')()|(?<!' + PASSWORD_ENDS + '))(?:'
    + SUFFIX + LINK + '(?(1)' + value(5) + '|' + value(8) + ')'
    + '|' + BARE + value(5)
    + '|(?<=[' + ZH_ENDS + '])' + ZH_TAIL + value(6)
    + r'''|(?<=auth)orization\s*[:=]\s*["']?''' + value(5) + '))'
)


# Lowercased: a URL's user-info, a DSN's host after its '@', a secret query parameter
# (credentials.in_address), a user:password pair after a login word or an account name
# (passwords.PAIR_RE), a user and a password in prose after a login word (PAIR_PROSE_RE).
QUERY_WORDS = (r'(?:password|passwd|pwd|pass|token|access_token|refresh_token|auth_token|id_token'
               r'|auth|api_key|apikey|key|sig|signature|secret|client_secret|x-amz-signature'
               r'|x-amz-security-token)=[^&;#\s"\'<>]{6}')
PAIR_VALUE = r'[\w.-]{0,32}:[^\s:@/\'"`,;]{6}'
PAIR_PROSE = (r'''[\w-]*(?:\s+(?:for|of|on|to)\s+(?:the\s+)?[\w.-]+)?(?:\s+(?:is|are|was|were)\s+'''
              r'''|\s*:\s*)[`"']?[\w.@-]{2,32}[`"']?(?:\s*/\s*|\s+and\s+)[`"']?'''
              r'''[^\s"'`<>{}\[\],;，。；、！？]{6}''')
ELSEWHERE = _grouped([
    r'://[^\s:/@?#"\',]*:[^\s/@?#"\',]+@', r'@(?:tcp\(|unix\(|udp\(|[\w.-]+:\d\d)',
    r'\?' + QUERY_WORDS, '&' + QUERY_WORDS, ';' + QUERY_WORDS,
    *(word + r'\s+[`"\']?' + PAIR_VALUE for word in (
        'as', 'login', 'log in', 'sign in', 'user', 'username', 'credential', 'creds', 'account')),
    *(name + PAIR_VALUE for name in (
        'admin', 'root', 'user', 'postgres', 'sa', 'deploy', 'ubuntu', 'ec2-user', 'test', 'guest',
        'administrator', 'ci')),
    *(word + PAIR_PROSE for word in ('log', 'sign', 'cred')),
    # an element named for a secret, attributes before its value (credential_patterns.ELEMENT_RE)
    r'<[\w:.-]*(?:pass|pwd|secret|token|key|cred|auth)[^<>\n]{0,200}>\s*[^<>\s]{5}',
])
# A markdown table (told.by_table reads the column its header names), and a password word with a
# digit after it on its line (told.by_next_sentence: the value in the next sentence).
TABLE = r'\|[^\n]*\n[ \t]*\|?[ \t:|-]*-'
NEXT_SENTENCE = '(?:' + '|'.join(w for w in PASSWORD_WORDS if w != 'code') + r')[^\n]{0,140}\d'
SIGNING_CUES = ('sign', 'hmac', 'secret', 'key')  # passwords.SIGNING_CUE_RE's words
HEX64 = '[0-9a-f]{64}'


def folded(text: str) -> str:
    """The text lowercased as re's IGNORECASE sees it: the dotted and dotless I and the long s
    made i and s first."""
    if not text.isascii():
        for odd, plain in ASCII_FOLDS:
            text = text.replace(odd, plain)
    return text.lower()


class Searches(NamedTuple):
    shapes: re.Pattern[str]
    context: re.Pattern[str]
    elsewhere: re.Pattern[str]
    hex64: re.Pattern[str]
    table: re.Pattern[str]
    next_sentence: re.Pattern[str]
    split: re.Pattern[str]


@functools.cache
def searches() -> Searches:
    """The four searches, compiled on the first window that needs them: CONTEXT alone took
    ~40 ms to compile, paid at import by every run, a 2-line transcript's included."""
    return Searches(*map(re.compile, (SHAPES, CONTEXT, ELSEWHERE, HEX64, TABLE, NEXT_SENTENCE,
                                      SPLIT_RE)))


def may_find(text: str) -> bool:
    """False only when the scan's layers find nothing in `text` (invisible characters out) that
    spans.plausible keeps."""
    from memory_gate.secrets.credentials import (
        has_suspect_word,  # credentials imports spans' neighbours
    )

    if not has_suspect_word(text):  # credentials.findings looks no further
        return False
    found = searches()
    if any(map(text.__contains__, ENV_NAMES)) or found.shapes.search(text):
        return True
    low = folded(text)
    if found.context.search(low) or found.elsewhere.search(low):
        return True
    if '|' in text and found.table.search(text) or found.next_sentence.search(low):
        return True
    if found.split.search(text):
        return True
    return any(map(low.__contains__, SIGNING_CUES)) and found.hex64.search(low) is not None
