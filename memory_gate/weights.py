"""The weight of each evidence feature (evidence.py): log-odds that a maintainer keeps the sentence.

Written by `python benchmarks/fit_weights.py --write` from the labeled development set and the
hand-labeled real sessions; edit by hand only to add a feature the data cannot fit (marked).
"""
from __future__ import annotations

BIAS = -1.134
THRESHOLD = 0.61  # the default score a candidate needs to be proposed (setting: threshold)
WEIGHTS: dict[str, float] = {
    'decision_section': 8.0,
    'marked': 8.0,
    'accepted': 5.0,
    'own_rule': 5.0,
    'cites_rule': 4.957,
    'user': 1.943,
    'modal': 1.395,
    'cause': 1.002,
    'alternative': 0.999,
    'team': 0.926,
    'code_spans': 0.678,
    'stance': 0.663,
    'long_sentence': 0.624,
    'rule_noun': 0.2,
    'works': 0.184,
    'kind_convention': 0.086,
    'deixis': 0.0,
    'item': 0.0,
    'past': 0.0,
    'scope': 0.0,
    'why_section': 0.0,
    'kind_constraint': -0.039,
    'kind_root_cause': -0.06,
    'plan': -0.086,
    'status': -0.113,
    'long_turn': -0.163,
    'person': -0.202,
    'pasted': -0.262,
    'kind_decision': -0.337,
    'location': -0.343,
    'kind_preference': -0.36,
    'label': -0.419,
    'report': -0.508,
    'narration': -0.707,
    'quote': -0.924,
    'request': -0.985,
    'finding': -1.369,
    'count': -1.617,
    'do_section': -1.625,
    'option': -1.728,
    'heading': -1.809,
    'assistant': -1.936,
    'zh_report': -2.144,
    'ask': -2.244,
    'anaphora': -2.468,
    'command': -2.907,
    'step': -3.254,
}
