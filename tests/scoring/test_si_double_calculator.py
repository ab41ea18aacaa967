"""The two-pack Tarok calculator and hand form: 4, 6 or 8 seats, both packs in the card
counter, engine errors on the fields they name, and a tournament table's own seats."""

import json

from django.urls import reverse

from scoring.forms import SiDoubleHandForm

URL = reverse("scoring:calculator", args=["si_double"])
TROJKA = {"contract": "trojka", "declarer": "1", "partners": ["3"], "declarer_points": "83"}


def _post(client, url=URL, **data) -> str:
    return client.post(url, data, HTTP_HX_REQUEST="true").content.decode()


def test_the_calculator_has_a_tab_and_offers_four_seats_until_a_size_is_chosen(client):
    page = client.get(URL).content.decode()
    assert "Tarok, 2 packs" in page and "Slovenian Tarok with two packs calculator" in page
    assert 'name="declarer_points"' in page and 'max="140"' in page
    assert 'value="K-hearts/2"' in page  # both packs in the card picker
    form = SiDoubleHandForm({"players": "8", **TROJKA})
    assert form.seats == tuple(range(1, 9))
    assert [value for value, _ in form.fields["partners"].choices] == [str(s) for s in range(1, 9)]
    assert SiDoubleHandForm().seats == (1, 2, 3, 4)


def test_a_link_reloads_the_calculator_for_a_table_of_six(client):
    page = client.get(URL, {"players": "6"}).content.decode()
    assert '<a href="?players=6" aria-current="page">6</a>' in page
    assert '<a href="?players=8">8</a>' in page
    assert '<input type="hidden" name="players" value="6"' in page
    assert 'name="klop_points_6"' in page and 'name="klop_points_7"' not in page
    assert 'name="klop_points_5"' not in client.get(URL, {"players": "5"}).content.decode()


def test_it_scores_a_hand_at_a_table_of_six_as_you_type(client):
    fragment = _post(client, players="6", **{**TROJKA, "partners": ["3", "5"]}, kontra="1")
    assert "<html" not in fragment
    assert "Game (trojka 30): 83 points, |83−70|=13 → 15; 30+15=45; kontra ×2 = 90" in fragment
    assert "seats 1, 3 and 5 score +90 each" in fragment


def test_points_counted_from_cards_of_both_packs(client):
    # The defenders took both Kings of hearts and a 7: 5 + 5 + 1 − 2 = 9; the declaring
    # side has 131: |61| → 60, 30 + 60 = 90.
    cards = ["K-hearts/1", "K-hearts/2", "7-clubs/1"]
    fragment = _post(client, **{**TROJKA, "declarer_points": ""}, cards=cards,
                     cards_side="opponents")  # fmt: skip
    assert "|131−70|=61 → 60" in fragment
    count = _post(client, reverse("scoring:card_count", args=["si_double"]), cards=cards,
                  cards_side="opponents")  # fmt: skip
    assert "3 cards ticked: 9 points" in count
    assert "declaring side 131, opponents 9 (of 140)" in count


def test_the_two_sides_cards_are_checked_against_the_whole_deck(client):
    url = reverse("scoring:card_count", args=["si_double"])
    fragment = _post(client, url, cards=["K-hearts/1"], other_cards=["K-hearts/1", "skys/2"])
    assert "Ticked for both sides: K-hearts/1." in fragment
    fragment = _post(client, url, cards=["K-hearts/1"], other_cards=["K-hearts/2"])
    # One card each counts 5 − 1 = 4: 8 together, and 106 cards ticked on neither side.
    assert "The two sides count 8 points together; the pack has 140." in fragment
    assert "Not ticked on either side: I/1, II/1" in fragment and "and 98 more" in fragment


def test_an_engine_error_lands_on_the_field_it_names():
    form = SiDoubleHandForm({**TROJKA, "partners": ["1"]})
    assert form.settle() is None and list(form.errors) == ["partners"]
    form = SiDoubleHandForm({**TROJKA, "partners": ["2", "3"]})
    assert form.settle() is None and "at most 1" in form.errors["partners"][0]
    row = {"announcement_0_kind": "trula", "announcement_0_side": "declarer"}
    form = SiDoubleHandForm({**TROJKA, **row})
    assert form.settle() is None and list(form.errors) == ["announcement_0_won"]
    form = SiDoubleHandForm({"contract": "klop", "klop_points_1": "70", "klop_points_2": "70",
                             "klop_points_3": "0", "klop_points_4": "1", "klop_tricks_1": "12",
                             "klop_tricks_2": "11", "klop_tricks_3": "0", "klop_tricks_4": "1"})  # fmt: skip
    assert form.settle() is None and list(form.errors) == ["klop_points_1"]


def test_both_sides_may_enter_the_same_announcement():
    rows = {
        "announcement_0_kind": "kralji", "announcement_0_side": "declarer",
        "announcement_0_announced": "on", "announcement_0_won": "on",
        "announcement_1_kind": "kralji", "announcement_1_side": "opponents",
        "announcement_1_won": "on",
    }  # fmt: skip
    settlement = SiDoubleHandForm({**TROJKA, **rows}).settle()
    assert settlement.deltas == {1: 65, 2: 10, 3: 65, 4: 10}


def test_the_directors_adjustment_has_its_points_and_reason():
    row = {"penalty_0_code": "si.adjustment", "penalty_0_seat": "2",
           "penalty_0_points": "-20", "penalty_0_reason": "talking"}  # fmt: skip
    form = SiDoubleHandForm({**TROJKA, **row})
    assert form.settle().deltas == {1: 45, 2: -20, 3: 45, 4: 0}
    assert form.hand_json()["penalties"] == [
        {"code": "si.adjustment", "seat": 2, "points": -20, "reason": "talking"}
    ]


def test_a_tournament_table_of_eight_is_eight_players_with_their_names():
    names = {seat: f"Player {seat}" for seat in range(1, 9)}
    form = SiDoubleHandForm({**TROJKA, "partners": ["3", "7"]}, seat_names=names)
    assert "players" not in form.fields
    settlement = form.settle()
    assert form.hand_json()["players"] == 8
    assert settlement.seats == tuple(range(1, 9))
    assert ("7", "7 · Player 7") in form.fields["partners"].choices


def test_the_running_total_carries_six_seats(client):
    running = json.dumps({"1": 10, "6": -5})
    fragment = _post(client, players="6", **{**TROJKA, "partners": ["3", "5"]}, running=running,
                     action="add")  # fmt: skip
    # 10 + 45 for seat 1, 0 + 45 for seats 3 and 5, −5 for seat 6: the hidden total
    hidden = fragment.split('name="running" value="', 1)[1].split('"', 1)[0]
    totals = json.loads(hidden.replace("&quot;", '"'))
    assert totals == {"1": 55, "2": 0, "3": 45, "4": 0, "5": 45, "6": -5}
