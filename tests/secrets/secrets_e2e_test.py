"""Issue 24's proof, through the real pre-commit: a credential in a transcript's tool output blocks
the commit (where, what kind, never the value), `memory-gate scrub` fixes it, an allowed finding
passes, and the value reaches no output, proposal, ledger or log. Every credential here is fake."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.commands.hook_test import Repo, hook_repo, project  # noqa: F401  (fixtures)

GH = 'ghp_' + 'EXAMPLE0' * 4 + 'Na'
AWS = 'AKIA' + 'EXAMPLE0' * 2
PG = 'S3cret' + 'Pw99'
ENV = (f'AWS_ACCESS_KEY_ID={AWS}\nDATABASE_URL=postgres://admin:{PG}@db:5432/app\n'
       f'GITHUB_TOKEN={GH}\n')
VALUES = (GH, AWS, PG)


def claude(*records: dict[str, object]) -> str:
    base = {'sessionId': 'sess-1', 'cwd': '/repo', 'version': '2.1.0',
            'timestamp': '2026-01-01T00:00:00Z'}
    return ''.join(json.dumps({**base, 'uuid': f'u{i}', **r}) + '\n' for i, r in enumerate(records))


def said(text: str) -> dict[str, object]:
    return {'type': 'user', 'message': {'role': 'user', 'content': text}}


def tool_result(output: str) -> dict[str, object]:
    content = [{'type': 'tool_result', 'tool_use_id': 'toolu_1', 'content': output}]
    return {'type': 'user', 'message': {'role': 'user', 'content': content},
            'toolUseResult': {'stdout': output}}


def stage(project: Repo, text: str, name: str = 'transcripts/s.jsonl') -> Path:
    path = project.path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    project.git('add', name)
    return path


def leaked(project: Repo, *outputs: subprocess.CompletedProcess[str],
           history: bool = True) -> list[str]:
    """The values found in any output, or in any file of the work tree but the transcripts, or in
    git's history (where an allowed value is, in its transcript)."""
    texts = [o.stdout + (o.stderr or '') for o in outputs]
    texts += [p.read_text(errors='replace') for p in project.path.rglob('*')
              if p.is_file() and '.git' not in p.parts and 'transcripts' not in p.parts]
    texts += [project.git('log', '-p', '--all')] if history else []
    return [v for v in VALUES if any(v in t for t in texts)]


def test_tool_output_credential_blocks_scrub_fixes_it_and_the_next_commit_passes(
    project: Repo,
) -> None:
    path = stage(project, claude(said('hello'), tool_result(f'$ cat .env\n{ENV}')))
    blocked = project.commit()
    assert blocked.returncode == 1, blocked.stdout
    where = 'transcripts/s.jsonl:2: '
    assert where + 'AWS access key id (AKIA…E0) in the transcript itself' in blocked.stdout
    assert where + 'password in a URL in the transcript itself' in blocked.stdout
    assert where + 'GitHub token (ghp_…Na) in the transcript itself' in blocked.stdout
    assert 'the commit is blocked. Rotate any that is real' in blocked.stdout
    assert 'memory-gate scrub transcripts/s.jsonl && git add transcripts/s.jsonl' in blocked.stdout
    before = path.read_bytes()
    scrub = project.memory_gate('scrub', 'transcripts/s.jsonl')
    assert scrub.returncode == 0 and 'transcripts/s.jsonl:2 GitHub token\n' in scrub.stdout
    after = path.read_bytes()
    assert [json.loads(line) for line in after.splitlines()][1]['toolUseResult']['stdout'] == (
        '$ cat .env\nAWS_ACCESS_KEY_ID=[REDACTED:AWS access key id]\n'
        'DATABASE_URL=postgres://admin:[REDACTED:password in a URL]@db:5432/app\n'
        'GITHUB_TOKEN=[REDACTED:GitHub token]\n')
    # a line with nothing to redact is byte-identical
    assert before.splitlines()[0] == after.splitlines()[0]
    again = project.memory_gate('scrub', 'transcripts/s.jsonl')
    # nothing to do: untouched
    assert again.returncode == 0 and again.stdout == '' and path.read_bytes() == after
    project.git('add', 'transcripts/s.jsonl')
    passed = project.commit()
    assert passed.returncode == 0, passed.stdout
    assert leaked(project, blocked, scrub, again, passed) == []


def test_an_allowed_finding_passes_and_stays_allowed_when_the_transcript_grows(
    project: Repo,
) -> None:
    text = claude(said('hello'), tool_result(f'$ cat docs/example.env\nGITHUB_TOKEN={GH}\n'))
    stage(project, text)
    assert project.commit().returncode == 1
    allow = project.memory_gate('scrub', '--allow', '--all', 'transcripts/s.jsonl')
    assert allow.returncode == 0 and 'transcripts/s.jsonl:2 GitHub token' in allow.stdout
    listed = (project.path / '.memory-gate-allowed.txt').read_text()
    assert listed.startswith('# memory-gate:')
    assert ' GitHub token ghp_…Na transcripts/s.jsonl:2\n' in listed
    project.git('add', '.memory-gate-allowed.txt')
    assert project.commit().returncode == 0
    again = tool_result(f'$ cat docs/example.env\nGITHUB_TOKEN={GH}\n')
    stage(project, text + claude(again, said('ok')))
    grown = project.commit()
    assert grown.returncode == 0, grown.stdout
    assert leaked(project, allow, grown, history=False) == []


def test_secrets_warn_lets_the_commit_pass_with_the_warning(project: Repo) -> None:
    (project.path / 'pyproject.toml').write_text('[tool.memory-gate]\nsecrets = "warn"\n')
    project.git('add', 'pyproject.toml')
    stage(project, claude(said('hello'), tool_result(f'GITHUB_TOKEN={GH}\n')))
    hook = project.memory_gate('hook', 'transcripts/s.jsonl')
    assert hook.returncode == 0 and 'transcripts/s.jsonl:2: GitHub token (ghp_…Na)' in hook.stderr
    assert 'a warning only (secrets = "warn")' in hook.stderr
    done = project.commit()
    assert done.returncode == 0, done.stdout
    assert leaked(project, hook, done, history=False) == []


def test_only_what_a_commit_adds_is_scanned(project: Repo) -> None:
    (project.path / 'pyproject.toml').write_text('[tool.memory-gate]\nsecrets = "warn"\n')
    project.git('add', 'pyproject.toml')
    text = claude(said('hello'), tool_result(f'GITHUB_TOKEN={GH}\n'))
    stage(project, text)
    assert project.commit().returncode == 0  # committed with a warning
    (project.path / 'pyproject.toml').write_text('[tool.memory-gate]\n')
    project.git('add', 'pyproject.toml')
    stage(project, text + claude(said('thanks')))
    assert project.commit().returncode == 0  # the committed lines are not judged again
    stage(project, text + claude(said('thanks'), tool_result(f'AWS_ACCESS_KEY_ID={AWS}\n')))
    done = project.commit()
    assert done.returncode == 1
    assert 'transcripts/s.jsonl:4: AWS access key id (AKIA…E0)' in done.stdout
    assert 'GitHub token' not in done.stdout


def test_build_json_lists_the_secrets_and_masks_session_and_timestamp(project: Repo) -> None:
    record = {'type': 'user', 'sessionId': GH, 'timestamp': f'token={GH}', 'uuid': 'u1',
              'message': {'role': 'user', 'content': 'From now on we always deploy from main.'}}
    stage(project, json.dumps(record) + '\n' + claude(tool_result(f'GITHUB_TOKEN={GH}\n')))
    done = project.memory_gate('build', 'transcripts/s.jsonl', '--json', '--threshold', '0')
    out = json.loads(done.stdout)
    secret = {'source': 'transcripts/s.jsonl', 'line': 2, 'kind': 'GitHub token', 'hint': 'ghp_…Na'}
    assert secret in out['secrets']
    assert GH not in done.stdout + done.stderr and out['proposed']
    assert all(GH not in str(p['session']) + str(p['timestamp']) for p in out['proposed'])


def test_the_printed_scrub_runs_as_typed_without_memory_gate_on_path(
        repo: Path, hook_repo: tuple[Path, str, dict[str, str]]) -> None:  # noqa: F811
    """Issue 45.1: the blocked commit said `memory-gate scrub ...` to a user who has memory-gate
    only through pre-commit (command not found); it says the route review says: install, then
    run."""
    from tests.commands.hook_test import configure, without_memory_gate

    src, rev, env = hook_repo
    home = repo.parent / 'home'
    project = configure(repo, src, rev, {**without_memory_gate(env), 'HOME': str(home)})
    stage(project, claude(said('hello'), tool_result(f'GITHUB_TOKEN={GH}\n')))
    blocked = project.commit()
    assert blocked.returncode == 1, blocked.stdout
    import re

    found = re.search(r'Then redact them: (.*?) scrub transcripts/s\.jsonl', blocked.stdout)
    assert found, blocked.stdout
    program = found[1]
    assert program.startswith(('pipx install --force ', 'python3 -m venv ~/.memory-gate && '))
    assert program.endswith(' && memory-gate') or program.endswith('~/.memory-gate/bin/memory-gate')
    assert f'Then redact them: {program} scrub transcripts/s.jsonl && git add ' in blocked.stdout
    assert f'{program} scrub --allow transcripts/s.jsonl && git add ' in blocked.stdout
    typed = re.search(r'Then redact them: (.*)$', blocked.stdout, re.M)
    assert typed, blocked.stdout
    ran = subprocess.run(('bash', '-c', typed[1]), cwd=project.path, capture_output=True, text=True,
                         env={**without_memory_gate(env), 'HOME': str(home)}, timeout=600,
                         check=False)  # as typed: the install, then the scrub, then git add
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert 'transcripts/s.jsonl:2 GitHub token' in ran.stdout
    assert project.commit().returncode == 0
