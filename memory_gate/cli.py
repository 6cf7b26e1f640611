"""`memory-gate build | hook | decline | review`: argparse, files in, diff or JSON out, exit codes."""
from __future__ import annotations

import argparse
import io
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from memory_gate import __version__, color, config, files, usage
from memory_gate.diff import render
from memory_gate.files import InputError, memory_target, read_memory, transcripts
from memory_gate.memory import parse_ledger
from memory_gate.pipeline import build
from memory_gate.records import Proposal, Result, Settings
from memory_gate.report import err, report_unread, report_withheld
from memory_gate.sentences import printable

# Keys --stats and --json always show, in this order; every other counter follows, sorted.
CORE_STATS = (
    'lines', 'parsed', 'malformed', 'blank', 'oversized', 'undecodable', 'mined', 'sentences', 'code_lines',
    'dropped_no_signal', 'signal', 'dropped_noise', 'dropped_length', 'withheld_secret', 'duplicate',
    'already_in_memory', 'declined', 'already_proposed', 'below_threshold', 'not_accepted', 'held_back', 'proposed',
)


def stat_lines(stats: Counter[str], prefix: str = '', only_set: bool = False) -> Iterator[str]:
    keys = [k for k in CORE_STATS if not only_set or stats[k]] + sorted(k for k in stats if k not in CORE_STATS)
    for key in keys:
        yield f'{prefix}{key}: {stats[key]}'


def print_stats(result: Result, out: TextIO) -> None:
    for line in stat_lines(result.stats):
        print(line, file=out)
    for source, stats in result.files.items():
        for line in stat_lines(stats, f'{source}: ', only_set=True):
            print(line, file=out)


def proposal_json(p: Proposal) -> dict[str, object]:
    """A proposal as docs/memory-gate.schema.json describes it: what the transcript does not say is null."""
    return {**p._asdict(), 'session': p.session or None, 'timestamp': p.timestamp or None}


def json_result(result: Result) -> str:
    return json.dumps({
        'stats': {k: result.stats[k] for k in [*CORE_STATS, *sorted(set(result.stats) - set(CORE_STATS))]},
        'files': {src: dict(sorted(stats.items())) for src, stats in result.files.items()},
        'proposed': [proposal_json(p) for p in result.proposed],
        'withheld': [w._asdict() for w in result.withheld],
        **({'candidates': [proposal_json(p) for p in result.below]} if result.below else {}),
    }, ensure_ascii=False, indent=2) + '\n'


def candidate_line(p: Proposal) -> str:
    """One candidate under the threshold: score, where, who and why, then the sentence."""
    return printable(f'{p.score:.2f} {p.source}:{p.line} {p.role} {p.kind}/{p.rule} ({p.evidence}): {p.text}')


def since_states(args: argparse.Namespace) -> tuple[dict[str, str], dict[str, int]] | None:
    """With --since, each transcript's state against REV and the first line to judge; None when REV is no commit."""
    if not args.since:
        return {}, {}
    from memory_gate import history  # only with --since: kept off every build's start-up

    found = history.since(files.repo_root() or '.', [args.since], args.transcripts)
    if found is None:
        return None
    return {path: since.state for path, since in found.items()}, history.starts(found, False)


def run_build(args: argparse.Namespace, settings: Settings) -> int:
    diff_path, real = memory_target(settings.memory)
    try:
        memory = read_memory(real)
    except InputError as exc:
        err(f'{settings.memory}: {exc}')
        return 2
    try:
        declined = parse_ledger(files.read_text(settings.ledger))
    except InputError as exc:
        err(f'{settings.ledger}: {exc}')
        return 2
    since = since_states(args)
    if since is None:
        err(f'--since {args.since}: is not a commit of this repository')
        return 2
    states, starts = since
    failed: list[str] = []
    settings = settings._replace(candidates=max(0, args.candidates))
    result = build(transcripts(args.transcripts, failed, starts), settings, memory or '', declined)
    for path, state in states.items():  # --stats says how each file was judged
        result.files.get(path, Counter())['since_' + state] = 1
    report_withheld(result)
    report_unread(result)
    if args.stats:
        print_stats(result, sys.stderr)
    if args.json:
        sys.stdout.write(json_result(result))
    elif args.candidates:
        sys.stdout.writelines(candidate_line(p) + '\n' for p in result.below)
    else:
        diff = render(diff_path, memory, [p.text for p in result.proposed])
        sys.stdout.write(color.paint_diff(diff, settings.color == 'always'))
    return 2 if failed else 0


COMMANDS = {
    'build': 'print the diff that would append proposals to the memory file',
    'snippet': 'print the lines to paste into AGENTS.md that ask agents to mark what lasts',
    'hook': 'the pre-commit hook: write proposals beside transcripts, exit 1 when any',
    'decline': 'record the bullets of proposals that are not in memory as declined',
    'review': 'take, decline, reword or skip each pending bullet; rewrite the proposals to match',
}


def build_arguments(b: argparse.ArgumentParser) -> None:
    b.add_argument('transcripts', nargs='+', metavar='TRANSCRIPT', help="JSONL transcript, or '-' for stdin")
    b.add_argument('--json', action='store_true', help='print {"stats", "files", "proposed", "withheld"} instead')
    b.add_argument('--stats', action='store_true', help='print counters to stderr')
    b.add_argument('--candidates', type=int, default=0, metavar='N',
                   help='print the N best candidates under the threshold, ranked, instead of the diff')
    b.add_argument('--since', metavar='REV', help='judge only what each transcript adds to its version at REV')


def hook_arguments(h: argparse.ArgumentParser) -> None:
    h.add_argument('transcripts', nargs='*', metavar='TRANSCRIPT')


def decline_arguments(d: argparse.ArgumentParser) -> None:
    d.add_argument('proposals', nargs='*', metavar='PROPOSAL')
    d.add_argument('--pending', action='store_true', help="decline every proposal memory-gate has pending in this repository")
    d.add_argument('--add', action='store_true', help='git add the ledger once written (the memory-gate-decline hook does)')


def review_arguments(r: argparse.ArgumentParser) -> None:
    r.add_argument('proposals', nargs='*', metavar='PROPOSAL', help='proposal files (default: every pending one)')
    for action, meaning in (('take', 'take these'), ('decline', 'decline these'), ('skip', 'leave these pending')):
        r.add_argument('--' + action, metavar='N,M-K', help=f'{meaning} (numbers, ranges or "all"); bullets not named are declined')
    r.add_argument('--reword', action='append', default=[], metavar='N=TEXT', help='take bullet N as TEXT; its original is declined')


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {
    'build': build_arguments, 'hook': hook_arguments, 'decline': decline_arguments, 'review': review_arguments,
}


def parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line. With `command` one of COMMANDS, only its sub-parser is built, and with command
    known, only that command gets its settings: argparse's help machinery is most of start-up."""
    p = argparse.ArgumentParser(prog='memory-gate', description='Propose memory bullets from agent transcripts, for review.',
                                formatter_class=usage.Formatter)
    p.add_argument('-V', '--version', action='version', version=f'%(prog)s {__version__}')
    one = command in COMMANDS  # the same usage line either way: argparse prints it on an unrecognised argument
    sub = p.add_subparsers(dest='command', required=True, metavar='{' + ','.join(COMMANDS) + '}' if one else None)
    for name in (n for n in COMMANDS if n == command or not one):
        sub_parser = sub.add_parser(name, help=COMMANDS[name], formatter_class=usage.Formatter)
        if name in ARGUMENTS:
            ARGUMENTS[name](sub_parser)
            if command in (None, name):
                config.add_arguments(sub_parser, name)
        usage.teach(sub_parser, [name])
    usage.teach(p, list(COMMANDS))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # diffs of UTF-8 memory files are UTF-8, whatever the locale says
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding='utf-8', errors='replace')
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser(argv[0] if argv else None).parse_args(argv)  # not a command: argparse says so, options unneeded
    if args.command == 'snippet':
        from memory_gate.cues import SNIPPET
        sys.stdout.write(SNIPPET)
        return 0
    try:
        settings = config.settings_from(args, config.load_pyproject(files.repo_root() or '.'))
        settings = settings._replace(color='always' if color.use_color(settings.color, sys.stdout) else 'never')
    except config.ConfigError as exc:
        err(str(exc))
        return 2
    if args.command == 'build':
        return run_build(args, settings)
    if args.command == 'hook':
        from memory_gate.hook import run_hook
        return run_hook(args.transcripts, settings)
    if args.command == 'review':
        from memory_gate.decline import run_review
        return run_review(args.proposals, {a: getattr(args, a) for a in ('take', 'decline', 'skip')}, args.reword, settings)
    from memory_gate.decline import run_decline
    return run_decline(args.proposals, args.pending, settings, args.add)
