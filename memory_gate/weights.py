"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.15
THRESHOLD = 0.58  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'accepted': 5.0,
    'own_rule': 5.0,
    'cites_rule': 4.958,
    'user': 1.873,
    'modal': 1.354,
    'cause': 0.995,
    'alternative': 0.99,
    'team': 0.934,
    'stance': 0.709,
    'long_sentence': 0.68,
    'code_spans': 0.67,
    'rule_noun': 0.214,
    'works': 0.172,
    'kind_convention': 0.082,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_constraint': -0.016,
    'kind_root_cause': -0.072,
    'plan': -0.077,
    'status': -0.127,
    'long_turn': -0.145,
    'pasted': -0.213,
    'person': -0.246,
    'kind_preference': -0.343,
    'location': -0.361,
    'kind_decision': -0.372,
    'label': -0.439,
    'report': -0.506,
    'narration': -0.683,
    'quote': -0.922,
    'request': -1.041,
    'ask': -1.09,
    'finding': -1.394,
    'do_section': -1.595,
    'count': -1.615,
    'option': -1.697,
    'heading': -1.815,
    'assistant': -1.91,
    'zh_report': -2.134,
    'anaphora': -2.456,
    'command': -2.859,
    'step': -3.22,
}
