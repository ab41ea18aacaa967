"""RULES §0.4: an omitted boolean is false, in every ruleset, and never refused as
missing (issue 26: a berač without `won` was refused instead of scored as lost)."""

import pytest

from scoring import score_hand
from scoring.errors import HandError
from scoring.reader import JsonObject


@pytest.mark.parametrize("data", [{}, {"won": None}])
def test_the_reader_reads_an_omitted_or_null_boolean_as_false(data):
    assert JsonObject(data, "", {"won"}).bool("won") is False


def test_the_reader_still_refuses_a_boolean_of_another_type():
    with pytest.raises(HandError, match="won: must be true or false"):
        JsonObject({"won": 1}, "", {"won"}).bool("won")


@pytest.mark.parametrize("contract", ["berac", "barvni_valat", "valat"])
def test_a_won_or_lost_contract_without_won_is_lost_as_with_won_false(contract):
    omitted = score_hand("si_double", {"contract": contract, "declarer": 2})
    written = score_hand("si_double", {"contract": contract, "declarer": 2, "won": False})
    assert omitted.deltas == written.deltas
    assert omitted.deltas[2] < 0


@pytest.mark.parametrize(
    ("ruleset", "omitted", "written"),
    [
        # A Czech hand that was not folded (`folded` omitted).
        (
            "cz_xix",
            {"contract": "prvni", "declarer": 1, "partner": 3, "declarer_points": 41},
            {"folded": False},
        ),
        # A Pagat and a Valat with their booleans omitted: not announced, not won.
        (
            "spjst",
            {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59,
             "pagat": {"holder": 2}},
            {"pagat": {"holder": 2, "announced": False, "won": False}},
        ),
        # A silent announcement made (`announced` omitted).
        (
            "si_double",
            {"contract": "trojka", "declarer": 1, "partners": [3], "declarer_points": 83,
             "announcements": [{"kind": "trula", "side": "declarer", "won": True}]},
            {"announcements": [{"kind": "trula", "side": "declarer", "announced": False,
                                "won": True}]},
        ),
        # A whist hand whose cayenne was not accepted.
        ("whist", {"variant": "cayenne", "tricks": {"NS": 9, "EW": 4}}, {"cayenne_accepted": False}),
    ],
)  # fmt: skip
def test_each_ruleset_scores_an_omitted_boolean_as_false(ruleset, omitted, written):
    assert score_hand(ruleset, omitted).deltas == score_hand(ruleset, {**omitted, **written}).deltas
