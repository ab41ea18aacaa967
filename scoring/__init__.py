"""The scoring engine: pure Python, no Django (the web side is in apps.py and views.py).

>>> from scoring import score_hand, dumps
>>> hand = {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "partner": 3,
...         "declarer_points": 59, "challenge": 1}
>>> dumps(score_hand(None, hand).deltas)
'{"1": 6, "2": -6, "3": 6, "4": -6}'
"""

from scoring.cards import Card, count_points
from scoring.errors import HandError, UnknownRuleset
from scoring.house_rules import HouseRule
from scoring.jsonio import dumps, loads
from scoring.penalties import PenaltyEntry
from scoring.registry import RULESETS, Ruleset, catalogue, get_ruleset, register, score_hand
from scoring.settlement import Line, Settlement

__all__ = [
    "RULESETS",
    "Card",
    "HandError",
    "HouseRule",
    "Line",
    "PenaltyEntry",
    "Ruleset",
    "Settlement",
    "UnknownRuleset",
    "catalogue",
    "count_points",
    "dumps",
    "get_ruleset",
    "loads",
    "register",
    "score_hand",
]
