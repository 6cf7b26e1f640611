"""The proposal file: a reviewable diff with a comment header naming where each bullet came from."""
from __future__ import annotations

import os
import shlex
from collections.abc import Sequence

from memory_gate import files
from memory_gate.files import InputError
from memory_gate.pipeline import Proposal
from memory_gate.sentences import printable

MARK = '# memory-gate proposal'  # the first line of every proposal file memory-gate writes
SUFFIX = '.memory.diff'
DECLINE_HOOK = 'pre-commit run memory-gate-decline --hook-stage manual'


def read_ours(path: str) -> str | None:
    """The text of a proposal file memory-gate wrote; None when the path is missing, unreadable, or not ours."""
    try:
        data = files.read_bytes(path)
    except InputError:
        return None
    return data.decode('utf-8', 'replace') if data is not None and data.startswith(MARK.encode()) else None


def is_ours(path: str) -> bool:
    return read_ours(path) is not None


def proposed_bullets(diff_text: str) -> list[str]:
    """The bullets a proposal file adds."""
    body = diff_text.split('\n+++ ', 1)[-1]
    return [line[3:].rstrip('\r') for line in body.splitlines() if line.startswith('+- ')]


def header(source: str, rel: str, proposals: Sequence[Proposal]) -> str:
    target, rel = shell(source + SUFFIX), shell(rel)
    lines = [f'{MARK} for {rel} from {printable(source)}', f'# accept: git apply {target} && git add {rel}',
             f'# decline: memory-gate decline {target}  (or: {DECLINE_HOOK})']
    for p in proposals:
        where = ', '.join(x for x in (p.role, f'rule {p.kind}/{p.rule}', p.session and f'session {p.session}', p.timestamp) if x)
        lines.append(f'# line {p.line} ({printable(where)}): {p.text}')
    return '\n'.join(lines) + '\n'


def shell(path: str) -> str:
    """A path as it is typed in a shell command, safe to print."""
    return printable(shlex.quote(path))


def memory_of(diff_text: str, root: str) -> str:
    for line in diff_text.splitlines():
        if line.startswith('+++ b/'):
            return os.path.join(root, line[6:].rstrip('\r'))
    raise InputError('has no +++ b/<memory file> line')
