"""Entire's compact transcript (`transcript.jsonl` beside `full.jsonl` in a checkpoint): the
Entire Transcript Format, one agent-neutral record per line.

    {"v": 1, "agent": "claude-code", "cli_version": "0.5.1", "type": "user", "ts": "...",
     "content": [{"text": "..."}]}
    {"v": 1, ..., "type": "assistant", "id": "...", "content": [{"type": "text", "text": "..."},
     {"type": "tool_use", "name": "bash", "input": {...}, "result": {"output": "..."}}]}

A user record's blocks are text; an assistant record's are text or tool_use (its result inside).
Only the text is mined. Sources: entireio/cli `cmd/entire/cli/transcript/compact/parse.go`
@241064591835b0e0249dcf5ce49d1ed518d63d04 (`v` and `cli_version` mark the format; user `text`,
assistant `text` and `tool_use` blocks) and `testdata/copilot_expected.jsonl`
@6952262caac551e9b3e287983da6a1d75b129b86. When the checkpoint's `full.jsonl` is there too, it is
read instead (`beside_full`): the agent's own log says more (session ids, injected text to skip).
"""
from __future__ import annotations

import os
from collections.abc import Iterable

from memory_gate.base.typed import TYPE_CHECKING
from memory_gate.formats import Format, Outcome, Reader
from memory_gate.formats.messages import as_str, block_texts, message_outcome

if TYPE_CHECKING:
    from typing import Any

COMPACT_NAME = 'transcript.jsonl'
FULL_NAME = 'full.jsonl'


class Entire(Reader):
    """Compact records: the text blocks are mined; tool_use (its result inside) is tool traffic."""

    def feed(self, obj: dict[str, Any], line: int) -> list[Outcome]:
        kind = obj.get('type')
        if kind not in ('user', 'assistant'):
            return [Outcome(line, skipped='meta')]
        text, tool = block_texts(obj.get('content'))
        return [message_outcome(line, kind, text, tool, '', as_str(obj.get('ts')))]


def is_entire(o: dict[str, Any], kind: str | None, role: str | None) -> bool:
    version = o.get('v')
    return isinstance(version, int) and version > 0 and isinstance(o.get('cli_version'), str)


def beside_full(paths: Iterable[str]) -> list[str]:
    """The compact transcripts among paths with their checkpoint's full.jsonl beside them."""
    return [p for p in paths if os.path.basename(p) == COMPACT_NAME
            and os.path.isfile(os.path.join(os.path.dirname(p), FULL_NAME))]


ENTIRE = Format('entire', Entire, is_entire, structured=True)
