"""The classes issue 41 found missed (item 4), each said by a person and printed by a tool (a
`cat` of a notes or config file), and their near misses. Every credential here is fake.
"""
from __future__ import annotations

import json

import pytest

from memory_gate.secrets.scan import scan_line


def said(text: str, role: str = 'user') -> bytes:
    record = {'type': role, 'message': {'role': role, 'content': text}}
    return (json.dumps(record, ensure_ascii=False) + '\n').encode()


def printed(text: str) -> bytes:
    output = f'$ cat notes.md\n{text}\n'
    content = [{'type': 'tool_result', 'tool_use_id': 't', 'content': output}]
    record = {'type': 'user', 'message': {'role': 'user', 'content': content}}
    return (json.dumps(record, ensure_ascii=False) + '\n').encode()


def found(text: str) -> list[bool]:
    forms = (said(text), said(text, 'assistant'), printed(text))
    return [bool(scan_line(line, 1)) for line in forms]


K8S_SECRET = '''apiVersion: v1
kind: Secret
metadata:
  name: db-credentials
type: Opaque
data:
  password: UzNjcjN0LVBhc3N3MHJkIQ==
  api-token: dG9rXzlmOGU3ZDZjNWI0YTM5MjgxNw=='''

MISSED = {
    'k8s Secret yaml': K8S_SECRET,
    'password element': '<password>Xk29Lm3qP7zzQ8</password>',
    'element with attributes': '<apiToken env="prod">Pl4Kx9Qw2Zm7Rt</apiToken>',
    'table row': ('| service | user | password |\n| --- | --- | --- |\n'
                  '| staging db | app | Xk29Lm3qP7zzQ8 |'),
    'arrow': 'STAGING_DB_PASSWORD -> Xk29Lm3qP7zzQ8',
    'YAML anchor': ('defaults: &defaults\n  password: &db_pass Xk29Lm3qP7zzQ8\n'
                    'staging:\n  <<: *defaults'),
    'next sentence': 'I reset the staging database password. It is Xk29Lm3qP7zzQ8 now.',
    'next sentence, new one': 'Here is the new admin password for the VPN. Qz7!mKp2Wr9x',
    'vendor name, 32 hex': 'The Twilio auth token is 3f9a7c1e5b2d4f6a8c0e1b3d5f7a9c2e.',
    'vendor name, 32 hex, no word': 'our mailgun key: 9c2e4f6a8b0d1c3e5f7a9b1d3c5e7f9a',
    'Doppler, env': 'DOPPLER_TOKEN=dp.st.prd.Kq7Vx2Nm9Ld4Wt5Lc3Nv8Pz1Rb6Hj0Fs2Gy4Tm',
    'Doppler, no word': 'run it with dp.st.prd.Kq7Vx2Nm9Ld4Wt5Lc3Nv8Pz1Rb6Hj0Fs2Gy4Tm as before',
    'Docker Hub, env': 'DOCKERHUB_TOKEN=dckr_pat_Kq7Vx2Nm9Ld4Wt5Lc3Nv8Pz1Rb6',
    'Docker Hub, no word': 'log in with dckr_pat_Kq7Vx2Nm9Ld4Wt5Lc3Nv8Pz1Rb6 from now on',
    'Bearer base64': 'Authorization: Bearer dXNlcjpQNHNzK3cwcmQ/Zm9yL3N0YWdpbmc=',
    'Bearer base64 in curl': 'curl -H "Authorization: Bearer Zm9v+YmFy/OTk4Nw==" https://api.example.test',
    'lowercase words run': 'the wifi password is correcthorsebatterystaple',
    'split over two sentences': 'Token: ghp_Ab12Cd34Ef56Gh78. Ij90Kl12Mn34Op56Qr78St90 ends it.',
    'split over two lines': 'my GitLab token:\nglpat-Ab12Cd34\nEf56Gh78Ij90Kl',
    'German': 'Das Passwort für den Server ist Sonnenblume47!',
    'German Kennwort': 'Das Kennwort lautet Fuchsbau2024',
    'Portuguese': 'A senha do banco é Girassol#2024',
    'Russian': 'Пароль от сервера: Podsolnuh2024',
    'Russian, link word': 'пароль — Podsolnuh2024',
    'Korean': '서버 비밀번호는 Haebaragi2024 입니다',
    'Dutch': 'Het wachtwoord is Zonnebloem2024',
    'Polish': 'Hasło do serwera to Slonecznik2024',
    'Turkish': 'Sunucu şifresi Aycicegi2024',
    'Turkish parola': 'Veritabanı parolası: Aycicegi2024',
}


@pytest.mark.parametrize('name', sorted(MISSED))
def test_a_missed_class_is_found_said_and_printed(name: str) -> None:
    assert found(MISSED[name]) == [True, True, True]


NEAR_MISSES = {
    'type annotation': 'privateKey: Uint8Array',
    'optional type': 'tokenProvider: CMSTokenProvider?',
    'import': 'import { Web3AuthVerifierService } from "./verifier";',
    'class name': 'class PasswordResetTokenService extends BaseService {}',
    'angle placeholder': 'API_TOKEN=<your-token>',
    'xxxx placeholder': 'password: xxxxxxxxxxxx',
    'expansion': 'GITHUB_TOKEN=${TOKEN}',
    'uuid id': '"requestId": "3f2a1c4e-9b7d-4e2f-8a1c-5d6e7f8a9b0c"',
    'hash id': '"commit_sha": "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"',
    'test value that says so': 'SECRET_KEY_BASE=dev-only-do-not-use-in-production-4f9a2c',
    'test-only value': 'secret_key_base: "test-only-a9f3c2e1b7d4"',
    'postgres default': 'DB_PASSWORD=postgres',
    'changeme': 'ADMIN_PASSWORD=changeme',
    'lowercase word': 'the password is incorrect',
    'German sentence': 'Das Passwort muss mindestens zwölf Zeichen haben.',
    'next sentence, no value': 'I reset the staging database password. It is done now.',
    'two words with digits': 'see gl-2024 release-notes2024 for sk-learn 1.5 and ghp_ docs',
}


@pytest.mark.parametrize('name', sorted(NEAR_MISSES))
def test_a_near_miss_is_no_finding_said_or_printed(name: str) -> None:
    assert found(NEAR_MISSES[name]) == [False, False, False]
