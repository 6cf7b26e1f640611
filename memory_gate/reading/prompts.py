"""Prompts a program wrote: a user turn that is not the user's voice.

An orchestrator that dispatches agents, or a harness that injects context, sends its text in the
user's place: sections wrapped in tags of their own (`<task>`, `<grounding_rules>`,
`<instructions>`), or the same long text opening one session after another. Such a turn is
skipped whole (counter `skipped_program_prompt`), not weighed: nothing in it is the team's word.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from memory_gate.reading.rules.form import HTML_TAGS, PROBE_RE, PROMPT_TAG_RE
from memory_gate.text.sentences import compiled

# Two sections wrapped in tags make a prompt; so does one that holds most of the turn.
LEAST_SECTIONS = 2
WRAPPED_SHARE = 0.5
# The opening user turn of a session this long, said again as the opening turn of another session
# of the same run, is a template a program sends (a person's first message is not repeated whole).
REPEATED_PROMPT = 400
# A probe is short: a turn that dictates its reply and says little else.
PROBE = 200


def is_program_prompt(prose: str) -> bool:
    """Whether a user turn's prose is a prompt a program wrote: its sections wrapped in tags, or a
    harness's probe that dictates the reply."""
    if is_probe(prose):
        return True
    if '<' not in prose:  # most turns
        return False
    wrapped, names = 0, set()
    for match in compiled(PROMPT_TAG_RE).finditer(prose):
        name = match.group('name')
        if name.lower() in HTML_TAGS or name in names:
            continue
        end = prose.find(f'</{name}>', match.end())
        if end < 0:
            continue
        names.add(name)
        wrapped += end - match.start()
    return len(names) >= LEAST_SECTIONS or bool(names) and wrapped >= WRAPPED_SHARE * len(prose)


def is_probe(prose: str) -> bool:
    """A short turn that opens by dictating the reply ("Reply with exactly OK. Do not inspect or
    edit files."): a harness checking that the agent answers."""
    return len(prose) <= PROBE and compiled(PROBE_RE).search(prose) is not None


def prompt_key(prose: str) -> str:
    """What an opening turn is known by across sessions ('' when it is too short to be a
    template): the length and digest of its words, spacing squeezed (a turn of megabytes is
    squeezed a piece at a time: split whole into its words, 7.6 MB took 90 MB more)."""
    if len(prose) < REPEATED_PROMPT:
        return ''  # squeezed, it is no longer
    import hashlib  # only for a long opening turn: off start-up

    digest, length = hashlib.blake2b(digest_size=16), 0
    for words in squeezed(prose):
        if length:
            digest.update(b' ')
            length += 1
        digest.update(words.encode('utf-8', 'surrogatepass'))
        length += len(words)
    return f'{length}:{digest.hexdigest()}' if length >= REPEATED_PROMPT else ''


# How many characters of a turn are squeezed at once (then on to the next white space).
PIECE = 1 << 16
WHITE = re.compile(r'\s')  # what str.split() splits at


def squeezed(prose: str) -> Iterator[str]:
    """' '.join(prose.split()) in pieces, none empty: the prose cut at white space."""
    start = 0
    while start < len(prose):
        cut = WHITE.search(prose, start + PIECE) if start + PIECE < len(prose) else None
        end = cut.start() if cut else len(prose)
        piece = ' '.join(prose[start:end].split())
        if piece:
            yield piece
        start = end


class Openings:
    """The opening user turn of each session read so far in a run: a prompt said again to open
    another session is a template a program sends."""

    def __init__(self) -> None:
        self.opened: set[str] = set()  # the sources whose opening user turn was read
        self.said: dict[str, str] = {}  # a long opening user turn -> the source it opened

    def is_program_prompt(self, source: str, prose: str) -> bool:
        """Whether a user turn is a prompt a program wrote: tagged sections, or the long opening
        turn of another session said again to open this one."""
        opening = source not in self.opened
        self.opened.add(source)
        if is_program_prompt(prose):
            return True
        key = prompt_key(prose) if opening else ''
        return bool(key) and self.said.setdefault(key, source) != source
