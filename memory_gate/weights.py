"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.161
THRESHOLD = 0.39  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'cites_rule': 5.197,
    'accepted': 5.0,
    'own_rule': 4.0,
    'user': 1.432,
    'modal': 1.325,
    'team': 1.032,
    'alternative': 0.905,
    'cause': 0.874,
    'code_spans': 0.716,
    'long_sentence': 0.66,
    'stance': 0.493,
    'rule_noun': 0.155,
    'works': 0.05,
    'deixis': 0.0,
    'item': 0.0,
    'kind_convention': -0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_root_cause': -0.019,
    'status': -0.065,
    'plan': -0.083,
    'kind_constraint': -0.107,
    'long_turn': -0.113,
    'pasted': -0.202,
    'kind_decision': -0.241,
    'location': -0.28,
    'person': -0.342,
    'kind_preference': -0.364,
    'report': -0.471,
    'label': -0.533,
    'narration': -0.832,
    'quote': -0.876,
    'request': -0.954,
    'ask': -1.08,
    'do_section': -1.524,
    'count': -1.611,
    'heading': -1.816,
    'assistant': -1.877,
    'zh_report': -2.05,
    'command': -2.538,
    'step': -2.707,
}
