"""The records a run passes between its stages and to its edges: Settings in; Transcript, Proposal, Withheld and
Result out of pipeline.build. Plain immutable values, no behaviour."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

from memory_gate import filters, patterns, weights
from memory_gate.patterns import Rule


class Settings(NamedTuple):
    """Every option of a run, built once at the edge and passed explicitly."""

    memory: str = 'AGENTS.md'
    ledger: str = '.memory-gate-declined.txt'
    max_add: int = 10
    min_length: int = filters.MIN_LENGTH
    max_length: int = filters.MAX_LENGTH
    roles: frozenset[str] = frozenset(('user', 'assistant'))
    signal_rules: tuple[Rule, ...] = patterns.SIGNAL_RULES
    noise_rules: tuple[Rule, ...] = patterns.NOISE_RULES
    budget: int = 32 * 1024
    allow_secrets: frozenset[str] = frozenset()  # public values (documented test keys) never withheld
    threshold: float = weights.THRESHOLD  # the score a candidate needs to be proposed
    candidates: int = 0  # how many of the best candidates under the threshold to keep for listing
    color: str = 'auto'  # auto, always or never; cli resolves auto against stdout, so always or never below it


class Proposal(NamedTuple):
    text: str
    source: str
    line: int
    role: str
    rule: str
    kind: str
    session: str = ''
    timestamp: str = ''
    message: int | None = None  # index in a transcript document's messages (Gemini CLI session documents)
    score: float = 0.0  # the probability, by the weighed evidence, that a maintainer keeps it
    evidence: str = ''  # the features behind the score, signed, strongest first ('+user · +scope · -report')
    accepted_line: int | None = None  # the line of the user's turn that accepted this recommendation


class Withheld(NamedTuple):
    source: str
    line: int
    kind: str


class Transcript(NamedTuple):
    source: str  # the path as given, or '-'
    lines: Iterable[bytes | None]  # raw lines; None for a line over the size cap
    start: int = 1  # the first line judged: earlier ones (already committed) only give the parser context


class Result(NamedTuple):
    proposed: list[Proposal]
    stats: Counter[str]
    files: dict[str, Counter[str]]
    withheld: list[Withheld]
    held_back: list[Proposal]  # over the cap: counted, reported, proposed once these are reviewed
    below: list[Proposal] = []  # the best candidates under the threshold, best first (Settings.candidates)
