"""False alarms on code the detector was never tuned on: findings per session, before and after.

    python -m benchmarks.scanners_code GIT_DIR [GIT_DIR ...] [--files N] [--show]
    python -m benchmarks.scanners_code --real FOLDER [FOLDER ...] [--show]

Each GIT_DIR is a repository (a bare mirror is enough: its HEAD's tree is read with git). Its
source files (TypeScript, Swift, Go, Rust, Elixir, Kotlin, Java, Python, Ruby, C#) are read as
an agent reads them: each file a Claude Code Read tool result (line-numbered, as Claude Code
writes it), N files a session (default 10); every finding in them is a false alarm unless a
value in the file is a credential (a test fixture's key is reported as what it is: read each).
--real scans the given folders' sessions as they are (../shared/transcripts/real/<project>).

Reported: sessions, findings, sessions with a finding, for the whole scan and for the engine
alone (our own detector switched off), so what our own detector adds is the difference; --show
lists each finding (kind and masked hint: never a value).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from memory_gate.secrets import scan

SOURCE = ('.ts', '.tsx', '.swift', '.go', '.rs', '.ex', '.exs', '.kt', '.java', '.py', '.rb', '.cs')


def read_result(path: str, text: str) -> str:
    """A Claude Code record whose tool result is a Read of the file: `     N→line`."""
    numbered = '\n'.join(f'{n:>6}\u2192{line}' for n, line in enumerate(text.splitlines(), 1))
    content = [{'type': 'tool_result', 'tool_use_id': 'toolu_1', 'content': numbered}]
    record = {'type': 'user', 'sessionId': 's', 'uuid': 'u',
              'message': {'role': 'user', 'content': content},
              'toolUseResult': {'type': 'text', 'file': {'filePath': path, 'content': text}}}
    return json.dumps(record, ensure_ascii=False)


def repository_sessions(git_dir: Path, per: int) -> Iterator[tuple[str, list[bytes]]]:
    """The repository's source files at HEAD, `per` files a session."""
    names = subprocess.run(['git', '-C', str(git_dir), 'ls-tree', '-r', '--name-only', 'HEAD'],
                           capture_output=True, text=True, check=True).stdout.split('\n')
    sources = sorted(n for n in names if n.endswith(SOURCE))
    label = git_dir.name if git_dir.name != 'repo' else git_dir.parent.name
    for first in range(0, len(sources), per):
        lines = []
        for name in sources[first:first + per]:
            shown = subprocess.run(['git', '-C', str(git_dir), 'show', f'HEAD:{name}'],
                                   capture_output=True, check=True).stdout
            text = shown.decode('utf-8', 'replace')
            lines.append((read_result(name, text) + '\n').encode())
        yield f'{label}:{sources[first]}', lines


def folder_sessions(folder: Path) -> Iterator[tuple[str, list[bytes]]]:
    for path in sorted(folder.rglob('*.json*')):
        yield f'{folder.name}/{path.name}', path.read_bytes().splitlines(keepends=True)


def findings(lines: list[bytes]) -> list[scan.Finding]:
    return [f for number, raw in enumerate(lines, 1) for f in scan.scan_line(raw, number)]


class EngineAlone:
    """Our own detector switched off for a while: the engine's findings only."""

    def __enter__(self) -> None:
        self.kept = scan.InLine.worth_searching
        scan.InLine.worth_searching = lambda self, key, value: False  # type: ignore[method-assign]

    def __exit__(self, *_: object) -> None:
        scan.InLine.worth_searching = self.kept  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    per = int(argv[argv.index('--files') + 1]) if '--files' in argv else 10
    paths = [Path(a) for a in argv if not a.startswith('--') and not a.isdigit()]
    sessions = [s for p in paths for s in (
        folder_sessions(p) if '--real' in argv else repository_sessions(p, per))]
    total: Counter[str] = Counter()
    shown = []
    for name, lines in sessions:
        whole = findings(lines)
        with EngineAlone():
            alone = findings(lines)
        total['sessions'] += 1
        total['findings'] += len(whole)
        total['sessions with one'] += bool(whole)
        total['engine alone'] += len(alone)
        total['sessions, engine alone'] += bool(alone)
        ours = Counter(whole) - Counter(alone)
        shown += [f'  {name}:{f.line} {f.kind} {f.hint}'.rstrip()
                  + ('' if f in ours else ' (engine)') for f in whole]
    print(f'{total["sessions"]} sessions: {total["findings"]} findings in '
          f'{total["sessions with one"]} sessions; engine alone {total["engine alone"]} in '
          f'{total["sessions, engine alone"]}')
    if '--show' in argv:
        print('\n'.join(shown))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
