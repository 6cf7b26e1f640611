"""Copilot CLI's hooks as 1.0.102 runs them (issue 44; payloads in docs/CLIENTS.md): sessionEnd
names only `sessionId` and `cwd`, so the session's file is found by its id (checked to be no path
first); agentStop runs before events.jsonl is written out, so the hook waits, bounded, for the file
to hold the hook.start of its own event (the event's `timestamp`, milliseconds)."""

from __future__ import annotations

import json
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from memory_gate.agents import session_work
from tests.agents.agent_hook_test import hook
from tests.conftest import write_jsonl

SID = 'caf775e7-9f7c-42d6-8f26-b8799cf32895'
NOW_MS = 1796547118085  # 2026-12-06T08:51:58.085Z


def iso(ms: int) -> str:
    moment = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    return moment.strftime('%Y-%m-%dT%H:%M:%S.') + f'{ms % 1000:03d}Z'


def event(kind: str, data: dict[str, object], ms: int) -> dict[str, object]:
    return {'type': kind, 'data': data, 'id': f'e{ms}', 'timestamp': iso(ms)}


def events(home: Path, cwd: Path, sid: str = SID) -> Path:
    """A session as 1.0.102 writes it: session.start, a prompt, a tool run, a reply."""
    context = {'cwd': str(cwd)}
    return write_jsonl(
        home / '.copilot' / 'session-state' / sid / 'events.jsonl',
        event('session.start', {'sessionId': sid, 'copilotVersion': '1.0.102',
                                'context': context}, NOW_MS - 400),
        event('user.message', {'content': 'Never push to main.'}, NOW_MS - 300),
        event('tool.execution_start', {'toolCallId': 't1', 'toolName': 'bash'}, NOW_MS - 200),
        event('assistant.message', {'content': 'Done.', 'toolRequests': []}, NOW_MS - 100),
    )


def session_end(sid: object, cwd: Path) -> dict[str, object]:
    return {'reason': 'complete', 'sessionId': sid, 'timestamp': NOW_MS - 50, 'cwd': str(cwd)}


def test_session_end_without_transcript_path_collects_that_session(
    repo: Path, tmp_path: Path
) -> None:
    home = tmp_path / 'home'
    source = events(home, repo.resolve())
    done = hook(repo, session_end(SID, repo), 'session-end', home=home)
    assert (done.returncode, done.stderr) == (0, '')
    assert f'transcripts/copilot-{SID}.jsonl: new' in done.stdout
    assert (repo / 'transcripts' / f'copilot-{SID}.jsonl').read_bytes() == source.read_bytes()


@pytest.mark.parametrize('sid', ['../../etc', 'a/b', '', '.', '..', 7, None])
def test_a_session_id_that_is_no_id_names_no_file(sid: object, repo: Path, tmp_path: Path) -> None:
    home = tmp_path / 'home'
    events(home, repo.resolve())
    done = hook(repo, session_end(sid, repo), 'session-end', home=home)
    assert done.returncode == 0 and done.stdout == ''
    assert done.stderr.startswith('memory-gate agent-hook: the event names no transcript_path')
    assert len(done.stderr.splitlines()) == 1
    assert not (repo / 'transcripts').exists()


def test_agent_stop_waits_for_the_events_of_its_own_stop(repo: Path, tmp_path: Path) -> None:
    """The file does not exist when agentStop starts; Copilot writes it 0.2 s later, its last
    record the hook.start of this stop: the hook asks (one prompt, the setting 1)."""
    home = tmp_path / 'home'
    path = home / '.copilot' / 'session-state' / SID / 'events.jsonl'
    stop = {'sessionId': SID, 'transcriptPath': str(path), 'stopReason': 'end_turn',
            'stop_hook_active': False, 'timestamp': NOW_MS, 'cwd': str(repo)}

    def write_late() -> None:
        time.sleep(0.2)
        events(home, repo.resolve())
        with path.open('a') as f:
            start: dict[str, object] = {'hookType': 'agentStop', 'input': stop}
            f.write(json.dumps(event('hook.start', start, NOW_MS)) + '\n')

    writer = threading.Thread(target=write_late)
    writer.start()
    done = hook(repo, stop, 'stop', '--ask-after-prompts', '1', home=home)
    writer.join()
    assert (done.returncode, done.stderr) == (0, '')
    assert json.loads(done.stdout)['decision'] == 'block'


def test_the_wait_is_bounded_and_only_for_a_millisecond_timestamp(tmp_path: Path) -> None:
    path = events(tmp_path, tmp_path)  # its records end before NOW_MS: the stop's never comes
    started = time.monotonic()
    session_work.flushed(str(path), NOW_MS)
    waited = time.monotonic() - started
    assert session_work.FLUSH_SECONDS <= waited < session_work.FLUSH_SECONDS + 1
    started = time.monotonic()
    for stamp in ('2026-12-06T08:51:58.085Z', None, True, NOW_MS - 100):
        session_work.flushed(str(path), stamp)
    assert time.monotonic() - started < 0.5
