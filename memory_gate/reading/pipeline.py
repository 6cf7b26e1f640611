"""The pipeline, composed in one place that owns the order and the counters.

parse turns -> split sentences -> keep signal -> drop noise and length -> withhold
secrets -> dedupe -> against memory and declined -> cap. Rendering is diff.py's.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Sequence

from memory_gate.base.records import LongLine, Secret, Transcript
from memory_gate.base.typed import NamedTuple
from memory_gate.formats import Turn
from memory_gate.formats.parse import parse_lines
from memory_gate.reading import evidence, filters, merge, picked, placing, reasons
from memory_gate.reading.marked import is_nothing, local_reason
from memory_gate.reading.memory import identity, known_identities
from memory_gate.reading.prompts import Openings
from memory_gate.reading.rank import Ranking
from memory_gate.reading.records import Proposal, Result, Screened, Settings, Withheld
from memory_gate.reading.rules import weights
from memory_gate.reading.rules.patterns import Rule
from memory_gate.reading.supersede import replaces
from memory_gate.secrets import scan
from memory_gate.secrets.credentials import secret_kind
from memory_gate.secrets.withhold import Leaks, shared_leak, turn_leaks
from memory_gate.text.sentences import count_sentences, sanitize, split_marked, strip_code, whole

# Turns up to this many characters are screened whole before they are split. In the real
# recordings every turn that no rule could fire on was under 300 characters; a longer turn
# nearly always holds a word that opens some rule, and screening it whole costs more than it saves.
WHOLE_TURN_SCREEN = 500
# A turn's sentences are held as strings up to this many characters of prose; past it, as places
# in its text (offsets.Marked: 17 bytes a sentence instead of about 190).
HELD_WHOLE = 1 << 20


# The rules a sentence gets when no signal rule picked it: a line marked for memory, an accepted
# recommendation, an item under a heading that names decisions ("## Decisions", "### Key
# Decisions").
MARKED = Rule('marked', 'marked', '')
MARKED_NONE = 'marked_none'  # "Memory: none": the agent says nothing lasts
RECOMMENDED = Rule('recommended', 'decision', '')
LISTED = Rule('listed_decision', 'decision', '')
MAX_PENDING = 50  # recommendations waiting for the user's answer


def described(proposal: Proposal, names: Sequence[str]) -> Proposal:
    """The proposal with its evidence in words (only for what is shown: kept, or listed under
    the threshold)."""
    features = reasons.weighed(proposal.text, names, weights.WEIGHTS)
    return proposal._replace(evidence=reasons.describe(features, proposal.role),
                             features=features)


class _Candidate(NamedTuple):
    """A candidate before it is weighed; a recommendation waits in `pending` for the next user
    turn."""

    order: int
    proposal: Proposal
    ctx: placing.Context
    turn: Turn | None = None  # its turn, whose credentials it may not carry
    option: str = ''  # the label of the option item it sits in (picked.py), accepted if picked


class _Run:
    """The mutable state of one build: counters, the identities seen so far, and what is kept."""

    def __init__(self, settings: Settings, known: dict[str, Container[str]]) -> None:
        self.settings = settings
        self.known = known  # reason -> identities: already_in_memory, declined, already_proposed
        self.seen: set[str] = set()
        self.ranking: Ranking[Proposal] = Ranking(settings.candidates)
        self.pending: list[_Candidate] = []  # the recommendations of the last assistant turn
        self.options: dict[str, str] = {}  # the option items of the last assistant turn
        self.order = 0  # candidates in the order they were said: the diff keeps it
        self.withheld: list[Withheld] = []
        self.screened: list[Screened] = []  # `Memory:` lines local, not lasting
        self.secrets: list[Secret] = []  # credentials in the transcripts' own lines
        self.leaks: tuple[Turn | None, Leaks] = (None, ())  # the last turn's credentials
        self.decisions: dict[str, list[tuple[int, str]]] = {}  # source -> kept decisions
        self.openings = Openings()  # the sessions' opening user turns (prompts a program wrote)
        self.answering = False  # this user turn answers the last assistant turn's numbered list
        self.judge = filters.Judge(settings.signal_rules, settings.noise_rules,
                                   settings.min_length, settings.max_length)

    def transcript(self, source: str, lines: Iterable[bytes | LongLine | None], stats: Counter[str],
                   start: int = 1) -> None:
        lines = scan.watch(source, lines, start, self.secrets, self.settings.allowed)
        for outcome in parse_lines(lines, stats):
            if outcome.line < start:
                stats['skipped_committed'] += 1
                continue
            if outcome.skipped == 'malformed':
                stats['malformed'] += 1
                continue
            if outcome.skipped:
                stats['skipped_' + outcome.skipped] += 1
                continue
            stats['mined'] += 1
            for turn in outcome.turns:
                self.turn(source, turn, stats)
        self.settle(None, stats)

    def turn(self, source: str, turn: Turn, stats: Counter[str]) -> None:
        if turn.role == 'user':  # before the roles check: it can accept what was recommended
            self.settle(turn, stats)
        if turn.role not in self.settings.roles:
            stats['skipped_role_turns'] += 1
            return
        prose, code_lines = strip_code(sanitize(turn.text))
        stats['code_lines'] += code_lines
        if turn.role == 'user' and self.openings.is_program_prompt(source, prose):
            stats['skipped_program_prompt'] += 1
            return
        if turn.role == 'assistant' and prose.strip():
            self.settle(None, stats)  # accepted only in answer to the turn that recommended it
            self.options = picked.options(prose)
        self.answering = turn.role == 'user' and picked.answers(prose, self.options)
        if self.silent(prose, turn.role):
            count = count_sentences(prose)
            stats['sentences'] += count
            stats['dropped_no_signal'] += count
            return
        said: Sequence[tuple[str, str, bool]]
        if len(prose) <= HELD_WHOLE:
            said = list(split_marked(prose, placing.is_marked_line))
        else:
            from memory_gate.text.offsets import Marked  # huge turns only: kept off start-up

            said = Marked(prose, placing.is_marked_line)
        for sentence, ctx in placing.placed(said, turn.role, turn.voice, filters.strip_lead):
            stats['sentences'] += 1
            self.sentence(source, turn, sentence, ctx, stats)

    def silent(self, prose: str, role: str) -> bool:
        """Whether no rule and no cue can speak in a short turn (screened whole, not split)."""
        return (len(prose) <= WHOLE_TURN_SCREEN and self.judge.silent(prose)
                and not evidence.may_speak(prose, role))

    def sentence(self, source: str, turn: Turn, sentence: str, ctx: placing.Context,
                 stats: Counter[str]) -> None:
        """Drop a sentence (no signal, noise, length), or weigh it as a candidate (a
        recommendation waits)."""
        verdict = self.verdict(sentence, turn, ctx)
        found = verdict.rule
        if found is None:
            stats['dropped_no_signal'] += 1
            return
        stats['signal'] += 1
        if verdict.reason == MARKED_NONE:
            stats[MARKED_NONE] += 1
            return
        if not verdict.kept:
            stats['dropped_length' if verdict.reason == filters.LENGTH else 'dropped_noise'] += 1
            if verdict.reason != filters.LENGTH:
                stats[verdict.reason] += 1
            return
        proposal = Proposal(sentence, source, turn.line, turn.role, found.name, found.kind,
                            whole(turn.session), whole(turn.timestamp), turn.message)
        ctx = ctx._replace(kind=found.kind, own_rule=found.own, answer=self.answering)
        option = picked.option_of(sentence, self.options) if turn.role == 'assistant' else ''
        item = _Candidate(self.order, proposal, ctx, turn, option)
        self.order += 1
        if not ctx.marked and (option or turn.role == 'assistant'
                               and evidence.is_recommendation(sentence)):
            self.pending.append(item)
            if len(self.pending) > MAX_PENDING:  # bounded in a turn of endless recommendations
                self.release(self.pending.pop(0), stats)
        else:
            self.weigh(item, stats)

    def verdict(self, sentence: str, turn: Turn, ctx: placing.Context) -> filters.Verdict:
        """The judge's verdict; a marked statement is kept as written (no noise rule, no length:
        marked.local_reason screens it once it is weighed), a recommendation may wait, and what
        a plan lists under its decisions is a candidate as such (unless it is noise)."""
        if ctx.marked:
            if is_nothing(sentence):
                return filters.Verdict(False, MARKED_NONE, MARKED)
            if '\ufffd' in sentence:  # a bullet never carries what could not be decoded
                return filters.Verdict(False, filters.NOISE + filters.UNDECODABLE, MARKED)
            return filters.Verdict(True, '', MARKED)
        verdict = self.judge.verdict(sentence)
        if verdict.rule is None and ctx.section == 'decision_section':
            return self.fitting(sentence, LISTED, self.judge.noise_reason(sentence) or None)
        if (verdict.rule is None and turn.role == 'assistant'
                and evidence.is_recommendation(sentence)):
            return self.fitting(sentence, RECOMMENDED, None)
        return verdict

    def fitting(self, sentence: str, rule: Rule, noise: str | None) -> filters.Verdict:
        """The verdict on a sentence no signal rule had to pick: noise, its length, or kept."""
        settings = self.settings
        return filters.fitting(sentence, rule, noise, settings.min_length, settings.max_length)

    def settle(self, turn: Turn | None, stats: Counter[str]) -> None:
        """Weigh the waiting recommendations: accepted when this user turn says so, on their
        own otherwise."""
        if not self.pending:  # most turns: no acceptance to look for (the costliest to compile)
            return
        accepted = turn is not None and evidence.is_acceptance(turn.text)
        chosen = picked.pick(turn.text) if turn is not None and self.options else ''
        for item in self.pending:
            # an option item is accepted when the user names it, a recommendation when accepted
            if turn is not None and (item.option == chosen if item.option else accepted):
                self.weigh(item._replace(proposal=item.proposal._replace(accepted_line=turn.line),
                                         ctx=item.ctx._replace(accepted=True)), stats)
            else:
                self.release(item, stats)
        self.pending = []

    def release(self, item: _Candidate, stats: Counter[str]) -> None:
        """A recommendation nobody accepted: weighed as it stands, or dropped when only
        acceptance made it one."""
        if item.proposal.rule == RECOMMENDED.name:
            stats['not_accepted'] += 1
        else:
            self.weigh(item, stats)

    def weigh(self, item: _Candidate, stats: Counter[str]) -> None:
        """Score a candidate; keep it over the threshold, unless it is a secret or known already."""
        names = evidence.features(item.proposal.text, item.ctx)
        score = evidence.score(names, weights.WEIGHTS, weights.BIAS)
        proposal = item.proposal._replace(score=score, threshold=self.settings.threshold)
        key = identity(proposal.text)
        # "As AGENTS.md says: <bullet>" quotes memory back: the part after the colon counts too.
        quoted = identity(proposal.text.split(': ', 1)[1]) if ': ' in proposal.text else key
        reason = 'duplicate' if key in self.seen else self.known_as(key, quoted)
        if score < self.settings.threshold and not item.ctx.marked:
            stats['below_threshold'] += 1
            if self.settings.candidates and not reason and self.secret(item) is None:
                self.ranking.under(score, item.order, described(proposal, names), key)
            return
        secret = self.secret(item)
        if secret is not None:
            stats['withheld_secret'] += 1
            stats['withheld_secret:' + secret] += 1
            self.withheld.append(Withheld(proposal.source, proposal.line, secret))
            return
        if item.ctx.marked and self.screen(proposal, stats):
            return
        self.seen.add(key)
        if reason:
            stats[reason] += 1
            return
        stats['rule:' + proposal.rule] += 1
        self.ranking.keep(score, item.order, described(proposal, names), always=item.ctx.marked)
        if proposal.kind == 'decision' and proposal.role == 'user':
            self.supersede(item.order, proposal.source, proposal.text, stats)

    def screen(self, proposal: Proposal, stats: Counter[str]) -> bool:
        """Whether a `Memory:` line is local, not lasting: then it is counted and listed with its
        reason, not proposed."""
        reason = local_reason(proposal.text)
        if reason:
            stats['screened'] += 1
            stats['screened:' + reason] += 1
            self.screened.append(Screened(proposal.text, proposal.source, proposal.line, reason))
        return bool(reason)

    def known_as(self, key: str, quoted: str) -> str:
        """The first reason whose identities hold the bullet or its quoted part; '' for none."""
        for reason, keys in self.known.items():
            if key in keys or quoted in keys:
                return reason
        return ''

    def supersede(self, order: int, source: str, text: str, stats: Counter[str]) -> None:
        """A decision of the user's that replaces an earlier kept one of its transcript wins: the
        earlier one is no longer proposed (supersede.py)."""
        earlier = self.decisions.setdefault(source, [])
        for at, said in list(earlier):
            if replaces(text, said):
                self.ranking.drop(at)
                earlier.remove((at, said))
                stats['superseded'] += 1
        earlier.append((order, text))

    def secret(self, item: _Candidate) -> str | None:
        """The kind of credential a candidate holds, whole or in part of one found in its turn."""
        text = item.proposal.text
        kind = secret_kind(text, self.settings.allow_secrets)
        if kind is not None or item.turn is None:
            return kind
        return shared_leak(text, self.turn_leaks(item.turn))

    def turn_leaks(self, turn: Turn) -> Leaks:
        """The credentials anywhere in the turn, found when a candidate of it is first asked
        about (most candidates fall under the threshold and never are), kept for the next."""
        if self.leaks[0] is not turn:
            self.leaks = (turn, turn_leaks(turn.text, self.settings.allow_secrets))
        return self.leaks[1]


def build(
    transcripts: Iterable[Transcript],
    settings: Settings,
    memory_text: str = '',
    declined: Container[str] = frozenset(),
    proposed_before: Sequence[str] = (),
    reviewed: Iterable[str] = (),
    known: set[str] | None = None,
) -> Result:
    """Judge transcripts together, in order, against memory; return what to propose and why
    the rest was not.

    `declined` are identities from the ledger; `proposed_before` are bullets already
    proposed elsewhere in this review (treated as known, counted 'already_proposed');
    `reviewed`, what the committed versions of rewritten transcripts yield ('already_reviewed');
    `known`, known_identities(memory_text) when the caller has worked it out already.
    """
    run = _Run(settings, {
        'already_in_memory': known_identities(memory_text) if known is None else known,
        'declined': declined,  # held as the ledger reads them (ledger.Identities), not copied
        'already_proposed': {identity(b) for b in proposed_before},
        'already_reviewed': {identity(b) for b in reviewed},
    })
    total: Counter[str] = Counter()
    files: dict[str, Counter[str]] = {}
    for source, lines, start in transcripts:
        stats = files.setdefault(source, Counter())
        run.transcript(source, lines, stats, start)
    if settings.join:  # one message, one proposal, unless the bullet is known already
        run.ranking.kept = merge.regrouped(run.ranking.kept, lambda k: run.known_as(k, k), files)
    proposed, held_back = run.ranking.best(settings.max_add)
    for proposal in proposed:
        files[proposal.source]['proposed'] += 1
    for proposal in held_back:
        files[proposal.source]['held_back'] += 1
    for stats in files.values():
        unparsed = ('blank', 'oversized', 'malformed', 'unread')
        stats['parsed'] = stats['lines'] - sum(stats[k] for k in unparsed)
        total.update(stats)
    under = run.ranking.best_under()
    return Result(proposed, total, files, run.withheld, held_back, under, run.secrets,
                  run.screened)
