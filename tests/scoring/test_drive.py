"""A whist drive's pure core (scoring.drive): the trump schedule, each player's tricks from
the hands, the ranking with ties shared and the progressive movement (RULES §6.3)."""

import pytest

from scoring import RULESETS
from scoring.drive import DriveError, next_seating, player_tricks, ranking, trump_schedule
from scoring.rulesets.whist import DRIVE_TRICKS
from tests.rulesets import duel, tally


def _hand(ns: int) -> dict:
    return {"variant": "standard", "tricks": {"NS": ns, "EW": 13 - ns}}


def _result(ns: int, hands: int = 4) -> dict[int, int]:
    """A table's round in which N–S took `ns` of the 13 × `hands` tricks."""
    ew = 13 * hands - ns
    return {1: ns, 2: ew, 3: ns, 4: ew}


def test_the_trumps_rotate_on_the_printed_schedule():
    assert trump_schedule(9) == (
        "hearts", "diamonds", "spades", "clubs", "hearts", "diamonds", "spades", "clubs", "hearts",
    )  # fmt: skip
    assert trump_schedule(0) == ()


def test_a_pairs_tricks_are_credited_to_both_partners():
    assert DRIVE_TRICKS(_hand(9), (1, 2, 3, 4)) == {1: 9, 3: 9, 2: 4, 4: 4}
    hussar = {"variant": "hussar", "tricks": {"1": 4, "2": 3, "3": 3, "4": 3}}
    assert DRIVE_TRICKS(hussar, (1, 2, 3, 4)) == {1: 4, 2: 3, 3: 3, 4: 3}


def test_each_players_total_follows_them_from_table_to_table():
    # Round 1: Ann and Cyril (N–S) against Bob and Dana; round 2 Ann partners Bob.
    played = [
        (_hand(8), {1: "Ann", 2: "Bob", 3: "Cyril", 4: "Dana"}),
        (_hand(6), {1: "Ann", 2: "Bob", 3: "Cyril", 4: "Dana"}),
        (_hand(10), {1: "Ann", 2: "Cyril", 3: "Bob", 4: "Dana"}),
    ]
    assert player_tricks(played, DRIVE_TRICKS) == {
        "Ann": 8 + 6 + 10, "Cyril": 8 + 6 + 3, "Bob": 5 + 7 + 10, "Dana": 5 + 7 + 3,
    }  # fmt: skip


def test_the_highest_total_wins_and_equal_totals_share_a_place():
    totals = {"Ann": 24, "Bob": 22, "Cyril": 17, "Dana": 15, "Eva": 22, "Filip": 15}
    assert ranking(totals) == [
        (1, "Ann", 24), (2, "Bob", 22), (2, "Eva", 22), (4, "Cyril", 17),
        (5, "Dana", 15), (5, "Filip", 15),
    ]  # fmt: skip
    assert ranking({}) == []


def test_twelve_players_progress_over_three_rounds():
    round_1 = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
    # Table 1: N–S win; table 2: E–W win; table 3: N–S win.
    round_2 = next_seating(round_1, [_result(30), _result(20), _result(27)])
    # The top table's winners (1, 3) stay and split, joined by table 2's winners (6, 8);
    # table 2's losers (5, 7) stay, joined by table 3's winners (9, 11); the top table's
    # losers (2, 4) go to the bottom table and meet table 3's losers (10, 12). The stayers
    # sit in seats 1 and 2, so each partners an arrival (seats 1 and 3, 2 and 4).
    assert round_2 == ((1, 3, 6, 8), (5, 7, 9, 11), (10, 12, 2, 4))
    # Round 2: table 1 E–W (3, 8) win and stay; table 2 is drawn 26–26, so N–S (5, 9)
    # count as winners and move up; table 3 E–W (12, 4) win and move up.
    round_3 = next_seating(round_2, [_result(21), _result(26), _result(19)])
    assert round_3 == ((3, 8, 5, 9), (7, 11, 12, 4), (10, 2, 1, 6))
    for seating in (round_2, round_3):
        assert sorted(player for table in seating for player in table) == list(range(1, 13))
    # Partners change every round: nobody partners the same player twice in a row.
    for before, after in ((round_1, round_2), (round_2, round_3)):
        partners = {frozenset(t[i] for i in pair) for t in before for pair in ((0, 2), (1, 3))}
        assert not partners & {
            frozenset(t[i] for i in pair) for t in after for pair in ((0, 2), (1, 3))
        }


def test_one_table_keeps_its_players_and_changes_partners():
    assert next_seating([(1, 2, 3, 4)], [_result(20)]) == ((2, 4, 1, 3),)  # E–W won
    assert next_seating([(1, 2, 3, 4)], [_result(40)]) == ((1, 3, 2, 4),)  # N–S won


def test_the_movement_refuses_what_it_cannot_move():
    with pytest.raises(DriveError, match="2 tables but 1 results"):
        next_seating([(1, 2, 3, 4), (5, 6, 7, 8)], [_result(20)])
    with pytest.raises(DriveError, match="table 2 has 3 players"):
        next_seating([(1, 2, 3, 4), (5, 6, 7)], [_result(20), _result(20)])
    with pytest.raises(DriveError, match="no table"):
        next_seating([], [])


def test_only_whist_is_played_as_a_drive():
    assert [name for name, module in RULESETS.items() if module.DRIVE_TRICKS] == ["whist"]
    assert duel.DRIVE_TRICKS is None and tally.DRIVE_TRICKS is None
