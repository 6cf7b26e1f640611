"""False-alarm families found by gitleaks' false examples (python -m benchmarks.conformance),
each in what a person says and in tool output, with the near values that must still be found.
Every credential here is fake.
"""
from __future__ import annotations

import json

import pytest

from memory_gate.secrets.scan import scan_line

RANDOM = '9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit'


def lines(text: str) -> list[bytes]:
    """The text said by the user, and printed by a tool (a `cat` of a file)."""
    said = {'type': 'user', 'message': {'role': 'user', 'content': text}}
    content = [{'type': 'tool_result', 'tool_use_id': 't', 'content': f'$ cat config\n{text}\n'}]
    printed = {'type': 'user', 'message': {'role': 'user', 'content': content}}
    return [(json.dumps(r, ensure_ascii=False) + '\n').encode() for r in (said, printed)]


NOT_SECRETS = [
    # an id or a name: the name before the value ends in Id, _id, Name, _NAME
    "credentialsId: 'ff083f76-7804-4ef1-80e4-fe975bb9141b'",
    "jobCredentialsId: 'f4aeb6bc-2a25-458a-8111-9be9e502c0e7'",
    '"kms_key_id": "555ea4a3-d53a-4412-9c66-3a7cb667b0d6",',
    '"credentialId": "B9mTcFSck2LzJO2S3ols63",',
    'LLM_SECRET_NAME = "NEXUS-GPT4-API-KEY"',
    'tokenName: Kq7Vx2Nm9Ld4Wt5',
    # public by design, or no credential
    f'public_key = "{RANDOM}"',
    f'publicToken = "{RANDOM}"',
    f'NEXT_PUBLIC_API_KEY={RANDOM}',
    'csrf-token=Mj2qykJO5rELyHgezQ69nzUX0i3OH67V7+V4eUrLfpuyOuxmiW9rhROG/Whikle15sy==',
    # an empty value takes nothing from the next line
    'GITHUB_API_KEY=\nDYNATRACE_API_KEY=',
    # a key block with no body
    '-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----',
    # placeholders: a run of the alphabet, masked characters, one character repeated
    '"secret_key" => "sk_abcdefghijklmnopqrstuvwxyz123",',
    '"token4": "xoxp-572370529330-573807301142-572331691188-####################"',
    'API_KEY="glc_111111111111111111111111111111111111111111="',
    # a vendor's prefix its own shape does not take, a group of digits three times: examples
    '"token1": "xoxp-1234567890"',
    '"token3": "xoxp-1234-1234-1234-4ddbc191d40ee098cbaae6f3523ada2d"',
    # a name and its release
    '"bucket_key": "SalesResults-1.2"',
    # an element named for an id
    '<UserSecretsId>79a3edd0-2092-40a2-a04d-dcb46d5ca9ed</UserSecretsId>',
    # a package's exported name
    'AuthStyle: oauth2.AuthStyleInParams',
    # a type annotation in code: the value is a type or class name
    '  privateKey: Uint8Array,',
    '  tokenProvider: CMSTokenProvider?',
    '  authToken: AuthTokenV2Response;',
]

SECRETS = [
    f'credentials: "{RANDOM}"',
    f'private_key = "{RANDOM}"',
    f'API_KEY={RANDOM}',
    f'SECRET_KEY_BASE={RANDOM}',
    f'csrf_secret = "{RANDOM}"',  # a secret that protects CSRF tokens is a secret
    f'GITHUB_API_KEY=\nDYNATRACE_API_KEY={RANDOM}',
    '"secret_key" => "sk_ubb4yN3mzqGR2x8P7r5xCutE",',
    'API_KEY="glc_eyJvIjoiMTIzNDU2IiwibiI6InN0YWNrLTEyMzQ1NiJ9"',
    '  apiKey: Pl4Kx9Qw2Zm7Rt,',  # short humps: no type name
    'secret_token: Xk9pQ2mZ7vR4tL8w;',
    'password: CorrectHorse2Battery',  # a password may be any words
    '"token": "xoxp-5723705293-5738071301-5723311891-4ddbc191d40ee098cbaae6f3523ada2d"',
    '"access_token": "xoxa-2-511111111-31111111111-3111111111111-e039d02840a0b9379c"',
    '"release_key": "Rk7Vx2Nm9Ld4Wt5-1.2"',
]


@pytest.mark.parametrize('text', NOT_SECRETS)
def test_a_near_miss_is_no_finding_said_or_printed(text: str) -> None:
    assert [scan_line(line, 1) for line in lines(text)] == [[], []]


@pytest.mark.parametrize('text', SECRETS)
def test_the_value_beside_a_near_miss_is_still_found_said_and_printed(text: str) -> None:
    assert all(len(scan_line(line, 1)) == 1 for line in lines(text))


def test_an_empty_value_is_no_value_and_the_next_line_value_is_its_own() -> None:
    for line in lines(f'GITHUB_API_KEY=\nDYNATRACE_API_KEY={RANDOM}'):
        assert [f.hint for f in scan_line(line, 1)] == ['9Cnz…it']


def test_an_anthropic_key_is_never_named_an_openai_key() -> None:
    key = 'sk-ant-api03-' + 'Kq7Vx2Nm9Ld4Wt5Lc3Nv' * 4 + 'aaogaopBB'
    for line in lines(f'ANTHROPIC={key}'):
        assert 'OpenAI API key' not in {f.kind for f in scan_line(line, 1)}
