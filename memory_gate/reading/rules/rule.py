"""A rule: a named family of phrasing that makes a sentence memory (a kind) or noise, and the
phrase fragments several rules share. The rules themselves: signal.py, signal_zh.py,
conventions.py and noise.py, gathered in patterns.py."""
from __future__ import annotations

from memory_gate.base.typed import NamedTuple


class Rule(NamedTuple):
    name: str
    kind: str  # decision | constraint | root_cause | convention | preference | noise
    pattern: str  # a regular expression, case-insensitive by its leading (?i), compiled when used
    unless: str = ''  # the rule does not fire when this matches
    min_length: int = 0  # a shorter length gate for a form short by nature (0: the default)
    # Cheap gates, checked on the lowered sentence before the pattern runs: the pattern can only
    # match when the sentence contains one of `contains` or starts with one of `starts`.
    # Both empty: no gate (team rules). tests/reading/rules/patterns_test.py proves every gate sound.
    contains: tuple[str, ...] = ()
    starts: tuple[str, ...] = ()
    own: bool = False  # the team's own rule (configuration): weighs as its judgment ('own_rule')


def rule(name: str, kind: str, pattern: str, unless: str = '', min_length: int = 0,
         triggers: str | tuple[str, ...] = '') -> Rule:
    """A rule; `triggers` are lowercase substrings, '|'-separated (or a tuple, to hold a '|'),
    '^' marking one the sentence starts with."""
    words = [t for t in (triggers.split('|') if isinstance(triggers, str) else triggers) if t]
    contains = tuple(t for t in words if not t.startswith('^'))
    starts = tuple(t[1:] for t in words if t.startswith('^'))
    unless = '(?i)' + unless if unless else ''
    return Rule(name, kind, '(?i)' + pattern, unless, min_length, contains, starts)



# Words that make an instruction general rather than about the next minutes.
UNIVERSAL = (
    r'\b(?:always|never|every|each time|whenever|all new|any new|from now on|going forward|'
    r'from here on|in future|in the future|by default)\b'
    r'|以后|今后|一律|每次|始终|永远|默认'
)

# A statement about right now, not a standing rule: "Each worker now gets a fresh database."
NOW = (
    r'\b(?<!from )(?:now|already|just|currently|still|yet|today|yesterday|here is|here are)\b'
    r'|^(?:it|this|that|these|those|there|which)\b'
)
# The moment named in the rule's own clause (before a comma or a semicolon): "The build needs to
# pass now", not "the agent has to run on py3.8, openwrt still ships 3.8" (the reason, after it).
CLAUSE_NOW = r'^[^,;]*?\b(?<!from )(?:now|already|just|currently|still|yet|today|yesterday)\b'
# A present-tense passive participle: "are stored", "is cut", "are hashed".
PASSIVE = (
    r'\b(?:are |gets? |is (?=(?:always|never|only|automatically|usually|strictly|stored'
    r'|kept|managed|versioned|pinned|encrypted|hashed|generated|deployed|hosted|enforced'
    r'|tracked|formatted|named|locked|backed)\b))(?:(?:always|never|only|automatically'
    r'|usually|strictly|all) )?'
    r'(?:[a-z]+ed|cut|run|built|kept|written|done|made|set|held|read|sent|shown|given'
    r'|taken|chosen|frozen|put|split)\b'
)
# A subject that is a kind of thing, not one thing in view: "Components ...", not "The test ..." or
# "It ...".
SUBJECT = (
    r'^(?!(?:i|you|it|this|that|these|those|he|she|they|we|there|here|what|which|who|the|a|an'
    r'|my|your|his|her|its|both|either|neither|some|most|many|several|few'
    r"|all of)\b)(?:[\w./@`'-]+ ){1,4}"
)

# A generic subject of up to three words, none a person, a pointer or a connective: "Migrations",
# "New endpoints", "The public API"; not "So we", "One caveat you", "so then".
SUBJECT_WORDS = (
    r"^(?!(?:what|which|who|why|how|when|where|so|then|and|but|also|if|one)\b)"
    r"(?:(?!(?:i|you|we|they|he|she|it|this|that|these|those|there|here|so|then|one)\b)"
    r"[\w./@`'-]+ ){1,3}"
)

# A prohibition stays one, whatever moment it names: "nunca ..., nem hoje" (as 'one_off' unless).
LANGUAGE_NEVER = r'^(?:nunca|jamais|jamás)\b|^(?:não|no)\b(?!,)|^(?:絶対に|決して)|^(?:절대|절대로)'
