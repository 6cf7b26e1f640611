"""Per real session: the format detected, lines, mined, skipped by reason, proposals.

    python benchmarks/formats_table.py [FOLDER]

Runs `memory-gate build --stats --max-add 1000 FILE` on every file under FOLDER
(default: the shared corpus, ../shared/transcripts/real beside the repository) and
prints one Markdown table row per file, then the totals.
"""
from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent.parent / 'shared' / 'transcripts' / 'real'
NOT_READ = ('unrecognised', 'oversized_document', 'malformed_document')


def stats_of(path: Path) -> Counter[str]:
    """The totals `--stats` prints for one file (the lines before the per-file ones)."""
    command = (sys.executable, '-m', 'memory_gate', 'build', '--stats', '--max-add', '1000',
               str(path))
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    stats: Counter[str] = Counter()
    for line in done.stderr.splitlines():
        key, sep, value = line.rpartition(': ')
        if sep and value.isdigit() and not key.startswith(str(path)):
            stats[key] = int(value)
    return stats


def row(name: str, stats: Counter[str]) -> str:
    formats = [k[len('format:'):] for k in stats if k.startswith('format:')]
    formats += [k for k in NOT_READ if stats[k]]
    skipped = ', '.join(
        f'{k[len("skipped_"):]} {v}'
        for k, v in sorted(stats.items())
        if k.startswith('skipped_') and v
    )
    cells = [
        name,
        ' '.join(formats) or '-',
        stats['lines'],
        stats['malformed'],
        stats['mined'],
        skipped or '-',
        stats['proposed'],
    ]
    return '| ' + ' | '.join(str(cell) for cell in cells) + ' |'


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else DEFAULT
    files = sorted(
        p
        for p in folder.glob('*/*')
        if p.suffix in ('.json', '.jsonl') and p.parent.name != 'labels'
    )
    total: Counter[str] = Counter()
    print('| file | format | lines | malformed | mined | skipped by reason | proposed |')
    print('|---|---|---:|---:|---:|---|---:|')
    for path in files:
        stats = stats_of(path)
        total.update(stats)
        print(row(str(path.relative_to(folder)), stats))
    print(row(f'**{len(files)} files**', total))
    return 0


if __name__ == '__main__':
    raise SystemExit(main(sys.argv[1:]))
