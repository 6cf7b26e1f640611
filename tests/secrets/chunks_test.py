"""The engine reading many lines at once (chunks.py): a line its chunk does not flag holds
nothing the engine finds on that line alone, so the scan's findings stay those of a call a line.
Hostile lines: gitleaks' examples in JSON strings with escapes around and inside them, split over
strings, cut short (an unfinished PEM block before a whole key), repeated on other lines, at the
end of a line's texts. Every credential here is fake.
"""
from __future__ import annotations

import importlib
import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_gate.base.records import Secret
from memory_gate.secrets import chunks, engine
from memory_gate.secrets.scan import Read, read, watch
from memory_gate.secrets.spans import engine_spans

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / 'benchmarks' / 'conformance' / 'gitleaks_examples.jsonl'
has_engine = pytest.mark.skipif(engine.loaded() is None, reason='the engine is not installed')
GITHUB = 'ghp_' + 'Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznBab12'
PEM = ('-----BEGIN RSA PRIVATE KEY-----\n'
       'MIIEpQIBAAKCAQEAn6/O8li+SX4m98LLYt/PKSzEmQ++ZBD7Loh9P13f4yQ92EF3\n'
       'yxR5MsXFu9PRsrYQA7/4UTPHiC4y2sAVCBg4C2yyBpUEtMQjyCESi6Y=\n-----END RSA PRIVATE KEY-----')


def texts_of(lines: list[str]) -> list[list[str] | None]:
    got = [read(line.encode()) for line in lines]
    return [[value for _, value, _ in g.fields] if isinstance(g, Read) and g.engine_reads
            else None for g in got]


def alone(texts: list[str] | None) -> bool:
    """Whether the scan's call for this line alone finds something (spans.engine_spans)."""
    return texts is not None and any(engine_spans(texts))


def missed(lines: list[str]) -> list[int]:
    texts = texts_of(lines)
    flagged = chunks.flags(texts)
    return [n for n, t in enumerate(texts) if alone(t) and not flagged[n]]


def true_examples() -> list[str]:
    if not EXAMPLES.exists():
        return []
    rows = [json.loads(line) for line in EXAMPLES.read_text(encoding='utf-8').splitlines()]
    return [row['text'] for row in rows if row['kind'] == 'true']


EXAMPLE_TEXTS = true_examples()


def record(text: str, shape: int, cut: int) -> dict[str, object]:
    """One of the shapes a transcript writes a text in."""
    parts = text.split('\n')
    shapes: list[dict[str, object]] = [
        {'type': 'user', 'message': {'role': 'user', 'content': text}},
        {'type': 'user', 'message': {'content': [
            {'type': 'tool_result', 'tool_use_id': 'toolu_1', 'content': text}]}},
        {'type': 'assistant', 'message': {'content': [
            {'type': 'text', 'text': part} for part in parts]}},
        {'payload': {'type': 'function_call_output',
                     'output': json.dumps({'output': text, 'metadata': {'exit_code': 0}})}},
        {'text': text.replace('\n', '\\n').replace('"', '\\"')},
        {'text': text[:cut]},  # cut short: an unfinished block or token
        {'a': 'see', 'b': parts[-1]},  # at the end of the line's texts
        {'k': f'prefix {text} suffix', 'uuid': '3f1c7a9e-2b4d-4e8f-9a1b-0c2d3e4f5a6b'},
    ]
    return shapes[shape % len(shapes)]


@has_engine
@pytest.mark.skipif(not EXAMPLE_TEXTS, reason='no conformance examples')
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 7), st.integers(0, 400)),
                min_size=1, max_size=24), st.data())
def test_a_line_the_chunk_does_not_flag_holds_nothing_the_engine_finds_alone(
        picks: list[tuple[int, int, int]], data: st.DataObject) -> None:
    lines = [json.dumps(record(EXAMPLE_TEXTS[i % len(EXAMPLE_TEXTS)], shape, cut))
             for i, shape, cut in picks]
    repeated = data.draw(st.lists(st.integers(0, len(lines) - 1), max_size=4))
    lines += [lines[n] for n in repeated]  # the same secret on lines far apart
    assert missed(lines) == []


@has_engine
def test_a_key_after_an_empty_pem_block_on_the_line_before_is_flagged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    empty = '-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----'
    lines = [json.dumps({'text': f'an empty key: {empty}'}),
             json.dumps({'text': f'cat other.pem\n{PEM}\n'})]
    assert alone(texts_of(lines)[1])
    assert missed(lines) == []
    # why NEEDLED holds the PEM rule: in one buffer the block begun on the first line (too short
    # to end there) runs on into the second line's header, is no key, and the second line's own
    # block is not matched
    monkeypatch.setattr(chunks, 'NEEDLES', ())
    assert missed(lines) == [1]


@has_engine
def test_a_sidekiq_url_at_the_end_of_a_lines_texts_is_flagged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    url = 'https://cafebabe:deadbeef@gems.contribsys.com'
    lines = [json.dumps({'a': 'the mirror', 'b': url}), json.dumps({'a': 'next'})]
    assert 'sidekiq' in repr([engine.short_rule(f.rule_id) for f in engine_findings(url)])
    assert missed(lines) == []


def engine_findings(text: str) -> list[Any]:
    scanner = engine.loaded()
    assert scanner is not None
    return [f for f in scanner.scan(text.encode()) if f.visible]


@has_engine
def test_a_token_on_two_far_apart_lines_of_one_transcript_is_reported_on_both() -> None:
    """Twice in one chunk (its first and nearly its last line), and once in the next chunk."""
    filler = [json.dumps({'type': 'user', 'message': {'content': f'step {n} of the build'}})
              for n in range(chunks.CHUNK_LINES)]
    said = json.dumps({'type': 'user', 'message': {'content': f'use {GITHUB} for the API'}})
    lines = [said, *filler[:-10], said, *filler, said]
    out: list[Secret] = []
    assert len(list(watch('t.jsonl', iter(x.encode() for x in lines), 1, out, frozenset()))) \
        == len(lines)
    assert [s.line for s in out] == [1, chunks.CHUNK_LINES - 8, len(lines)]
    assert {s.kind for s in out} == {'GitHub token'}


@given(st.lists(st.text(st.sampled_from('ab\\nt"\'\n\u00ad\u200b\u00e9 '), max_size=12),
                max_size=5))
def test_line_bytes_are_what_a_lines_own_call_gives_the_engine(texts: list[str]) -> None:
    from memory_gate.secrets.spans import unescaped

    own = b'\n'.join(engine.as_read([unescaped(text) for text in texts])[1])
    assert chunks.line_bytes(texts) == own


def test_lines_the_engine_does_not_read_are_never_flagged() -> None:
    assert chunks.flags([None, None]) == [False, False]
    assert chunks.flags([]) == []


# The engine's patterns as Python's own parser reads them (Rust's inline flags made global: a
# superset), to keep chunks.NEEDLED up to date.
INLINE_FLAGS_RE = r'\(\?([imsx]+)\)'
MOST_STATES = 200_000  # a pattern past this many is taken to cross
SRE_BEFORE_3_11 = {'parser': 'sre_parse', 'compiler': 'sre_compile', 'constants': 'sre_constants'}


def sre(name: str) -> Any:
    """The standard library's regular expression parser ('parser', 'compiler', 'constants'):
    re._parser from Python 3.11, sre_parse before."""
    try:
        return importlib.import_module(f're._{name}')
    except ImportError:
        return importlib.import_module(SRE_BEFORE_3_11[name])


def parsed(pattern: str) -> Any:
    flags: set[str] = set()

    def cut(m: re.Match[str]) -> str:
        flags.update(m.group(1))
        return ''

    text = re.sub(INLINE_FLAGS_RE, cut, pattern.replace('\\z', '\\Z'))
    return sre('parser').parse((f'(?{"".join(sorted(flags))})' if flags else '') + text, 0)


class Automaton:
    """A pattern as states: each takes one character class to a next state, or passes on to
    others without one; lookarounds and anchors pass (a superset of what it matches)."""

    def __init__(self, chars: str) -> None:
        self.chars = chars
        self.take: list[tuple[frozenset[str], int] | None] = []
        self.passes: list[list[int]] = []
        self.known: dict[tuple[object, ...], frozenset[str]] = {}

    def new(self, after: int | None = None) -> int:
        if len(self.take) > MOST_STATES:
            raise OverflowError
        self.take.append(None)
        self.passes.append([])
        if after is not None:
            self.passes[after].append(len(self.take) - 1)
        return len(self.take) - 1

    def taken(self, op: object, av: object, flags: int) -> frozenset[str]:
        key = (op, repr(av), flags)
        if key not in self.known:
            one = sre('compiler').compile(sre('parser').SubPattern(sre('parser').State(),
                                                                  [(op, av)]), flags)
            self.known[key] = frozenset(c for c in self.chars if one.fullmatch(c))
        return self.known[key]

    def sequence(self, tree: Any, flags: int, at: int) -> int:
        for op, av in tree:
            at = self.item(op, av, flags, at)
        return at

    def item(self, op: Any, av: Any, flags: int, at: int) -> int:
        C = sre('constants')
        if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
            here, end = self.new(at), self.new()
            self.take[here] = (self.taken(op, av, flags), end)
            return end
        if op == C.SUBPATTERN:
            return self.sequence(av[3], (flags | av[1]) & ~av[2], at)
        if op == C.BRANCH:
            end = self.new()
            for branch in av[1]:
                self.passes[self.sequence(branch, flags, self.new(at))].append(end)
            return end
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, 'POSSESSIVE_REPEAT', None)):
            return self.repeat(av, flags, at)
        if op == getattr(C, 'ATOMIC_GROUP', None):
            return self.sequence(av, flags, at)
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            return at
        loop = self.new(at)  # a back reference, a conditional: anything
        self.take[self.new(loop)] = (frozenset(self.chars), loop)
        return loop

    def repeat(self, av: Any, flags: int, at: int) -> int:
        least, most, body = av
        for _ in range(least):
            at = self.sequence(body, flags, self.new(at))
        if most == sre('constants').MAXREPEAT:
            loop = self.new(at)
            self.passes[self.sequence(body, flags, loop)].append(loop)
            return loop
        end = self.new()
        for _ in range(most - least):
            self.passes[at].append(end)
            at = self.sequence(body, flags, self.new(at))
        self.passes[at].append(end)
        return end

    def onward(self, states: set[int]) -> set[int]:
        seen, todo = set(states), list(states)
        while todo:
            for nxt in self.passes[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen


def takes_whole(pattern: str, text: str) -> bool:
    """Whether some match of the pattern holds `text` (from any state of it on)."""
    machine = Automaton(''.join(sorted(set(text))))
    try:
        tree = parsed(pattern)
        machine.sequence(tree, tree.state.flags, machine.new())
    except OverflowError:
        return True
    live = machine.onward(set(range(len(machine.take))))
    for char in text:
        steps = (machine.take[s] for s in live)
        live = machine.onward({step[1] for step in steps if step is not None and char in step[0]})
        if not live:
            return False
    return True


def test_takes_whole_reads_patterns_as_they_match() -> None:
    assert takes_whole(r'a.*b', 'xyz') and not takes_whole(r'a.*b', 'x\ny')
    assert takes_whole(r'(?:[\r\n]{1,2}.*){1,5}', '\n' * 10)
    assert not takes_whole(r'(?:[\r\n]{1,2}.*){1,5}', '\n' * 11)
    assert not takes_whole(r'"[^"]+"', 'a"b"c') and takes_whole(r'(?i)KEY', 'ey')


def literal_sets(tree: Any, flags: int) -> list[set[str]]:
    """Sets of literals one of each of which is in every match (lowercase): the runs of
    literals a match must pass, and for a choice, those every branch must pass or one run of
    each branch."""
    C = sre('constants')
    out: list[set[str]] = []
    run = ''
    for op, av in tree:
        if op == C.LITERAL:
            run += chr(av)
            continue
        out += [{run.lower()}] if run else []
        run = ''
        if op == C.SUBPATTERN:
            out += literal_sets(av[3], (flags | av[1]) & ~av[2])
        elif op == C.BRANCH:
            each = [literal_sets(branch, flags) for branch in av[1]]
            out += [s for s in each[0] if all(s in other for other in each[1:])]
            if all(each):
                out.append(set().union(*(max(e, key=lambda s: min(map(len, s))) for e in each)))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT) and av[0] >= 1:
            out += literal_sets(av[2], flags)
    return [*out, {run.lower()}] if run else out


def end_not_a_line_break(pattern: str) -> bool:
    """Whether a `$`, `^` or `\\z` of the pattern stands in a group that no line break matches
    without it ('(?:[/#?:]|$)'); one at the top level, or a group Python cannot read, counts."""
    for at, width, group in anchors(pattern):
        if group < 0:
            return True
        text = pattern[group:closing(pattern, group)]
        try:
            if not re.fullmatch(text.replace(pattern[at:at + width], '(?!)', 1), '\n'):
                return True
        except re.error:
            return True
    return False


def syntax(pattern: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """Each place of the pattern outside character classes from `start` on, with what stands
    there: an escape whole ('\\z'), or one character."""
    at, in_class = start, False
    while at < len(pattern):
        char = pattern[at]
        if char == '\\':
            if not in_class:
                yield at, pattern[at:at + 2]
            at += 2
        elif in_class:
            in_class = char != ']'
            at += 1
        elif char == '[':
            in_class = True
            at += 2 if pattern[at + 1:at + 2] in ('^', ']') else 1
        else:
            yield at, char
            at += 1


def anchors(pattern: str) -> list[tuple[int, int, int]]:
    """Each end anchor outside classes: where, how wide, and where its group opens (-1: none)."""
    out: list[tuple[int, int, int]] = []
    opened: list[int] = []
    for at, token in syntax(pattern):
        if token == '(':
            opened.append(at)
        elif token == ')':
            opened.pop()
        elif token in ('$', '^', '\\z'):  # a line's first text follows a line break in a chunk
            out.append((at, len(token), opened[-1] if opened else -1))
    return out


def closing(pattern: str, start: int) -> int:
    """Where the group opened at `start` closes, past its ')'."""
    depth = 0
    for at, token in syntax(pattern, start):
        depth += (token == '(') - (token == ')')
        if token == ')' and depth == 0:
            return at + 1
    return len(pattern)


@has_engine
def test_needled_holds_the_installed_rules_a_chunk_may_not_read_as_each_line_alone() -> None:
    from kingfisher_sdk import Rules

    warnings.simplefilter('ignore', FutureWarning)  # Python reads '[[' as a set to come
    rules = Rules()
    separator = chunks.SEPARATOR.decode('latin-1')
    found = set()
    for meta in rules.metadata():
        pattern = rules.detail(meta['id'])['pattern']
        if takes_whole(pattern, separator) or end_not_a_line_break(pattern):
            found.add(meta['id'])
            tree = parsed(pattern)
            needles = {n.decode() for n in chunks.NEEDLED.get(meta['id'], ())}
            assert needles in literal_sets(tree, tree.state.flags), meta['id']
    assert found == set(chunks.NEEDLED)
