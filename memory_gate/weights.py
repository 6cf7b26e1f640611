"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = 0.122
THRESHOLD = 0.74  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'marked': 8.0,
    'accepted': 5.0,
    'user': 2.198,
    'team': 1.338,
    'modal': 1.096,
    'stance': 1.051,
    'rule_noun': 0.926,
    'why_section': 0.676,
    'cause': 0.663,
    'scope': 0.654,
    'kind_root_cause': 0.551,
    'alternative': 0.502,
    'works': 0.44,
    'past': 0.365,
    'long_sentence': 0.176,
    'code_spans': 0.025,
    'kind_decision': 0.016,
    'kind_preference': -0.032,
    'pasted': -0.085,
    'kind_convention': -0.14,
    'quote': -0.202,
    'plan': -0.272,
    'kind_constraint': -0.394,
    'narration': -0.487,
    'item': -0.503,
    'location': -0.662,
    'person': -0.74,
    'deixis': -0.791,
    'label': -0.872,
    'status': -0.935,
    'report': -0.995,
    'zh_report': -1.004,
    'command': -1.016,
    'do_section': -1.038,
    'count': -1.154,
    'request': -1.195,
    'heading': -1.262,
    'ask': -1.353,
    'long_turn': -1.386,
    'assistant': -1.841,
    'step': -1.924,
}
