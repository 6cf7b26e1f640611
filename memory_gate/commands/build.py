"""`memory-gate build`: the diff (or JSON, or the ranked candidates) for transcripts, on stdout.

It writes nothing: counters go to stderr with --stats, problems one line each.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator

from memory_gate import color
from memory_gate.base import repo
from memory_gate.base.files import InputError, read_memory, transcripts
from memory_gate.base.typed import TYPE_CHECKING, NamedTuple
from memory_gate.reading.pipeline import build
from memory_gate.reading.records import Proposal, Result, Settings
from memory_gate.report import (
    err,
    read_instead,
    report_failed,
    report_read,
    report_secrets,
    report_unread,
    report_withheld,
)
from memory_gate.review import inputs
from memory_gate.review.diff import render
from memory_gate.secrets.credentials import printable, redact
from memory_gate.text.sentences import shown

if TYPE_CHECKING:
    from typing import TextIO

# Keys --stats and --json always show, in this order; every other counter follows, sorted.
CORE_STATS = (
    'lines', 'parsed', 'malformed', 'blank', 'oversized', 'undecodable', 'mined', 'sentences',
    'code_lines', 'dropped_no_signal', 'signal', 'dropped_noise', 'dropped_length',
    'withheld_secret', 'duplicate', 'already_in_memory', 'declined', 'already_proposed',
    'below_threshold', 'not_accepted', 'held_back', 'proposed',
)


def arguments(b: argparse.ArgumentParser) -> None:
    b.add_argument('transcripts', nargs='+', metavar='TRANSCRIPT',
                   help="JSONL transcript, or '-' for stdin")
    b.add_argument('--json', action='store_true',
                   help='print {"stats", "files", "proposed", "withheld", "secrets"} instead')
    b.add_argument('--stats', action='store_true', help='print counters to stderr')
    b.add_argument('--candidates', type=int, default=0, metavar='N',
                   help='print the N best candidates under the threshold, ranked, '
                        'instead of the diff')
    b.add_argument('--context', type=int, metavar='N',
                   help='print each proposed bullet with why it was picked and the N turns '
                        'before it in its transcript (credentials masked), instead of the diff')
    b.add_argument('--since', metavar='REV',
                   help='judge only what each transcript adds to its version at REV')


def ordered(stats: Counter[str]) -> list[str]:
    """The keys to show: CORE_STATS, then every other counter, sorted."""
    return [*CORE_STATS, *sorted(set(stats) - set(CORE_STATS))]


def stat_lines(stats: Counter[str], prefix: str = '', only_set: bool = False) -> Iterator[str]:
    keys = [k for k in CORE_STATS if not only_set or stats[k]]
    keys += sorted(k for k in stats if k not in CORE_STATS)
    for key in keys:
        yield f'{prefix}{key}: {stats[key]}'


def print_stats(result: Result, out: TextIO) -> None:
    for line in stat_lines(result.stats):
        print(line, file=out)
    for source, stats in result.files.items():
        for line in stat_lines(stats, f'{printable(shown(source))}: ', only_set=True):
            print(line, file=out)


def proposal_json(p: Proposal) -> dict[str, object]:
    """A proposal as docs/memory-gate.schema.json describes it: null where the transcript is
    silent; every field from the transcript masked where it looks like a credential."""
    fields = {k: redact(v) if isinstance(v, str) else v for k, v in p._asdict().items()}
    return {**fields, 'session': fields['session'] or None,
            'timestamp': fields['timestamp'] or None,
            'features': [f._asdict() for f in p.features]}


def json_result(result: Result) -> str:
    found: dict[str, object] = {
        'stats': {k: result.stats[k] for k in ordered(result.stats)},
        'files': {src: dict(sorted(stats.items())) for src, stats in result.files.items()},
        'proposed': [proposal_json(p) for p in result.proposed],
        'withheld': [{k: redact(v) if isinstance(v, str) else v for k, v in w._asdict().items()}
                     for w in result.withheld],
        'secrets': [s._asdict() for s in result.secrets],
        'screened': [{k: redact(v) if isinstance(v, str) else v for k, v in s._asdict().items()}
                     for s in result.screened],
    }
    if result.below:
        found['candidates'] = [proposal_json(p) for p in result.below]
    return json.dumps(found, ensure_ascii=False, indent=2) + '\n'


def candidate_line(p: Proposal) -> str:
    """One candidate under the threshold: score, where, who and why, then the sentence."""
    where = f'{shown(p.source)}:{p.line} {p.role} {p.kind}/{p.rule} ({p.evidence})'
    return printable(f'{p.score:.2f} {where}: {p.text}')


def with_context(p: Proposal, count: int) -> list[str]:
    """A proposal as --context prints it: where and why, the bullet, the `count` turns before
    it and its own (review/context.py), then a blank line."""
    from memory_gate.review import context, proposals

    head = [printable(f'{shown(p.source)}:{p.line}: {proposals.entry(p).where}'),
            f'     {printable(p.text)}']
    if p.source == '-':
        return [*head, '        (read from stdin: not read again for its context)', '']
    try:
        return [*head, *context.around(p.source, p.line, count), '']
    except InputError as exc:
        return [*head, f'        {printable(shown(p.source))}: {exc}', '']


class Judged(NamedTuple):
    """With --since: how each transcript stands against REV (its `since_*` counters), the
    first line to judge, and what the REV versions of rewritten transcripts yield."""

    states: dict[str, list[str]]
    starts: dict[str, int]
    reviewed: list[str]


def since_states(args: argparse.Namespace, settings: Settings) -> Judged | None:
    """Each transcript against --since REV; None when REV is no commit."""
    if not args.since:
        return Judged({}, {}, [])
    from memory_gate.review import history  # only with --since: kept off every build's start-up

    root = repo.repo_root() or '.'
    found = history.since(root, [args.since], args.transcripts)
    if found is None:
        return None
    states = {path: [s.state] + (['renamed'] if s.renamed else []) for path, s in found.items()}
    return Judged(states, history.starts(found, False), history.reviewed(root, found, settings))


def run(args: argparse.Namespace, settings: Settings) -> int:
    try:
        read = inputs.read(settings, lambda rel, real: read_memory(real))
    except InputError as exc:
        err(f'{exc.path}: {exc}')
        return 2
    since = since_states(args, settings)
    if since is None:
        err(f'--since {args.since}: is not a commit of this repository')
        return 2
    failed: list[InputError] = []
    settings = settings._replace(candidates=max(0, args.candidates), allowed=read.allowed)
    found = transcripts(read_instead(args.transcripts), failed, since.starts)
    result = build(found, settings, read.memory or '', read.declined, (), since.reviewed)
    for path, states in since.states.items():  # --stats says how each file was judged
        for state in states:
            result.files.get(path, Counter())['since_' + state] = 1
    report_failed(failed)
    report_read(result, settings)
    report_withheld(result)
    report_unread(result)
    report_secrets(result, settings, 'the hook would block their commit')
    if args.stats:
        print_stats(result, sys.stderr)
    if args.json:
        sys.stdout.write(json_result(result))
    elif args.context is not None:
        sys.stdout.writelines(line + '\n' for p in result.proposed
                              for line in with_context(p, max(0, args.context)))
    elif args.candidates:
        sys.stdout.writelines(candidate_line(p) + '\n' for p in result.below)
    else:
        diff = render(read.rel, read.memory, [p.text for p in result.proposed], settings.heading)
        sys.stdout.write(color.paint_diff(diff, settings.color == 'always'))
    return 2 if failed else 0
