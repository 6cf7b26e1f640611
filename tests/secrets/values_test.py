from __future__ import annotations

import pytest

from memory_gate.secrets.values import is_identifier, is_name, is_path, is_placeholder, word_kind


@pytest.mark.parametrize('value', [
    '${VAR}', '$VAR', '%VAR%', '<token>', '{{ secret }}', 'xxxxxxxx', '****', 'changeme',
    'your-token-here', 'REDACTED', 'sk-xxxxxxxxxxxxxxxxxxxxxxxx',
])
def test_placeholders(value: str) -> None:
    assert is_placeholder(value)


def test_paths_and_identifiers() -> None:
    paths = ['/etc/hosts', 'src/app/main.py', '~/.ssh/config', './bin/run', 'docs/api/v2']
    assert all(map(is_path, paths))
    names = ['handleUserLogin2', 'getHTTPResponse', 'x86_64-unknown-linux-gnu', 'MY_API_TOKEN']
    assert all(map(is_identifier, names))
    assert not is_identifier('Xk9pQ2mZ7vR4tL8wB3nC6yD')


def test_a_name_is_an_identifier_a_path_or_a_dotted_name() -> None:
    assert all(map(is_name, ['user_id2', 'HttpClientV2', 'src/app', 'os.environ']))
    assert not any(map(is_name, ['Xk9pQ2mZ7vR4tL8wB3nC6yD', 'Pa(ss)=w0rd9']))


@pytest.mark.parametrize(('value', 'name'), [
    ('BlueFox4242', False), ('Summer2024', False), ('s3cr3t-Xk29Lm', False),
    ('k3yb0ard-Cat9', False), ('HttpClientV2RetryPolicy', True),
    ('ENABLE_NEW_CHECKOUT_FLOW_V2', True), ('user_id2', True), ('utf8mb4_unicode_ci', True),
    ('v2beta1', True), ('Iso8601Parser', True), ('x86_64', True), ('Sha256Digest', True),
    ('GreenOwl7788', False), ('k3yb0ard', False),
    # a name with a number: an algorithm, a standard, a platform, a resource with a year
    ('id_ed25519', True), ('Ed25519', True), ('X25519', True), ('id_ecdsa2048', True),
    ('cp1252', True), ('ISO8601', True), ('RFC3339', True), ('ubuntu2204', True),
    ('windows2019', True), ('es2022', True), ('regcred2024', True), ('db-creds2024', True),
])
def test_words_typed_as_a_password_are_no_name(value: str, name: bool) -> None:
    assert is_name(value) is name


def test_the_word_before_a_value_names_its_kind() -> None:
    words = ['password', 'pwd', 'api_key', 'auth token', 'secret', '令牌', '密钥']
    assert [word_kind(w) for w in words] == [
        'password', 'password', 'secret key', 'token', 'secret', 'token', 'secret key']
