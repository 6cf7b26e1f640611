from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_gate.credentials import HINTS, SECRET_RES, secret_kind

FAKE = {
    'AWS access key id': 'Always use the key AKIAIOSFODNN7EXAMPLE for deploys.',
    'GitHub token': 'We must use ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8' + ' in CI.',
    'GitHub token ': 'Never rotate github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123 by hand.',
    'OpenAI API key': 'The key is always sk-proj-' + 'Ab3dEf6hIj9lMn2pQr5tUv8x' + 'YzAb3dEf6hIj9lMn.',
    'Anthropic API key': 'We decided on sk-ant-api03-' + 'abcdefghijklmnopqrstuvwxyz0123456789' + '.',
    'Slack token': 'Always post with xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp.',
    'Google API key': 'The maps key must be AIzaSyA-' + '1234567890abcdefghijklmnopqrstu' + ' everywhere.',
    'Stripe live key': 'Never commit sk_live_' + '4eC39HqLyjWDarjtT1zdp7dc' + ' again.',
    'JWT': 'Always send eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U today.',
    'private key': 'The deploy key must be -----BEGIN RSA PRIVATE KEY----- MIIEpAIBAAKCAQEA.',
    'password in a URL': 'We always connect to postgres://admin:hunter2hunter2@db.internal:5432/app.',
    'credential assignment': 'Always set api_key = "8f4e9c2a7b1d6f3e5a0c" in the env.',
}


@pytest.mark.parametrize(('kind', 'text'), list(FAKE.items()))
def test_secret_is_found(kind: str, text: str) -> None:
    assert secret_kind(text) == kind.strip()


@pytest.mark.parametrize('text', [
    'We always deploy to us-east-1 and eu-west-2.',
    'The fix was commit 3f786850e387550fdab836ed7e6dc881de23001b on main.',
    'Request ids are UUIDs like 123e4567-e89b-12d3-a456-426614174000 always.',
    'The token must be rotated monthly.',
    'Set password = ${DB_PASSWORD} from the environment.',
    'Always use https://example.com/docs for the API reference.',
    'Keys are named sk-something in docs only.',
])
def test_near_miss_passes(text: str) -> None:
    assert secret_kind(text) is None


SECRET_PARTS = ['AKIA', 'ASIA', 'IOSFODNN7EXAMPLE', 'ghp', 'gho', '_', 'github', 'pat', 'sk-', 'ant-', 'api03', 'proj-',
                'xoxb-', 'AIza', 'eyJ', 'hbGciOi', '.', '-----BEGIN ', 'RSA ', 'PRIVATE KEY', '-----', 'postgres://',
                'user', ':', 'hunter22', '@', 'db.example.com', 'password', 'token', ' = ', '=', '"', 'A1b2C3d4E5f6G7h8',
                'abcdefghijklmnopqrstuvwxyz0123456789', ' ', 'x']


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(SECRET_PARTS), max_size=12))
def test_text_without_a_hint_carries_no_secret(parts: list[str]) -> None:
    text = ''.join(parts)
    if any(re.search(pattern, text, flags) for _, pattern, flags in SECRET_RES):
        assert any(hint in text for hint in HINTS), text
