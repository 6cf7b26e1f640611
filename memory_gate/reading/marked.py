"""A `Memory:` line, read as the agent wrote it: whether it says nothing lasts (`Memory: none`),
and whether it is local, not lasting (the families of rules/local.py), with the reason the
pipeline counts and lists."""
from __future__ import annotations

from memory_gate.reading.rules.local import (
    FAMILIES,
    HOME_PATH_UNLESS_RE,
    INSTALLED_RE,
    LONGEST,
    REQUIRED_RE,
    TASK_STATE_RE,
    VERSION_RE,
)
from memory_gate.reading.rules.marks import NOTHING_RE
from memory_gate.text.sentences import compiled


def is_nothing(statement: str) -> bool:
    """Whether a marked line says that nothing lasts ("Memory: none")."""
    return len(statement) < 40 and compiled(NOTHING_RE).match(statement) is not None


def is_tool_version(line: str) -> bool:
    """A tool's version stated as installed where the agent ran, not one the project asks for."""
    return (compiled(VERSION_RE).search(line) is not None
            and compiled(INSTALLED_RE).search(line) is not None
            and compiled(REQUIRED_RE).search(line) is None)


def local_reason(line: str) -> str:
    """Why a `Memory:` line is local, not lasting ('home_path', 'this_machine', 'harness',
    'tool_version', 'task_state', 'too_long'), or '' when it is to be proposed."""
    if len(line) > LONGEST:
        return 'too_long'
    for reason, pattern in FAMILIES:
        if compiled(pattern).search(line) and not (
            reason == 'home_path' and compiled(HOME_PATH_UNLESS_RE).search(line)
        ):
            return reason
    if is_tool_version(line):
        return 'tool_version'
    return 'task_state' if compiled(TASK_STATE_RE).search(line) else ''
