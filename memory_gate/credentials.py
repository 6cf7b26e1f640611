"""Credentials must never reach a review artifact: patterns for what looks like one.

Each pattern is named by the kind it reports ("looks like a <kind>"). Examples
are fake. Near-misses that must pass: an AWS region (us-east-1), a git SHA,
a UUID, a word like "token" without a long value.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable

# (kind, pattern, flags); compiled on first use.
SECRET_RES: tuple[tuple[str, str, int], ...] = (
    # AKIAIOSFODNN7EXAMPLE
    ('AWS access key id', r'\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b', 0),
    # ghp_ + 36, github_pat_ + 82
    ('GitHub token', r'\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{60,255})\b', 0),
    # sk-ant-api03-...
    ('Anthropic API key', r'\bsk-ant-[A-Za-z0-9_-]{20,}', 0),
    # sk-proj-..., sk-... (48+)
    ('OpenAI API key', r'\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}', 0),
    # xoxb-123-456-abc
    ('Slack token', r'\bxox[abposr]-[A-Za-z0-9-]{10,}', 0),
    # AIza + 35
    ('Google API key', r'\bAIza[0-9A-Za-z_-]{35}\b', 0),
    # sk_live_ / rk_live_
    ('Stripe live key', r'\b[rs]k_live_[0-9A-Za-z]{16,}', 0),
    # eyJhbGciOi....eyJzdWIi....signature
    ('JWT', r'\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}', 0),
    # -----BEGIN RSA PRIVATE KEY-----
    ('private key', r'-----BEGIN (?:[A-Z]+ )*PRIVATE KEY( BLOCK)?-----', 0),
    # postgres://user:hunter2@db.example.com
    ('password in a URL', r'\b[a-z][a-z0-9+.-]*://[^\s:/@]+:[^\s/@]+@[\w.-]+', re.I),
    # api_key = "8f4e9c2a7b1d6f3e" (a value of 12+ characters, not a placeholder)
    ('credential assignment', (
        r'\b(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?token|client[_-]?secret)\b'
        r'["\']?\s*[:=]\s*["\']?(?!<|\$\{|\{\{|x{6})[^\s"\'<>]{12,}'
    ), re.I),
)


# Every pattern above needs one of these in the text (case as written): '_' (GitHub, Stripe), ':' or '='
# (URL passwords, assignments), a key prefix, or the private-key header. Text with none is skipped unsearched.
HINTS = ('_', ':', '=', 'sk-', 'xox', 'AIza', 'eyJ', 'PRIVATE KEY',
         'AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'ANPA', 'ANVA', 'AIPA')


@functools.cache
def _searches() -> tuple[tuple[str, Callable[[str], object]], ...]:
    """The patterns compiled once, on first use."""
    return tuple((kind, re.compile(pattern, flags).search) for kind, pattern, flags in SECRET_RES)


def secret_kind(text: str) -> str | None:
    """The kind of credential the text seems to carry, or None."""
    if not any(map(text.__contains__, HINTS)):
        return None
    for kind, search in _searches():
        if search(text):
            return kind
    return None
