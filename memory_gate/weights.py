"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.243
THRESHOLD = 0.53  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'cites_rule': 5.017,
    'accepted': 5.0,
    'own_rule': 4.0,
    'user': 1.725,
    'modal': 1.359,
    'team': 1.001,
    'alternative': 0.927,
    'cause': 0.915,
    'stance': 0.808,
    'code_spans': 0.687,
    'long_sentence': 0.668,
    'rule_noun': 0.283,
    'works': 0.124,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'plan': -0.009,
    'kind_convention': -0.031,
    'status': -0.065,
    'kind_root_cause': -0.069,
    'kind_constraint': -0.077,
    'long_turn': -0.113,
    'pasted': -0.192,
    'kind_preference': -0.273,
    'person': -0.315,
    'location': -0.326,
    'kind_decision': -0.334,
    'label': -0.47,
    'report': -0.471,
    'narration': -0.582,
    'quote': -0.909,
    'ask': -0.933,
    'request': -1.147,
    'finding': -1.499,
    'do_section': -1.563,
    'count': -1.598,
    'option': -1.634,
    'heading': -1.797,
    'assistant': -1.809,
    'zh_report': -2.106,
    'command': -2.662,
    'step': -2.758,
}
