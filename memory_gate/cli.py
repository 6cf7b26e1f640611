"""`memory-gate COMMAND`: the command line, dispatched from one table
(memory_gate/commands/__init__.py).

This module only parses: each command's arguments and work live in its own module.
"""
from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence

import memory_gate
from memory_gate import color, config, options, usage
from memory_gate.base import repo
from memory_gate.commands import BY_NAME, COMMANDS
from memory_gate.reading.records import Settings
from memory_gate.report import err

DESCRIPTION = 'Propose memory bullets from agent transcripts, for review.'


class Version(argparse.Action):
    """--version: the version and its source's identity, read only when asked (version.py), and
    on a second line which credential engine scans (engine.py)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from memory_gate.base.version import version_line
        from memory_gate.secrets.engine import name

        print(version_line())
        print(f'credential engine: {name()}')
        parser.exit()


def parser(command: str | None = None) -> usage.Parser:
    """The command line. With `command` one of COMMANDS, only its sub-parser is built, and only
    it gets its settings: argparse's help machinery is most of start-up."""
    p = usage.Parser(prog='memory-gate', description=DESCRIPTION,
                     formatter_class=usage.Formatter)
    p.add_argument('-V', '--version', action=Version, help="show program's version number and exit")
    one = command in BY_NAME  # the usage line is the same either way: argparse prints it on errors
    metavar = '{' + ','.join(c.name for c in COMMANDS) + '}' if one else None
    sub = p.add_subparsers(dest='command', required=True, metavar=metavar)
    for c in COMMANDS:
        if one and c.name != command:
            continue
        sub_parser = sub.add_parser(c.name, help=c.help, formatter_class=usage.Formatter)
        c.arguments(sub_parser)
        loudness(sub_parser)
        p.commands[c.name] = sub_parser
        if c.options and command in (None, c.name):  # `memory-gate --help` needs none of them
            options.add_arguments(sub_parser, c.options, c.accepts)
        usage.teach(sub_parser, [c])
    usage.teach(p, list(COMMANDS))
    return p


def loudness(p: argparse.ArgumentParser) -> None:
    """-q and -v, which every command takes: Settings.verbosity -1, 0 or 1."""
    group = p.add_mutually_exclusive_group()
    group.add_argument('-q', '--quiet', dest='verbosity', action='store_const', const=-1,
                       default=0, help='say only what went wrong, and the product')
    group.add_argument('-v', '--verbose', dest='verbosity', action='store_const', const=1,
                       default=0, help='say also what was read')


def parse(argv: list[str]) -> argparse.Namespace:
    """The arguments; a usage error names the command's own usage, and a misspelt name gets
    the closest ones it takes (argparse would print the top-level usage for an unknown flag)."""
    top = parser(argv[0] if argv else None)
    args, extra = top.parse_known_args(argv)  # not a command: argparse says so
    if extra:
        top.commands[args.command].error('unrecognized arguments: ' + ' '.join(extra))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """The program; Ctrl-C ends it with one line and exit 130, as a shell reports SIGINT
    (agent-hook: 0, never a failed stop of the agent), at any moment: one held while the program
    imported its modules (memory_gate.held) is raised here, and once main is done, one more is
    ignored (it would be a traceback out of the interpreter's exit)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    program = memory_gate.held is not None
    try:
        if program:
            raise_held()
        return dispatch(argv)
    except KeyboardInterrupt:
        ignore_interrupts(program)  # a second Ctrl-C while saying so
        err('interrupted')
        command = BY_NAME.get(argv[0]) if argv else None
        return 130 if command is None else command.interrupted
    finally:
        ignore_interrupts(program)


def raise_held() -> None:
    """Ctrl-C raises KeyboardInterrupt again, and one held while starting is raised now."""
    import signal

    signal.signal(signal.SIGINT, signal.default_int_handler)
    if memory_gate.held:
        raise KeyboardInterrupt


def ignore_interrupts(program: bool) -> None:
    if program:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)


def dispatch(argv: list[str]) -> int:
    for stream in (sys.stdout, sys.stderr):  # UTF-8 memory, UTF-8 diffs, whatever the locale
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding='utf-8', errors='replace')
    args = parse(argv)
    command = BY_NAME[args.command]
    if not command.options:
        return command.run(args, Settings(verbosity=args.verbosity))
    try:
        root = repo.repo_root() or '.'
        settings = config.settings_from(args, config.load_pyproject(root), root)
    except config.ConfigError as exc:
        err(str(exc))
        return command.bad_setting
    on = color.use_color(settings.color, sys.stdout)
    settings = settings._replace(color='always' if on else 'never', verbosity=args.verbosity)
    return command.run(args, settings)
