"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.248
THRESHOLD = 0.53  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'cites_rule': 5.016,
    'accepted': 5.0,
    'own_rule': 4.0,
    'user': 1.699,
    'modal': 1.364,
    'team': 1.001,
    'alternative': 0.96,
    'cause': 0.915,
    'code_spans': 0.688,
    'long_sentence': 0.668,
    'stance': 0.356,
    'rule_noun': 0.296,
    'works': 0.123,
    'plan': 0.001,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_convention': -0.018,
    'kind_root_cause': -0.06,
    'kind_constraint': -0.065,
    'status': -0.073,
    'long_turn': -0.118,
    'pasted': -0.184,
    'kind_preference': -0.317,
    'location': -0.321,
    'kind_decision': -0.328,
    'person': -0.352,
    'report': -0.472,
    'label': -0.515,
    'narration': -0.555,
    'quote': -0.905,
    'ask': -0.925,
    'request': -1.121,
    'finding': -1.499,
    'do_section': -1.557,
    'count': -1.601,
    'assistant': -1.803,
    'heading': -1.814,
    'zh_report': -2.108,
    'command': -2.65,
    'step': -2.756,
}
