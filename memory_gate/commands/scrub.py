"""`memory-gate scrub FILE...`: redact the credentials in transcripts, in place, on request.

Only the value's characters change, to [REDACTED:<kind>] (redact.redact_line), so every line
stays valid JSON and every other byte is the same; a file with nothing to redact is not
written. With --allow, nothing is redacted: each finding's fingerprint joins the allowlist
(sorted, one line each, the kind and hint beside it), and the hook lets it pass from then on.
"""
from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Sequence

from memory_gate.base import files
from memory_gate.base.files import InputError
from memory_gate.reading.records import Settings
from memory_gate.report import detail, err, note
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
        allowed = scan.parse_allowlist(files.read_allowlist(settings.allowlist))
    except InputError as exc:
        err(f'{shown(settings.allowlist)}: {exc}')
        return 2
    failed, found = 0, 0
    entries: list[str] = []
    for path in args.paths:
        try:
            done = scrub(path, allowed, entries if args.allow else None)
        except (InputError, OSError) as exc:
            err(f'{shown(path)}: {exc}')
            failed += 1
            continue
        for line, kind in done:
            print(printable(f'{shown(path)}:{line} {kind}'))
        found += len(done)
        detail(f'read {printable(shown(path))}: {len(done)} finding(s)', settings)
    if entries:
        try:
            allow(settings.allowlist, entries)
        except (InputError, OSError) as exc:
            err(f'{shown(settings.allowlist)}: {exc}')
            return 2
    verb = 'allowed' if args.allow else 'redacted'
    note(f'{verb} {found} credential(s) in {len(args.paths) - failed} file(s)', settings)
    return 2 if failed else 0


def scrub(path: str, allowed: frozenset[str], entries: list[str] | None) -> list[tuple[int, str]]:
    """Redact the file in place, a line at a time (a temporary file beside it replaces it when a
    line changed, with its mode); (line, kind) of each value. With `entries`, nothing is
    written: an allowlist line is added to it per value instead."""
    with files.open_transcript(path) as stream:
        mode = stat.S_IMODE(os.fstat(stream.fileno()).st_mode)
        with files.Replacing(None if entries is not None else path, mode) as out:
            done: list[tuple[int, str]] = []
            for number, raw in enumerate(stream, 1):
                line = scrubbed(raw, number, allowed, entries, path, done)
                out.write(line)
            out.keep = bool(done) and entries is None
            if out.keep and os.path.islink(path):
                raise InputError('is a symlink; not writing through it')
    return done


def scrubbed(raw: bytes, number: int, allowed: frozenset[str], entries: list[str] | None,
             path: str, done: list[tuple[int, str]]) -> bytes:
    """The line redacted, its values' (line, kind) added to `done`; with `entries`, the line as it
    is and an allowlist line per value added to `entries`."""
    if not scan.may_hold(raw):
        return raw
    if entries is not None:
        for finding, mark in scan.located(raw, number):
            if mark not in allowed:
                entries.append(entry(mark, f'{finding.kind} {finding.hint}', path, number))
                done.append((number, finding.kind))
        return raw
    redacted, findings = redact.redact_line(raw.decode('utf-8', 'surrogateescape'), number,
                                            allowed)
    done += [(number, f.kind) for f in findings]
    return redacted.encode('utf-8', 'surrogateescape') if findings else raw


def entry(mark: str, what: str, path: str, number: int) -> str:
    """An allowlist line: the fingerprint, the kind and hint, where; always one line (the file
    name in bash's $'...' quoting when it holds a line break or a control character)."""
    return ' '.join(f'{mark} {what}'.split()) + f' {shown(path)}:{number}'


def allow(path: str, entries: Sequence[str]) -> None:
    """Add allowlist lines, the file kept sorted with one line per fingerprint (merge-friendly)."""
    lines = [line for line in files.read_allowlist(path).splitlines() if line.strip()]
    known = {line.split()[0]: line for line in lines if not line.startswith('#')}
    for line in entries:
        known.setdefault(line.split()[0], line)
    text = HEADER + ''.join(line + '\n' for line in sorted(known.values()))
    if os.path.islink(path):
        raise InputError('is a symlink; not writing through it')
    with files.Replacing(path, files.file_mode(path)) as out:
        out.write(text.encode('utf-8'))
