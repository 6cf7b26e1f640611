"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.163
THRESHOLD = 0.49  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'cites_rule': 5.034,
    'accepted': 5.0,
    'own_rule': 4.0,
    'user': 1.435,
    'modal': 1.394,
    'team': 1.038,
    'cause': 0.921,
    'alternative': 0.92,
    'long_sentence': 0.693,
    'code_spans': 0.68,
    'stance': 0.445,
    'rule_noun': 0.284,
    'works': 0.057,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_convention': -0.002,
    'kind_root_cause': -0.058,
    'plan': -0.069,
    'status': -0.082,
    'kind_constraint': -0.12,
    'long_turn': -0.127,
    'pasted': -0.215,
    'kind_decision': -0.263,
    'kind_preference': -0.281,
    'location': -0.305,
    'person': -0.349,
    'report': -0.455,
    'label': -0.549,
    'narration': -0.568,
    'quote': -0.921,
    'request': -0.979,
    'ask': -1.072,
    'do_section': -1.531,
    'count': -1.609,
    'heading': -1.822,
    'assistant': -1.875,
    'zh_report': -2.112,
    'command': -2.552,
    'step': -2.719,
}
