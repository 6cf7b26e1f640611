from __future__ import annotations

import json
import random
import re
import string
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmarks.quality import parse
from benchmarks.secrets import corpus
from memory_gate.base.records import Transcript
from memory_gate.cli import parser
from memory_gate.config import ConfigError, settings_from
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings
from memory_gate.report import a
from memory_gate.review.choices import Proposal as ReviewProposal
from memory_gate.review.choices import bullet_line, items
from memory_gate.review.proposals import Entry
from memory_gate.review.rewrite import rewrite
from memory_gate.secrets import anchored
from memory_gate.secrets import credential_patterns as P
from memory_gate.secrets.credentials import (
    LAYERS,
    MASK,
    by_context,
    by_randomness,
    by_shape,
    has_suspect_word,
    in_address,
    printable,
    redact,
    secret_kind,
)
from memory_gate.secrets.passwords import (
    APPOSED_RE,
    BARE_RE,
    BARE_STARTS,
    PAIR_PROSE_RE,
    PAIR_PROSE_STARTS,
    PASSWORD_RE,
    PASSWORD_STARTS,
)
from tests.conftest import git, run, say, write_jsonl

ROOT = Path(__file__).resolve().parents[2]
LABELS = ROOT.parent / 'shared' / 'transcripts' / 'real' / 'labels'


def build_run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run(cwd, 'build', *args)


def pipeline(text: str, allowed: frozenset[str] = frozenset()) -> Result:
    line = json.dumps({'role': 'user', 'text': text}, ensure_ascii=False).encode()
    # Every candidate is weighed for secrets, whatever its score: the check must not lean on the
    # weights.
    return build([Transcript('t.jsonl', [line])], Settings(allow_secrets=allowed, threshold=0.0))


def test_corpus_holds_60_credentials_of_30_kinds() -> None:
    cases = corpus()
    assert len(cases) >= 60 and len({kind for kind, _, _ in cases}) >= 30


@pytest.mark.parametrize(('kind', 'value', 'sentence'), corpus())
def test_corpus_credential_is_withheld_with_its_kind_and_the_placeholder_control_is_proposed(
        kind: str, value: str, sentence: str) -> None:
    result = pipeline(sentence.replace('{}', value))
    assert result.proposed == [] and [w.kind for w in result.withheld] == [kind]
    assert result.stats['withheld_secret'] == result.stats['withheld_secret:' + kind] == 1
    control = pipeline(sentence.replace('{}', '<token>'))
    assert [p.text for p in control.proposed] == [sentence.replace('{}', '<token>')]


@pytest.mark.parametrize(('kind', 'value', 'sentence'), corpus())
def test_redact_masks_every_corpus_value(kind: str, value: str, sentence: str) -> None:
    masked = redact(sentence.replace('{}', value))
    assert MASK in masked and value not in masked


@pytest.mark.parametrize(('layer', 'text', 'kind'), [
    (by_shape, 'We always use ' + 'glpat-' + 'EXAMPLE-' * 3 + ' here.', 'GitLab token'),
    (by_shape, 'Use ' + 'hf_' + 'EXAMPLEexample' * 3, 'Hugging Face token'),
    (by_shape, 'The key starts -----BEGIN EC PRIVATE KEY----- always.', 'private key'),
    (by_context, 'the admin password is Adm1n-2024!', 'password'),
    (by_context, 'export PAYMENTS_API_TOKEN=' + '9f8e7d6c' * 3, 'token'),
    (by_context, 'aws_secret_access_key = ' + 'wJalrEXAMPLEKEY/' * 2, 'secret'),
    (by_context, '测试库密码是 Ceshi2024，不要改。', 'password'),
    (by_context, '令牌：Ling-Pai-2024x', 'token'),
    (by_context, 'mysql -u root -pSql-Pr0d-99', 'password'),
    (by_context, 'psql --password=Pg-Pr0d-77 always', 'password'),
    (by_context, 'Authorization: Basic ' + 'ZXhhbXBsZTpleGFtcGxl', 'authorization header'),
    (by_context, 'send Bearer ' + 'EXAMPLE0' * 3, 'authorization header'),
    (in_address, 'postgres://app:Pg-Example9@db:5432/app', 'password in a URL'),
    (in_address, 'redis://:pass@cache:6379', 'password in a URL'),
    (in_address, 'app:My5ql-Example@tcp(db:3306)/orders', 'password in a URL'),
    (in_address, 'jdbc:sqlserver://db;user=sa;password=Jdbc-Example7', 'secret in a URL query'),
    (in_address, 'https://x.example/f?sv=2020&sig=' + 'EXAMPLE0' * 4, 'secret in a URL query'),
])
def test_each_layer_alone_finds_its_kind(layer: object, text: str, kind: str) -> None:
    assert callable(layer)
    assert [f.kind for f in layer(text)][:1] == [kind]


def random_tokens(seed: int, alphabet: str, count: int) -> list[str]:
    """Realistic random-looking values, generated deterministically; each holds a digit (the
    layer needs one)."""
    rng = random.Random(seed)
    tokens = [''.join(rng.choice(alphabet) for _ in range(rng.randint(24, 48)))
              for _ in range(count)]
    return [t for t in tokens if any(c.isdigit() for c in t) and not t.startswith('/')]


@pytest.mark.parametrize('alphabet', [
    string.ascii_letters + string.digits,
    string.ascii_letters + string.digits + '-_',
    string.ascii_letters + string.digits + '+/',
    string.ascii_lowercase + string.digits,
])
def test_randomness_layer_finds_random_tokens(alphabet: str) -> None:
    tokens = random_tokens(14, alphabet, 300)
    kinds = {t: [f.kind for f in by_randomness(f'We always sign with {t} in CI.')] for t in tokens}
    found = [t for t in tokens if kinds[t] == ['random token']]
    assert len(found) >= 0.95 * len(tokens)
    assert all(secret_kind(f'From now on the deploy always uses {t} and we never rotate it.')
               for t in found)


@pytest.mark.parametrize('text', [
    'We always deploy to us-east-1 and eu-west-2, never ap-southeast-2.',
    'The fix was commit 3f786850e387550fdab836ed7e6dc881de23001b on main.',
    'Request ids are UUIDs like 123e4567-e89b-12d3-a456-426614174000 always.',
    'The image digest is sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'
    ' for the release.',
    'The token must be rotated monthly.',
    'The admin password is stored in Vault and never in env files.',
    '密码必须定期更换，不要写进仓库。',
    'Set password = ${DB_PASSWORD} from the environment.',
    'Always pass the API key as <token> in examples.',
    'The config says secret: {{ secret }} and nothing else.',
    'Use api_key = xxxxxxxxxxxxxxxxxxxx in the docs.',
    'The password field shows ******** in the UI.',
    'Default credentials are password=changeme for local dev only.',
    'The README says token: your-token-here until setup.',
    'export GITHUB_TOKEN=$GITHUB_TOKEN before the release.',
    'Keys are named sk-something in docs only.',
    'We pinned python3.11-slim-bookworm and node 20.11.1 everywhere.',
    'Always bump to v2.14.0-rc.1+build.20240115 first.',
    'The handler lives in src/payments/webhooks/stripe_signature_verifier.py now.',
    'Config is read from ~/.config/memory-gate/settings.toml always.',
    'The test test_parse_handles_unicode_input_2024 must always pass.',
    'We call getHTTPResponseCodeFromUpstream2 in every client.',
    'Set max_tokens: 4096 and token_type: bearer for every request.',
    'The secret_name: prod-db-creds entry maps to the vault path.',
    'Always run mkdir -p build/out2 before packaging.',
    'The docs live at https://example.com/docs/v2/api-reference always.',
    'Use basic authentication only on the internal network.',
    'We deploy x86_64-unknown-linux-gnu and aarch64-apple-darwin builds.',
    'Always use org.apache.commons.lang3.StringUtils for trimming.',
    'Use https://user:${PASSWORD}@db.example.com only in docs.',
    'Timestamps look like 2024-01-15T10:30:00Z in every log.',
    'Results always go to a new branch like agentv/results/v1/sync-2026-06-24T01-29-52Z.',
    'The password is at least 12 characters long and the token expires after 3600 seconds.',
    'Always run docker run -u 1000:1000 and git push -u origin main.',
    'The primary_key: id column is never nullable.',
])
def test_near_miss_is_not_a_secret(text: str) -> None:
    assert secret_kind(text) is None and redact(text) == text


@pytest.mark.parametrize('text', [
    'HEROKU_API_KEY=123e4567-e89b-12d3-a456-426614174000',
    'token: 3f786850e387550fdab836ed7e6dc881',
    'the deploy password is 9f86d081884c',
])
def test_context_wins_over_a_near_miss_shape(text: str) -> None:
    assert secret_kind(text) is not None


def test_an_allowed_value_is_proposed_and_printed() -> None:
    key = 'AKIA' + 'IOSFODNN7EXAMPLE'
    text = f'The docs always use the test key {key} in examples.'
    assert secret_kind(text) and secret_kind(text, frozenset({key})) is None
    assert redact(text, {key}) == text
    assert [p.text for p in pipeline(text, frozenset({key})).proposed] == [text]


def labeled_statements() -> list[str]:
    texts = [item.text for path in sorted((ROOT / 'benchmarks' / 'devset').glob('*.txt'))
             for item in parse(path.read_text(encoding='utf-8'))[1]
             if item.label and item.label != 'trap']
    for path in sorted(LABELS.glob('*.jsonl')) if LABELS.is_dir() else ():
        texts += [json.loads(line).get('quote') or ''
                  for line in path.read_text(encoding='utf-8').splitlines() if line]
    return texts


def test_false_withholds_on_labeled_durable_statements_are_at_most_one_percent() -> None:
    texts = labeled_statements()
    withheld = [t for t in texts if secret_kind(t)]
    assert len(texts) >= 300 and len(withheld) <= 0.01 * len(texts), withheld


@pytest.mark.parametrize('text', [
    'password' * 5000, 'a:' * 5000 + '@', '-p' * 5000, 'x' * 100_000, '密码是' * 3000,
    'https://' + 'a:' * 3000, 'A1b2' * 10_000, '\x00\ud800\U0001f600' * 1000,
    'sig=pscale_tkn_PMAK-authhvs.0123456789abcdefZx9Kq2_KEY=', 'abcdefghij' * 8 + 'AB12cd!',
])
def test_hostile_text_is_checked_quickly_without_error(text: str) -> None:
    start = time.perf_counter()
    secret_kind(text)
    redact(text)
    assert time.perf_counter() - start < 1


def test_every_shape_but_a_key_header_needs_a_long_run() -> None:
    spaced = {k for k, _, _ in P.SPACED_SHAPE_RES}
    for kind, _, pattern in P.SHAPE_RES:
        for match in re.finditer(pattern, 'x ' + ' '.join(v for k, v, _ in corpus() if k == kind)):
            longest = max(match.group(0).split(), key=len)
            assert kind in spaced or len(longest) >= P.MIN_RUN


PARTS = [
    'AKIA', 'ASIA', 'EXAMPLE0', 'ghp_', 'github_pat_', 'glpat-', 'hf_', 'npm_', 'pypi-AgE',
    'hooks.slack.com/', 'services/', 'xoxb-', 'sk_test_', 'rk_live_', 'SG.', 'SK', 'AC',
    'dop_v1_', 'dapi', 'shpat_', 'hvs.', 'lin_api_', 'dp.pt.', '123456789:', 'AA', 'M', '.',
    'AccountKey=', 'Q~', 'AIza', 'GOCSPX-', 'sk-', 'ant-', 'proj-', 'gsk_', '-----BEGIN ', 'RSA ',
    'PRIVATE KEY', '-----', 'eyJ', '-us1', 'key-', 'sq0atp-', 'glc_', 'sntryu_', 'pscale_tkn_',
    'PMAK-', 'AGE-SECRET-KEY-1', 'LTAI', 'ATATT3', 'sbp_', '0123456789abcdef',
    'QPZRY9X8GF2TVDW0S3JN54KH', 'Password', 'TOKEN', 'api key', 'Secret', 'auth', '密码', '令牌',
    '是', ' is ', '=', ': ', '--password ', '-p', 'Bearer ', 'Authorization: ', '://', 'user', ':',
    '@', 'tcp(', '?', '&', 'sig=', 'Ab3-Xy9_', ' ', '-', '_', 'whsec_', 'HRKU-', 'lsv2_pt_',
    'discord.com/api/webhooks/', '-u ', 'Adm1n!', '123456', 'hunter!', ',', '!', '"', 'Zx9Kq2',
    'dXNlcjpwYXNz', 'abcdef', '_KEY=', 'x',
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PARTS), max_size=14))
@example(['PRIVATE KEY', ': ', 'AKIA'])  # found once: a short value assigned to a general word
def test_text_without_a_hint_is_not_searched_and_could_not_match(parts: list[str]) -> None:
    text = ''.join(parts)
    for kind, hints, pattern in P.SHAPE_RES:
        if re.search(pattern, text):
            assert any(h in text for h in hints), (kind, text)
            long_run = any(len(w) >= P.MIN_RUN for w in text.split())
            assert kind == 'private key' or long_run, (kind, text)
    screened = (*P.CONTEXT_RES, (P.HEADER_HINTS, P.HEADER_RE), (P.QUERY_HINTS, P.QUERY_RE),
                *P.USERINFO_RES)
    for hints, pattern in screened:
        if re.search(pattern, text):
            assert any(h in text.lower() for h in hints), (pattern, text)
    if any(next(layer(text), None) for layer in LAYERS):
        # findings() skips text without one: it must never hide a finding
        assert has_suspect_word(text), text


# Short words and quotes around secret words: a value of them has no suspect word in it.
SHORT_PARTS = [
    'the ', 'secret', 'token', 'API key', 'deploy key', 'unseal key', 'password', 'PIN', ' is ',
    ' was ', 'use the ', '=', ': ', '"', "'", ' ', 'ab', '12', 'fox', '4242', 'Xk9', 'a1', '!',
    '.', 'now', 'with ',
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(SHORT_PARTS), max_size=14).map(''.join))
@example('the secret is "blue fox 4242"')  # a quoted value with spaces after a general word
@example("the deploy key is 'ab 12 cd 34'")
@example('use the token "a1 bc de"')
def test_a_value_of_short_words_is_never_hidden_by_the_suspect_word_check(text: str) -> None:
    if any(next(layer(text), None) for layer in LAYERS):
        assert has_suspect_word(text), text


@pytest.mark.parametrize(('kind', 'value', 'sentence'), corpus())
def test_every_corpus_sentence_has_a_suspect_word(kind: str, value: str, sentence: str) -> None:
    assert has_suspect_word(sentence.replace('{}', value))


@pytest.mark.parametrize('text', [
    'We decided to use Postgres for all billing data.', '以后都用 UTC 存时间。',
    'Never push directly to main, and always rebase first!',
])
def test_plain_prose_is_not_searched(text: str) -> None:
    assert not has_suspect_word(text)


def test_allowlist_comes_from_pyproject_or_the_command_line() -> None:
    def allowed(argv: list[str], table: dict[str, object]) -> frozenset[str]:
        return settings_from(parser().parse_args(['build', 't.jsonl', *argv]), table).allow_secrets
    assert allowed([], {'allow-secrets': ['A', '']}) == {'A'}
    argv = ['--allow-secrets', 'B', '--allow-secrets', 'C']
    assert allowed(argv, {'allow-secrets': ['A']}) == {'B', 'C'}
    with pytest.raises(ConfigError, match='allow-secrets: expected a list of strings'):
        allowed([], {'allow-secrets': 'A'})


def test_no_secret_reaches_any_output_and_the_report_points_to_a_scanner(repo: Path) -> None:
    cases = corpus()
    write_jsonl(repo / 't.jsonl', *(say('user', s.replace('{}', v)) for _, v, s in cases),
                say('user', 'Never push directly to main.'))
    outputs = [build_run(repo, 't.jsonl', '--threshold', '0', *flags)
               for flags in ([], ['--json'], ['--stats'])]
    git(repo, 'add', 't.jsonl')
    hook = run(repo, 'hook', '--threshold', '0', 't.jsonl')
    printed = ''.join(o.stdout + o.stderr for o in [*outputs, hook])
    printed += (repo / 't.jsonl.memory.diff').read_text(encoding='utf-8')
    assert '+- Never push directly to main.' in printed
    assert not [v for _, v, _ in cases if v in printed]
    assert 't.jsonl:1: withheld a proposal that looks like an AWS access key id' in hook.stderr
    assert ('t.jsonl: the transcript itself holds that value: memory-gate scrub t.jsonl redacts it '
            'where the transcript scan finds it (a secret scanner for the rest: gitleaks dir '
            't.jsonl); rotate it if it is real') in hook.stderr
    stats = json.loads(outputs[1].stdout)['stats']
    by_kind = sum(v for k, v in stats.items() if k.startswith('withheld_secret:'))
    assert stats['withheld_secret'] == len(cases) == by_kind


def test_a_secret_a_human_writes_into_a_proposal_is_masked_when_declined(repo: Path) -> None:
    key = 'ghp_' + 'EXAMPLE0' * 5
    proposal = repo / 'x.memory.diff'
    proposal.write_text('# memory-gate proposal for AGENTS.md from x\n'
                        '--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1 @@\n'
                        f'+- Always deploy with {key} from CI.\n', encoding='utf-8')
    done = run(repo, 'decline', 'x.memory.diff')
    assert key not in done.stdout + done.stderr and MASK in done.stdout


def test_printable_masks_a_secret_unless_allowed() -> None:
    key = 'AKIA' + 'IOSFODNN7EXAMPLE'
    assert printable(f'bad\x1b[31m {key}') == f'bad {MASK}'
    assert printable(key, {key}) == key


def test_a_reworded_bullet_never_carries_a_secret_into_a_proposal() -> None:
    key = 'glpat-' + 'EXAMPLE-' * 3
    entry = Entry('We decided to keep the parser in pure Python.', 3, 'user, rule decision/decided')
    proposal = ReviewProposal('/r/a.jsonl.memory.diff', 'a.jsonl', 'AGENTS.md', '',
                              [entry._replace(text=key)])
    every = items([proposal], set())
    out = rewrite(every, {1: ('reword', f'Always mirror with {key} from CI.')}, 'mg review')
    assert key not in out.diff + ''.join(t or '' for t in out.files.values()) and MASK in out.diff
    assert key not in bullet_line(every[0])


def test_a_transcript_on_stdin_is_pointed_to_scrub_and_gitleaks_stdin(tmp_path: Path) -> None:
    key = 'AKIA' + 'EXAMPLE0EXAMPLE1'
    text = f'From now on the deploy always uses {key} and never rotates it.'
    line = json.dumps(say('user', text))
    done = run(tmp_path, 'build', '-', stdin=(line + '\n').encode())
    assert "-:1: withheld a proposal that looks like an AWS access key id" in done.stderr
    assert ('-: the transcript itself holds that value: memory-gate scrub FILE on the file it '
            'came from redacts it where the transcript scan finds it (a secret scanner for the '
            'rest: gitleaks stdin); rotate it if it is real') in done.stderr


ANCHORED = [*P.STARTS.items(), (PASSWORD_RE, PASSWORD_STARTS), (BARE_RE, BARE_STARTS),
            (PAIR_PROSE_RE, PAIR_PROSE_STARTS), (APPOSED_RE, PASSWORD_STARTS)]
WORD_PARTS = [
    *P.SECRET_WORD_STARTS, *PASSWORD_STARTS, *BARE_STARTS, *PAIR_PROSE_STARTS, 'Password',
    'API_KEY', 'TOKEN', ' / ', ' and ', 'Creds are ', ', ', ' (', 'Jx7Rm2Kq9Wv', 'Pass', 'smtp',
    'word', 'phrase', 'code', 'key', '_', '-', '--', '-p', '-u ', ' is ', ' was ', ' for the ',
    ': ', '=', ':=', '"', "'", ' ', '\n', 'Bearer ', 'Authorization: ', 'Xk29Lm3qP7', '482913',
    'hunter2Xy9', 'admin:', 'ſ', 'K', 'with the ', 'use ', 's', 'ı', 'İ', 'é', '→', '密码',
    # camelCase humps (adminPassword, webhookSecret) and the pin in any case
    'admin', 'db', 'my', 'webhook', 'Secret', 'Token', 'Passcode', 'Pin', 'PIN', 'pin', 'S',
    # start words as re's IGNORECASE matches them past ASCII: long s, dotless and dotted I
    *(word.replace(a, b, 1)
      for word in {*P.SECRET_WORD_STARTS, *PASSWORD_STARTS, *BARE_STARTS, *PAIR_PROSE_STARTS}
      for a, b in (('s', 'ſ'), ('i', 'ı'), ('i', 'İ'), ('S', 'ſ')) if a in word.upper() + word),
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(WORD_PARTS), max_size=16).map(''.join))
@example('log in wıth token 7hG2kP9qLm4x → ok')
@example('the sıgning key: Ab12cd34Ef, the ſecret is Xk29Lm3qP7')
@example('İ: paſsword = hunter2Xy9')
@example('the adminPassword is Xk29Lm3qP7, use myPasscode 482913, webhookSecret: hunter2Xy9')
@example('the door pin is 482913, Pin: 4829 1375, doorPIN=482913, MAX_TOKENS=4096')
def test_anchored_finditer_finds_what_re_finditer_finds(text: str) -> None:
    low = text.lower()
    for pattern, starts in ANCHORED:
        ours = [(m.span(), m.groupdict()) for m in anchored.finditer(pattern, text, low, starts)]
        assert ours == [(m.span(), m.groupdict()) for m in re.finditer(pattern, text)], pattern


def test_each_kind_is_named_with_its_article() -> None:
    kinds = ('AWS access key id', 'npm token', 'OpenAI API key', 'age secret key',
             'authorization header', 'GitHub token', 'JWT', 'password', 'Hugging Face token')
    assert [a(kind).split()[0] for kind in kinds] == [*'an an an an an a a a a'.split()]


BOUNDARY_FIRST = {  # the Telegram and Discord shapes as their rule sets write them, \b first
    'Telegram bot token': r'\b\d{8,10}:[\w-]{35}(?![\w-])',
    'Discord token': r'\b[MNO][\w-]{23,25}\.[\w-]{6}\.[\w-]{27,38}\b',
}
SHAPE_PARTS = st.sampled_from(['1234', '5', '٣', ':', 'AA', 'x' * 12, 'M', 'N', 'a', '-', '_',
                               '.', ' ', 'é', 'MTk4', 'Xk9pQ2', 'x' * 30])


@settings(max_examples=1500, deadline=None)
@given(st.lists(SHAPE_PARTS, max_size=20).map(''.join))
@example('x123456789:' + 'A' * 35 + ' 123456789:' + 'A' * 35)
@example('M' + 'x' * 23 + '.abcdef.' + 'y' * 27 + ' aM' + 'x' * 23 + '.abcdef.' + 'y' * 27)
def test_shapes_that_look_behind_for_their_boundary_match_as_written(text: str) -> None:
    for kind, _, pattern in P.SHAPE_RES:
        if kind in BOUNDARY_FIRST:
            ours = [m.span() for m in re.finditer(pattern, text)]
            assert ours == [m.span() for m in re.finditer(BOUNDARY_FIRST[kind], text)], kind
