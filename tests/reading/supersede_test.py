"""A later decision that replaces an earlier one wins (memory_gate/reading/supersede.py and
pipeline.supersede): through its own door (what a decision turns away from) and end to end (the
earlier is not proposed)."""
from __future__ import annotations

import json

import pytest

from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings
from memory_gate.reading.supersede import replaces, turned_away

EVERYTHING = Settings(threshold=0.0, max_add=100)


def run(*turns: tuple[str, str]) -> Result:
    lines = [json.dumps({'role': r, 'text': t}, ensure_ascii=False).encode() + b'\n'
             for r, t in turns]
    return build([Transcript('t.jsonl', lines)], EVERYTHING)


@pytest.mark.parametrize(('sentence', 'away'), [
    ('Change of plan: parquet instead of pickle for the feed cache.', {'pickle'}),
    ('We went with Redis Streams rather than Kafka.', {'kafka'}),
    ('We are moving off Heroku to Fly.', {'heroku'}),
    ('Automerge is out.', {'automerge'}),
    ('Redis 不要了。', {'redis'}),
    ('We switched in favour of parquet.', set()),  # what it turns to
    # flutter-docker-image, the assistant: a bare "not" contrasts two readings
    ('The ARG name loses its welded `17`, so a Flutter bump to 21 is a value change, not a rename.',
     set()),
])
def test_what_a_decision_turns_away_from(sentence: str, away: set[str]) -> None:
    assert turned_away(sentence) == away


def test_agreeing_with_an_earlier_decision_replaces_nothing() -> None:
    earlier = 'We decided to use Postgres for all persistence, rather than SQLite.'
    assert not replaces('We decided the cache lives in Postgres too, rather than SQLite.', earlier)
    assert replaces('We decided on SQLite instead of Postgres for the cache.', earlier)


def test_a_later_decision_that_replaces_an_earlier_one_wins() -> None:
    result = run(('user', 'We decided to cache the parsed feeds with pickle.'),
                 ('assistant', 'OK.'),
                 ('user', 'Change of plan: we decided on parquet instead of pickle for the cache.'))
    assert [p.text for p in result.proposed] == [
        'Change of plan: we decided on parquet instead of pickle for the cache.']
    assert result.stats['superseded'] == 1


def test_the_assistant_does_not_replace_the_users_decision() -> None:
    result = run(('user', 'We decided to cache the parsed feeds with pickle.'),
                 ('assistant', 'We decided on parquet instead of pickle for the cache.'))
    assert 'We decided to cache the parsed feeds with pickle.' in [p.text for p in result.proposed]
    assert result.stats['superseded'] == 0
