"""Reporting at the edge: one line per problem on stderr, the product on stdout."""
from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from memory_gate.base.files import InputError
from memory_gate.formats.document import MAX_DOCUMENT_BYTES
from memory_gate.reading.records import Result, Settings
from memory_gate.secrets.credentials import printable
from memory_gate.text.sentences import shown


def err(message: str) -> None:
    print(f'memory-gate: {printable(message)}', file=sys.stderr)


def is_quiet(settings: Settings) -> bool:
    """-q: say only what went wrong, and the product."""
    return settings.verbosity < 0


def is_verbose(settings: Settings) -> bool:
    """-v: say also what was read."""
    return settings.verbosity > 0


def note(message: str, settings: Settings) -> None:
    """A line on stderr that is neither a problem nor the product; -q leaves it out."""
    if not is_quiet(settings):
        err(message)


def detail(message: str, settings: Settings) -> None:
    """A line on stderr saying what was read; only with -v."""
    if is_verbose(settings):
        err(message)


def counts(stats: Mapping[str, int]) -> str:
    """What was read, counted: lines, turns, sentences, signals, bullets proposed."""
    return (f'{stats.get("lines", 0)} lines, {stats.get("mined", 0)} turns of people, '
            f'{stats.get("sentences", 0)} sentences, {stats.get("signal", 0)} with a signal, '
            f'{stats.get("proposed", 0)} proposed')


def read_line(source: str, stats: Mapping[str, int]) -> str:
    """What was read of one transcript, in one line."""
    formats = ', '.join(k.split(':', 1)[1] for k in sorted(stats) if k.startswith('format:'))
    return f'read {shown(source)} ({formats or "no format recognised"}): {counts(stats)}'


def report_read(result: Result, settings: Settings) -> None:
    """With -v, what was read of each transcript (its format and counters), one line each."""
    for source, stats in result.files.items():
        detail(read_line(source, stats), settings)


def report_failed(failed: Sequence[InputError]) -> None:
    """One line per transcript that could not be read, naming it."""
    for exc in failed:
        err(f'{shown(exc.path)}: {exc}')


def report_withheld(result: Result, program: str = 'memory-gate') -> None:
    """Where each withheld bullet was and what it looked like, never its value; the transcript
    still holds the value."""
    if not result.withheld:
        return
    from memory_gate.review.proposals import shell  # only when something was withheld: off start-up

    for w in result.withheld:
        err(f'{shown(w.source)}:{w.line}: withheld a proposal that looks like {a(w.kind)}')

    for source in dict.fromkeys(w.source for w in result.withheld):
        if source == '-':
            scrub, scan = f'{program} scrub FILE on the file it came from', 'gitleaks stdin'
        else:
            quoted = shell(source)
            scrub, scan = f'{program} scrub {quoted}', f'gitleaks dir {quoted}'
        err(f'{shown(source)}: the transcript itself holds that value: {scrub} redacts it where '
            f'the transcript scan finds it (a secret scanner for the rest: {scan}); rotate it if '
            'it is real')


def a(kind: str) -> str:
    """The kind with its article: an AWS access key id, an npm token, a GitHub token."""
    return f'an {kind}' if kind[:1].lower() in 'aeio' or kind.startswith('npm') else f'a {kind}'


def unread_problems(result: Result) -> list[str]:
    """One line per transcript that was not read as a transcript: no silent pass."""
    problems = []
    for source, stats in result.files.items():
        looked = stats['skipped_unrecognised']
        if stats['unrecognised'] and looked:
            lines = 'JSON line' if looked == 1 else 'JSON lines'
            problems.append(
                f'{source}: no transcript format recognised in {looked} {lines}; skipped')
        elif stats['unrecognised']:
            readable = ' short enough to read' if stats['oversized'] else ''
            problems.append(
                f'{source}: no line is a JSON object{readable}; not a transcript, skipped')
        if stats['oversized_document']:
            cap = MAX_DOCUMENT_BYTES >> 20
            problems.append(f'{source}: a JSON document past the {cap} MiB cap; skipped')
        if stats['malformed_document']:
            problems.append(f'{source}: a JSON document that does not parse; skipped')
    return problems


def report_unread(result: Result) -> None:
    for problem in unread_problems(result):
        err(problem)


def read_instead(paths: Sequence[str]) -> list[str]:
    """The paths to read: an Entire compact transcript with its checkpoint's full.jsonl beside it
    is named and left out (the full log is read instead)."""
    from memory_gate.formats.entire import FULL_NAME, beside_full

    left = set(beside_full(paths))
    for path in sorted(left):
        err(f"{shown(path)}: Entire's compact transcript; the {FULL_NAME} beside it is read "
            'instead')
    return [p for p in paths if p not in left]


def report_secrets(result: Result, settings: Settings, verdict: str,
                   program: str = 'memory-gate') -> None:
    """Each credential in a transcript's own lines: where, its kind and hint, never the value;
    then what to do about it."""
    if not result.secrets:
        return
    from memory_gate.review.proposals import shell  # only when something was found: off start-up

    for s in result.secrets:
        hint = f' ({s.hint})' if s.hint else ''
        err(f'{shown(s.source)}:{s.line}: {s.kind}{hint} in the transcript itself')
    sources = ' '.join(shell(s) for s in dict.fromkeys(s.source for s in result.secrets))
    err(f'{len(result.secrets)} credential(s) in transcripts: {verdict}. Rotate any that is real: '
        f'it is in this work tree already. Then redact them: {program} scrub {sources} '
        f'&& git add {sources}')
    err(f'or, for a value that is no secret (a documented test key): {program} scrub --allow '
        f'{sources} && git add {shell(settings.allowlist)}')
