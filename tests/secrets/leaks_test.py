"""Every leak class of issue 24, in the user's voice, the assistant's, and in tool output; and
the near-misses.

Each case is a sentence the gate would propose with <token> in place of the value (the control),
so a case that passes is a credential withheld, not a sentence nobody proposes. Values are fake.
"""
from __future__ import annotations

import json

import pytest

from memory_gate.base.records import Transcript
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Result, Settings
from memory_gate.secrets.redact import redact_line
from memory_gate.secrets.scan import scan_line

HEX64 = 'a3f1c9d2' * 8
# (leak class, sentence with {} for the value, value)
LEAKS = [
    ('no "is": with password', 'From now on, always log in with password {} on staging.',
     'Xk29Lm3qP7'),
    ('no "is": use the token', 'From now on we always use the token {} for the staging deploy.',
     '7hG2kP9qLm4x'),
    ('no "is": key for X =', 'From now on the API key for staging = {} always.', '4f9aK2mQ8zLp'),
    ('short: 6-digit PIN', 'From now on the door PIN is {} for everyone.', '482913'),
    ('short: a pin in lowercase', 'From now on the door pin is {} for everyone.', '482913'),
    ('short: a Pin at the start', 'Pin is {} for the staging lab door, always.', '739104'),
    ('short: a PIN in groups with a dash', 'From now on the door PIN is {} for everyone.',
     '4829-1375'),
    ('code: a 2FA backup code in groups',
     'From now on the 2FA backup code is {} for the admin account.', '5830-1947'),
    ('code: recovery codes, plural', 'From now on the recovery codes are {} for the root account.',
     '7712-0394'),
    ('code: letters and digits', 'From now on the MFA recovery code is {} for the shared account.',
     'K7PQ-2XMZ'),
    ('code: camelCase, assigned', 'From now on always set doorCode={} in the kiosk config.',
     '44719902'),
    ('quoted, no "is", no digit', "From now on always use the passphrase '{}' for the vault.",
     'purple monkey dishwasher'),
    ('camelCase word', 'From now on the adminPassword is {} for staging.', 'Xk29Lm3qP7'),
    ('camelCase word, assigned', 'From now on always set dbPassword={} in the staging env.',
     'Lm3q-9Xk2p'),
    ('camelCase word, no "is"', 'From now on always log in with myPasscode {} on staging.',
     'Xk29Lm3qP7'),
    ('a name-like value: words and a PIN', 'From now on the guest wifi key is {} for visitors.',
     'GreenOwl7788'),
    ('a name-like value: digits for letters, camelCase word',
     'From now on the jwtSecret is {} for staging.', 'k3yb0ard-Cat9'),
    ('camelCase name ending in Pass, assigned',
     'From now on always set smtpPass={} in the staging env.', 'Ch33tah-77x'),
    ('an acronym before Pass, assigned', 'From now on always set SMTPPass={} in the staging env.',
     'Ch33tah-77x'),
    ('camelCase key word', 'From now on the webhookSecret is {} for the staging app.',
     '9f86d081884c'),
    ('short: 12-hex client secret', 'From now on the client secret is {} for the staging app.',
     '9f86d081884c'),
    ('passphrase', 'From now on the vault passphrase is {} for everyone.',
     'correct-horse-battery-staple'),
    ('all letters, assigned', 'From now on always set ADMIN_PASSWORD={} in the staging env.',
     'letmein'),
    ('env line, a PIN in groups with a dash',
     'From now on always set WEBHOOK_SECRET={} in the staging env.', '5531-8820'),
    ('env line, a PIN in groups with a space',
     'From now on always set API_TOKEN={} in the staging env.', '8842 1190'),
    ('spaces, quoted', 'From now on the wifi password is "{}" for guests.', 'open sesame 4242'),
    ('spaces, quoted, general word', 'From now on the staging secret is "{}" always.',
     'blue fox 4242'),
    ('spaces, single-quoted, after a key word', "From now on the deploy key is '{}' for everyone.",
     'ab 12 cd 34'),
    ('brackets', 'From now on the admin password is {} for staging.', 'Pa(ss)=w0rd9'),
    ('non-ASCII', 'From now on the staging password is {} always.', 'Contraseña2024'),
    ('non-ASCII, Chinese', '以后测试库密码是 {}，不要改。', '天王盖地虎2024'),
    ('a place between, French', 'From now on le mot de passe du wifi est {} pour tous.',
     'Soleil2024'),
    ('a place between, German', 'From now on das Passwort für das WLAN ist {} für Gäste.',
     'Sonnenblume4242'),
    ('Italian link', 'From now on la password di staging è {} per tutti.', 'Xk29Lm3qP7'),
    ('Spanish key word', 'From now on la clave de la API es {} para staging.', 'Rx7Mq2Lp9Z'),
    ('Spanish key word, an adjective after it',
     'From now on la clave secreta es {} para staging.', 'Rx7Mq2Lp9Z'),
    ('Spanish key word, API after it', 'From now on la Clave API: {} para staging.', 'Rx7Mq2Lp9Z'),
    ('Japanese key word', '今後、ステージングのAPIキーは {} です。', 'Qz8Wm3Kx7N'),
    ('Japanese token word', '今後、デプロイのトークンは {} です。', 'Tk9Lm2Qx7Vb8'),
    ('missing word: passcode', 'From now on the alarm passcode is {} for the office.', '7391 4420'),
    ('missing word: unseal key', 'From now on the Vault unseal key is {} for the cluster.',
     '3Fq9Lm2Kx8Pz'),
    ('missing word: パスワード', 'From now on the staging パスワードは {} for everyone.',
     'Hk83jLq9'),
    ('admin:pw, no scheme', 'From now on always log in to the staging console as admin:{} only.',
     'Adm1nPw77'),
    ('pair in prose: a user / a password', 'From now on the admin login is root / {} on staging.',
     'Tr0ub4dor88'),
    ('pair in prose: a user and a password',
     'From now on the SMTP creds are mailer and {} for staging.', 'Qw7Rt2Yp9Z'),
    ('a snake_case token with a random last part',
     'From now on the influx token for the mesh bucket is {} in the default config.',
     'meshfake_tok_7Qx93LpZ0aa1'),
    ('no link: a password word, then its value',
     'From now on the NAS login is backup, password {} for everyone.', 'Yb6Hn2Kd8T'),
    ('no link: in brackets', 'From now on the root password ({}) is only for emergencies.',
     'Sq9Lm2Xr7P'),
    ('no link: a token word, then its value',
     'From now on the staging token {} goes in the header.', 'Pl4Kx9Qw2Zm'),
    ('no link: after a comma', 'From now on the API key, {}, stays in staging.', 'Jx7Rm2Kq9Wv'),
    ('bare 64-hex signing secret', 'From now on we always sign webhooks with {} in production.',
     HEX64),
    ('invisible character in a key',
     'From now on the staging deploy always uses {} and we never rotate it.',
     'AKIA\u00adIOSF' + 'ODNN7EXAMP1E'),
]
SPLIT = 'Xk29Lm3qP7vB8nC4'
# Text the gate proposes or passes: nothing here is a credential.
NEAR_MISSES = [
    'From now on we always deploy commit 3f786850e387550fdab836ed7e6dc881de23001b first.',
    'From now on request ids are UUIDs like 123e4567-e89b-12d3-a456-426614174000 always.',
    'From now on the image digest'
    ' sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 is pinned.',
    'From now on we always pin python3.11-slim-bookworm and node 20.11.1.',
    'From now on always export GITHUB_TOKEN=$GITHUB_TOKEN before the release.',
    'From now on always set password = ${DB_PASSWORD} from the environment.',
    'From now on the docs always write api_key: <your-api-key> in examples.',
    'We decided ENABLE_NEW_CHECKOUT_FLOW_V2 stays on in production from now on.',
    'From now on always wrap outbound calls in HttpClientV2RetryPolicy.',
    'From now on the password is stored in Vault and never in env files.',
    'From now on the password must be at least 12 characters long.',
    'From now on the token is rotated monthly.',
    'From now on we always verify the checksum ' + HEX64 + ' after download.',
    'From now on the primary key is user_id2 in every table.',
    'From now on the retry policy key is HttpClientV2RetryPolicy in the registry.',
    'From now on the feature flag key is ENABLE_NEW_CHECKOUT_FLOW_V2 in the config.',
    'From now on the charset key is utf8mb4_unicode_ci in every table.',
    'From now on the api version key is v2beta1 for every manifest.',
    'From now on the format key is Iso8601Parser in the settings.',
    'From now on always set AWS_SECRET_ACCESS_KEY from the vault, never by hand.',
    'From now on always set MAX_TOKENS=4096 in the staging env.',
    'From now on always set MAX_TOKENS=1024 4096 in the staging env.',
    'From now on always set TOKEN_RANGE=1024-4096 in the staging env.',
    'From now on maxTokens: 8192 is the default for every model call.',
    'From now on always pin the base image to 20240101 in the Dockerfile.',
    'From now on the LED pin is 13 on every board.',
    'From now on the pin: 3.11.7 line in .python-version stays as it is.',
    'From now on hashPassword(input) always runs before the insert.',
    'From now on the resetPasswordToken is required in the request body.',
    'From now on the bypassword check runs before the login.',
    'From now on renderPass = createRenderPass(device) runs once per frame.',
    'From now on la clave primaria es user_id2 en cada tabla.',
    'From now on the keyboard layout is US2024 on every laptop.',
    '今後、主キーは user_id2 です。',
    'From now on firstPass: true is the default in the shader config.',
    'From now on the token cl100k_base is the default for every model.',
    'From now on the API key v2 endpoints are the only ones we call.',
    'From now on the token gpt-4o-mini budget is 4096 for every call.',
    'From now on the password reset flow uses OAuth2 everywhere.',
    'From now on the API key 550e8400-e29b-41d4-a716-446655440000 is only a fixture id.',
    'From now on the passwords, tokens and keys all live in Vault2024 only.',
    'From now on le mot de passe de la base est requis partout.',
    'From now on das Passwort für das WLAN ist geheim und bleibt im Tresor.',
    "From now on always use the password 'field' of the form, never a prompt.",
    'From now on the backup code is required for every admin login.',
    'From now on the login is admin and the role is viewer on the demo.',
    'From now on the creds are in 1Password and never in chat.',
    'From now on the login page is /admin/login on staging.',
    'From now on the credentials are a username and a password for every service.',
    'From now on the backup code length is 8 digits for every account.',
    'From now on the recovery code is printed once and never stored.',
    'From now on the backup codes are regenerated after each use.',
    'From now on the error code is 4040-1 for missing pages.',
    'From now on the access code path is behind the AccessCodeV2 flag.',
    'From now on the issue tracker ids look like 4829-1375 in commit messages.',
]


def pipeline(text: str, role: str) -> Result:
    line = json.dumps({'role': role, 'text': text}, ensure_ascii=False).encode()
    return build([Transcript('t.jsonl', [line])], Settings(threshold=0.0))


def tool_output(text: str) -> str:
    """A Claude Code tool result line whose output is `text`."""
    output = f'$ cat notes.txt\n{text}\n'
    content = [{'type': 'tool_result', 'tool_use_id': 't', 'content': output}]
    message = {'role': 'user', 'content': content}
    record = {'type': 'user', 'sessionId': 's', 'uuid': 'u', 'message': message}
    return json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize('role', ['user', 'assistant'])
@pytest.mark.parametrize(('leak', 'sentence', 'value'), LEAKS, ids=[c[0] for c in LEAKS])
def test_leak_class_is_withheld_in_either_voice(leak: str, sentence: str, value: str,
                                                role: str) -> None:
    control = pipeline(sentence.format('<token>'), role)
    assert [p.text for p in control.proposed] == [sentence.format('<token>')]
    result = pipeline(sentence.format(value), role)
    assert result.proposed == [] and len(result.withheld) == 1, leak


@pytest.mark.parametrize(('leak', 'sentence', 'value'), LEAKS, ids=[c[0] for c in LEAKS])
def test_leak_class_is_found_and_redacted_in_tool_output(leak: str, sentence: str,
                                                         value: str) -> None:
    line = tool_output(sentence.format(value))
    out, found = redact_line(line, 5)
    assert found and scan_line(line.encode(), 5) == found
    assert value not in out and value not in json.loads(out)['message']['content'][0]['content']


def test_a_signing_secret_in_tool_output_is_found_after_its_name() -> None:
    out, found = redact_line(tool_output(f'WEBHOOK_SIGNING_SECRET={HEX64}'))
    assert [f.kind for f in found] == ['secret'] and HEX64 not in out


@pytest.mark.parametrize('value', ['4829-1375', '7391 4420'])
def test_a_pin_in_groups_on_an_env_line_of_tool_output_is_found(value: str) -> None:
    out, found = redact_line(tool_output(f'NODE_ENV=production\nSERVICE_SECRET={value}'))
    assert [f.kind for f in found] == ['secret'] and value not in out


@pytest.mark.parametrize('line', ['REDIS_TOKEN=MangoTree88', 'export DB_PASSWORD=Summer24'])
def test_a_word_and_a_number_on_an_env_line_of_tool_output_is_found(line: str) -> None:
    out, found = redact_line(tool_output(f'NODE_ENV=production\n{line}'))
    value = line.partition('=')[2]
    assert len(found) == 1 and value not in out


@pytest.mark.parametrize('text', ['token: refresh1', 'const token = "refresh1"',
                                  'self.token = token2'])
def test_a_word_and_a_number_after_a_secret_word_in_code_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


# Lines of real sessions' tool output the apposition layer once read as a value beside its word.
@pytest.mark.parametrize('text', [
    "tracestate: 'congo=t61rcWkgMzE,api_key=secret,rojo=00f067aa0ba902b7',",
    'input=../../../etc/passwd generated_id=2026-01-27-da8007e2-27a0-4475-a6ea-8159138b3b9b',
    'Cache hit occurred on the primary key Windows-X64-mise-tools-54fa520dc92475a05a9bb283c2e8',
    'mechanisms: the pin (android.Dockerfile:143-144, Renovate)',
])
def test_a_word_beside_a_value_of_code_in_tool_output_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


# In tool output a command-line flag whose last word names a secret is a flag, not a secret word:
# its value is a page or a change marker (the AWS CLI's documented examples, 26 false alarms in
# them at ad0ff76); `--token VALUE` itself stays a credential (the flag layer's). Proposals
# withhold such values anyway, as random tokens.
@pytest.mark.parametrize('text', [
    'aws dynamodb list-tables --starting-token abCDeFGhiJKlmnOPqrSTuvwxYZ1aBCdEFghijK7LM51nO',
    'aws gamelift list-builds --next-token eyJhd3NBY2NvdW50SWQiOnsicyI6IjMwMjc3NjAxNjM5OCJ9LCJi',
    'aws waf update-rule --change-token 12cs345-67cd-890b-1cd2-c3a4567d89f1 --rule-id r1',
    'aws servicecatalog describe-copy-product-status --copy-product-token copyprod-znn5tf5abcd3w',
])
def test_a_flag_ending_in_a_secret_word_takes_no_secret(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('role', ['user', 'tool'])
def test_the_token_flag_itself_still_takes_a_secret(role: str) -> None:
    text = 'gh auth login --token Xk29Lm3qP7zzQ8vB'
    if role == 'tool':
        assert redact_line(tool_output(text))[1]
    else:
        assert pipeline(f'We always log in with {text} on the runner.', role).withheld


# Code an agent reads (the standard library's urllib, xmlrpc and distutils: benchmarks.scanners
# --code) where a secret word names a variable: the value is a call or an alias of an attribute
# of the same name, never a secret.
@pytest.mark.parametrize('text', [
    'creds = base64.b64encode(user + b":" + pw)',
    'auth_str = base64.standard_b64encode(raw).decode()',
    'password_mgr = HTTPPasswordMgr()',
    'passwd = HTTPPasswordMgr2()',
    'RegEnumKey = win32api.RegEnumKey',
    'self.api_token = options.api_token',
    'apiKey: settings.apiKey,',
])
def test_a_call_or_an_alias_after_a_secret_word_in_code_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


# ... while a value that is followed by a bracket or holds a dot in prose still is one.
@pytest.mark.parametrize('text', [
    'export API_TOKEN=Xk29Lm3qP7zzQ8 (rotated monthly)',
    'the db password is Tr0ub4dor.Horse9 for now',
    'SECRET_KEY = "k3yb0ard.Cat9Xq"',
])
def test_a_secret_beside_a_bracket_or_a_dot_is_still_found(text: str) -> None:
    assert redact_line(tool_output(text))[1]


@pytest.mark.parametrize('text', ['TOKEN_RANGE=1024-4096', 'MAX_TOKENS=1024 4096',
                                  'SECRET_TTL_DAYS=30 60', 'src/token_store.rs:1024-4096'])
def test_digits_in_groups_after_no_secret_name_are_no_finding(text: str) -> None:
    line = tool_output(f'NODE_ENV=production\n{text}')
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('text', ['token: stack_st_ASN1_OBJECT', 'token = get_user_ById2Fast',
                                  'api_key = load_api_key_v2', 'SECRET_KEY = get_secret_key_v2'])
def test_a_snake_case_name_after_a_secret_word_in_tool_output_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('role', ['user', 'assistant'])
def test_a_key_split_across_two_sentences_withholds_both(role: str) -> None:
    text = (f'The staging deploy key is {SPLIT[:10]}{SPLIT[10:]}. '
            f'From now on we always paste {SPLIT[6:]} into the vault form, never in chat.')
    result = pipeline(text, role)
    assert result.proposed == []
    assert SPLIT[6:] not in json.dumps([p._asdict() for p in result.proposed])
    control = pipeline(text.replace(SPLIT, '<token>').replace(SPLIT[6:], 'it'), role)
    expected = 'From now on we always paste it into the vault form, never in chat.'
    assert [p.text for p in control.proposed] == [expected]


@pytest.mark.parametrize('role', ['user', 'assistant'])
def test_seven_characters_of_a_key_elsewhere_are_not_a_leak(role: str) -> None:
    kept = f'From now on we always keep {SPLIT[:7]} notes in the wiki.'
    text = f'The staging deploy key is {SPLIT}. {kept}'
    assert [p.text for p in pipeline(text, role).proposed] == [kept]


@pytest.mark.parametrize('role', ['user', 'assistant'])
@pytest.mark.parametrize('text', NEAR_MISSES)
def test_near_miss_is_proposed_and_never_withheld(text: str, role: str) -> None:
    result = pipeline(text, role)
    assert [p.text for p in result.proposed] == [text] and result.withheld == []


@pytest.mark.parametrize('text', NEAR_MISSES)
def test_near_miss_in_tool_output_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


# A pair in prose is a user and a password, not two measures, a method and a status, or two
# architectures after a word that ends in login (a latency report, a route table, a build matrix).
@pytest.mark.parametrize('text', [
    'POST /api/login: 245ms / 1203ms (p50 / p99)',
    'login: 200 / 1523ms',
    'login: GET / 302Found',
    'login: x64 / arm64v8',
    'sign-in: 12 / 2048MiB',
])
def test_a_pair_of_measures_or_architectures_after_login_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('text', ['the admin login is root / Tr0ub4dor88',
                                  'SMTP creds are mailer and Qw7Rt2Yp9Z',
                                  'the login is deploy2 / Xk29Lm3qP7',
                                  'the x64 runner login is ci / Tr0ub4dor88'])
def test_a_user_and_a_password_in_prose_are_still_found(text: str) -> None:
    assert [f.kind for f in redact_line(tool_output(text))[1]] == ['password']


# A name with a number after a secret word is a name, not a password typed with a year: a
# Kubernetes secret's name, an SSH key's file, an algorithm (values.is_typed_password).
@pytest.mark.parametrize('text', [
    '$ kubectl get secret regcred2024 -o yaml',
    'kubectl describe secret db-creds2024 -n prod',
    'Using SSH key id_ed25519',
    'the deploy key id_ed25519 is loaded',
    'the SSH key is id_ed25519',
    'ssh: using key id_ecdsa2048',
    'the signing key is Ed25519, the exchange key X25519',
])
def test_a_name_with_a_number_after_a_secret_word_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('role', ['user', 'assistant'])
@pytest.mark.parametrize('text', [
    'From now on the signing key is Ed25519 for all releases.',
    'From now on the deploy key is id_ed25519 on every runner.',
    'From now on the exchange key is X25519 for every session.',
])
def test_a_name_with_a_number_after_a_secret_word_is_proposed(text: str, role: str) -> None:
    result = pipeline(text, role)
    assert [p.text for p in result.proposed] == [text] and result.withheld == []


@pytest.mark.parametrize('text', ['the wifi key is BlueFox4242', 'the wifi key is Summer2024',
                                  'the jwt secret is s3cr3t-Xk29', 'the api token is k3yb0ard77'])
def test_words_typed_as_a_password_after_a_secret_word_are_still_found(text: str) -> None:
    assert redact_line(tool_output(text))[1]


# キー after katakana or kanji is a compound noun (a shortcut key, a table's key), not a secret
# key; after API, 秘密 or a particle it still names one.
@pytest.mark.parametrize('text', [
    'ショートカットキーは Ctrl+Shift+F12 です',
    'ホットキーは Cmd+Shift+P4 です',
    '主キーは order_id2024 です',
    '外部キー: customer_id2024',
    '主キーは order_id+tenant7 です',
    'ソートキーは created_at#2024 です',
    '複合キー: tenant7+order9',
])
def test_a_compound_noun_ending_in_key_in_japanese_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('text', ['APIキーは Qz8Wm3Kx7N です', '秘密キーは Qz8Wm3Kx7N です',
                                  'ステージングのキーは Qz8Wm3Kx7N です', 'キー: Qz8Wm3Kx7N'])
def test_a_key_word_in_japanese_still_takes_its_value(text: str) -> None:
    assert [f.kind for f in redact_line(tool_output(text))[1]] == ['secret key']


# English "per" is a rate or a scope, not Italian "for": after it a value is a name or a model.
@pytest.mark.parametrize('text', ['API key per project: proj-abc123xyz',
                                  'secret per environment: prod-db2024',
                                  'max token per request: gpt4o2024',
                                  'password per user = pw-policy7 (see docs)'])
def test_a_secret_word_per_a_scope_in_english_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('text', ['la password di staging è Xk29Lm3qP7',
                                  'la password per staging è Xk29Lm3qP7',
                                  'la password per il wifi è Xk29Lm3qP7',
                                  'la contraseña del wifi es Xk29Lm3qP7',
                                  'le mot de passe du wifi est Soleil2024',
                                  'das Passwort für das WLAN ist Sonnenblume4242'])
def test_a_place_between_a_password_word_and_its_value_is_still_read(text: str) -> None:
    assert [f.kind for f in redact_line(tool_output(text))[1]] == ['password']


# A hex literal of 32 bits or fewer after a secret word is a code, a register or a flag; a longer
# one may be a key.
@pytest.mark.parametrize('text', ['alarmCode: 0x0042', 'firstPass: 0x1E01', 'pwd: 0x0042',
                                  'the door code is 0xDEADBEEF'])
def test_a_short_hex_literal_after_a_secret_word_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])


@pytest.mark.parametrize('role', ['user', 'assistant'])
def test_a_short_hex_literal_after_a_secret_word_is_proposed(role: str) -> None:
    text = 'From now on alarmCode: 0x0042 is the panel default.'
    result = pipeline(text, role)
    assert [p.text for p in result.proposed] == [text] and result.withheld == []


@pytest.mark.parametrize('text', ['the WEP key is 0x1A2B3C4D5E',
                                  'private key: 0x4c0883a69102937d6231471b5dbb6204fe5129617082'
                                  '792ae468d01a3f362318'])
def test_a_long_hex_literal_after_a_key_word_is_still_found(text: str) -> None:
    assert redact_line(tool_output(text))[1]


# A code word, a login word or a foreign key word in any casing is decoded and read (the needles
# are derived from credential_patterns.LAYER_WORDS, which holds them).
@pytest.mark.parametrize('text', [
    'Access Code: K7PQ-2XMZ', 'Access Code is 4471-9902', 'ACCESS-CODE: K7PQ-2XMZ',
    'DOOR-CODE=44719902', 'LOGIN: admin / Tr0ub4dor88', 'the admin log-in is root / Tr0ub4dor88',
    'Log-In: admin / Tr0ub4dor88',
])
def test_a_code_or_login_word_in_any_casing_is_found_in_tool_output(text: str) -> None:
    out, found = redact_line(tool_output(text), 5)
    assert [f.kind for f in found] == ['password']
    assert scan_line(tool_output(text).encode(), 5) == found


# After a plural code word every code of the list is found and redacted, each of the first one's
# shape; what follows in another shape is not.
@pytest.mark.parametrize(('text', 'codes'), [
    ('recovery codes are 7712-0394, 5830-1947', ['7712-0394', '5830-1947']),
    ('backup codes:\n5830-1947\n7712-0394\n\nexit 0', ['5830-1947', '7712-0394']),
    ('backup codes: K7PQ-2XMZ, 3HJX-9QRT and 8WQE-4ZTR.', ['K7PQ-2XMZ', '3HJX-9QRT', '8WQE-4ZTR']),
    ('recovery codes are 7712-0394, 12 left', ['7712-0394']),
    ('the recovery code is 7712-0394, 5830-1947 is the ticket', ['7712-0394']),
])
def test_every_code_of_a_list_is_found_and_redacted(text: str, codes: list[str]) -> None:
    line = tool_output(text)
    out, found = redact_line(line, 5)
    assert [f.kind for f in found] == ['password'] * len(codes)
    assert scan_line(line.encode(), 5) == found
    assert not any(code in out for code in codes)


# A secret word joined to a word by a dash in prose is still a secret word: only a flag's
# hyphenated name (after -- or a space and -) takes no value by apposition.
@pytest.mark.parametrize('text', ['the staging-token Pl4Kx9Qw2Zm goes in the header',
                                  'the github-token, Pl4Kx9Qw2Zm, stays',
                                  'the ci-deploy-token (Pl4Kx9Qw2Zm) is shared'])
def test_a_secret_word_after_a_dash_in_prose_still_takes_its_value(text: str) -> None:
    out, found = redact_line(tool_output(text))
    assert len(found) == 1 and 'Pl4Kx9Qw2Zm' not in out


@pytest.mark.parametrize('role', ['user', 'assistant'])
def test_a_secret_word_after_a_dash_in_prose_is_withheld(role: str) -> None:
    result = pipeline('From now on the staging-token Pl4Kx9Qw2Zm goes in the header.', role)
    assert result.proposed == [] and len(result.withheld) == 1


# An acronym before Pass names a render pass in graphics code: its value is a call or a flag.
@pytest.mark.parametrize('text', ['SSAOPass = new SSAOPass(scene, camera)', 'FXAAPass: true',
                                  'const smaaPass = new SMAAPass(width, height)'])
def test_a_render_pass_after_an_acronym_is_no_finding(text: str) -> None:
    line = tool_output(text)
    assert redact_line(line) == (line, [])
