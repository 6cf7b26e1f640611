"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.205
THRESHOLD = 0.42  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'cites_rule': 5.081,
    'accepted': 5.0,
    'own_rule': 4.0,
    'modal': 1.452,
    'user': 1.374,
    'team': 1.12,
    'cause': 1.117,
    'alternative': 0.974,
    'code_spans': 0.683,
    'stance': 0.444,
    'long_sentence': 0.328,
    'works': 0.256,
    'deixis': 0.243,
    'past': 0.222,
    'item': 0.122,
    'scope': 0.097,
    'plan': 0.073,
    'kind_convention': 0.039,
    'why_section': 0.01,
    'rule_noun': -0.01,
    'location': -0.026,
    'kind_root_cause': -0.091,
    'pasted': -0.123,
    'kind_decision': -0.17,
    'kind_preference': -0.213,
    'long_turn': -0.237,
    'person': -0.258,
    'status': -0.258,
    'kind_constraint': -0.301,
    'report': -0.325,
    'label': -0.644,
    'request': -0.9,
    'narration': -0.909,
    'quote': -0.951,
    'ask': -1.001,
    'do_section': -1.332,
    'count': -1.501,
    'heading': -1.827,
    'assistant': -2.061,
    'zh_report': -2.191,
    'command': -2.578,
    'step': -2.651,
}
