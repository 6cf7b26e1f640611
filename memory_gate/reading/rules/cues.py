"""Cues as data: the features evidence.py weighs, each declared once as a Cue in CUES.

A phrase cue is a named pattern (`*_RE`) with the gate of tokens without which it cannot
match; its word lists are declared once, for the pattern and the gate. A cue of place or voice
is named here too, so the feature vocabulary is one tuple: GATES, CJK_GATES, PHRASE_FEATURES,
LASTING and MOMENT derive from it. Each family says what it must catch and what it must not.
Add a cue: one `cue(...)` line here (and its word lists above it), then refit the weights
(`python -m benchmarks.fit_weights --write`).
"""
from __future__ import annotations

from memory_gate.reading.rules import languages
from memory_gate.reading.rules.cue import DIGITS, KINDS, LASTS, PASSES, Cue, cue
from memory_gate.reading.rules.form import (
    CONCLUSIVE_GATE,
    CONCLUSIVE_RE,
    EXPLICIT_GATE,
    EXPLICIT_RE,
    GENERIC_RULE_GATE,
    GENERIC_RULE_RE,
    JA_ASK,
    LABELED_GATE,
    LABELED_RE,
    MUSING_GATE,
    MUSING_RE,
    ONE_OFF_GATE,
    ONE_OFF_RE,
    ZH_CONCLUSIVE,
    ZH_EXPLICIT_GATE,
    ZH_MUSINGS,
    ZH_ONE_OFFS,
)
from memory_gate.reading.rules.lasting import (
    ALTERNATIVE_GATE,
    ALTERNATIVE_RE,
    CAUSE_GATE,
    CAUSE_RE,
    CITES_RULE_GATE,
    CITES_RULE_RE,
    MODAL_GATE,
    MODAL_RE,
    RULE_NOUN_GATE,
    RULE_NOUN_RE,
    SCOPE_GATE,
    SCOPE_RE,
    STANCE_RE,
    TEAM_RE,
    WORKS_GATE,
    WORKS_RE,
    ZH_ALTERNATIVE,
    ZH_CAUSE,
    ZH_CITES,
    ZH_MODAL,
    ZH_RULE_NOUNS,
    ZH_SCOPE,
    ZH_STANCE,
)
from memory_gate.reading.rules.moment import (
    ANAPHORA_RE,
    ASK_RE,
    AUX_WORDS,
    CODE_SPANS_RE,
    COMMAND_RE,
    COUNT_RE,
    DEIXIS_GATE,
    DEIXIS_RE,
    DONE,
    LABEL_RE,
    LOCAL_GATE,
    LOCAL_RE,
    LOCATION_RE,
    NARRATION_RE,
    OPTION_RE,
    PAST,
    PAST_RE,
    PERSON_RE,
    POINTERS,
    REPORT_RE,
    REQUEST_RE,
    STATUS_GATE,
    STATUS_RE,
    STEP_RE,
    STEPS,
    TERMINAL,
    TOOLS,
    WH,
    ZH_DEIXIS,
    ZH_NARRATION,
    ZH_PAST,
    ZH_REPORT_RE,
    ZH_STATUS,
)

# Every feature, in the order evidence.phrases lists them (cues of place and voice after the
# phrases).
CUES: tuple[Cue, ...] = (
    cue('scope', SCOPE_RE, (SCOPE_GATE, *ZH_SCOPE, *languages.scope_gate()), LASTS),
    cue('modal', MODAL_RE, (MODAL_GATE, *ZH_MODAL, *languages.modal_gate()), LASTS),
    cue('alternative', ALTERNATIVE_RE, (ALTERNATIVE_GATE, *ZH_ALTERNATIVE), LASTS),
    cue('cause', CAUSE_RE, (CAUSE_GATE, *ZH_CAUSE), LASTS),
    cue('stance', STANCE_RE, ('i we', *ZH_STANCE, *languages.gate('preference')), LASTS),
    cue('team', TEAM_RE, ('we our team 我们',), LASTS),
    cue('report', REPORT_RE, (*DONE, 'has have been'), PASSES),
    cue('zh_report', ZH_REPORT_RE, ('已 了 完成',), PASSES),
    cue('narration', NARRATION_RE, ('i let we', *ZH_NARRATION), PASSES),
    cue('status', STATUS_RE, (STATUS_GATE, *ZH_STATUS), PASSES),
    cue('deixis', DEIXIS_RE, (DEIXIS_GATE, *ZH_DEIXIS), PASSES),
    cue('local', LOCAL_RE, (LOCAL_GATE,), PASSES),
    cue('location', LOCATION_RE, (DIGITS, '第'), PASSES),
    cue('count', COUNT_RE, (DIGITS,), PASSES),
    cue('label', LABEL_RE, ('* : ：',), PASSES),
    cue('step', STEP_RE, STEPS, PASSES),
    cue('option', OPTION_RE, ('option options',), PASSES),
    cue('code_spans', CODE_SPANS_RE, ('`',)),
    cue('rule_noun', RULE_NOUN_RE, (RULE_NOUN_GATE, *ZH_RULE_NOUNS), LASTS),
    cue('cites_rule', CITES_RULE_RE, (CITES_RULE_GATE, *ZH_CITES), LASTS),
    cue('works', WORKS_RE, WORKS_GATE, LASTS),
    cue('person', PERSON_RE, ('i m ve ll d me my you your re 我 你',), PASSES),
    cue('past', PAST_RE, (*(w.replace("n't", 'n') for w in PAST), *ZH_PAST), PASSES),
    cue('command', COMMAND_RE, (*TOOLS, '[', *TERMINAL), PASSES),
    cue('ask', ASK_RE, (*WH, *AUX_WORDS, 'any 吗 么'), PASSES),
    cue('request', REQUEST_RE, (
        'please pls can could would let lets go commit push merge want need like 帮我 请 给我',
    ), PASSES),
    cue('anaphora', ANAPHORA_RE, POINTERS, PASSES),
    cue('conclusive', CONCLUSIVE_RE, (CONCLUSIVE_GATE, *ZH_CONCLUSIVE, '是因为', *languages.gate('conclusive')),
        LASTS),
    cue('musing', MUSING_RE, (MUSING_GATE, *ZH_MUSINGS), PASSES),
    cue('one_off', ONE_OFF_RE, (ONE_OFF_GATE, '先', *ZH_ONE_OFFS, *JA_ASK), PASSES),
    cue('generic_rule', GENERIC_RULE_RE, (GENERIC_RULE_GATE,), LASTS),
    cue('labeled', LABELED_RE, (LABELED_GATE,), LASTS),
    cue('explicit', EXPLICIT_RE, (EXPLICIT_GATE, *ZH_EXPLICIT_GATE, *languages.gate('decision'),
                                  *languages.gate('onward')), LASTS),
    # Cues of form, told from the phrases by evidence.features: the user's (or an approved plan's) scoped rule is
    # 'standing' (the assistant's 'scope' describes code); narration acting on a cited rule is 'cites_narration'.
    cue('standing', leans=LASTS), cue('cites_narration', leans=PASSES),
    # Cues of voice: who speaks (evidence.features; a long user turn is 'pasted', a replayed plan
    # 'plan').
    cue('user'), cue('assistant'), cue('pasted'), cue('plan'), cue('finding', leans=PASSES),
    # The user's turn answers the assistant's numbered questions or findings item by item ("1. Reject
    # empty strings. 2. Keep the cap"): what to do about each one, now.
    cue('answer', leans=PASSES),
    # Quiet where unsure (evidence.doubts, set by hand): the voice alone with a sign against it; a
    # root cause found in a long report.
    cue('unsure', leans=PASSES), cue('report_cause', leans=PASSES),
    # The kind of the rule that picked the sentence (patterns.KINDS; 'marked': an explicit memory
    # marker).
    *(cue('kind_' + kind) for kind in (*KINDS, 'marked')),
    # The section a heading opens (placing.section) and the layout of the line (sentences.LAYOUTS,
    # 'item').
    cue('decision_section'), cue('why_section', leans=LASTS), cue('do_section', leans=PASSES),
    cue('item', leans=PASSES), cue('heading', leans=PASSES), cue('quote'),
    # The turn and the sentence: a long turn reports, a long sentence rarely states a rule.
    cue('long_turn', leans=PASSES), cue('long_sentence'),
    # Explicit: the user accepted the recommendation, a marker opened the line, a team's own rule
    # picked it.
    cue('accepted'), cue('marked'), cue('own_rule'),
)
FEATURES = tuple(c.name for c in CUES)  # the one vocabulary: weights.WEIGHTS names exactly these
PHRASE_FEATURES: tuple[tuple[str, str], ...] = tuple((c.name, c.pattern) for c in CUES if c.pattern)
GATES: dict[str, frozenset[str]] = {c.name: c.gate for c in CUES if c.pattern}
# looked for as they are
CJK_GATES = {name: tuple(w for w in words if not w.isascii()) for name, words in GATES.items()}
LASTING = tuple(c.name for c in CUES if c.leans == LASTS)  # never weighed against a sentence
MOMENT = tuple(c.name for c in CUES if c.leans == PASSES)  # never weighed for one
# What each feature says of a sentence, in a reviewer's words (the review line and --json's
# "features"; tests/reading/rules/cues_test.py checks that every feature has its words).
SAYS: dict[str, str] = {
    'scope': 'scoped beyond the task',
    'modal': 'normative',
    'alternative': 'names the alternative',
    'cause': 'states a cause',
    'stance': 'a standing preference',
    'team': "the team's practice",
    'report': 'reports work done',
    'zh_report': 'reports work done',
    'narration': "narrates the agent's moves",
    'status': 'a status report',
    'deixis': 'points at this moment',
    'local': "the agent's environment now",
    'location': 'a place in the code',
    'count': 'counts things in view',
    'label': 'a label',
    'step': 'a plan step',
    'option': 'an option by number',
    'code_spans': 'quotes code',
    'rule_noun': 'names a rule',
    'cites_rule': "cites the project's rule",
    'works': 'how the system works',
    'person': 'speaks in person',
    'past': 'tells past events',
    'command': 'a pasted command',
    'ask': 'asks',
    'request': 'asks for work now',
    'anaphora': 'points at what is in view',
    'conclusive': 'a root cause stated as found',
    'musing': 'an idea or a hypothesis',
    'one_off': 'an ask about the task at hand',
    'generic_rule': 'a rule with a generic subject',
    'standing': 'a standing rule',
    'cites_narration': 'narration acting on a cited rule',
    'labeled': 'labeled as a lasting kind',
    'explicit': 'an explicit decision or rule',
    'user': 'in the voice of the user',
    'assistant': 'said by the assistant',
    'pasted': 'pasted into a long user turn',
    'plan': 'in a plan the user approved',
    'finding': 'a pasted review finding',
    'answer': 'answers a numbered list item by item',
    'unsure': 'nothing lasting to go on',
    'report_cause': 'the cause of the fault at hand, in a long report',
    **{'kind_' + kind: f'picked as a {kind.replace("_", " ")}' for kind in KINDS},
    'kind_marked': 'marked for memory',
    'decision_section': 'listed under decisions',
    'why_section': 'under a heading of reasons',
    'do_section': 'under a heading of steps',
    'item': 'a list item',
    'heading': 'a heading',
    'quote': 'a quote',
    'long_turn': 'in a long turn',
    'long_sentence': 'a long sentence',
    'accepted': 'accepted by the user',
    'marked': 'marked for memory',
    'own_rule': "the team's own rule",
}
# Tokens of a lowered sentence: a lowercase word, a digit, one of : ： * ` [ or a terminal glyph.
TOKEN_RE = r'[a-z]+|[0-9:：*`\[' + ''.join(TERMINAL) + ']'
# Letters (?i) folds to an ASCII letter (dotless i, long s) and digits other than 0-9: the tokens
# cannot see them.
UNFOLDED_RE = r'[\u0131\u017f]|(?![0-9])\d'
