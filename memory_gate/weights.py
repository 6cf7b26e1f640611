"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.162
THRESHOLD = 0.39  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'accepted': 5.0,
    'cites_rule': 4.889,
    'own_rule': 4.0,
    'user': 1.437,
    'modal': 1.308,
    'team': 1.035,
    'alternative': 0.908,
    'cause': 0.89,
    'code_spans': 0.743,
    'long_sentence': 0.639,
    'stance': 0.481,
    'rule_noun': 0.254,
    'works': 0.042,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'status': -0.03,
    'kind_convention': -0.031,
    'kind_root_cause': -0.034,
    'kind_constraint': -0.079,
    'plan': -0.087,
    'long_turn': -0.114,
    'pasted': -0.208,
    'kind_decision': -0.242,
    'location': -0.283,
    'person': -0.345,
    'kind_preference': -0.346,
    'report': -0.473,
    'label': -0.528,
    'quote': -0.878,
    'narration': -0.92,
    'request': -0.935,
    'ask': -1.072,
    'do_section': -1.528,
    'count': -1.611,
    'heading': -1.811,
    'assistant': -1.874,
    'zh_report': -2.099,
    'command': -2.532,
    'step': -2.709,
}
