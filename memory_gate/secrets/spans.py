"""Credentials in one string of a transcript line, as spans: found, filtered, merged.

The detector's confident layers (shapes, addresses, a secret word and its value) run on
the string, or on the windows around its needles when it is long (tool output); a value
a secret word introduces is kept only when it reads as a secret, not as code or a name.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable

from memory_gate.base.typed import NamedTuple
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets import credentials as C
from memory_gate.secrets import engine, literals
from memory_gate.secrets.candidates import may_find
from memory_gate.secrets.readable import in_read_line, reads_any
from memory_gate.secrets.values import is_path, is_scrambled, is_unshaped, is_version

# The randomness layer is for proposals only: tool output is full of hashes. Where the compiled
# engine runs (engine.py) it finds the vendor shapes, and the built-in ones are left to it.
LAYERS = (C.by_shape, C.in_address, C.by_context, C.by_password, C.by_signing)
BESIDE_ENGINE = (C.by_shape_beside_engine, C.in_address, C.by_context, C.by_password, C.by_signing)
# The layers beside the engine that find kinds no word names (readable.WORDED_KINDS): all that
# runs on a window of tool output none of whose lines is read, where no worded finding is kept.
UNWORDED = (C.by_shape_beside_engine, C.in_address, C.by_split)


def layers() -> tuple[C.Layer, ...]:
    """The layers of our own detector the scan runs: the built-in shapes only without the engine."""
    return LAYERS if engine.loaded() is None else BESIDE_ENGINE


class Span(NamedTuple):
    start: int
    end: int
    kind: str


# The detector's findings for each text it has searched (C.findings is a pure function of its
# text and its layers), kept for one transcript by its caller, by the text and whether every
# layer read it (True) or only UNWORDED; emptied when it holds MEMO_SIZE texts.
Memo = dict[tuple[str, bool], tuple[C.Finding, ...]]
MEMO_SIZE = 1024


def names_secret(key: str | None) -> bool:
    """Whether a JSON key names a secret ("password", "apiKey"): its value is searched, the key
    its context."""
    return key is not None and key_names_secret(key)


# A transcript's keys are a few strings, asked of again and again: each answer kept.
@functools.lru_cache(maxsize=1024)
def key_names_secret(key: str) -> bool:
    return any(map(key.lower().__contains__, P.KEY_HINTS))


def private_key(text: str, span: Span) -> Span:
    """A private key's header span widened to the whole block: the key is the body, not its
    header."""
    end = re.compile(P.PEM_END_RE).search(text, span.end)
    return span._replace(end=end.end() if end else len(text))


def detect(text: str, memo: Memo | None = None, ours: bool = True,
           theirs: list[Span] | None = None, said: bool = True) -> list[Span]:
    """The credentials in one string, left to right, overlaps merged; placeholders and code are
    none. The compiled engine reads all of it (`theirs`: its spans in unescaped(text), when the
    caller asked it for many strings at once); our own layers, when `ours`, only the windows
    around its needles when it is long, and in tool output (not `said`) a value a word names
    only on a line of prose or config (readable.py) where the engine reads the code."""
    seen = unescaped(text)
    said = said or engine.loaded() is None  # without the engine our layers read code too
    if theirs is None:
        theirs = [Span(*found) for found in engine.texts_spans([seen])[0]]
    spans = []
    for start, end in (windows(seen) if len(seen) > WINDOW else [(0, len(seen))]) if ours else []:
        part = seen[start:end]
        found = searched(part, {} if memo is None else memo,
                         said or functools.partial(reads_any, seen, start, end))
        placed = (Span(start + f.start, start + f.end, f.kind) for f in found)
        spans += [s for s in placed if (s.kind not in CONTEXT_KINDS or plausible(seen, s))
                  and (said or in_read_line(seen, s.kind, s.start))]
    spans = [private_key(seen, s) if s.kind == 'private key' else s for s in spans]
    return merged(beside(spans, theirs))


def beside(ours: list[Span], theirs: list[Span]) -> list[Span]:
    """Our spans, each widened over the engine's that overlap it (and named as ours name it),
    and the engine's that overlap none of ours."""
    out = []
    for span in ours:
        over = [t for t in theirs if t.start < span.end and span.start < t.end]
        out.append(span._replace(start=min([span.start, *(t.start for t in over)]),
                                 end=max([span.end, *(t.end for t in over)])))
    return out + [t for t in theirs
                  if not any(t.start < s.end and s.start < t.end for s in ours)]


def searched(part: str, memo: Memo, reads: bool | Callable[[], bool]) -> tuple[C.Finding, ...]:
    """C.findings of the part, from the memo when the part was searched before; none when
    candidates.may_find tells no layer could find what plausible keeps (most windows of tool
    output). `reads`: whether a worded finding in the part may be kept (said, or a line of it
    read in tool output: readable.reads_any), asked only of a part may_find passes; where it
    is not, only the UNWORDED layers run (most windows of code)."""
    found = memo.get((part, True))
    if found is None:
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        if not may_find(C.visible(part)[0]):
            found = memo[part, True] = ()
            return found
        worded = reads if isinstance(reads, bool) else reads()
        found = memo.get((part, worded))
        if found is None:
            found = memo[part, worded] = tuple(
                C.findings(part, layers=layers() if worded else UNWORDED))
    return found


# A string longer than WINDOW is searched around each needle, from the line start before it
# (at most AROUND before) to the line end after it (at most 2 * AROUND after).
WINDOW = 4096
AROUND = 256


def windows(text: str) -> list[tuple[int, int]]:
    """The merged windows of text around each occurrence of a needle. A window's start and end
    never decrease as the needle's place moves right (around), so the windows come in order and
    merge as they come: every place a needle begins is found at once by Hyperscan (literals.py),
    or, where it does not run, by searching from one window on (needle_windows)."""
    begun = literals.starts(text)
    out = needle_windows(text) if begun is None else merged_windows(
        [around(text, at) for at in begun])
    unnamed = [around(text, m.start()) for m in unnamed_tail().finditer(text)]
    return merged_windows(sorted(out + unnamed)) if unnamed else out


def needle_windows(text: str) -> list[tuple[int, int]]:
    """windows() of the needles alone, each place a needle begins found by one search
    (next_needle), not a pass over the text per needle. A needle that begins 2 * AROUND or more
    before the end of the window so far opens one inside it (its end is at most 2 * AROUND past
    it): the search goes on from there, not from each place a needle begins (tool output full of
    needles was searched at every one). A window that ends at a newline holds the window of any
    needle that begins before its end (that newline ends it, its start is no earlier): the
    search goes on from the newline, so a line of tool output is searched up to its first
    needle, not at every one."""
    out: list[tuple[int, int]] = []
    at = next_needle(text, 0)
    while at >= 0:
        start, end = around(text, at)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
        end = out[-1][1]
        # a window that ends at a newline holds the window of every needle begun before it
        at = next_needle(text, end if text.startswith('\n', end)
                         else max(at + 1, end - 2 * AROUND + 1))
    return out


def around(text: str, at: int) -> tuple[int, int]:
    """The window of a needle that begins at `at`."""
    start = text.rfind('\n', max(at - AROUND, 0), at) + 1 or max(at - AROUND, 0)
    end = text.find('\n', at, at + 2 * AROUND)
    return start, end if end >= 0 else min(at + 2 * AROUND, len(text))


def merged_windows(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in spans:
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


@functools.cache
def unnamed_tail() -> re.Pattern[str]:
    """A token no needle names (needles.unnamed_bytes, in a string): a window opens at its
    first dot."""
    return re.compile(P.DISCORD_TAIL)


def first_letters(words: Iterable[str]) -> str:
    """An alternation of the words grouped by their first character (re tries a group only
    where its character is): it matches where any of them begins."""
    groups: dict[str, set[str]] = {}
    for word in words:
        groups.setdefault(word[0], set()).add(word[1:])
    return '|'.join(re.escape(first) + ('' if '' in rest else '(?:' + '|'.join(
        map(re.escape, sorted(rest))) + ')') for first, rest in sorted(groups.items()))


@functools.cache
def needle_starts() -> re.Pattern[str]:
    """Where any needle of credential_patterns.TEXT_NEEDLES begins; compiled on the first string
    that holds a needle's bytes (a run whose lines hold none never pays for it)."""
    return re.compile(first_letters(P.TEXT_NEEDLES))


# The characters of the needles, rarest in real tool output first (measured over the long
# strings of benchmarks/data/real/agentv: 'X' 0.01% of their characters, 's' 5%, 'e' 8.2%);
# a character not listed (past ASCII) is rarer than all.
RARE = 'XJYH@KzGVBWFqNUMO9L8DIERCAPS3T4_12x0wkybv:f./-ghmupdlcinorsate '


class Rarest(NamedTuple):
    search: re.Pattern[str]  # where the rarest character of a needle is, the needle around it
    needles: dict[str, tuple[tuple[str, int], ...]]  # that character -> (needle, its place)
    reach: int  # the furthest a needle's rarest character is into it


@functools.cache
def rarest() -> Rarest:
    """Each needle of credential_patterns.TEXT_NEEDLES looked for from its rarest character on
    (RARE), the characters before it looked behind for: re tries the search only where one of
    those characters is (a fifth of tool output's), not at every letter a needle begins with."""
    groups: dict[str, list[tuple[str, int]]] = {}
    for needle in dict.fromkeys(P.TEXT_NEEDLES):
        at = min(range(len(needle)), key=lambda i: RARE.find(needle[i]))
        groups.setdefault(needle[at], []).append((needle, at))
    pattern = '|'.join(re.escape(char) + '(?:' + '|'.join(
        (f'(?<={re.escape(needle[:at + 1])})' if at else '') + re.escape(needle[at + 1:])
        for needle, at in placed) + ')' for char, placed in groups.items())
    # a needle that begins before `first` ends (its rarest character too) before first + reach
    reach = max(map(len, P.TEXT_NEEDLES))
    return Rarest(re.compile(pattern), {c: tuple(p) for c, p in groups.items()}, reach)


def next_needle(text: str, start: int) -> int:
    """Where the first needle that begins at `start` or after begins, or -1: as
    needle_starts().search(text, start), sooner. A needle found from its rarest character may
    begin before one found before it (its rarest character is further in), but it ends before
    the first begun so far + `reach`: the search goes on that far."""
    search, needles, reach = rarest()
    first = -1
    found = search.search(text, start)
    while found:
        at = found.start()
        for needle, back in needles[text[at]]:
            begins = at - back
            if start <= begins < (first if first >= 0 else at + 1) and text.startswith(
                    needle, begins):
                first = begins
        found = search.search(text, at + 1, len(text) if first < 0 else first + reach)
    return first


def unescaped(text: str) -> str:
    """Tool output that is itself JSON or a quoted string holds escapes (\\n, \\"): each becomes a
    space and the character it stands for, so the text keeps its length (and every span its
    place)."""
    if '\\' not in text:
        return text
    for escape, kept in (('\\n', ' \n'), ('\\t', ' \t'), ('\\"', ' "'), ("\\'", " '")):
        text = text.replace(escape, kept)
    return text


# Kinds found by a word before the value rather than by the value's own shape.
CONTEXT_KINDS = frozenset((
    'password', 'token', 'secret', 'secret key', 'authorization header',
    'secret in a URL query',
))


def plausible(text: str, span: Span) -> bool:
    """A value a secret word introduces in tool output that reads as a secret, not as code or a
    name: letters with digits or symbols, a PIN after a password word, or anything an env-file
    secret line sets."""
    value = text[span.start:span.end]
    before = text[max(span.start - 80, 0):span.start]
    if re.search(P.SAYS_TEST_RE, value):
        return False  # a test or dev value that says so: test-only-..., postgres, changeme
    if re.fullmatch(r'\d{3,6}(?:[ -]\d{3,6})+', value) and (
            span.kind == 'password' or re.search(P.ENV_NAME_RE, before)):
        # a PIN in groups, after a password word or a secret's name (SERVICE_SECRET=4829-1375):
        # CODE_VALUE_RE would read '4829-1375' as a line number
        return True
    if re.search(P.CODE_VALUE_RE, value) or text.startswith('(', span.end) or alias(before, value):
        return False  # code: a call (base64.b64encode(...), HTTPPasswordMgr()), an alias
    if re.search(P.NOT_SECRET_NAME_RE, before):
        return False  # an id, a name, a public key or a CSRF token: credentialsId: '<uuid>'
    if span.kind != 'password' and re.fullmatch(P.TYPE_NAME_RE, value):
        return False  # a type annotation: privateKey: Uint8Array (a password may be any words)
    if re.search(P.ENV_SECRET_RE, before):
        return True
    if is_unshaped(value) or re.fullmatch(P.RELEASE_NAME_RE, value):
        return False  # a vendor's prefix its shape does not take (xoxp-1234567890), a release
    if re.search(P.TEST_DATA_RE, value):
        return False  # refresh1, user42; not Sonnenblume47 (a word of 9+ letters)
    if span.kind == 'password' and re.search(P.ENV_PASSWORD_RE, before):
        return True
    if span.kind == 'password':
        # a strong word: digits (a PIN), a passphrase, or letters with digits or symbols
        if re.fullmatch(r'\d+(?:[ -]\d+)*', value):
            return len(value) >= 6
        if re.fullmatch(r'[a-z]+(?:[- ][a-z]+){2,}|[a-z]{16,}', value):
            return True  # a passphrase, its words spaced, dashed or run together
    elif is_path(value) or is_version(value) or value.isdigit() or len(value) < 8:
        return False
    has_alpha = any(c.isalpha() for c in value)
    if span.kind == 'authorization header':
        cased = not (value.islower() or value.isupper())
        base64 = re.fullmatch(r'[A-Za-z0-9+/_.~-]+=*', value) is not None  # Bearer dXNl+cjp/...=
        return len(value) >= 12 and base64 and (cased or not value.isalpha())
    mixed = any(c.isdigit() or c in '!@#$%^&*+=~' for c in value) or is_scrambled(value)
    return len(value) >= 6 and has_alpha and mixed


# The name a line of code assigns, just before its value: RegEnumKey = , "apiKey": , self.token=
ASSIGNED_NAME_RE = re.compile(r'([A-Za-z_]\w*)["\']?\s*[:=]\s*["\']?$')


def alias(before: str, value: str) -> bool:
    """Whether the value is an attribute of the name it is assigned to (RegEnumKey =
    win32api.RegEnumKey, api_token = options.api_token): code passing a name on."""
    name = ASSIGNED_NAME_RE.search(before)
    return name is not None and value.endswith('.' + name.group(1))


def merged(spans: Iterable[Span]) -> list[Span]:
    out: list[Span] = []
    for span in sorted(spans):
        if out and span.start < out[-1].end:
            out[-1] = out[-1]._replace(end=max(out[-1].end, span.end))
        else:
            out.append(span)
    return out


CAMEL_HUMP = re.compile(r'(?<=[a-z0-9])(?=[A-Z])')


def in_context(key: str | None, value: str, memo: Memo | None = None,
               ours: bool = True, theirs: list[Span] | None = None,
               said: bool = True) -> list[Span]:
    """A JSON value's credentials; a key that names a secret ("password": "...") is read as its
    context. `ours`: whether our own layers read it too (the engine always does); `theirs`: the
    engine's spans in unescaped(value), when already asked; `said`: not tool output."""
    if key is not None and names_secret(key):
        # camelCase humps as words (adminKennwort: admin_Kennwort), as the layers read a name
        head = CAMEL_HUMP.sub('_', key) + '='
        moved = None if theirs is None else [
            s._replace(start=s.start + len(head), end=s.end + len(head)) for s in theirs]
        return [s._replace(start=max(s.start - len(head), 0), end=s.end - len(head))
                for s in detect(head + value, memo, theirs=moved) if s.end > len(head)]
    return detect(value, memo, ours, theirs, said)


def engine_spans(values: list[str]) -> list[list[Span]]:
    """The engine's spans in each of many strings (unescaped, as detect reads them), at once."""
    return [[Span(*found) for found in spans]
            for spans in engine.texts_spans([unescaped(value) for value in values])]


# A key that names an identity: messageId, tool_use_id, parentUuid, commit_sha, content_hash
ID_KEY_RE = r'(?:[Ii]d|ID|[Uu]uid|UUID|[Hh]ash|[Ss]ha(?:\d+)?|[Dd]igest)$'
HEX_RUN_RE = r'[0-9a-fA-F]{7,}'
UUID, ID_KEY, HEX_RUN = map(re.compile, (P.UUID_RE, ID_KEY_RE, HEX_RUN_RE))  # asked of every value


def is_id(key: str | None, value: str) -> bool:
    """A UUID (unless its key names a secret), or a hex digest under a key that names an id or
    a hash (toolUseId, parent_hash): a record's identity, never a secret a person could leak."""
    if len(value) < 7 or len(value) > 72 or names_secret(key):
        return False
    if UUID.fullmatch(value):
        return True
    return key is not None and bool(ID_KEY.search(key) and HEX_RUN.fullmatch(value))
