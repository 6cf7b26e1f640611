"""The compiled credential engine (engine.py, issue 41): it scans where it is installed, the
built-in rules scan where it cannot import, `--version` says which, and only its visible findings
on string values (not ids) count. Driven through the CLI in a subprocess where the import has to
fail. Every credential here is fake.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memory_gate.secrets import engine
from memory_gate.secrets.scan import scan_line
from memory_gate.secrets.spans import is_id

ROOT = Path(__file__).resolve().parent.parent.parent
# Realistic fakes (random letters, no EXAMPLE: the engine skips placeholders on purpose).
CLOUDFLARE = 'oj9Yoyq0zmOyWmPPob1aoY5YSNNuJ0fbZSOURBlX'  # gitleaks' own example
GITHUB = 'ghp_' + 'Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznBab12'
has_engine = pytest.mark.skipif(engine.loaded() is None, reason='the engine is not installed')


def tool_output(text: str) -> str:
    content = [{'type': 'tool_result', 'tool_use_id': 'toolu_1', 'content': text}]
    record = {'type': 'user', 'sessionId': 's', 'uuid': 'u',
              'message': {'role': 'user', 'content': content}}
    return json.dumps(record) + '\n'


def said(text: str) -> str:
    return json.dumps({'type': 'user', 'sessionId': 's', 'uuid': 'u',
                       'message': {'role': 'user', 'content': text}}) + '\n'


def run(folder: Path, *args: str, without_engine: bool = False) -> subprocess.CompletedProcess[str]:
    """`python -m memory_gate ARGS` in folder; without_engine: its import fails, as on a platform
    with no wheel (a kingfisher_sdk that raises ImportError comes first on the path)."""
    env = {**os.environ, 'PYTHONPATH': str(ROOT)}
    env.pop(engine.OFF_VARIABLE, None)
    if without_engine:
        broken = folder / 'no_wheel' / 'kingfisher_sdk'
        broken.mkdir(parents=True, exist_ok=True)
        (broken / '__init__.py').write_text('raise ImportError("no wheel for this platform")\n')
        env['PYTHONPATH'] = f'{broken.parent}{os.pathsep}{ROOT}'
    return subprocess.run([sys.executable, '-m', 'memory_gate', *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)


@has_engine
def test_version_names_the_engine_that_scans(tmp_path: Path) -> None:
    lines = run(tmp_path, '--version').stdout.splitlines()
    assert lines[0].startswith('memory-gate ')
    assert lines[1].startswith('credential engine: Kingfisher ')


def test_without_the_engine_version_names_the_built_in_rules_and_they_scan(
        tmp_path: Path) -> None:
    assert run(tmp_path, '--version', without_engine=True).stdout.splitlines()[1] == (
        'credential engine: built-in rules (no compiled engine)')
    (tmp_path / 't.jsonl').write_text(tool_output(f'$ cat .env\nGITHUB_TOKEN={GITHUB}\n'))
    done = run(tmp_path, 'build', 't.jsonl', without_engine=True)
    assert 't.jsonl:1: GitHub token (ghp_…12)' in done.stderr and GITHUB not in done.stderr


@has_engine
def test_a_vendor_shape_only_the_engine_knows_is_found_in_tool_output_and_said(
        tmp_path: Path) -> None:
    (tmp_path / 't.jsonl').write_text(
        tool_output(f'$ cat wrangler.toml\ncloudflare: "{CLOUDFLARE}"\n')
        + said(f'the cloudflare key is {CLOUDFLARE}, keep it'))
    done = run(tmp_path, 'build', 't.jsonl')
    assert 't.jsonl:1: cloudflare api key (oj9Y…lX)' in done.stderr
    assert 't.jsonl:2:' in done.stderr and CLOUDFLARE not in done.stderr + done.stdout
    without = run(tmp_path, 'build', 't.jsonl', without_engine=True)
    assert 't.jsonl:1:' not in without.stderr  # the built-in rules have no Cloudflare shape


@pytest.mark.parametrize(('key', 'value', 'is_an_id'), [
    ('uuid', '3f2b6c1e-8a7d-4e2f-9b1c-0d4e5f6a7b8c', True),
    ('content', '3f2b6c1e-8a7d-4e2f-9b1c-0d4e5f6a7b8c', True),  # a UUID anywhere
    ('parent_hash', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', True),
    ('toolUseId', '5cb4a5f04cd412fe946667b17f0129ba', True),
    ('content', '5cb4a5f04cd412fe946667b17f0129ba', False),  # hex outside an id field is read
    ('apiKey', '3f2b6c1e-8a7d-4e2f-9b1c-0d4e5f6a7b8c', False),  # a key naming a secret: read
    ('toolUseId', 'Zf3D0LXCM3EIMbgJpUNnkRt', False),  # not hex
])
def test_ids_uuids_and_hashes_in_id_fields_are_not_read(key: str, value: str,
                                                         is_an_id: bool) -> None:
    assert is_id(key, value) is is_an_id


def test_the_offsets_of_a_finding_after_non_ascii_text_are_in_characters() -> None:
    line = tool_output(f'$ cat notes\nétoile ✓ 密码 token {GITHUB} fin\n')
    found = scan_line(line.encode(), 1)
    assert [(f.kind, f.hint) for f in found] == [('GitHub token', 'ghp_…12')]


def test_a_rule_id_reads_as_a_kind() -> None:
    assert engine.short_rule('betterleaks.github-pat') == 'github pat'
    assert engine.short_rule('betterleaks.browserstack-access-key.1') == 'browserstack access key'
    assert engine.short_rule('veles.secrets/grokxaiapikey') == 'grokxaiapikey'


PROBE = '''
import contextlib, io, sys
from memory_gate.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(['build', 'session.jsonl'])
print('kingfisher_sdk' in sys.modules)
'''


@has_engine
@pytest.mark.parametrize(('said', 'loads'), [
    ('From now on we always run the linter before each commit.', False),
    (f'From now on the release job pushes with {GITHUB}.', True),
])
def test_the_engine_is_loaded_only_for_a_line_that_may_hold_a_token(
        tmp_path: Path, said: str, loads: bool) -> None:
    """Its import and rules cost ~0.3 s: a short chat (no run of 12 characters without a space,
    quote or JSON punctuation) never pays it."""
    (tmp_path / 'session.jsonl').write_text(
        json.dumps({'role': 'user', 'text': said}) + '\n'
        + json.dumps({'role': 'assistant', 'text': 'Understood, I will do that.'}) + '\n')
    env = {**os.environ, 'PYTHONPATH': str(ROOT)}
    env.pop(engine.OFF_VARIABLE, None)
    done = subprocess.run([sys.executable, '-c', PROBE], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == str(loads), done.stderr


@has_engine
@pytest.mark.parametrize('other', ['plain words', 'étoile ✓ 密码', 'soft\u00adhyphen'])
def test_each_finding_is_placed_in_its_own_text_whatever_the_others_hold(other: str) -> None:
    """The texts of a line are read in one call: a finding is placed in its text's characters
    whether the line is ASCII, holds other scripts, or has an invisible character elsewhere
    (the texts then read one by one without it)."""
    hidden = f'{GITHUB[:9]}\u00ad{GITHUB[9:]}'
    texts = [other, f'token {GITHUB} end', f'é {hidden} ✓', GITHUB]
    spans = engine.texts_spans(texts)
    assert spans[0] == []
    assert [texts[n][start:end].replace('\u00ad', '') for n in (1, 2, 3)
            for start, end, _ in spans[n]] == [GITHUB] * 3
    assert {kind for n in (1, 2, 3) for _, _, kind in spans[n]} == {'GitHub token'}
