"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = 0.027
THRESHOLD = 0.47  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'marked': 8.0,
    'accepted': 3.0,
    'user': 2.516,
    'past': 0.6,
    'team': 0.595,
    'rule_noun': 0.588,
    'cause': 0.495,
    'kind_root_cause': 0.495,
    'modal': 0.466,
    'long_sentence': 0.308,
    'code_spans': 0.2,
    'scope': 0.139,
    'stance': 0.134,
    'works': 0.098,
    'alternative': 0.046,
    'kind_preference': 0.001,
    'kind_constraint': -0.061,
    'location': -0.074,
    'quote': -0.146,
    'kind_convention': -0.204,
    'kind_decision': -0.231,
    'zh_report': -0.25,
    'narration': -0.274,
    'heading': -0.306,
    'count': -0.349,
    'report': -0.393,
    'request': -0.396,
    'item': -0.458,
    'step': -0.5,
    'deixis': -0.501,
    'person': -0.546,
    'command': -0.547,
    'label': -0.576,
    'ask': -0.595,
    'pasted': -0.799,
    'long_turn': -0.804,
    'status': -0.892,
    'assistant': -1.717,
}
