"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.162
THRESHOLD = 0.47  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'cites_rule': 5.197,
    'accepted': 5.0,
    'own_rule': 4.0,
    'user': 1.43,
    'modal': 1.325,
    'team': 1.033,
    'alternative': 0.906,
    'cause': 0.876,
    'code_spans': 0.719,
    'long_sentence': 0.659,
    'stance': 0.494,
    'rule_noun': 0.155,
    'works': 0.051,
    'deixis': 0.0,
    'item': 0.0,
    'kind_convention': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_root_cause': -0.018,
    'status': -0.064,
    'plan': -0.082,
    'kind_constraint': -0.107,
    'long_turn': -0.113,
    'pasted': -0.202,
    'kind_decision': -0.243,
    'location': -0.277,
    'person': -0.342,
    'kind_preference': -0.364,
    'report': -0.472,
    'label': -0.533,
    'narration': -0.832,
    'quote': -0.876,
    'request': -0.953,
    'ask': -1.078,
    'do_section': -1.525,
    'count': -1.61,
    'heading': -1.816,
    'assistant': -1.878,
    'zh_report': -2.125,
    'command': -2.537,
    'step': -2.708,
}
