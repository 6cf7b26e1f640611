"""The composed pipeline: every line and sentence accounted for, and the fast path equals the
straightforward one."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.harness import claude_line, simple_line
from memory_gate.base.files import iter_lines
from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings

ROOT = Path(__file__).resolve().parents[2]
FILES = [*sorted((ROOT / 'tests' / 'transcripts').glob('*/*.jsonl')),
         ROOT / 'examples' / 'session.jsonl']
DEVSET = ROOT / 'benchmarks' / 'devset' / 'sessions.txt'
# The straightforward pipeline: every rule is tried on every sentence (no gates, so the screens
# prune nothing).
PLAIN = Settings(
    signal_rules=tuple(r._replace(contains=(), starts=()) for r in Settings().signal_rules),
    noise_rules=tuple(r._replace(contains=(), starts=()) for r in Settings().noise_rules))


DEFAULT = Settings()


def run(lines: list[bytes | None], settings: Settings = DEFAULT) -> Result:
    return build([Transcript('t.jsonl', lines)], settings._replace(max_add=10**6))


def samples() -> list[tuple[str, list[bytes | None]]]:
    out: list[tuple[str, list[bytes | None]]] = []
    for path in FILES:
        with open(path, 'rb') as f:
            out.append((path.name, list(iter_lines(f))))
    said = DEVSET.read_text(encoding='utf-8').splitlines()
    devset: list[bytes | None] = [json.dumps({'role': 'user', 'text': line[3:]}).encode() + b'\n'
                                  for line in said if line[:3] in ('U> ', 'A> ', '.. ')]
    out.append(('devset', devset))
    rng = random.Random(5)
    out.append(('generated prose', [simple_line(rng, i) for i in range(300)]))
    out.append(('generated claude', [claude_line(rng, i) for i in range(60)]))
    return out


@pytest.mark.parametrize(('name', 'lines'), samples(), ids=[n for n, _ in samples()])
def test_fast_path_output_is_identical_to_the_straightforward_pipeline(
        name: str, lines: list[bytes | None]) -> None:
    fast, plain = run(lines), run(lines, PLAIN)
    assert fast.proposed == plain.proposed
    assert fast.stats == plain.stats


@pytest.mark.parametrize(('name', 'lines'), samples(), ids=[n for n, _ in samples()])
def test_every_line_and_sentence_is_accounted_for(name: str, lines: list[bytes | None]) -> None:
    stats: Counter[str] = run(lines, Settings(max_add=3)).stats
    skipped = sum(v for k, v in stats.items()
                  if k.startswith('skipped_') and not k.endswith(('_turns', '_prompt')))
    unparsed = stats['blank'] + stats['oversized'] + stats['malformed']
    assert stats['lines'] == unparsed + stats['mined'] + skipped
    assert stats['parsed'] == stats['lines'] - unparsed
    assert stats['sentences'] == stats['dropped_no_signal'] + stats['signal']
    assert stats['signal'] == sum(stats[k] for k in (
        'dropped_noise', 'dropped_length', 'withheld_secret', 'duplicate', 'already_in_memory',
        'declined', 'already_proposed', 'held_back', 'proposed', 'below_threshold',
        'not_accepted', 'marked_none', 'screened', 'joined'))
    assert stats['dropped_noise'] == sum(v for k, v in stats.items() if k.startswith('noise:'))


def test_declined_and_already_proposed_are_counted_apart() -> None:
    lines: list[bytes | None] = [json.dumps({'role': 'user', 'text': t}).encode() for t in (
        'Never push directly to main.', 'We decided to keep the parser in pure Python.',
        'Releases must be tagged from main.')]
    result = build([Transcript('t.jsonl', lines)], Settings(),
                   '- releases must be tagged from main\n',
                   declined={'never push directly to main'},
                   proposed_before=['We decided to keep the parser in pure Python'])
    assert result.proposed == []
    stats = result.stats
    assert (stats['declined'], stats['already_proposed'], stats['already_in_memory']) == (1, 1, 1)


def test_first_occurrence_wins_and_order_is_chronological() -> None:
    lines: list[bytes | None] = [json.dumps({'role': r, 'text': t}).encode() for r, t in (
        ('user', 'Never push directly to main.'), ('assistant', 'We decided to vendor the parser.'),
        ('assistant', 'never push directly to main!'))]
    result = run(lines, Settings(threshold=0.0))
    assert [(p.line, p.role) for p in result.proposed] == [(1, 'user'), (2, 'assistant')]
    assert result.stats['duplicate'] == 1


def test_proposals_of_several_transcripts_keep_transcript_order() -> None:
    """Candidates under the threshold in the first transcript do not reorder the kept ones of
    the next."""
    def lines(*turns: tuple[str, str]) -> list[bytes | None]:
        return [json.dumps({'role': r, 'text': t}).encode() for r, t in turns]
    first = lines(*[('assistant', f'The worker {n} always returns `None`.') for n in range(5)],
                  ('user', 'Never push directly to main.'))
    second = lines(('user', 'Releases must always be tagged from main.'))
    result = build([Transcript('a.jsonl', first), Transcript('b.jsonl', second)], Settings())
    assert [p.source for p in result.proposed] == ['a.jsonl', 'b.jsonl']


def test_a_lone_surrogate_in_a_session_id_becomes_the_replacement_character() -> None:
    line = ('{"type":"user","sessionId":"ab\\ud83d","timestamp":"t\\udc00","uuid":"1","message":'
            '{"role":"user","content":'
            '"We decided to use Postgres for all persistence, not SQLite."}}')
    [p] = build([Transcript('c.jsonl', [line.encode()])], Settings()).proposed
    assert (p.session, p.timestamp) == ('ab\ufffd', 't\ufffd')
