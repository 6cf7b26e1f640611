"""--home-in-copies mask: a collected copy with the home folder's path written as ~ and the
user's name, where it names a folder or an address, as <user>.

Line by line, on the bytes of a redacted line: what is masked never holds a quote or a
backslash, so every line stays valid JSON. Never inside a longer name: /home/alice2, malice,
project-alice keep theirs; the name as a folder only between two separators (/alice/), so the end
of a path (default/alice), a tag (</alice>, JSON's \u003c/alice\u003e) keeps it.
"""
from __future__ import annotations

import os
import re

from memory_gate.base.typed import NamedTuple
from memory_gate.reading.records import Settings


class Mask(NamedTuple):
    home: str  # the home folder, as ~
    user: str  # the user name, as <user> (empty: only the home folder is masked)
    pattern: re.Pattern[bytes]
    slug: bytes  # what the home folder's slug (Claude Code's project folders) is written as


def slug_of(path: str) -> str:
    """A path as Claude Code names a project's folder: each character not a letter or digit a
    hyphen (/home/alice -> -home-alice)."""
    return re.sub(r'[^A-Za-z0-9]', '-', path)


def pattern_of(home: str, user: str) -> re.Pattern[bytes]:
    """The home folder not followed by more of a name; its slug; the user name as a folder
    between two separators (/alice/) or before @ (alice@laptop)."""
    parts = [rb'(?P<home>' + re.escape(os.fsencode(home)) + rb')(?![\w.-])',
             rb'(?<![\w-])(?P<slug>' + re.escape(slug_of(home).encode()) + rb')(?![A-Za-z0-9])']
    if len(user) >= 2:
        name = re.escape(os.fsencode(user))
        parts += [rb'(?<=/)(?P<user>' + name + rb')(?=/)',  # a backslash starts a JSON escape
                  rb'(?<![\w.-])(?P<at>' + name + rb')(?=@)']
    return re.compile(b'|'.join(parts))


def mask_of(settings: Settings, home: str) -> Mask | None:
    """The mask --home-in-copies asks for; None when copies keep the home folder and user."""
    home = home.rstrip(os.sep)
    if settings.home_in_copies != 'mask' or len(home) < 2:
        return None
    user = user_name()
    slug, tail = slug_of(home), '-' + slug_of(user)
    shown = slug[: -len(tail)] + '-<user>' if len(user) >= 2 and slug.endswith(tail) else '~'
    return Mask(home, user, pattern_of(home, user), shown.encode())


def user_name() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return ''


def masked(line: bytes, mask: Mask) -> bytes:
    """`line` with the home folder as ~ (its slug as the slug of ~) and the user name as
    <user>."""
    def shown(found: re.Match[bytes]) -> bytes:
        if found.lastgroup == 'home':
            return b'~'
        return mask.slug if found.lastgroup == 'slug' else b'<user>'

    return mask.pattern.sub(shown, line)
