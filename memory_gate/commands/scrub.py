"""`memory-gate scrub FILE...`: redact the credentials in transcripts, in place, on request.

Only the value's characters change, to [REDACTED:<kind>] (redact.redact_line), so every line
stays valid JSON and every other byte is the same; a file with nothing to redact is not
written. With --allow, nothing is redacted: each finding is shown in its context (masked) and
asked about on the terminal (--all: every one, unasked); the fingerprint of each one allowed joins
the allowlist (sorted, one line each, the kind and hint beside it), and the hook lets it pass from
then on.
"""
from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Sequence

from memory_gate.base import files
from memory_gate.base.files import InputError
from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.reading.records import Settings
from memory_gate.report import detail, err, note
from memory_gate.secrets import across, redact, scan
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown

if TYPE_CHECKING:
    from memory_gate.terminal import Terminal

HEADER = ('# memory-gate: transcript findings reviewed as no secret; one fingerprint a line '
          '(the first 20 hex digits of the value\'s SHA-256), then its kind and where it was.\n')


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument('paths', nargs='+', metavar='FILE', help='transcript to redact in place')
    p.add_argument('--allow', action='store_true',
                   help='allow what is found instead (values that are no secret): asks about each '
                        'finding, shown in its context, and adds those you allow to the allowlist')
    p.add_argument('--all', action='store_true',
                   help='with --allow: allow every finding without asking (needed without a '
                        'terminal)')


NO_TERMINAL = ('scrub --allow: no terminal to ask on (stdin is not a terminal); nothing '
               'allowed. Each finding is allowed on its own on a terminal; --allow --all allows '
               'every one listed above')


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.all and not args.allow:
        err('scrub: --all goes with --allow (every finding allowed without asking)')
        return 2
    try:
        allowed = scan.parse_allowlist(files.read_allowlist(settings.allowlist))
    except InputError as exc:
        err(f'{shown(settings.allowlist)}: {exc}')
        return 2
    failed, found = 0, 0
    entries: list[Entry] = []
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
    if entries and not args.all:
        chosen = asked(entries)
        if chosen is None:
            return 2
        entries = chosen
    if entries:
        try:
            allow(settings.allowlist, [e.line for e in entries])
        except (InputError, OSError) as exc:
            err(f'{shown(settings.allowlist)}: {exc}')
            return 2
    if args.allow:
        found = len(entries)
    verb = 'allowed' if args.allow else 'redacted'
    note(f'{verb} {found} credential(s) in {len(args.paths) - failed} file(s)', settings)
    return 2 if failed else 0


class Entry(NamedTuple):
    """A finding --allow would add: its allowlist line, where it is and what (as the question
    names it), and the text around it, masked (not the line: a transcript line may be long)."""

    line: str
    where: str
    context: str


def scrub(path: str, allowed: frozenset[str], entries: list[Entry] | None) -> list[tuple[int, str]]:
    """Redact the file in place, a line at a time (a temporary file beside it replaces it when a
    line changed, with its mode); (line, kind) of each value. With `entries`, nothing is
    written: an allowlist line is added to it per value instead."""
    with files.open_transcript(path) as stream:
        mode = stat.S_IMODE(os.fstat(stream.fileno()).st_mode)
        with files.Replacing(None if entries is not None else path, mode) as out:
            done: list[tuple[int, str]] = []
            seam = across.Seam(lambda line, record: None, scan.fingerprint)
            for number, raw in enumerate(stream, 1):
                line = scrubbed(raw, number, allowed, entries, path, done)
                out.write(line)
                split_over(seam, line, Where(path, number), allowed, entries, done)
            out.keep = bool(done) and entries is None
            if out.keep and os.path.islink(path):
                raise InputError('is a symlink; not writing through it')
    return done


class Where(NamedTuple):
    path: str
    line: int


def split_over(seam: across.Seam, raw: bytes, at: Where, allowed: frozenset[str],
               entries: list[Entry] | None, done: list[tuple[int, str]]) -> None:
    """A token split over two messages (secrets/across.py), in the lines as scrub writes them:
    redaction, a line at a time, leaves it as it is. Said, for the user to edit both lines; with
    `entries`, one to allow."""
    for kind, value in joined(seam, raw):
        what, where = f'{kind} {scan.hint(value)}', f'{shown(at.path)}:{at.line}'
        mark = scan.fingerprint(value)
        if mark in allowed:
            continue
        if entries is not None:
            entries.append(Entry(entry(mark, what, at.path, at.line), f'{where} {what}',
                                 context_of(raw)))
            done.append((at.line, kind))
        else:
            err(f'{where}: {what} is split over this message and the one before: not redacted; '
                'edit both lines (or scrub --allow it if it is no secret)')


def joined(seam: across.Seam, raw: bytes) -> list[tuple[str, str]]:
    """(kind, token) of a token split over the last message and this line's."""
    if scan.may_hold(raw):  # a line that may end with a first half: its record for the seam
        try:
            seam.decoded(raw, json.loads(raw))
        except (ValueError, RecursionError):
            pass
    return seam.after(raw, ())


def scrubbed(raw: bytes, number: int, allowed: frozenset[str], entries: list[Entry] | None,
             path: str, done: list[tuple[int, str]]) -> bytes:
    """The line redacted, its values' (line, kind) added to `done`; with `entries`, the line as it
    is and an allowlist line per value added to `entries`."""
    if not scan.may_hold(raw):
        return raw
    if entries is not None:
        context = None
        for finding, mark in scan.located(raw, number):
            if mark not in allowed:
                what = f'{finding.kind} {finding.hint}'
                context = context_of(raw) if context is None else context
                entries.append(Entry(entry(mark, what, path, number),
                                     f'{shown(path)}:{number} {what}', context))
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


def asked(entries: Sequence[Entry]) -> list[Entry] | None:
    """The findings the reviewer allows, asked one by one on the terminal (each value once:
    the allowlist holds its fingerprint); None without a terminal to ask on."""
    if not sys.stdin.isatty():
        err(NO_TERMINAL)
        return None
    from memory_gate.terminal import Terminal

    term, chosen = Terminal(), []
    unique = list({e.line.split()[0]: e for e in entries}.values())
    for index, entry in enumerate(unique, 1):
        print(f'({index}/{len(unique)}) {printable(entry.where)}')
        print('\n'.join(wrapped(entry.context)))
        answer = ask(term)
        if answer == 'q':
            break
        if answer == 'y':
            chosen.append(entry)
    return chosen


def ask(term: Terminal) -> str:
    """y, n or q (end of input is q); ? and anything else say what each key does."""
    while True:
        key = (term.key('Allow this value as no secret [y,n,q,?]? ') or 'q').strip().lower()[:1]
        if key in ('y', 'n', 'q'):
            return key
        print('y - allow it: its fingerprint joins the allowlist, and the hook lets it pass\n'
              'n - do not allow it: the hook still blocks it (scrub without --allow redacts it)\n'
              'q - quit: allow none of this and the later ones\n? - this help')


CONTEXT_COLUMNS = 240  # the text shown around a finding, masked


def context_of(raw: bytes) -> str:
    """The text of a transcript line around its first finding: the JSON's strings that hold a
    space or a finding, every credential masked (credentials.printable), cut to
    CONTEXT_COLUMNS."""
    from memory_gate.text.width import fit

    masked = (printable(s) for s in strings(raw))  # what people read: words, and the finding
    text = ' '.join(dict.fromkeys(s for s in masked if ' ' in s.strip() or MASK in s))
    at = max(0, text.find(MASK) - CONTEXT_COLUMNS // 3)
    return ('… ' if at else '') + fit(text[at:], CONTEXT_COLUMNS)


def wrapped(context: str) -> list[str]:
    """A finding's context, indented and wrapped to the terminal (at most 100 columns)."""
    from memory_gate.text.width import wrap
    from memory_gate.usage import columns

    return wrap('      ' + context, min(columns(), 100), '      ')


MASK = '[secret withheld]'  # what credentials.printable writes for a value


def strings(raw: bytes) -> list[str]:
    """The strings of a JSON line, in order (its text when it is no JSON)."""
    import json

    try:
        found: list[object] = [json.loads(raw)]
    except (ValueError, RecursionError):
        return [raw.decode('utf-8', 'replace')]
    out: list[str] = []
    while found:  # a stack, the next value last: in order, and linear in the line's size
        value = found.pop()
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, (dict, list)):
            found += reversed(list(value.values()) if isinstance(value, dict) else value)
    return out
