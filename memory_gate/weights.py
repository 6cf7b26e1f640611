"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.144
THRESHOLD = 0.41  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'accepted': 5.0,
    'cites_rule': 4.984,
    'own_rule': 4.0,
    'modal': 1.481,
    'user': 1.352,
    'team': 1.073,
    'cause': 1.053,
    'alternative': 0.961,
    'code_spans': 0.757,
    'stance': 0.488,
    'long_sentence': 0.332,
    'past': 0.202,
    'deixis': 0.14,
    'works': 0.094,
    'plan': 0.063,
    'rule_noun': 0.014,
    'kind_convention': -0.014,
    'scope': -0.045,
    'kind_constraint': -0.065,
    'why_section': -0.073,
    'item': -0.106,
    'kind_root_cause': -0.107,
    'pasted': -0.132,
    'location': -0.176,
    'long_turn': -0.185,
    'kind_decision': -0.205,
    'status': -0.287,
    'person': -0.313,
    'kind_preference': -0.321,
    'report': -0.334,
    'label': -0.562,
    'narration': -0.913,
    'request': -0.918,
    'quote': -0.943,
    'ask': -0.997,
    'do_section': -1.445,
    'count': -1.502,
    'heading': -1.814,
    'assistant': -1.995,
    'zh_report': -2.16,
    'command': -2.546,
    'step': -2.731,
}
