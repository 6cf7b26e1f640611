"""The pipeline, composed in one place that owns the order and the counters.

parse turns -> split sentences -> keep signal -> drop noise and length -> withhold
secrets -> dedupe -> against memory and declined -> cap. Rendering is diff.py's.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from memory_gate import filters, patterns
from memory_gate.credentials import secret_kind
from memory_gate.formats import Turn
from memory_gate.memory import identity, known_identities
from memory_gate.parse import parse_lines
from memory_gate.patterns import Rule
from memory_gate.sentences import count_sentences, sanitize, split_sentences, strip_code

# Turns up to this many characters are screened whole before they are split. In the real
# recordings every turn that no rule could fire on was under 300 characters; a longer turn
# nearly always holds a word that opens some rule, and screening it whole costs more than it saves.
WHOLE_TURN_SCREEN = 500


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


class Withheld(NamedTuple):
    source: str
    line: int
    kind: str


class Transcript(NamedTuple):
    source: str  # the path as given, or '-'
    lines: Iterable[bytes | None]  # raw lines; None for a line over the size cap


class Result(NamedTuple):
    proposed: list[Proposal]
    stats: Counter[str]
    files: dict[str, Counter[str]]
    withheld: list[Withheld]
    held_back: list[Proposal]  # over the cap: counted, reported, proposed once these are reviewed


class _Run:
    """The mutable state of one build: counters and the identities seen so far."""

    def __init__(self, settings: Settings, known: dict[str, set[str]]) -> None:
        self.settings = settings
        self.known = known  # reason -> identities: already_in_memory, declined, already_proposed
        self.seen: set[str] = set()
        self.candidates: list[Proposal] = []
        self.withheld: list[Withheld] = []
        self.judge = filters.Judge(settings.signal_rules, settings.noise_rules, settings.min_length, settings.max_length)

    def transcript(self, source: str, lines: Iterable[bytes | None], stats: Counter[str]) -> None:
        for outcome in parse_lines(lines, stats):
            if outcome.skipped:
                stats[outcome.skipped if outcome.skipped == 'malformed' else 'skipped_' + outcome.skipped] += 1
                continue
            stats['mined'] += 1
            for turn in outcome.turns:
                self.turn(source, turn, stats)

    def turn(self, source: str, turn: Turn, stats: Counter[str]) -> None:
        if turn.role not in self.settings.roles:
            stats['skipped_role_turns'] += 1
            return
        prose, code_lines = strip_code(sanitize(turn.text))
        stats['code_lines'] += code_lines
        if len(prose) <= WHOLE_TURN_SCREEN and self.judge.silent(prose):
            count = count_sentences(prose)
            stats['sentences'] += count
            stats['dropped_no_signal'] += count
            return
        count = silent = 0
        for sentence in split_sentences(prose):
            count += 1
            sentence = self.judge.strip_lead(sentence)
            verdict, found = self.judge.verdict(sentence)
            if found is None:
                silent += 1
            else:
                self.sentence(source, turn, sentence, verdict, found, stats)
        stats['sentences'] += count
        stats['dropped_no_signal'] += silent

    def sentence(self, source: str, turn: Turn, sentence: str, verdict: str, found: Rule, stats: Counter[str]) -> None:
        """A sentence a signal rule picked: drop it (noise, length), withhold it (secret), or make it a candidate."""
        stats['signal'] += 1
        if verdict == 'length':
            stats['dropped_length'] += 1
            return
        if verdict != 'keep':
            stats['dropped_noise'] += 1
            stats[verdict] += 1
            return
        secret = secret_kind(sentence, self.settings.allow_secrets)
        if secret is not None:
            stats['withheld_secret'] += 1
            stats['withheld_secret:' + secret] += 1
            self.withheld.append(Withheld(source, turn.line, secret))
            return
        key = identity(sentence)
        # "As AGENTS.md says: <bullet>" quotes memory back: the part after the colon counts too.
        quoted = identity(sentence.split(': ', 1)[1]) if ': ' in sentence else key
        reason = 'duplicate' if key in self.seen else next(
            (r for r, keys in self.known.items() if key in keys or quoted in keys), '')
        self.seen.add(key)
        if reason:
            stats[reason] += 1
            return
        stats['rule:' + found.name] += 1
        self.candidates.append(
            Proposal(sentence, source, turn.line, turn.role, found.name, found.kind, turn.session, turn.timestamp,
                     turn.message)
        )


def build(
    transcripts: Iterable[Transcript],
    settings: Settings,
    memory_text: str = '',
    declined: Iterable[str] = (),
    proposed_before: Sequence[str] = (),
) -> Result:
    """Judge transcripts together, in order, against memory; return what to propose and why the rest was not.

    `declined` are identities from the ledger; `proposed_before` are bullets already
    proposed elsewhere in this review (treated as known, counted 'already_proposed').
    """
    run = _Run(settings, {
        'already_in_memory': known_identities(memory_text),
        'declined': set(declined),
        'already_proposed': {identity(b) for b in proposed_before},
    })
    total: Counter[str] = Counter()
    files: dict[str, Counter[str]] = {}
    for source, lines in transcripts:
        stats = files.setdefault(source, Counter())
        run.transcript(source, lines, stats)
    proposed, held_back = run.candidates[: settings.max_add], run.candidates[settings.max_add:]
    for proposal in proposed:
        files[proposal.source]['proposed'] += 1
    for proposal in held_back:
        files[proposal.source]['held_back'] += 1
    for stats in files.values():
        stats['parsed'] = stats['lines'] - stats['blank'] - stats['oversized'] - stats['malformed'] - stats['unread']
        total.update(stats)
    return Result(proposed, total, files, run.withheld, held_back)
