"""The labels of an SPJST settlement show the arithmetic (RULES §0.2)."""

from scoring import score_hand

BASE = {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "partner": 3}


def labels(hand, house_rules=None):
    return [line.label for line in score_hand(None, hand, house_rules).lines]


def test_the_game_label_shows_the_chip_formula():
    assert labels({**BASE, "declarer_points": 59}) == [
        "Game: |59−53|=6, +10=16, ×2=32 → 3 chips; seats 1 and 3 win 3 each"
    ]


def test_a_lost_prever_shows_its_talon_multiplier_and_the_challenge():
    hand = {"ruleset": "spjst", "contract": "prever", "declarer": 4, "prever_talon": 3,
            "declarer_points": 50, "challenge": 1}  # fmt: skip
    assert labels(hand) == [
        "Game: |50−53|=3, +10=13, ×3=39 → 4 chips; Prever lost, back to the first three: "
        "×3 = 12; Kontra ×2 = 24; seat 4 alone loses 24 to each of the others"
    ]


def test_a_tie_says_it_is_lost():
    assert "53–53 is a loss" in labels({**BASE, "declarer_points": 53})[0]


def test_pagat_valat_values_and_penalties_are_labelled():
    hand = {
        **BASE, "declarer_points": 100,
        "pagat": {"holder": 1, "announced": True, "won": True},
        "valat": {"side": "declarer", "announced": True, "won": True},
        "values": [{"seat": 4, "value": "taroky"}],
        "penalties": [{"code": "spjst.discard_counter", "seat": 2}],
    }  # fmt: skip
    assert labels(hand)[1:] == [
        "Pagat (seat 1) announced, won: void, the Valat was made",
        "Valat by the declaring side, announced, made: 40 chips; seats 1 and 3 win 40 each",
        "Value Taroky (seat 4): 4 from each",
        "Discarding a King, or a trump face down (seat 2): 5 to each",
    ]


def test_a_pagat_label_shows_its_challenge():
    hand = {**BASE, "declarer_points": 59,
            "pagat": {"holder": 2, "announced": True, "won": True, "challenge": 2}}  # fmt: skip
    assert (
        labels(hand)[1]
        == "Pagat (seat 2) announced, won: 4 chips; Re ×4 = 16; seats 2 and 4 win 16 each"
    )


def test_the_offender_rule_gets_its_own_line_per_item():
    hand = {**BASE, "declarer_points": 59,
            "penalties": [{"code": "spjst.discard_irregularity", "seat": 1}]}  # fmt: skip
    assert labels(hand)[1:] == [
        "Discarding irregularity (seat 1): 2 to each",
        "Discarding irregularity (seat 1), the game: collects nothing and pays the "
        "partners' winnings: 3",
    ]


def test_a_void_hand_shows_only_its_penalties():
    hand = {"ruleset": "spjst", "penalties": [{"code": "spjst.misdeal", "seat": 4}]}
    assert labels(hand) == ["Misdeal before play (seat 4): 2 to each; the hand is void"]


def test_valat_replacing_the_game_leaves_a_zero_game_line():
    hand = {**BASE, "declarer_points": 100, "valat": {"side": "declarer", "won": True}}
    settlement = score_hand(None, hand, {"valat_replaces_game": True})
    assert settlement.lines[0].label == "Game: not scored, the Valat replaces it"
    assert not settlement.lines[0].deltas
