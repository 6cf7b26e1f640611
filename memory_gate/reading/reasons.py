"""The evidence in a reviewer's words: the few features that decided a score, each with its
weight and the words it matched (the review line and --json's "features")."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from memory_gate.reading.records import Feature
from memory_gate.reading.rules.cues import PHRASE_FEATURES, SAYS
from memory_gate.text.sentences import compiled, plain_quotes

# The review names the FEW strongest features for and against; one weighing under MINOR barely moves
# the score.
FEW, MINOR = 3, 0.25
PHRASES = dict(PHRASE_FEATURES)
# evidence.form(): what each cue of form is read from
READ_FROM = {'standing': ('scope', 'generic_rule'), 'cites_narration': ('cites_rule',)}


def weighed(
    sentence: str, names: Iterable[str], weights: Mapping[str, float]
) -> tuple[Feature, ...]:
    """Every feature found, strongest first (ties by name), with its weight and the words it
    matched."""
    ranked = sorted(((weights.get(n, 0.0), n) for n in names), key=lambda wn: (-abs(wn[0]), wn[1]))
    return tuple(Feature(n, w, matched(sentence, n)) for w, n in ranked)


def describe(features: Sequence[Feature], role: str = 'user') -> str:
    """The few features that decided, in words: the strongest FEW for and against, each past MINOR
    ('for: in the voice of the user, normative "must"; against: narrates the agent's moves "I'll"').
    The rule's kind is printed beside the rule already: its fitted nudge is no reason a reviewer
    reads."""
    telling = [f for f in features if abs(f.weight) >= MINOR and not f.name.startswith('kind_')]
    sides = (
        ('for', [f for f in telling if f.weight > 0]),
        ('against', [f for f in telling if f.weight < 0]),
    )
    return '; '.join(
        f'{side}: ' + ', '.join(said(f, role) for f in found[:FEW])
        for side, found in sides if found
    )


def said(feature: Feature, role: str = 'user') -> str:
    """A feature in words, with the words it matched: 'normative "must"'. The assistant's stated
    cause or labelled rule is weighed as the user's voice (features): said so, not "in the voice
    of the user"."""
    if feature.name == 'user' and role == 'assistant':
        return PROMOTED
    return SAYS[feature.name] + (f' "{feature.words}"' if feature.words else '')


PROMOTED = "the assistant's, weighed as the user's"
SHOWN_WORDS = 24  # characters of the words a feature matched, cut at a word


def shortened(words: str) -> str:
    """The words, cut at a word to at most SHOWN_WORDS characters and marked '…' when cut."""
    if len(words) <= SHOWN_WORDS:
        return words
    cut = words[: SHOWN_WORDS + 1].rsplit(' ', 1)[0] if ' ' in words[:SHOWN_WORDS + 1] else ''
    return (cut or words[:SHOWN_WORDS]).rstrip(' ,;:') + '…'


def matched(sentence: str, name: str) -> str:
    """The words a phrase feature matched, short ('' for a feature of place or voice); a cue of form
    (evidence.form) shows the words of the phrase it was read from."""
    patterns = [PHRASES[n] for n in READ_FROM.get(name, (name,)) if n in PHRASES]
    match = next(filter(None, (compiled(p).search(plain_quotes(sentence)) for p in patterns)), None)
    words = shortened(' '.join(match.group(0).split())) if match else ''
    return words if words.replace('"', '') else ''
