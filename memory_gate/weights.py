"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.241
THRESHOLD = 0.53  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'cites_rule': 5.01,
    'accepted': 5.0,
    'own_rule': 4.0,
    'user': 1.719,
    'modal': 1.354,
    'team': 1.0,
    'alternative': 0.931,
    'cause': 0.918,
    'stance': 0.8,
    'code_spans': 0.675,
    'long_sentence': 0.672,
    'rule_noun': 0.258,
    'works': 0.13,
    'plan': 0.014,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_convention': -0.014,
    'kind_root_cause': -0.07,
    'status': -0.07,
    'kind_constraint': -0.083,
    'long_turn': -0.112,
    'pasted': -0.196,
    'kind_preference': -0.28,
    'person': -0.31,
    'location': -0.333,
    'kind_decision': -0.335,
    'label': -0.429,
    'report': -0.465,
    'narration': -0.577,
    'quote': -0.929,
    'ask': -0.937,
    'request': -1.149,
    'finding': -1.502,
    'do_section': -1.571,
    'count': -1.603,
    'option': -1.646,
    'heading': -1.81,
    'assistant': -1.815,
    'zh_report': -2.117,
    'command': -2.668,
    'step': -2.776,
}
