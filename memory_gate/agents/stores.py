"""Where each agent keeps its sessions, and which belong to this checkout (docs/FORMATS.md §5).

Each store is a rule over files under the home directory; a session belongs to this checkout when
the working directory it records is the checkout, one of its worktrees, or a folder inside one.
Entire's checkpoints, in this repository's own refs, are checkpoints.py's. Nothing here writes.
"""

from __future__ import annotations

import glob
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator

from memory_gate.base.typed import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from typing import Any

    Reader = Callable[[str], Iterable[dict[str, Any]]]  # a session file's head (heads.py)

HEAD_RECORDS = (
    50  # records read from the top of a session for the one that names its working directory
)
# A session id an agent's event names, before it names a file: a folder name, never a path.
SESSION_ID_RE = re.compile(r'[A-Za-z0-9][A-Za-z0-9._-]{0,127}')


class Session(NamedTuple):
    agent: str  # claude, codex, gemini, copilot
    id: str  # the session id the agent gave it
    source: str  # the file in the agent's store, or 'REF:PATH' for an Entire checkpoint
    via: str = ''  # 'entire' when read from a checkpoint
    part: str = ''  # a further file of one session id (a resumed Gemini CLI session): its stem

    @property
    def name(self) -> str:
        """The copy's stable file name: agent and session id (and the part, for a further file)."""
        safe = ''.join(c if c.isalnum() or c in '-_.' else '_' for c in self.id)
        more = ''.join(c if c.isalnum() or c in '-_.' else '_' for c in self.part)
        return f'{self.agent}-{safe}' + (f'--{more}' if more else '') + '.jsonl'


def head(path: str) -> Iterator[dict[str, Any]]:
    """The first JSON objects of a JSON-lines file, or the top of a JSON document (its own keys).
    Bounded: a regular file only, HEAD_RECORDS lines of at most files.MAX_LINE_BYTES, a document
    of at most MAX_DOCUMENT_BYTES."""
    from memory_gate.base import files  # a FIFO or a device named like a session is no session
    from memory_gate.formats.document import MAX_DOCUMENT_BYTES

    try:
        with files.open_regular(path) as f:
            first = f.readline(files.MAX_LINE_BYTES)
            f.seek(0)
            if first.strip() == b'{':  # a session document (Gemini CLI), rewritten whole
                data = f.read(MAX_DOCUMENT_BYTES + 1)
                value = json.loads(data) if len(data) <= MAX_DOCUMENT_BYTES else None
                if isinstance(value, dict):
                    yield value
                return
            for n, line in enumerate(files.iter_lines(f)):
                if n >= HEAD_RECORDS:
                    return
                try:
                    obj = json.loads(line or b'')
                except ValueError:
                    continue
                if isinstance(obj, dict):
                    yield obj
    except (OSError, ValueError, files.InputError):
        return


def belongs(cwd: object, checkouts: Iterable[str]) -> bool:
    if not isinstance(cwd, str) or not cwd:
        return False
    cwd = node_path(os.path.realpath(cwd))
    return any(
        cwd == c or cwd.startswith(c.rstrip(os.sep) + os.sep) for c in map(node_path, checkouts)
    )


def claude(home: str, checkouts: list[str], read: Reader | None = None) -> Iterator[Session]:
    """~/.claude/projects/<slug>/<sessionId>.jsonl ($CLAUDE_CONFIG_DIR instead of ~/.claude); cwd on
    each record."""
    root = os.environ.get('CLAUDE_CONFIG_DIR') or os.path.join(home, '.claude')
    for path in sorted(glob.glob(os.path.join(glob.escape(root), 'projects', '*', '*.jsonl'))):
        stem = os.path.basename(path)[: -len('.jsonl')]
        if stem.startswith('agent-'):  # a sub-agent's log (2.0.x), not a session
            continue
        cwd = next((o['cwd'] for o in (read or head)(path) if 'cwd' in o), None)
        if belongs(cwd, checkouts):
            yield Session('claude', stem, path)


def codex(home: str, checkouts: list[str], read: Reader | None = None) -> Iterator[Session]:
    """$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl (~/.codex by default); session_meta names cwd
    and id."""
    root = os.environ.get('CODEX_HOME') or os.path.join(home, '.codex')
    for path in sorted(
        glob.glob(
            os.path.join(glob.escape(root), 'sessions', '**', 'rollout-*.jsonl'), recursive=True
        )
    ):
        meta: dict[str, Any] = next(
            (
                o['payload']
                for o in (read or head)(path)
                if o.get('type') == 'session_meta' and isinstance(o.get('payload'), dict)
            ),
            {},
        )
        if belongs(meta.get('cwd'), checkouts):
            yield Session(
                'codex', str(meta.get('id') or os.path.basename(path)[: -len('.jsonl')]), path
            )


def project_hash(path: str) -> str:
    """The hash Gemini CLI names a project's folder by: sha256 of its root as Node holds it
    (node_path: a byte that is not UTF-8 read as U+FFFD)."""
    import hashlib  # only when looking for Gemini sessions

    return hashlib.sha256(node_path(path).encode()).hexdigest()


def node_path(path: str) -> str:
    """A path as a Node agent holds it (process.cwd(), and the cwd it records): its bytes
    decoded as UTF-8, a byte that is not UTF-8 as U+FFFD."""
    return os.fsencode(path).decode('utf-8', 'replace')


# A small file of an agent's own (projects.json, .project_root) is read up to this.
SMALL_FILE_BYTES = 1 << 20


def read_small(path: str) -> bytes:
    """A regular file's first SMALL_FILE_BYTES; b'' when it cannot be read or is no regular
    file (a FIFO would hang the read)."""
    from memory_gate.base import files

    try:
        with files.open_regular(path) as f:
            return f.read(SMALL_FILE_BYTES)
    except (OSError, files.InputError):
        return b''


def read_json(path: str) -> Any:
    try:
        return json.loads(read_small(path))
    except ValueError:
        return None


def read_text(path: str) -> str:
    return read_small(path).decode('utf-8', 'replace').strip()


def gemini_folders(home: str, checkouts: list[str]) -> dict[str, str]:
    """Each of ~/.gemini/tmp/'s project folders that may hold this checkout's sessions, and the
    project root it stands for: <sha256 of the root> (older versions), the slug
    ~/.gemini/projects.json gives a root ({"projects": {root: slug}}), a folder whose .project_root
    names a root (0.61 writes both). The root must be the checkout or inside it."""
    tmp = os.path.join(home, '.gemini', 'tmp')
    folders = {os.path.join(tmp, project_hash(c)): c for c in checkouts}
    projects = read_json(os.path.join(home, '.gemini', 'projects.json'))
    named = projects.get('projects') if isinstance(projects, dict) else None
    for root, slug in (named or {}).items() if isinstance(named, dict) else ():
        if isinstance(slug, str) and is_slug(slug) and belongs(root, checkouts):
            folders[os.path.join(tmp, slug)] = root
    for marker in glob.glob(os.path.join(glob.escape(tmp), '*', '.project_root')):
        root = read_text(marker)
        if belongs(root, checkouts):
            folders[os.path.dirname(marker)] = root
    return folders


def is_slug(name: str) -> bool:
    """A folder name, never a path: no separator, not '.' or '..'."""
    return bool(name) and name not in ('.', '..') and '/' not in name and os.sep not in name


def gemini(home: str, checkouts: list[str], read: Reader | None = None) -> Iterator[Session]:
    """~/.gemini/tmp/<project folder>/chats/session-*.json (documents) or .jsonl (later versions); a
    session is this checkout's when its projectHash is the sha256 of its folder's root (a file
    without one is trusted to the folder). Several files of one session id (a resumed session
    leaves a new file) each get their own copy: the first by name keeps the plain name."""
    seen: set[str] = set()
    for folder, root in sorted(gemini_folders(home, checkouts).items()):
        hashes = {project_hash(root), project_hash(os.path.realpath(root))}
        chats = os.path.join(folder, 'chats')
        for path in sorted(glob.glob(os.path.join(glob.escape(chats), 'session-*.json*'))):
            if not path.endswith(('.json', '.jsonl')):
                continue
            top = next(iter((read or head)(path)), {})
            if top.get('projectHash', next(iter(hashes))) not in hashes:
                continue
            sid = str(top.get('sessionId') or os.path.basename(path).split('.')[0])
            part = os.path.basename(path).split('.')[0] if sid in seen else ''
            seen.add(sid)
            yield Session('gemini', sid, path, part=part)


def copilot_root(home: str) -> str:
    """$COPILOT_HOME, else ~/.copilot."""
    return os.environ.get('COPILOT_HOME') or os.path.join(home, '.copilot')


def copilot_events(home: str, session_id: object) -> str | None:
    """The events.jsonl of a Copilot CLI session id (its sessionEnd names no transcript), or None
    for an id that is not one (a path, '..', empty)."""
    if not isinstance(session_id, str) or not SESSION_ID_RE.fullmatch(session_id):
        return None
    return os.path.join(copilot_root(home), 'session-state', session_id, 'events.jsonl')


def copilot(home: str, checkouts: list[str], read: Reader | None = None) -> Iterator[Session]:
    """$COPILOT_HOME/session-state/<sessionId>/events.jsonl (~/.copilot by default); session.start
    gives data.context.cwd and data.sessionId."""
    states = os.path.join(glob.escape(copilot_root(home)), 'session-state')
    for path in sorted(glob.glob(os.path.join(states, '*', 'events.jsonl'))):
        start: dict[str, Any] = next(
            (
                o['data']
                for o in (read or head)(path)
                if o.get('type') == 'session.start' and isinstance(o.get('data'), dict)
            ),
            {},
        )
        context: dict[str, Any] = start['context'] if isinstance(start.get('context'), dict) else {}
        if belongs(context.get('cwd'), checkouts):
            yield Session(
                'copilot',
                str(start.get('sessionId') or os.path.basename(os.path.dirname(path))),
                path,
            )


STORES = (claude, codex, gemini, copilot)  # the order sessions are listed in


def checkouts(root: str) -> list[str]:
    """This checkout and every worktree of its repository, as real paths."""
    from memory_gate.base.repo import git

    listing = git(root, 'worktree', 'list', '--porcelain') or b''
    found = [
        os.fsdecode(line[len(b'worktree ') :])
        for line in listing.splitlines()
        if line.startswith(b'worktree ')
    ]
    return sorted({os.path.realpath(p) for p in [root, *found]})


class Place(NamedTuple):
    """Where a store keeps its sessions, and what tells one is this checkout's: what collect
    names when it finds none."""

    agent: str
    folder: str
    pattern: str  # the session files under the folder
    matched_on: str


def places(home: str) -> list[Place]:
    """Each store's place, in STORES order, under `home` and the agents' own variables."""
    claude_root = os.environ.get('CLAUDE_CONFIG_DIR') or os.path.join(home, '.claude')
    codex_root = os.environ.get('CODEX_HOME') or os.path.join(home, '.codex')
    return [
        Place('claude', os.path.join(claude_root, 'projects'), '*/*.jsonl',
              'the cwd its records name'),
        Place('codex', os.path.join(codex_root, 'sessions'), '**/rollout-*.jsonl',
              'the cwd of its session_meta'),
        Place('gemini', os.path.join(home, '.gemini', 'tmp'), '*/chats/session-*.json*',
              "its folder: the sha256 of the checkout's path, the slug ~/.gemini/projects.json "
              'gives it, or a .project_root naming it'),
        Place('copilot', os.path.join(copilot_root(home), 'session-state'), '*/events.jsonl',
              'the cwd of its session.start'),
    ]


def sessions_at(place: Place) -> int | None:
    """How many session files are at a place; None when its folder is missing."""
    if not os.path.isdir(place.folder):
        return None
    pattern = os.path.join(glob.escape(place.folder), place.pattern)
    return len(glob.glob(pattern, recursive=True))
