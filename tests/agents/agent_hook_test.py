"""`memory-gate agent-hook`, fed the events each agent documents (the fixtures below cite where),
run as the agent runs it: a command with the event on stdin, in the project directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memory_gate.base.records import Transcript
from memory_gate.commands import agent_hook
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Settings
from tests.conftest import ENV, write_jsonl

# Claude Code's Stop and SessionEnd input, as https://code.claude.com/docs/en/hooks documents them
# ("Stop input", "SessionEnd input"); transcript_path is filled in per test.
CLAUDE_STOP = {
    'session_id': 'abc123',
    'transcript_path': '',
    'cwd': '',
    'permission_mode': 'default',
    'hook_event_name': 'Stop',
    'stop_hook_active': False,
}
CLAUDE_SESSION_END = {
    'session_id': 'abc123',
    'transcript_path': '',
    'cwd': '',
    'permission_mode': 'default',
    'hook_event_name': 'SessionEnd',
    'reason': 'other',
}
# Gemini CLI's AfterAgent input: the base fields and prompt, prompt_response, stop_hook_active
# (google-gemini/gemini-cli docs/hooks/reference.md @06c0d8103ddd56c09b276843c9fd538302028a23).
GEMINI_AFTER_AGENT = {
    'session_id': 'g1',
    'transcript_path': '',
    'cwd': '',
    'hook_event_name': 'AfterAgent',
    'timestamp': '2026-01-01T00:00:00Z',
    'prompt': 'fix it',
    'prompt_response': 'Fixed.',
    'stop_hook_active': False,
}
# Copilot CLI's agentStop input (github/docs pull 43876,
# content/copilot/reference/hooks-configuration.md,
# "Agent stop hook", commit d0c54fe990dd1291257db76f4459f28d24e6cd2f): camelCase, no
# stop_hook_active.
COPILOT_AGENT_STOP = {
    'timestamp': 1704614750000,
    'cwd': '',
    'sessionId': 'c1',
    'transcriptPath': '',
    'stopReason': 'end_turn',
}


def claude_user(text: str, **extra: object) -> dict[str, object]:
    return {
        'type': 'user',
        'uuid': 'u',
        'sessionId': 'abc123',
        'cwd': '/x',
        'message': {'role': 'user', 'content': text},
        **extra,
    }


def claude_tool(n: int) -> dict[str, object]:
    return {
        'type': 'assistant',
        'uuid': f't{n}',
        'sessionId': 'abc123',
        'message': {
            'role': 'assistant',
            'content': [
                {'type': 'tool_use', 'id': f't{n}', 'name': 'Bash', 'input': {'command': 'ls'}}
            ],
        },
    }


def claude_reply(text: str) -> dict[str, object]:
    return {
        'type': 'assistant',
        'uuid': 'a',
        'sessionId': 'abc123',
        'message': {'role': 'assistant', 'content': [{'type': 'text', 'text': text}]},
    }


# How Claude Code records a Stop hook's block reason in the session: a user record, isMeta,
# "Stop hook feedback:" then the reason (anthropics/claude-code issue 20221: "sent ... as a user
# message with isMeta: true"; the prefix as Claude Code's transcripts hold it, e.g.
# "Stop hook feedback:\n[command]: reason").
def claude_feedback(reason: str) -> dict[str, object]:
    return claude_user(f'Stop hook feedback:\n[memory-gate agent-hook stop]: {reason}', isMeta=True)


def hook(
    cwd: Path, event: dict[str, object], *args: str, home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**ENV, **({'HOME': str(home)} if home else {})}
    return subprocess.run(
        (sys.executable, '-m', 'memory_gate', 'agent-hook', *args),
        cwd=cwd,
        input=json.dumps(event),
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def stop_event(path: Path, **extra: object) -> dict[str, object]:
    return {**CLAUDE_STOP, 'transcript_path': str(path), 'cwd': str(path.parent), **extra}


def test_blocks_once_with_the_instruction_when_the_session_holds_enough_work(
    tmp_path: Path,
) -> None:
    session = write_jsonl(
        tmp_path / 's.jsonl',
        *(claude_user(f'do step {n}') for n in range(3)),
        claude_reply('Done.'),
    )
    done = hook(tmp_path, stop_event(session))
    assert (done.returncode, done.stderr) == (0, '')
    assert json.loads(done.stdout) == {
        'decision': 'block', 'reason': agent_hook.ASK, 'systemMessage': agent_hook.NOTE
    }
    # Claude Code records the reason, the agent answers: the next stop finds the ask in the
    # transcript and lets it through.
    with session.open('a') as f:
        for record in (
            claude_feedback(agent_hook.ASK),
            claude_reply('Memory: the export job reads the replica.'),
        ):
            f.write(json.dumps(record) + '\n')
    assert hook(tmp_path, stop_event(session)).stdout == ''
    assert (
        hook(tmp_path, stop_event(session, stop_hook_active=True)).stdout == ''
    )  # the documented guard alone


def test_lets_the_stop_through_when_the_session_is_short(tmp_path: Path) -> None:
    session = write_jsonl(
        tmp_path / 's.jsonl',
        claude_user('one'),
        claude_user('two'),
        *(claude_tool(n) for n in range(19)),
    )
    done = hook(tmp_path, stop_event(session))
    assert (done.returncode, done.stdout, done.stderr) == (0, '', '')


def test_twenty_tool_calls_are_enough_work_and_injected_or_meta_prompts_are_not_prompts(
    tmp_path: Path,
) -> None:
    tools = write_jsonl(
        tmp_path / 't.jsonl', claude_user('go'), *(claude_tool(n) for n in range(20))
    )
    assert json.loads(hook(tmp_path, stop_event(tools)).stdout)['decision'] == 'block'
    meta = write_jsonl(
        tmp_path / 'm.jsonl',
        claude_user('go'),
        claude_user('<system-reminder>x</system-reminder>'),
        claude_user('Caveat: The messages below were generated by the user'),
        claude_user('y', isMeta=True),
    )
    assert hook(tmp_path, stop_event(meta)).stdout == ''


def test_asks_again_only_after_as_much_new_work(tmp_path: Path) -> None:
    session = write_jsonl(
        tmp_path / 's.jsonl',
        *(claude_user(f'step {n}') for n in range(3)),
        claude_feedback(agent_hook.ASK),
        claude_reply('Memory: none'),
        claude_user('one more thing'),
    )
    assert hook(tmp_path, stop_event(session)).stdout == ''
    with session.open('a') as f:
        f.writelines(json.dumps(claude_user(f'and {n}')) + '\n' for n in range(2))
    assert json.loads(hook(tmp_path, stop_event(session)).stdout)['decision'] == 'block'


def test_the_threshold_is_a_setting(tmp_path: Path) -> None:
    session = write_jsonl(tmp_path / 's.jsonl', claude_user('only one prompt'))
    assert hook(tmp_path, stop_event(session)).stdout == ''
    (tmp_path / '.git').mkdir()
    (tmp_path / 'pyproject.toml').write_text('[tool.memory-gate]\nask-after-prompts = 1\n')
    assert json.loads(hook(tmp_path, stop_event(session)).stdout)['decision'] == 'block'
    assert (
        json.loads(hook(tmp_path, stop_event(session), '--ask-after-prompts', '1').stdout)[
            'decision'
        ]
        == 'block'
    )


@pytest.mark.parametrize(
    'stdin, event, message',
    [
        ('not json', None, 'stdin: not JSON'),
        ('[1]', None, 'stdin: expected a JSON object'),
        ('{}', 'stop', 'the event names no transcript_path'),
        (json.dumps({**CLAUDE_STOP, 'transcript_path': 'missing.jsonl'}), None, 'missing.jsonl'),
        (
            json.dumps({**CLAUDE_STOP, 'hook_event_name': 'PreToolUse'}),
            None,
            "unknown event 'pretooluse'",
        ),
    ],
)
def test_an_error_is_one_line_on_stderr_and_exit_0(
    tmp_path: Path, stdin: str, event: str | None, message: str
) -> None:
    done = subprocess.run(
        (sys.executable, '-m', 'memory_gate', 'agent-hook', *([event] if event else [])),
        cwd=tmp_path,
        input=stdin,
        capture_output=True,
        text=True,
        env=ENV,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, '')
    assert (
        done.stderr.count('\n') == 1 and message in done.stderr and 'Traceback' not in done.stderr
    )


def test_a_bad_setting_does_not_fail_the_stop(tmp_path: Path) -> None:
    session = write_jsonl(tmp_path / 's.jsonl', claude_user('one'))
    (tmp_path / '.git').mkdir()
    (tmp_path / 'pyproject.toml').write_text('[tool.memory-gate]\nask-after-prompt = 1\n')
    done = hook(tmp_path, stop_event(session))
    assert (done.returncode, done.stdout) == (
        0,
        '',
    ) and "did you mean 'ask-after-prompts'" in done.stderr


def test_gemini_after_agent_and_copilot_agent_stop(tmp_path: Path) -> None:
    messages = [
        {'id': str(n), 'timestamp': 't', 'type': 'user', 'content': f'step {n}'} for n in range(3)
    ]
    doc = {
        'sessionId': 'g1',
        'projectHash': 'h',
        'startTime': 't',
        'lastUpdated': 't',
        'messages': messages,
    }
    gemini = tmp_path / 'session-2026-01-01T00-00-g1.json'
    gemini.write_text(json.dumps(doc, indent=2))
    done = hook(tmp_path, {**GEMINI_AFTER_AGENT, 'transcript_path': str(gemini)}, 'stop')
    assert (
        json.loads(done.stdout)['decision'] == 'block'
    )  # Gemini CLI reads "block" as "deny" (reference.md)
    messages.append({'id': 'r', 'timestamp': 't', 'type': 'user', 'content': agent_hook.ASK})
    gemini.write_text(json.dumps(doc, indent=2))
    assert (
        hook(tmp_path, {**GEMINI_AFTER_AGENT, 'transcript_path': str(gemini)}, 'stop').stdout == ''
    )
    events: list[dict[str, object]] = [
        {
            'type': 'session.start',
            'data': {'sessionId': 'c1'},
            'id': 'a',
            'timestamp': 't',
            'parentId': None,
        }
    ]
    events += [
        {
            'type': 'user.message',
            'data': {'content': f'step {n}'},
            'id': f'u{n}',
            'timestamp': 't',
            'parentId': 'a',
        }
        for n in range(3)
    ]
    copilot = write_jsonl(tmp_path / 'events.jsonl', *events)
    done = hook(tmp_path, {**COPILOT_AGENT_STOP, 'transcriptPath': str(copilot)}, 'stop')
    assert json.loads(done.stdout)['decision'] == 'block'
    with copilot.open('a') as f:  # Copilot CLI enqueues the reason as the next user prompt
        f.write(
            json.dumps(
                {
                    'type': 'user.message',
                    'data': {'content': agent_hook.ASK},
                    'id': 'r',
                    'timestamp': 't',
                    'parentId': 'u2',
                }
            )
            + '\n'
        )
    assert (
        hook(tmp_path, {**COPILOT_AGENT_STOP, 'transcriptPath': str(copilot)}, 'stop').stdout == ''
    )


def test_the_recorded_instruction_is_injected_text_never_proposed_nor_the_users_words() -> None:
    lines = [
        json.dumps(r).encode() + b'\n'
        for r in (
            claude_user('fix the export'),
            claude_feedback(agent_hook.ASK),
            claude_user('Stop hook feedback:\n' + agent_hook.ASK),
            claude_reply('Memory: the export job reads from the read replica, never the primary.'),
        )
    ]
    result = build([Transcript('s.jsonl', lines)], Settings())
    assert [p.text for p in result.proposed] == [
        'the export job reads from the read replica, never the primary.'
    ]
    assert result.stats['skipped_injected'] == 2
    for fmt_record in (
        {
            'type': 'user.message',
            'data': {'content': agent_hook.ASK},
            'id': 'r',
            'timestamp': 't',
            'parentId': 'a',
        },
    ):
        start = {
            'type': 'session.start',
            'data': {'sessionId': 'c1'},
            'id': 'a',
            'timestamp': 't',
            'parentId': None,
        }
        copilot = build(
            [Transcript('e.jsonl', [json.dumps(start).encode(), json.dumps(fmt_record).encode()])],
            Settings(),
        )
        assert copilot.stats['skipped_injected'] == 1


def test_session_end_collects_that_session(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / 'home'
    slug = ''.join(c if c.isalnum() else '-' for c in str(repo.resolve()))
    session = write_jsonl(
        home / '.claude' / 'projects' / slug / 'abc123.jsonl',
        {**claude_user('Never push to main.'), 'cwd': str(repo.resolve())},
    )
    done = hook(
        repo, {**CLAUDE_SESSION_END, 'transcript_path': str(session), 'cwd': str(repo)}, home=home
    )
    assert (done.returncode, done.stderr) == (0, '')
    assert (repo / 'transcripts' / 'claude-abc123.jsonl').read_bytes() == session.read_bytes()
    elsewhere = write_jsonl(
        home / '.claude' / 'projects' / '-elsewhere' / 'zzz.jsonl',
        {**claude_user('x'), 'cwd': '/elsewhere'},
    )
    done = hook(repo, {**CLAUDE_SESSION_END, 'transcript_path': str(elsewhere)}, home=home)
    assert done.returncode == 0 and 'not a session of this checkout' in done.stderr
    assert not (repo / 'transcripts' / 'claude-zzz.jsonl').exists()


def test_snippet_prints_each_agents_hook_block_and_writes_nothing(tmp_path: Path) -> None:
    def snippet(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            (sys.executable, '-m', 'memory_gate', 'snippet', *args),
            cwd=tmp_path,
            capture_output=True,
            text=True,
            env=ENV,
            check=False,
        )

    claude = snippet('--agent', 'claude')
    block = json.loads(claude.stdout)  # stdout is the block alone: `> settings.json` is valid JSON
    where = 'merge into .claude/settings.json (memory-gate never writes it): where it does not'
    assert claude.stderr.startswith(f'memory-gate: {where}') and claude.stderr.count('\n') == 1
    [[stop]], [[end]] = ([h['hooks'] for h in block['hooks'][e]] for e in ('Stop', 'SessionEnd'))
    assert stop['type'] == 'command' and stop['command'].endswith('agent-hook stop')
    assert end['command'].endswith('agent-hook session-end')
    assert json.loads(snippet('--agent', 'gemini').stdout)['hooks'].keys() == {
        'AfterAgent',
        'SessionEnd',
    }
    copilot = json.loads(snippet('--agent', 'copilot').stdout)
    assert copilot['version'] == 1 and copilot['hooks'].keys() == {'agentStop', 'sessionEnd'}
    codex = snippet('--agent', 'codex')  # a Stop hook; no session end: collect, said on stderr
    assert json.loads(codex.stdout)['hooks'].keys() == {'Stop'}
    assert 'merge into .codex/hooks.json' in codex.stderr and 'memory-gate collect' in codex.stderr
    bad = snippet('--agent', 'vim')
    assert bad.returncode == 2 and 'expected one of claude' in bad.stderr
    assert os.listdir(tmp_path) == []
