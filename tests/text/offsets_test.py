"""A huge turn's sentences held as places in its text read as split_marked's sentences, and the
whole pipeline judges a turn the same either way."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.base.files import iter_lines
from memory_gate.base.records import Transcript
from memory_gate.reading import pipeline
from memory_gate.reading.pipeline import build
from memory_gate.reading.placing import is_marked_line
from memory_gate.reading.records import Settings
from memory_gate.text.offsets import Marked
from memory_gate.text.sentences import split_marked

ROOT = Path(__file__).resolve().parents[2]
PARTS = ['We use pnpm.', 'e.g. this', ' ', '  ', '\n', '\n\n', '- ', '* ', '1. ', '## ', '> ',
         '#', 'Never push!', 'why? ', '以后都用 UTC。', '好的！', '；', '\t', '\u3000', 'a', '...',
         '"quoted." ', '1) ', '-- ', '•', '`', '``', 'a) ', 'b. ', '`x. y`', 'SELECT ... FOR']


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PARTS), max_size=30))
def test_marked_reads_as_split_marked(parts: list[str]) -> None:
    text = ''.join(parts)
    held = Marked(text)
    assert list(held) == list(split_marked(text))
    assert len(held) == len(list(split_marked(text)))
    assert list(held[1:3]) == list(split_marked(text))[1:3]


MARKED_PARTS = [*PARTS, 'Memory: ', '**Memory:** ', '`Memory:` ', '记住：', 'x  y', ' Memory:']


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(MARKED_PARTS), max_size=30))
def test_marked_keeps_the_lines_split_marked_keeps_whole(parts: list[str]) -> None:
    """A line marked for memory is one piece as written, held by offset as by string."""
    text = ''.join(parts)
    held = Marked(text, is_marked_line)
    assert list(held) == list(split_marked(text, is_marked_line))
    assert list(held[1:3]) == list(split_marked(text, is_marked_line))[1:3]


def test_marked_on_the_test_transcripts() -> None:
    for path in sorted((ROOT / 'tests' / 'transcripts').rglob('*.jsonl')):
        text = path.read_text(encoding='utf-8', errors='replace')
        assert list(Marked(text)) == list(split_marked(text)), path


def results(monkeypatch: pytest.MonkeyPatch, held_whole: int) -> list[str]:
    monkeypatch.setattr(pipeline, 'HELD_WHOLE', held_whole)
    out = []
    for path in sorted((ROOT / 'tests' / 'transcripts').rglob('*.jsonl')):
        with open(path, 'rb') as f:
            result = build([Transcript(str(path), iter_lines(f))], Settings(candidates=5))
        out.append(repr(result))
    return out


def test_the_pipeline_judges_held_places_as_held_strings(monkeypatch: pytest.MonkeyPatch) -> None:
    assert results(monkeypatch, 0) == results(monkeypatch, 1 << 40)
