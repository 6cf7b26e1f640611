"""`memory-gate scrub FILE...`: redact the credentials in transcripts, in place, on request.

Only the value's characters change, to [REDACTED:<kind>] (redact.redact_line), so every line
stays valid JSON and every other byte is the same; a file with nothing to redact is not
written. With --allow, nothing is redacted: each finding's fingerprint joins the allowlist
(sorted, one line each, the kind and hint beside it), and the hook lets it pass from then on.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from memory_gate.base import files
from memory_gate.base.files import InputError
from memory_gate.reading.records import Settings
from memory_gate.report import err
from memory_gate.secrets import redact, scan
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown

HEADER = ('# memory-gate: transcript findings reviewed as no secret; one fingerprint a line '
          '(the first 20 hex digits of the value\'s SHA-256), then its kind and where it was.\n')


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument('paths', nargs='+', metavar='FILE', help='transcript to redact in place')
    p.add_argument('--allow', action='store_true',
                   help='allow what is found instead (values that are no secret): add them to the '
                        'allowlist')


def run(args: argparse.Namespace, settings: Settings) -> int:
    try:
        allowed = scan.parse_allowlist(files.read_text(settings.allowlist))
    except InputError as exc:
        err(f'{settings.allowlist}: {exc}')
        return 2
    failed, found = 0, 0
    entries: list[str] = []
    for path in args.paths:
        try:
            data = read(path)
            lines, done = scrubbed(data, allowed, entries if args.allow else None, path)
            if not args.allow and lines != data:
                write(path, lines)
        except (InputError, OSError) as exc:
            err(f'{shown(path)}: {exc}')
            failed += 1
            continue
        for line, kind in done:
            print(printable(f'{shown(path)}:{line} {kind}'))
        found += len(done)
    if entries:
        try:
            allow(settings.allowlist, entries)
        except (InputError, OSError) as exc:
            err(f'{settings.allowlist}: {exc}')
            return 2
    verb = 'allowed' if args.allow else 'redacted'
    print(f'memory-gate: {verb} {found} credential(s) in {len(args.paths) - failed} file(s)',
          file=sys.stderr)
    return 2 if failed else 0


def scrubbed(data: bytes, allowed: frozenset[str], entries: list[str] | None,
             path: str) -> tuple[bytes, list[tuple[int, str]]]:
    """The file's bytes redacted, and (line, kind) of each value redacted; with `entries`, nothing
    is redacted and an allowlist line is added to it per value instead."""
    out, done = [], []
    for number, raw in enumerate(data.splitlines(keepends=True), 1):
        if not scan.may_hold(raw):
            out.append(raw)
            continue
        text = raw.decode('utf-8', 'surrogateescape')
        if entries is not None:
            for finding, mark in scan.located(raw, number):
                if mark not in allowed:
                    entries.append(f'{mark} {finding.kind} {finding.hint} {path}:{number}'.rstrip())
                    done.append((number, finding.kind))
            out.append(raw)
            continue
        redacted, findings = redact.redact_line(text, number, allowed)
        done += [(number, f.kind) for f in findings]
        out.append(redacted.encode('utf-8', 'surrogateescape') if findings else raw)
    return b''.join(out), done


def read(path: str) -> bytes:
    files.open_transcript(path).close()  # a directory or a special file is named, not read
    data = files.read_bytes(path)
    if data is None:
        raise InputError('no such file or directory')
    return data


def write(path: str, data: bytes) -> None:
    """Replace the file atomically (a temporary file beside it, then rename), keeping its mode."""
    if os.path.islink(path):
        raise InputError('is a symlink; not writing through it')
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix='.memory-gate-', dir=os.path.dirname(path) or '.')
    try:
        with os.fdopen(fd, 'wb') as f:
            f.write(data)
        os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def allow(path: str, entries: Sequence[str]) -> None:
    """Add allowlist lines, the file kept sorted with one line per fingerprint (merge-friendly)."""
    lines = [line for line in files.read_text(path).splitlines() if line.strip()]
    known = {line.split()[0]: line for line in lines if not line.startswith('#')}
    for entry in entries:
        known.setdefault(entry.split()[0], entry)
    write_text(path, HEADER + ''.join(line + '\n' for line in sorted(known.values())))


def write_text(path: str, text: str) -> None:
    if os.path.exists(path):
        write(path, text.encode('utf-8'))
    else:
        with open(path, 'x', encoding='utf-8') as f:
            f.write(text)


