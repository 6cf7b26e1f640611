"""The review loop: the pre-commit hook writes proposals and blocks; decline records what was not taken."""
from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Sequence

from memory_gate import files
from memory_gate.cli import err, memory_target, read_memory, report_withheld, transcripts
from memory_gate.diff import applied, render
from memory_gate.files import InputError
from memory_gate.memory import identity, known_identities, parse_ledger, render_ledger
from memory_gate.pipeline import Proposal, Settings, build
from memory_gate.sentences import printable

MARK = '# memory-gate proposal'  # the first line of every proposal file memory-gate writes
SUFFIX = '.memory.diff'
DECLINE_HOOK = 'pre-commit run memory-gate-decline --hook-stage manual'


def is_ours(path: str) -> bool:
    try:
        data = files.read_bytes(path)
    except InputError:
        return False
    return data is not None and data.startswith(MARK.encode())


def proposed_bullets(diff_text: str) -> list[str]:
    """The bullets a proposal file adds."""
    body = diff_text.split('\n+++ ', 1)[-1]
    return [line[3:].rstrip('\r') for line in body.splitlines() if line.startswith('+- ')]


def tracked_files(root: str) -> set[str]:
    out = files.git(root, 'ls-files', '-z')
    return set(out.decode('utf-8', 'replace').split('\0')) if out else set()


def staged_memory(root: str, rel: str, real: str) -> str | None:
    """The memory file as staged (the index), or the work tree's when it is not in the index."""
    blob = files.git(root, 'cat-file', 'blob', ':' + rel)
    worktree = read_memory(real)
    if blob is None:
        return worktree
    staged = files.decode_memory(blob)
    if worktree != staged:
        err(f'{rel} has unstaged edits; proposals are made against its staged version (git add it to include them)')
    return staged


def earlier_bullets(first: str, tracked: set[str], pending: set[str]) -> list[str]:
    """Bullets of proposals already written for transcripts before `first` in path order.

    pre-commit splits a long file list into several runs of the hook; a later run
    chains its proposals after those of the earlier ones, so they apply in path order.
    """
    bullets: list[str] = []
    for transcript in sorted(t for t in tracked if t < first and t not in pending):
        path = transcript + SUFFIX
        if path not in tracked and is_ours(path):
            with open(path, encoding='utf-8', errors='replace', newline='') as f:
                bullets += proposed_bullets(f.read())
    return bullets


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


def inside(path: str, root: str) -> bool:
    real = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    return real == root or real.startswith(root + os.sep)


def by_source(paths: Sequence[str], proposals: Sequence[Proposal], cap: int) -> dict[str, list[Proposal]]:
    groups: dict[str, list[Proposal]] = {path: [] for path in paths}
    for p in proposals:
        if len(groups[p.source]) < cap:
            groups[p.source].append(p)
    return groups


def run_hook(paths: Sequence[str], settings: Settings) -> int:
    root = files.repo_root()
    if root is None:
        err('not inside a git repository')
        return 1
    rel, real = memory_target(settings.memory)
    try:
        memory = staged_memory(root, rel, real)
        declined = parse_ledger((files.read_bytes(settings.ledger) or b'').decode('utf-8', 'replace'))
    except InputError as exc:
        err(f'{settings.memory}: {exc}')
        return 1
    paths = sorted(set(paths))
    tracked = tracked_files(root) if paths else set()
    earlier = earlier_bullets(paths[0], tracked, set(paths)) if paths else []
    failed: list[str] = []
    result = build(transcripts(paths, failed), settings._replace(max_add=sys.maxsize), memory or '', declined, earlier)
    report_withheld(result)
    state = applied(memory, earlier)
    written: list[str] = []
    for source, proposals in by_source(paths, result.proposed, settings.max_add).items():
        target = source + SUFFIX
        if not proposals:
            if target not in tracked and is_ours(target):
                os.unlink(target)  # stale: everything it proposed is now in memory or declined
            continue
        diff = render(rel, state, [p.text for p in proposals])
        if not write_proposal(root, target, header(source, rel, proposals) + diff):
            failed.append(source)
            continue
        written.append(target)
        state = applied(state, [p.text for p in proposals])
        report(source, rel, proposals, diff, result.files[source]['held_back'], settings)
    if written:
        over_budget(state or '', settings)
        print_next_steps(written, rel, settings)
    return 1 if written or failed else 0


def write_proposal(root: str, target: str, text: str) -> bool:
    """Write one proposal file inside the repository; say why not, on one line, when it cannot be."""
    if not inside(target, os.path.realpath(root)):
        err(f'{target}: is outside the repository; not writing it')
        return False
    try:
        files.write_new(target, text, MARK)
    except (InputError, OSError) as exc:
        err(f'{target}: {exc}')
        return False
    return True


def report(source: str, rel: str, proposals: Sequence[Proposal], diff: str, held_back: int, settings: Settings) -> None:
    name = printable(source)
    print(f'memory-gate: {name}: {len(proposals)} bullet(s) proposed for {printable(rel)} -> {name}{SUFFIX}')
    for p in proposals:
        print(f'  {name}:{p.line}: {p.role}, {p.kind}/{p.rule}: {p.text}')
    if held_back:
        print(f'  ({held_back} more held back by --max-add {settings.max_add}; proposed once these are reviewed)')
    print(diff)


def over_budget(text: str, settings: Settings) -> None:
    size = len(text.encode('utf-8'))
    if settings.budget and size > settings.budget:
        print(f'memory-gate: with these bullets {settings.memory} would be {size} bytes, past the {settings.budget}-byte '
              'budget agents read (Codex reads 32 KiB of AGENTS.md); consider pruning it')


def print_next_steps(written: Sequence[str], rel: str, settings: Settings) -> None:
    print('Review the proposals above. Accept what you want, in this order (edit the diff or the file to take part of it):')
    ledger = shell(settings.ledger)
    for target in written:
        print(f'  git apply {shell(target)} && git add {shell(rel)}')
    print('Then decline what you did not accept, so it is not proposed again:')
    print(f'  memory-gate decline {" ".join(shell(t) for t in written)} && git add {ledger}')
    print(f'  (with pre-commit alone: {DECLINE_HOOK} && git add {ledger})')
    print('Then commit again.')


def pending_proposals(root: str) -> list[str]:
    out = files.git(root, 'ls-files', '-z', '--cached', '--others', '--', '*' + SUFFIX) or b''
    names = sorted(set(out.decode('utf-8', 'replace').split('\0')) - {''})
    return [os.path.join(root, n) for n in names if is_ours(os.path.join(root, n))]


def memory_of(diff_text: str, root: str) -> str:
    for line in diff_text.splitlines():
        if line.startswith('+++ b/'):
            return os.path.join(root, line[6:].rstrip('\r'))
    raise InputError('has no +++ b/<memory file> line')


def read_proposal(path: str, root: str) -> list[str]:
    """The bullets of a proposal that are not in its memory file now. Raises InputError for a file that is not one."""
    data = files.read_bytes(path)
    if data is None:
        raise InputError('no such file')
    text = data.decode('utf-8', 'replace')
    if not text.startswith(MARK):
        raise InputError('is not a memory-gate proposal')
    known = known_identities(read_memory(memory_of(text, root)) or '')
    return [b for b in proposed_bullets(text) if identity(b) not in known]


def run_decline(paths: Sequence[str], pending: bool, settings: Settings) -> int:
    root = files.repo_root() or '.'
    paths = list(paths) + (pending_proposals(root) if pending else [])
    if not paths:
        print('memory-gate: no pending proposals' if pending else 'memory-gate: name the proposals to decline, or --pending')
        return 0 if pending else 2
    declined: list[str] = []
    done: list[str] = []
    status = 0
    for path in paths:
        try:
            declined += read_proposal(path, root)
            done.append(path)
        except InputError as exc:
            err(f'{path}: {exc}')
            status = 2
    if declined:
        try:
            old = (files.read_bytes(settings.ledger) or b'').decode('utf-8', 'replace')
            files.write_new(settings.ledger, render_ledger(old, declined), '')
        except (InputError, OSError) as exc:
            err(f'{settings.ledger}: {exc}')
            return 2
    tracked = tracked_files(root)
    for path in done:  # only once the ledger holds their bullets
        if os.path.relpath(path, root) not in tracked:
            os.unlink(path)
    for bullet in declined:
        print(f'declined: {printable(bullet)}')
    if declined:
        print(f'memory-gate: recorded {len(declined)} declined bullet(s) in {settings.ledger}; now: git add {shell(settings.ledger)}')
    else:
        print('memory-gate: nothing to decline: every proposed bullet is in memory already')
    return status
