"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = 0.001
THRESHOLD = 0.76  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'marked': 8.0,
    'accepted': 5.0,
    'user': 2.219,
    'modal': 0.694,
    'past': 0.661,
    'team': 0.633,
    'rule_noun': 0.536,
    'kind_root_cause': 0.499,
    'scope': 0.439,
    'cause': 0.394,
    'long_sentence': 0.194,
    'stance': 0.191,
    'alternative': 0.17,
    'code_spans': 0.129,
    'works': 0.114,
    'kind_preference': 0.09,
    'kind_decision': -0.101,
    'location': -0.105,
    'quote': -0.147,
    'kind_convention': -0.165,
    'zh_report': -0.193,
    'narration': -0.207,
    'kind_constraint': -0.323,
    'heading': -0.341,
    'command': -0.348,
    'item': -0.356,
    'count': -0.38,
    'pasted': -0.402,
    'deixis': -0.411,
    'report': -0.422,
    'label': -0.515,
    'request': -0.557,
    'person': -0.573,
    'status': -0.6,
    'ask': -0.604,
    'long_turn': -0.754,
    'step': -1.282,
    'assistant': -1.818,
}
