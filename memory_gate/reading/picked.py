"""The option the user picked: the assistant lists options by number or letter ("1. **Composite
action instead of reusable workflow.** A composite action runs *inside* the calling job ...",
flutter-docker-image, labeled), the user's next turn names one ("option 1", "ok go with 2",
"B. ship it"). What that option says is then the user's decision: its candidates are weighed as an
accepted recommendation is ('accepted'). Pure functions over the turns' text.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from memory_gate.text.sentences import compiled

# An option item: a line opening with its number or capital letter, as a list item or bold:
# "1. **Composite action** ...", "B. Keep the Y.Doc ...", "**Option 2:** ...", "(3) Drop it".
# / not: "a. lowercase sub-points" (a letter of prose), "2026. a year". Compiled on first use
# (about 0.5 ms, as PICK_RE): one item per line, so a text of one line never lists two.
ITEM_RE = (
    r'(?im)^[ \t]*(?:[-*+][ \t]+)?\**(?:option[ \t]+)?'  # a list marker, bold, "Option"
    r'\(?(?P<label>[1-9]|(?-i:[A-E]))[.):]\**[ \t]+(?P<text>\S.*)$'  # "1." "B)" "(3)" "2:"
)
# The user's pick, opening the turn: "option 1", "Option 1. Also fix the warnings", "ok go with 2",
# "B. ship it", "let's do option B". / not: "2 more tests fail" (a count), "a bug" (a word), "1. yes
# 2. no" (numbered answers: the turn lists labels of its own).
PICK_RE = (
    r"(?i)^\s*(?:(?:ok(?:ay)?|yes|yeah|sure|alright|agreed)[,.!]?\s+)?"
    r"(?:(?:let'?s\s+)?(?:go\s+with|do|take|pick|choose)\s+)?"
    r'(?:option\s+(?P<named>[1-9]|[a-e])|(?P<bare>[1-9]|(?-i:[A-E])))(?:[.!,;:)]|\s*$)'
)
LEAST_OPTIONS = 2  # one numbered line is not a choice


def options(prose: str) -> dict[str, str]:
    """The option items of an assistant turn, label -> its text (normalized), when it lists at
    least two; else none."""
    if '\n' not in prose:  # most turns: one line holds one item at most
        return {}
    items = compiled(ITEM_RE).finditer(prose)
    found = {m.group('label').upper(): normalized(m.group('text')) for m in items}
    return found if len(found) >= LEAST_OPTIONS else {}


def option_of(sentence: str, items: Mapping[str, str]) -> str:
    """The label of the option item that holds the sentence, or ''."""
    said = normalized(sentence)
    return next((label for label, text in items.items() if said and said in text), '')


def pick(turn_text: str) -> str:
    """The label the user's turn opens by naming ('1', 'B'), or '' (none, or a list of its own)."""
    match = compiled(PICK_RE).match(turn_text)
    if match is None or '\n' in turn_text and len(compiled(ITEM_RE).findall(turn_text)) > 1:
        return ''
    return (match.group('named') or match.group('bare')).upper()


def normalized(text: str) -> str:
    """Lowercase words, markup and spacing dropped: a sentence is found in its item."""
    return ' '.join(re.sub(r'[*_`]+', ' ', text).lower().split())


def answers(prose: str, items: Mapping[str, str]) -> bool:
    """Whether a user turn answers the assistant's numbered list item by item: it lists at least
    two items of its own under labels the assistant's list used ("1. Reject empty strings. 2. Keep
    the cap at 50" after "1. Should empty strings ... 2. The cap ...")."""
    return bool(items) and len(set(options(prose)) & set(items)) >= LEAST_OPTIONS
