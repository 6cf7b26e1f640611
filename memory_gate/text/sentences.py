"""Split a turn's text into prose sentences; Markdown code is not prose."""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

from memory_gate.text import prefilter

# Patterns are compiled on first use, so start-up pays only for what a run needs, and held
# (re.search looks in re's cache); one the prefilter has parsed is not parsed again.
compiled = functools.cache(prefilter.compile_pattern)
# One search for any of the words.
any_of = functools.cache(lambda words: re.compile('|'.join(map(re.escape, words))))
# Past ASCII, `word in text` widens each word at each test (about 2 us for a rule's gate
# words, the search of their alternation 1.2 us), but compiling the alternation costs about
# 0.5 ms: a run that tests a word list on few wide texts (a small real session: 20 lists,
# 10 ms) tests it word by word, and only its WIDE_TESTS-th wide text compiles it.
WIDE_TESTS = 500
_wide_tested: dict[tuple[str, ...], int] = {}
# A fenced block (``` or ~~~, up to its closing fence or the end of the text).
FENCE_RE = r'(?ms)^[ \t]{0,3}(`{3,}|~{3,})[^\n]*(?:\n.*?)??(?:\n[ \t]{0,3}\1[`~]*[ \t]*$|\Z)'
# Indented code: a run of lines indented by 4+ spaces or a tab after a blank line.
INDENTED_RE = r'(?:\A|\n[ \t]*\n)((?:(?: {4}|\t)[^\n]*(?:\n|\Z))+)'
# Sentence ends within a line: . ! ? followed by space (not after an abbreviation), the space
# cut; Chinese 。！？； with or without a space. Line breaks always end a sentence. The
# pattern starts at the punctuation itself, so re skips quickly to the places worth trying.
SPLIT_RE = (
    r'(?i)[.!?。！？；](?:(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bvs\.)'
    r'(?<!\bcf\.)(?<!\bMr\.)(?<!\bDr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bNo\.)[)"\'\]]*\s+'
    r'|(?<=[。！？；])\s*)'
)
# An inline code span on one line (`...`, ``...``): no sentence ends inside one. Must catch:
# 'takes `SELECT ... FOR UPDATE` on the row' (one sentence); must not: a lone backtick.
SPAN_RE = r'(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)'
# A leading list marker, heading, or quote marker is layout, not words; a lettered item too ("a)
# the action is read-only", a prompt pasted into real sessions; "b. Memory: ...").
LEAD_MARK_RE = r'^(?:(?:[-*+•]|\d{1,3}[.)]|[a-h][.)]|#{1,6}|>)\s+)+'
MARK_CHARS = frozenset('-*+•#>0123456789abcdefgh')
LAYOUTS = {'#': 'heading', '>': 'quote'}


def holds(text: str, words: tuple[str, ...]) -> bool:
    """Whether the text holds one of the words; past ASCII, where `word in text` first widens
    each word, in one search."""
    if text.isascii():
        return any(map(text.__contains__, words))
    tested = _wide_tested.get(words, 0)
    if tested < WIDE_TESTS:
        _wide_tested[words] = tested + 1
        return any(map(text.__contains__, words))
    return any_of(words).search(text) is not None


def strip_code(text: str) -> tuple[str, int]:
    """Remove fenced and indented code blocks; return the prose and the number of code lines
    dropped."""
    dropped = 0

    def cut_fence(match: re.Match[str]) -> str:
        nonlocal dropped
        dropped += match.group(0).count('\n') + 1
        return ''

    def cut_indented(match: re.Match[str]) -> str:
        nonlocal dropped
        dropped += match.group(1).rstrip('\n').count('\n') + 1
        return match.group(0)[: match.start(1) - match.start(0)]
    if '```' in text or '~~~' in text:
        text = compiled(FENCE_RE).sub(cut_fence, text)
    if '\n    ' in text or '\n\t' in text or text.startswith(('    ', '\t')):
        text = compiled(INDENTED_RE).sub(cut_indented, text)
    return text, dropped


def pieces(line: str) -> Iterator[str]:
    """The line cut after each sentence end, the space after it dropped (what re.split would
    give)."""
    start = 0
    for end in ends(line):
        yield line[start: end.start() + 1]
        start = end.end()
    yield line[start:]


def ends(line: str) -> Iterator[re.Match[str]]:
    """The sentence ends of a line, none inside an inline code span."""
    found = compiled(SPLIT_RE).finditer(line)
    if '`' not in line:
        return found
    spans = [m.span() for m in compiled(SPAN_RE).finditer(line)]
    return (e for e in found if not any(a < e.start() < b for a, b in spans))


def marked_lines(text: str) -> Iterator[tuple[str, str]]:
    """The non-empty lines of prose, stripped, list markers removed, each with its layout:
    'item' (a list item), 'heading', 'quote', or '' (a line of prose)."""
    for line in text.split('\n'):
        line = line.strip()
        layout = ''
        if line[:1] in MARK_CHARS:
            bare = compiled(LEAD_MARK_RE).sub('', line)
            if bare != line:
                layout = LAYOUTS.get(line[0], 'item')
            line = bare
        if line:
            yield line, layout


def split_sentences(text: str) -> Iterator[str]:
    """Yield the non-empty sentences of prose: one line at a time, list markers removed,
    whitespace collapsed."""
    for sentence, _, _ in split_marked(text):
        yield sentence


def split_marked(text: str, whole: Callable[[str], bool] | None = None
                 ) -> Iterator[tuple[str, str, bool]]:
    """split_sentences, each sentence with its line's layout and whether it opens the line. A line
    `whole` chooses (a line marked for memory) is one piece, as written: not split, its spaces
    kept."""
    for line, layout in marked_lines(text):
        if whole is not None and whole(line):
            yield line, layout, True
            continue
        first = True
        for piece in line_pieces(line):
            yield piece, layout, first
            first = False


def line_pieces(line: str) -> Iterator[str]:
    """The sentences of one stripped line: spaces collapsed, a list marker cut."""
    for piece in pieces(line):
        if piece and not piece.isspace():
            piece = ' '.join(piece.split())
            if piece[0] in MARK_CHARS:
                piece = compiled(LEAD_MARK_RE).sub('', piece)
            yield piece


def count_sentences(text: str) -> int:
    """len(list(split_sentences(text))), without building the sentences."""
    count = 0
    for line, _ in marked_lines(text):
        if '`' in line:  # a line is stripped: only the last piece can be empty
            found = list(ends(line))
            count += len(found) + 1 - bool(found and found[-1].end() == len(line))
            continue
        parts = compiled(SPLIT_RE).split(line)
        count += len(parts) - (not parts[-1])
    return count


# Terminal escape sequences (CSI, OSC) and control or bidi-override characters: never printed
# raw.
ESCAPE_RE = r'\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\|\Z)|\x1b[@-_]?'
# A lone UTF-16 surrogate (JSON's "\ud83d", a JavaScript string cut mid-emoji) cannot be written
# as UTF-8: it becomes U+FFFD, as an undecodable byte does. Must catch: 'cut \ud83d here'; must
# not: a whole emoji.
SURROGATE_RE = r'[\ud800-\udfff]'
CONTROL_RE = ('[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029'
              '\u202a-\u202e\u2066-\u2069\ufeff]')

# Typographic apostrophes, as Codex and many editors write them ("I’m", "don’t"), read as the
# typewriter one by the rules and cues (which spell "i'm", "don't"); the text proposed keeps
# what was written.
APOSTROPHES = str.maketrans('’‘', "''")


def plain_quotes(text: str) -> str:
    return text.translate(APOSTROPHES) if '’' in text or '‘' in text else text


def whole(text: str) -> str:
    """The text with each lone surrogate replaced by U+FFFD: it encodes as UTF-8."""
    return text if text.isascii() else compiled(SURROGATE_RE).sub('\ufffd', text)


def sanitize(text: str) -> str:
    """Text without terminal escape sequences, control characters or lone surrogates (tabs and
    line breaks stay)."""
    text = whole(text)
    text = compiled(ESCAPE_RE).sub('', text) if '\x1b' in text else text
    return compiled(CONTROL_RE).sub(' ', text.replace('\r\n', '\n').replace('\r', '\n'))


def shown(name: str) -> str:
    """A file name as a message names it: as it is when it prints as itself, else in bash's
    $'...' quoting (a tab as \\t, an escape as \\x1b), so nothing in it is altered or run."""
    if '\t' not in name and '\n' not in name and sanitize(name) == name:
        return name
    return "$'" + ''.join(map(ansi_c, name)) + "'"


def ansi_c(ch: str) -> str:
    """One character inside bash's $'...'."""
    if ch in "\\'":
        return '\\' + ch
    if ch in '\t\n':
        return '\\t' if ch == '\t' else '\\n'
    if ch.isprintable():
        return ch
    if 0xDC80 <= ord(ch) <= 0xDCFF:  # a byte of a name that is not UTF-8, as Python holds it
        return f'\\x{ord(ch) - 0xDC00:02x}'
    return f'\\x{ord(ch):02x}' if ord(ch) < 0x80 else f'\\u{ord(ch):04x}'
