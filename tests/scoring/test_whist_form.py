"""The whist hand form and calculator tab, and whist's deal (RULES §6.1, §8)."""

import json

from django.urls import reverse

from scoring.forms import hand_form
from scoring.rulesets import whist

URL = reverse("scoring:calculator", args=["whist"])


def test_the_calculator_has_a_whist_tab_without_card_points(client):
    page = client.get(URL).content.decode()
    assert 'name="tricks_NS"' in page and 'name="honours_count"' in page
    assert 'name="variant"' in page
    assert "card-picker" not in page and 'name="declarer_points"' not in page
    spjst = client.get(reverse("scoring:calculator", args=["spjst"])).content.decode()
    assert URL in spjst and "card-picker" in spjst


def test_a_hand_typed_in_is_scored_and_added_to_the_running_total(client):
    data = {"variant": "cayenne", "cayenne_accepted": "on", "tricks_NS": "4", "tricks_EW": "9",
            "honours_side": "EW", "honours_count": "3", "running": '{"2": 5}', "action": "add"}  # fmt: skip
    fragment = client.post(URL, data, HTTP_HX_REQUEST="true").content.decode()
    # E–W: 3 tricks × 4 = 12, 3 honours × 2 = 6: 18 each; seat 2 had 5.
    assert "seats 2 and 4 score +12 each" in fragment
    assert "+23" in fragment


def test_a_hussar_hand_takes_each_seats_tricks_and_a_seats_honours():
    form = hand_form("whist")(
        {"variant": "hussar", "tricks_1": "6", "tricks_2": "3", "tricks_3": "2", "tricks_4": "2",
         "honours_seat": "3", "honours_count": "4"}
    )  # fmt: skip
    settlement = form.settle()
    assert form.hand_json()["tricks"] == {"1": 6, "2": 3, "3": 2, "4": 2}
    assert settlement.to_json()["deltas"] == {"1": 6, "2": 0, "3": 2, "4": 0}


def test_an_engine_error_lands_on_the_field_it_names():
    form_class = hand_form("whist")
    form = form_class({"variant": "standard", "tricks_NS": "7", "tricks_EW": "5"})
    assert form.settle() is None and "must total 13" in form.errors["tricks_NS"][0]
    form = form_class({"variant": "flying_duck", "tricks_NS": "7", "tricks_EW": "6",
                       "honours_side": "NS", "honours_count": "4"})  # fmt: skip
    assert form.settle() is None and "scores no honours" in form.errors["honours_count"][0]
    form = form_class({"variant": "three_player", "tricks_1": "5", "tricks_2": "4",
                       "tricks_3": "3", "tricks_4": "1"})  # fmt: skip
    assert form.settle() is None and "not a seat" in form.errors["tricks_4"][0]


def test_a_three_player_table_offers_three_seats():
    form = hand_form("whist")(seat_names={1: "Ann", 2: "Bo", 3: "Cy"})
    assert form.seat_trick_fields == ["tricks_1", "tricks_2", "tricks_3"]
    assert [value for value, _ in form.fields["honours_seat"].choices] == ["", "1", "2", "3"]


def test_the_deal_passes_to_the_left_each_hand():
    hand = {"variant": "standard", "tricks": {"NS": 7, "EW": 6}}
    assert whist.DEAL.next_turn([], 4).dealer == 1
    turn = whist.DEAL.next_turn([hand, hand], 4)
    assert (turn.dealer, turn.bidder, turn.sitter) == (3, 4, None)
    assert whist.DEAL.next_turn([hand] * 3, 3).dealer == 1
    assert whist.DEAL.dealer_of(hand, 4) is None


def test_the_summary_reads_a_stored_hand():
    assert str(whist.summary({"variant": "cayenne", "cayenne_accepted": True,
                          "tricks": {"NS": 4, "EW": 9}, "honours": {"side": "EW", "count": 3}})) == (
        "Cayenne (trump kept): N–S 4, E–W 9; honours E–W 3"
    )  # fmt: skip
    assert str(whist.summary({"variant": "hussar", "tricks": {"1": 6, "2": 3, "3": 2, "4": 2},
                          "honours": {"seat": 3, "count": 4}})) == (
        "Hussar: seats 6/3/2/2; honours seat 3 4"
    )  # fmt: skip


def _add(client, rubber: str, **hand):
    data = {"variant": "standard", "rubber": rubber, "action": "add", **hand}
    return client.post(URL, data, HTTP_HX_REQUEST="true")


def test_the_calculator_keeps_a_rubbers_running_score(client):
    response = _add(client, "", tricks_NS="11", tricks_EW="2")
    assert response.context["rubber"]["games"] == {"NS": 1, "EW": 0}
    assert "Game 1 to N–S: +50" in response.content.decode()
    carried = response.context["rubber_json"]
    response = _add(client, carried, tricks_NS="10", tricks_EW="3",
                    honours_side="NS", honours_count="4")  # fmt: skip
    rubber = response.context["rubber"]
    # N–S 10 + 50, then 8 + 4 + 50 + 70 = 192.
    assert rubber["result"] == {"winner": "NS", "totals": {"NS": 192, "EW": 0}, "difference": 192}
    assert "The rubber is won by N–S; the difference is 192." in response.content.decode()
    # A hand added after the end starts the next rubber.
    response = _add(client, response.context["rubber_json"], tricks_NS="6", tricks_EW="7")
    assert response.context["rubber"]["totals"] == {"NS": 0, "EW": 2}
    # Only the new rubber is carried on, and its hand count is its own.
    assert json.loads(response.context["rubber_json"]) == [
        {"variant": "standard", "tricks": {"NS": 6, "EW": 7}}
    ]
    assert "1 hand in this rubber." in response.content.decode()
    assert "New rubber" in response.content.decode()


def test_after_a_rubber_ends_another_kind_of_play_starts_the_next(client):
    ended = [{"variant": "standard", "tricks": {"NS": 11, "EW": 2}}] * 2
    response = _add(client, json.dumps(ended), variant="hussar", tricks_1="6", tricks_2="3",
                    tricks_3="2", tricks_4="2")  # fmt: skip
    assert response.context["rubber"]["totals"] == {"1": 6, "2": 0, "3": 0, "4": 0}
    # Within a rubber the kinds are not mixed: the page says why, the hands are kept.
    mixed = [{"variant": "standard", "tricks": {"NS": 8, "EW": 5}}]
    response = _add(client, json.dumps(mixed), variant="hussar", tricks_1="6", tricks_2="3",
                    tricks_3="2", tricks_4="2")  # fmt: skip
    assert "hands[1].variant" in response.context["rubber"]["error"]
    assert len(json.loads(response.context["rubber_json"])) == 2


def test_new_rubber_starts_again_and_a_broken_rubber_is_dropped(client):
    carried = _add(client, "", tricks_NS="11", tricks_EW="2").context["rubber_json"]
    data = {"variant": "standard", "tricks_NS": "7", "tricks_EW": "6", "rubber": carried,
            "action": "new_rubber"}  # fmt: skip
    response = client.post(URL, data, HTTP_HX_REQUEST="true")
    assert response.context["rubber"] is None and response.context["rubber_json"] == ""
    response = _add(client, "[" * 100 + "]" * 100, tricks_NS="7", tricks_EW="6")
    assert response.context["rubber"]["totals"] == {"NS": 2, "EW": 0}


def test_the_tarock_calculators_have_no_rubber(client):
    page = client.get(reverse("scoring:calculator", args=["spjst"]))
    assert page.context["rubber"] is None and 'name="rubber"' not in page.content.decode()
