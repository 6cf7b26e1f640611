"""The records a run of the reading passes between its stages and to its edges: Settings in;
Proposal, Withheld and Result out of pipeline.build. Plain immutable values, no behaviour."""
from __future__ import annotations

from collections import Counter

from memory_gate.base.records import Secret
from memory_gate.base.typed import NamedTuple
from memory_gate.reading.rules import patterns, weights
from memory_gate.reading.rules.patterns import Rule

# Length gates, in Latin-equivalent characters (filters.weighted_length).
# 20: shorter than "Never push to main." carries no durable knowledge ("ok, done").
# 300: longer is a paragraph glued together by a missing full stop; a bullet must be one idea.
MIN_LENGTH = 20
MAX_LENGTH = 300


class Settings(NamedTuple):
    """Every option of a run, built once at the edge and passed explicitly."""

    memory: str = 'AGENTS.md'
    ledger: str = '.memory-gate-declined.txt'
    max_add: int = 10
    min_length: int = MIN_LENGTH
    max_length: int = MAX_LENGTH
    roles: frozenset[str] = frozenset(('user', 'assistant'))
    signal_rules: tuple[Rule, ...] = patterns.SIGNAL_RULES
    noise_rules: tuple[Rule, ...] = patterns.NOISE_RULES
    budget: int = 32 * 1024
    heading: str = ''  # the heading bullets go under ('## Decisions'); '': the end of the file
    allow_secrets: frozenset[str] = frozenset()  # public values (test keys) never withheld
    threshold: float = weights.THRESHOLD  # the score a candidate needs to be proposed
    candidates: int = 0  # how many of the best candidates under the threshold to keep for listing
    color: str = 'auto'  # auto, always or never; cli resolves auto, so always or never below it
    transcripts_folder: str = 'transcripts'  # where collect copies sessions, from the repo root
    home_in_copies: str = 'keep'  # keep or mask the home folder and user name in collected copies
    ask_after_prompts: int = 3  # agent-hook asks for Memory: lines after this many prompts ...
    ask_after_tools: int = 20  # ... or this many tool calls, since it last asked
    allowlist: str = '.memory-gate-allowed.txt'  # transcript findings reviewed as no secret
    secrets: str = 'block'  # a credential in a staged transcript: block the commit, or warn
    allowed: frozenset[str] = frozenset()  # the allowlist's fingerprints, read at the edge
    # one message, one proposal (merge.py); the benchmarks weigh each sentence apart (False)
    join: bool = True
    verbosity: int = 0  # -q: -1, say only problems and the product; -v: 1, say what was read


class Feature(NamedTuple):
    """One feature of the evidence behind a score: its name (cues.FEATURES), its weight (log-odds,
    weights.WEIGHTS) and the words of the sentence it matched ('' for a cue of place or voice)."""

    name: str
    weight: float
    words: str = ''


class Proposal(NamedTuple):
    text: str
    source: str
    line: int
    role: str
    rule: str
    kind: str
    session: str = ''
    timestamp: str = ''
    message: int | None = None  # index in a transcript document's messages (Gemini CLI)
    score: float = 0.0  # the probability, by the weighed evidence, that a maintainer keeps it
    evidence: str = ''  # the few features that decided, in words (reasons.describe)
    accepted_line: int | None = None  # the line of the user's turn that accepted it
    threshold: float = 0.0  # the score it needed (setting: threshold)
    features: tuple[Feature, ...] = ()  # every feature behind the score, strongest first


class Withheld(NamedTuple):
    source: str
    line: int
    kind: str


class Screened(NamedTuple):
    """A `Memory:` line not proposed for being local, not lasting (marked.local_reason)."""

    text: str
    source: str
    line: int
    reason: str


class Result(NamedTuple):
    proposed: list[Proposal]
    stats: Counter[str]
    files: dict[str, Counter[str]]
    withheld: list[Withheld]
    held_back: list[Proposal]  # over the cap: counted, reported, proposed once these are reviewed
    below: list[Proposal] = []  # the best candidates under the threshold (Settings.candidates)
    secrets: list[Secret] = []  # credentials in the lines judged, allowed ones left out
    screened: list[Screened] = []  # `Memory:` lines local to one machine, harness or task
