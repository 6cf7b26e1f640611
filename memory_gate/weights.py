"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.143
THRESHOLD = 0.6  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'accepted': 5.0,
    'own_rule': 5.0,
    'cites_rule': 4.963,
    'user': 1.928,
    'modal': 1.386,
    'cause': 1.01,
    'alternative': 1.006,
    'team': 0.929,
    'stance': 0.688,
    'code_spans': 0.67,
    'long_sentence': 0.635,
    'rule_noun': 0.206,
    'works': 0.187,
    'kind_convention': 0.092,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_constraint': -0.034,
    'kind_root_cause': -0.073,
    'plan': -0.086,
    'status': -0.114,
    'long_turn': -0.158,
    'person': -0.248,
    'pasted': -0.258,
    'location': -0.346,
    'kind_preference': -0.349,
    'kind_decision': -0.351,
    'label': -0.42,
    'report': -0.503,
    'narration': -0.672,
    'quote': -0.925,
    'request': -1.077,
    'finding': -1.369,
    'count': -1.617,
    'do_section': -1.62,
    'option': -1.713,
    'heading': -1.807,
    'assistant': -1.93,
    'zh_report': -2.137,
    'ask': -2.229,
    'anaphora': -2.462,
    'command': -2.893,
    'step': -3.243,
}
