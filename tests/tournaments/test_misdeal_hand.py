"""A misdeal entered alone on the judge's form is stored as the judge entered it: the
penalty (and the table's sitter), not the contract and declarer the blank form sends
(issue 26: stored as `contract: prvni, declarer: 1`)."""

import pytest

from scoring.forms import hand_form
from tests.tournaments.helpers import CZ_THREE_FORM, CZ_XIX_FORM, HAND_FORM, round_in_play
from tests.tournaments.test_czech_tournaments import _add
from tournaments.models import Hand

pytestmark = pytest.mark.django_db

# Each ruleset's blank form as the browser sends it (the declarer's first option, seat 1),
# its misdeal, and what the stored hand must be.
MISDEALS = {
    "spjst": (
        {**HAND_FORM, "declarer": 1},
        "spjst.misdeal",
        {"penalties": [{"code": "spjst.misdeal", "seat": 4}]},
    ),
    "cz_xix": (
        {**CZ_XIX_FORM, "declarer": 1},
        "cz.renonc.misdeal",
        {"penalties": [{"code": "cz.renonc.misdeal", "seat": 4}]},
    ),
    "cz_three": (
        {**CZ_THREE_FORM, "declarer": 1, "sitter": 4},
        "cz_three.renonc.misdeal",
        {"sitter": 4, "penalties": [{"code": "cz_three.renonc.misdeal", "seat": 4}]},
    ),
}


@pytest.mark.parametrize("ruleset", sorted(MISDEALS))
def test_a_misdeal_saved_alone_is_stored_without_the_form_s_defaults(
    director_client, judge_client, judge, club, ruleset
):
    form, code, stored = MISDEALS[ruleset]
    _tournament, tables = round_in_play(
        director_client, judge, club, players=4, ruleset=ruleset, rounds_planned=1
    )
    _add(judge_client, tables[0], form, penalty_0_code=code, penalty_0_seat=4)
    hand = Hand.objects.get()
    assert hand.data == stored
    assert sum(hand.deltas().values()) == 0 and hand.deltas()[4] < 0


def test_a_game_with_a_penalty_keeps_its_contract_and_declarer():
    form = hand_form("cz_xix")(
        {**CZ_XIX_FORM, "declarer": 1, "declarer_points": 41,
         "penalty_0_code": "cz.renonc.misdeal", "penalty_0_seat": 4}
    )  # fmt: skip
    assert form.is_valid(), form.errors
    assert form.hand_json()["contract"] == "prvni" and form.hand_json()["declarer"] == 1


def test_a_declarer_the_judge_chose_keeps_the_hand_a_game():
    form = hand_form("spjst")(
        {**HAND_FORM, "declarer": 2, "penalty_0_code": "spjst.misdeal", "penalty_0_seat": 4}
    )
    assert form.is_valid(), form.errors
    assert form.hand_json()["declarer"] == 2


def test_a_blank_two_pack_form_with_an_adjustment_is_the_adjustment_alone():
    form = hand_form("si_double")(
        {"players": "4", "contract": "trojka", "declarer": "", "kontra": "0",
         "penalty_0_code": "si.adjustment", "penalty_0_seat": 2}
    )  # fmt: skip
    assert form.is_valid(), form.errors
    assert form.hand_json() == {
        "ruleset": "si_double",
        "penalties": [{"code": "si.adjustment", "seat": 2}],
    }
