"""Where a value ends (issue 41, item 3): an empty value at a line's end is no value and never
takes the next line; a query's value ends at the & that begins the next parameter. Each said and
printed by a tool. Every credential here is fake.
"""
from __future__ import annotations

import json

import pytest

from memory_gate.secrets.redact import redact_line
from memory_gate.secrets.scan import scan_line

VALUE = 'Xk29Lm3qP7zzQ8Rt5Vw2'  # hint 'Xk29…w2'


def lines(text: str) -> list[str]:
    said = {'type': 'user', 'message': {'role': 'user', 'content': text}}
    content = [{'type': 'tool_result', 'tool_use_id': 't', 'content': f'$ cat notes\n{text}\n'}]
    printed = {'type': 'user', 'message': {'role': 'user', 'content': content}}
    return [json.dumps(r) for r in (said, printed)]


# The next line holds a value no word names: it is not the empty value's.
@pytest.mark.parametrize('empty', [
    'API_KEY=', 'export API_KEY=', 'API_KEY=   ', 'password:', 'db_password: ', '--password',
    'Authorization:', 'Authorization: Bearer', '密码：', 'token ->',
])
def test_an_empty_value_at_a_line_end_never_takes_the_next_line(empty: str) -> None:
    for line in lines(f'{empty}\n{VALUE}\n'):
        assert scan_line(line.encode(), 1) == []


@pytest.mark.parametrize('empty', ['API_KEY=', 'password:', 'Authorization: Bearer'])
def test_the_next_line_named_value_is_its_own(empty: str) -> None:
    for line in lines(f'{empty}\nDYNATRACE_API_KEY={VALUE}\n'):
        assert [f.hint for f in scan_line(line.encode(), 1)] == ['Xk29\u2026w2']


@pytest.mark.parametrize('text', [
    f'curl https://api.example.test/v1/items?access_token={VALUE}&format=json',
    f'GET /callback?code=abc&token={VALUE}&state=open',
    f'see https://x.example.test/a?api_key={VALUE}&amp;page=2',
    f'grant_type=refresh&refresh_token={VALUE}&client_id=web',
    f'token={VALUE}&user=bob',
])
def test_a_query_value_ends_at_the_next_parameter(text: str) -> None:
    for line in lines(text):
        found = scan_line(line.encode(), 1)
        assert [f.hint for f in found] == ['Xk29\u2026w2'], found
        out, _ = redact_line(line)
        assert VALUE not in out and '&' in out


def test_an_ampersand_inside_a_password_is_kept() -> None:
    for line in lines('the staging password is P@ss&w0rd9Xq!'):
        out, found = redact_line(line)
        assert found and 'P@ss' not in out and 'w0rd9' not in out
