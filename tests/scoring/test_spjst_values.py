"""SPJST values and declarable_values (RULES §2.4)."""

import pytest

from scoring import HandError
from scoring.rulesets.spjst import VALUES, declarable_values

KINGS = ["K-hearts", "K-diamonds", "K-clubs", "K-spades"]
TRULL = ["pagat", "mond", "skys"]


def test_the_value_table_of_rules_2_4():
    assert {rule.name: rule.chips for rule in VALUES} == {
        "tarocky": 2, "taroky": 4, "beeda": 2, "uni": 4, "trull": 2, "pane": 2,
        "trull_pane": 4, "kings": 4, "rosanne_pane": 6, "spjst": 10,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("trumps", "counters", "values"),
    [
        (0, [], ("uni",)),
        (1, ["pagat"], ("beeda",)),
        (2, [], ("beeda",)),
        (3, TRULL, ("trull",)),
        (5, [], ()),
        (8, [], ("tarocky",)),
        (9, TRULL + KINGS[:1], ("tarocky", "trull_pane")),
        (10, [], ("taroky",)),
        (12, ["pagat", "mond", *KINGS[:2]], ("taroky", "pane")),
        (0, KINGS, ("uni", "kings")),
        (2, ["skys", *KINGS], ("beeda", "rosanne_pane")),
        (4, TRULL + KINGS, ("spjst",)),
        (22, TRULL + KINGS, ("taroky", "spjst")),
    ],
)
def test_it_names_the_trump_value_and_the_best_counters_value(trumps, counters, values):
    assert declarable_values(trumps, counters) == values


@pytest.mark.parametrize(
    ("trumps", "counters", "field"),
    [
        (23, [], "trump_count"),
        (True, [], "trump_count"),
        (1, TRULL, "trump_count"),
        (5, ["Q-hearts"], "counters[0]"),
        (5, ["skys", "XXII"], "counters[1]"),
        (5, ["joker"], "counters[0]"),
    ],
)
def test_it_refuses_an_impossible_hand(trumps, counters, field):
    with pytest.raises(HandError) as raised:
        declarable_values(trumps, counters)
    assert raised.value.field == field
