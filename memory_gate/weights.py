"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.15
THRESHOLD = 0.6  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'accepted': 5.0,
    'own_rule': 5.0,
    'cites_rule': 4.987,
    'user': 1.934,
    'modal': 1.339,
    'cause': 1.051,
    'alternative': 1.005,
    'team': 0.941,
    'stance': 0.693,
    'code_spans': 0.662,
    'long_sentence': 0.581,
    'works': 0.201,
    'rule_noun': 0.194,
    'kind_convention': 0.096,
    'why_section': 0.019,
    'deixis': 0.0,
    'item': 0.0,
    'kind_marked': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'kind_constraint': -0.054,
    'kind_root_cause': -0.075,
    'plan': -0.139,
    'status': -0.146,
    'long_turn': -0.197,
    'person': -0.203,
    'pasted': -0.205,
    'location': -0.278,
    'kind_decision': -0.324,
    'kind_preference': -0.363,
    'report': -0.498,
    'label': -0.504,
    'narration': -0.691,
    'quote': -0.916,
    'request': -0.964,
    'finding': -1.363,
    'do_section': -1.373,
    'count': -1.598,
    'option': -1.697,
    'heading': -1.787,
    'assistant': -1.947,
    'zh_report': -2.117,
    'ask': -2.236,
    'anaphora': -2.454,
    'command': -2.904,
    'step': -3.248,
}
