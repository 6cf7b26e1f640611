"""Which text our own detector reads (issue 41, item 1): all that is said; in tool output prose
and config, never code, which is the engine's alone. Every credential here is fake.
"""
from __future__ import annotations

import json

import pytest

from memory_gate.secrets import engine
from memory_gate.secrets.readable import is_read, is_tool
from memory_gate.secrets.scan import scan_line

needs_engine = pytest.mark.skipif(engine.loaded() is None, reason='the engine is not installed')


def read_result(path: str, text: str) -> bytes:
    """A Claude Code Read of a file, as Claude Code writes it: numbered, and the file again."""
    numbered = '\n'.join(f'{n:>6}\u2192{line}' for n, line in enumerate(text.splitlines(), 1))
    content = [{'type': 'tool_result', 'tool_use_id': 'toolu_1', 'content': numbered}]
    record = {'type': 'user', 'sessionId': 's', 'uuid': 'u',
              'message': {'role': 'user', 'content': content},
              'toolUseResult': {'type': 'text', 'file': {'filePath': path, 'content': text}}}
    return (json.dumps(record) + '\n').encode()


def said(text: str) -> bytes:
    record = {'type': 'user', 'message': {'role': 'user', 'content': text}}
    return (json.dumps(record) + '\n').encode()


# Code that names secrets everywhere and holds none, in the languages of the check.
CODE = {
    'auth.ts': '''import { Web3AuthVerifierService } from "./verifier";
import type { CMSTokenProvider } from "@cms/sdk";

export interface SignerOptions {
  privateKey: Uint8Array;
  tokenProvider: CMSTokenProvider | undefined;
  auth0ClientInfo: Auth0ClientInfo2;
}

export class Signer {
  constructor(private readonly web3AuthContext: IWeb3AuthContextForWalletServices) {}
  sign(privateKey: Uint8Array, authToken: AuthTokenV2Response): string {
    const secretKey = deriveKey(privateKey, this.web3AuthContext);
    return secretKey.toString("hex");
  }
}
''',
    'Credentials.swift': '''import Foundation

public struct Credentials {
    public let accessToken: String
    public let refreshToken: String?
    let auth0ClientInfo: Auth0ClientInfo
    init(accessToken: String, refreshToken: String? = nil, auth0ClientInfo: Auth0ClientInfo) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.auth0ClientInfo = auth0ClientInfo
    }
}
''',
    'token.go': '''package oauth2

type Token struct {
\tAccessToken  string `json:"access_token"`
\tRefreshToken string `json:"refresh_token,omitempty"`
}

func (t *Token) Type() string {
\tauthHeader := t.TokenType
\treturn authHeader
}
''',
    'session.ex': '''defmodule MyApp.Session do
  alias MyApp.Auth.TokenProvider
  def sign(secret_key_base, token) do
    Phoenix.Token.sign(secret_key_base, "user auth", token)
  end
end
''',
    'client.rs': '''use oauth2::{AuthUrl, ClientSecret, TokenUrl};

pub struct Client {
    client_secret: Option<ClientSecret>,
    auth_url: AuthUrl,
}
''',
}


@needs_engine
@pytest.mark.parametrize('name', sorted(CODE))
def test_code_in_tool_output_is_no_finding(name: str) -> None:
    assert scan_line(read_result(name, CODE[name]), 1) == []


# In tool output our detector reads these forms: an env line, config and YAML (an anchor too),
# NAME -> value, an element, a table row, a flag, a sentence (a `cat` of a notes file).
READ_FORMS = [
    'DB_PASSWORD=Xk29Lm3qP7zzQ8',
    'export SERVICE_TOKEN=Pl4Kx9Qw2Zm7Rt',
    'password: Xk29Lm3qP7zzQ8',
    '  password: &db_pass Xk29Lm3qP7zzQ8',
    '"password": "Xk29Lm3qP7zzQ8",',
    'DB_PASSWORD -> Xk29Lm3qP7zzQ8',
    '<password>Xk29Lm3qP7zzQ8</password>',
    '| staging | password | Xk29Lm3qP7zzQ8 |',
    'mysql --password Xk29Lm3qP7zzQ8 -h db',
    'The staging password is Xk29Lm3qP7zzQ8 until Friday.',
]


@pytest.mark.parametrize('text', READ_FORMS)
def test_prose_and_config_are_read_in_tool_output_even_inside_code_folders(text: str) -> None:
    assert is_read(text)
    assert scan_line(read_result('NOTES.md', f'# Staging\n\n{text}\n'), 1) != []
    assert scan_line(said(text), 1) != []


@pytest.mark.parametrize('line', [
    'import { Web3AuthVerifierService } from "./verifier";',
    'const secretKey = deriveKey(privateKey, this.web3AuthContext);',
    'private let NewPassword = "S3cr3tP@ssw0rd"',
    'let token = try await provider.token()',
    'self.auth0ClientInfo = auth0ClientInfo',
    '  fn token(&self) -> Result<String, Error> {',
])
def test_code_lines_are_not_read(line: str) -> None:
    assert not is_read(line)


@needs_engine
def test_a_password_in_code_said_by_a_person_is_still_found() -> None:
    assert scan_line(said('use this: let password = "Xk29Lm3qP7zzQ8"'), 1) != []


def test_tool_fields_are_told_from_what_is_said() -> None:
    assert is_tool('content', {'type': 'tool_result'}) and is_tool('toolUseResult', {})
    assert is_tool('payload', {'type': 'function_call_output'})
    assert is_tool(None, {'type': 'tool.execution_complete'})
    assert not is_tool('message', {'role': 'user'}) and not is_tool('content', 'text')


def test_reads_any_asks_every_line_a_window_touches() -> None:
    """readable.reads_any: whether a line that holds a part of text[start:end] is read; a window
    that begins or ends inside a line asks of that whole line."""
    from memory_gate.secrets.readable import reads_any
    code = 'const token = getToken(user);\nimport { Web3AuthVerifierService } from "x";\n'
    prose = 'The staging password is Xk29vLq7mPz for now.\n'
    assert not reads_any(code, 0, len(code))
    assert reads_any(code + prose, 0, len(code) + 5)
    assert reads_any(code + prose, len(code) + 10, len(code) + 11)
    assert not reads_any(code + prose, 3, len(code) - 1)


# Tool output with credentials on code lines, prose, env and config lines, a grep hit; each kind
# (a vendor shape, an address, worded values) on a line read and one not read.
UNREAD_CASES = [
    'const token = getToken(user);\n  password = "Xk29vLq7mPz!";\nDB_PASSWORD=hunter2xyz9\n',
    '    def login(self, password="Qz7Lk2Wm9Xp"):\n        db = connect("postgres://u:Pw9sdf8Lk@db:5432/a")\n',
    'import os\nclient = Client(token="ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8")\n',
    'src/a.ts:12:const secret = "f9Kd8sL2mQ7xW4pZ";\nthe password is Sonnenblume47\n',
    'x = 1\n' * 900 + '  apiKey: "Jx7Rm2Kq9WvTt5"\nconst apiKey = "Jx7Rm2Kq9WvTt5";\n'
    + 'y = 2\n' * 900,
]


@needs_engine
@pytest.mark.parametrize('text', UNREAD_CASES)
def test_unread_windows_find_what_every_layer_finds(text: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A window of tool output none of whose lines is read runs only spans.UNWORDED: the same
    spans as every layer with the worded ones dropped after (reads_any made always true)."""
    from memory_gate.secrets import spans
    quick = spans.detect(text, said=False)
    monkeypatch.setattr(spans, 'reads_any', lambda *_: True)
    assert spans.detect(text, said=False) == quick
