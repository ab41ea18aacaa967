"""A player's figures from the hands (scoring.hand_stats), over hands the engine scored."""

from decimal import Decimal

from scoring import score_hand
from scoring.hand_stats import Tally, tally_table

FOUR = {1: 10, 2: 20, 3: 30, 4: 40}


def _recorded(ruleset, hand):
    return hand, score_hand(ruleset, hand).to_json()


def test_a_won_contract_counts_for_the_declarer_only():
    hand = {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59}
    tallies = tally_table([_recorded("spjst", hand)], FOUR)
    assert tallies[10].declared == 1 and tallies[10].declared_won == 1
    assert tallies[10].contracts == {"povinost": (1, 1)}
    assert tallies[30].declared == 0 and tallies[30].hands == 1
    assert sum(t.total for t in tallies.values()) == 0  # SPJST is zero-sum


def test_a_lost_contract_is_declared_but_not_won():
    hand = {"contract": "povinost", "declarer": 2, "partner": 4, "declarer_points": 40}
    tally = tally_table([_recorded("spjst", hand)], FOUR)[20]
    assert (tally.declared, tally.declared_won, tally.contracts) == (1, 0, {"povinost": (1, 0)})
    assert tally.total < 0 and tally.average == Decimal(tally.total).quantize(Decimal("0.01"))


def test_an_announced_pagat_counts_for_its_holder():
    hand = {
        "contract": "povinost",
        "declarer": 1,
        "partner": 3,
        "declarer_points": 59,
        "pagat": {"holder": 2, "announced": True, "won": True},
    }
    tallies = tally_table([_recorded("spjst", hand)], FOUR)
    assert (tallies[20].announced, tallies[20].announced_won) == (1, 1)
    assert tallies[10].announced == 0


def test_a_side_announcement_counts_for_every_seat_of_the_side():
    hand = {
        "contract": "trojka",
        "declarer": 1,
        "partners": [3],
        "declarer_points": 83,
        "announcements": [{"kind": "kralji", "side": "declarer", "announced": True, "won": False}],
    }
    tallies = tally_table([_recorded("si_double", hand)], FOUR)
    assert [(tallies[p].announced, tallies[p].announced_won) for p in (10, 20, 30, 40)] == [
        (1, 0),
        (0, 0),
        (1, 0),
        (0, 0),
    ]


def test_hlasky_are_won_by_the_side_that_won_the_game():
    hand = {
        "contract": "prvni",
        "declarer": 1,
        "partner": 3,
        "declarer_points": 41,
        "hlasky": [{"seat": 2, "kind": "taroky"}, {"seat": 1, "kind": "taroky"}],
    }
    tallies = tally_table([_recorded("cz_xix", hand)], FOUR)
    assert (tallies[10].announced, tallies[10].announced_won) == (1, 1)
    assert (tallies[20].announced, tallies[20].announced_won) == (1, 0)


def test_a_sitter_plays_no_part_in_the_hand():
    hand = {"contract": "prvni", "declarer": 1, "sitter": 4, "declarer_points": 41}
    tallies = tally_table([_recorded("cz_three", hand)], FOUR)
    assert tallies[40].hands == 0 and tallies[40].tables == 1
    assert tallies[20].hands == 1


def test_a_standalone_penalty_is_a_penalty_and_not_a_hand():
    hand = {"penalties": [{"code": "spjst.misdeal", "seat": 4}]}
    tallies = tally_table([_recorded("spjst", hand)], FOUR)
    assert tallies[40].penalties == 1 and tallies[40].hands == 0
    assert tallies[40].declared == 0


def test_whist_counts_hands_and_what_they_brought_without_a_declarer():
    hand = {"variant": "standard", "tricks": {"NS": 9, "EW": 4}}
    tallies = tally_table([_recorded("whist", hand)], FOUR)
    assert all(t.hands == 1 and t.declared == 0 for t in tallies.values())
    assert tallies[10].total > tallies[20].total  # the side with nine tricks scores


def test_a_table_kept_on_paper_counts_as_a_table_without_hands():
    tallies = tally_table([], FOUR)
    assert tallies[10] == Tally(tables=1)
    assert tallies[10].average is None


def test_tallies_add_up_contract_by_contract():
    a = Tally(tables=1, hands=2, total=3, declared=1, declared_won=1, contracts={"x": (1, 1)})
    b = Tally(tables=1, hands=1, total=Decimal("1.5"), declared=1, contracts={"x": (1, 0)})
    both = a + b
    assert (both.tables, both.hands, both.total, both.contracts) == (
        2,
        3,
        Decimal("4.5"),
        {"x": (2, 1)},
    )
    assert both.average == Decimal("1.50")
    assert both.to_json()["contracts"] == {"x": {"declared": 2, "won": 1}}
    assert both.to_json()["total"] == "4.5"


def test_the_average_rounds_a_half_away_from_zero():
    assert Tally(hands=16, total=2).average == Decimal("0.13")
    assert Tally(hands=16, total=-2).average == Decimal("-0.13")
