"""Credentials must never reach a review artifact: patterns for what looks like one.

Each pattern is named by the kind it reports ("looks like a <kind>"). Examples
are fake. Near-misses that must pass: an AWS region (us-east-1), a git SHA,
a UUID, a word like "token" without a long value.
"""
from __future__ import annotations

import re

SECRET_RES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # AKIAIOSFODNN7EXAMPLE
    ('AWS access key id', re.compile(r'\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b')),
    # ghp_ + 36, github_pat_ + 82
    ('GitHub token', re.compile(r'\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{60,255})\b')),
    # sk-ant-api03-...
    ('Anthropic API key', re.compile(r'\bsk-ant-[A-Za-z0-9_-]{20,}')),
    # sk-proj-..., sk-... (48+)
    ('OpenAI API key', re.compile(r'\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}')),
    # xoxb-123-456-abc
    ('Slack token', re.compile(r'\bxox[abposr]-[A-Za-z0-9-]{10,}')),
    # AIza + 35
    ('Google API key', re.compile(r'\bAIza[0-9A-Za-z_-]{35}\b')),
    # sk_live_ / rk_live_
    ('Stripe live key', re.compile(r'\b[rs]k_live_[0-9A-Za-z]{16,}')),
    # eyJhbGciOi....eyJzdWIi....signature
    ('JWT', re.compile(r'\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}')),
    # -----BEGIN RSA PRIVATE KEY-----
    ('private key', re.compile(r'-----BEGIN (?:[A-Z]+ )*PRIVATE KEY( BLOCK)?-----')),
    # postgres://user:hunter2@db.example.com
    ('password in a URL', re.compile(r'\b[a-z][a-z0-9+.-]*://[^\s:/@]+:[^\s/@]+@[\w.-]+', re.I)),
    # api_key = "8f4e9c2a7b1d6f3e" (a value of 12+ characters, not a placeholder)
    ('credential assignment', re.compile(
        r'\b(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?token|client[_-]?secret)\b'
        r'["\']?\s*[:=]\s*["\']?(?!<|\$\{|\{\{|x{6})[^\s"\'<>]{12,}',
        re.I,
    )),
)


def secret_kind(text: str) -> str | None:
    """The kind of credential the text seems to carry, or None."""
    for kind, pattern in SECRET_RES:
        if pattern.search(text):
            return kind
    return None
