import pytest
from django.urls import reverse

from tests.tournaments.helpers import hand_post
from tournaments import services
from tournaments.models import Hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand1(judge_client, table1):
    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    return Hand.objects.get()


def _apply(client, table, **data):
    url = reverse("tournaments:ledger_apply", args=[table.round.tournament_id])
    return client.post(url, {"table": table.pk, **data}, follow=True).content.decode()


def test_a_ruling_on_a_hand_flows_into_its_settlement_and_the_ledger(
    director_client, table1, hand1
):
    _apply(
        director_client,
        table1,
        hand="1",
        code="spjst.discard_counter",
        seat="2",
        reason="king discarded",
    )
    hand1.refresh_from_db()
    # Game ±3, and seat 2 pays 5 to each other player.
    assert hand1.settlement["deltas"] == {"1": 8, "2": -18, "3": 8, "4": 2}
    assert hand1.revisions.last().reason == "king discarded"
    ledger = director_client.get(
        reverse("tournaments:ledger", args=[table1.round.tournament_id])
    ).content.decode()
    assert "spjst.discard_counter" in ledger and "king discarded" in ledger


def test_a_ruling_needs_a_reason(director_client, table1, hand1):
    page = _apply(
        director_client, table1, hand="1", code="spjst.discard_counter", seat="2", reason=""
    )
    assert "Say why the ruling is applied" in page
    hand1.refresh_from_db()
    assert hand1.settlement["deltas"]["2"] == -3


def test_a_ruling_the_rules_refuse_is_explained(director_client, table1, hand1):
    page = _apply(
        director_client, table1, hand="1", code="spjst.wrong_povinost", seat="2", reason="x"
    )
    assert "rightful" in page
    assert hand1.revisions.count() == 1


def test_cancelling_a_ruling_restores_the_hand_and_keeps_the_history(
    director_client, table1, hand1
):
    _apply(
        director_client,
        table1,
        hand="1",
        code="spjst.discard_counter",
        seat="2",
        reason="king discarded",
    )
    url = reverse("tournaments:ledger_cancel", args=[hand1.pk, 0])
    director_client.post(url, {"reason": "it was a queen"})
    hand1.refresh_from_db()
    assert hand1.settlement["deltas"] == {"1": 3, "2": -3, "3": 3, "4": -3}
    assert [r.reason for r in hand1.revisions.order_by("revision")] == [
        "",
        "king discarded",
        "it was a queen",
    ]


def test_a_misdeal_is_a_standalone_entry_and_moves_the_chips(director_client, table1, judge_client):
    _apply(director_client, table1, code="spjst.misdeal", seat="4", reason="dealer misdealt")
    hand = Hand.objects.get()
    assert hand.settlement["deltas"] == {"1": 2, "2": 2, "3": 2, "4": -6}
    page = judge_client.get(table1.get_absolute_url()).content.decode()
    assert ">102<" in page and ">94<" in page


def test_a_standalone_adjustment_moves_only_the_penalty(director_client, table1):
    _apply(director_client, table1, code="spjst.discard_counter", seat="3", reason="king face up")
    hand = Hand.objects.get()
    assert hand.data == {"penalties": [{"code": "spjst.discard_counter", "seat": 3}]}
    assert hand.settlement["deltas"] == {"1": 5, "2": 5, "3": -15, "4": 5}


def test_a_ruling_that_needs_the_hand_is_refused_standalone(director_client, table1):
    page = _apply(director_client, table1, code="spjst.renege", seat="3", reason="revoke")
    assert "needs the scored hand" in page
    assert not Hand.objects.exists()


def test_cancelling_a_standalone_adjustment_deletes_it_with_its_history(director_client, table1):
    _apply(director_client, table1, code="spjst.discard_counter", seat="3", reason="king face up")
    hand = Hand.objects.get()
    director_client.post(
        reverse("tournaments:ledger_cancel", args=[hand.pk, 0]), {"reason": "wrong table"}
    )
    hand.refresh_from_db()
    assert hand.deleted and hand.revisions.count() == 2


@pytest.mark.parametrize(
    ("field", "bad", "message"),
    [
        ("seat", "5", "Seat: Select a valid choice."),
        ("seat", "²", "Seat: Select a valid choice."),
        ("seat", "", "Seat: This field is required."),
        ("hand", "abc", "Hand number (blank: standalone): Enter a whole number."),
        ("hand", "1.5", "Hand number (blank: standalone): Enter a whole number."),
        ("hand", "³", "Hand number (blank: standalone): Enter a whole number."),
        ("hand", "0", "greater than or equal to 1"),
        ("hand", "9" * 5000, "less than or equal to 32767"),
        ("code", "spjst.nonsense", "Ruling: Select a valid choice."),
        ("code", "cz.renonc.misdeal", "Ruling: Select a valid choice."),
        ("table", "abc", "Table: Choose a table of the round in play."),
        ("table", str(2**70), "Table: Choose a table of the round in play."),
        ("reason", "x" * 501, "Reason: Ensure this value has at most 500 characters"),
    ],
)
def test_a_ruling_with_a_value_the_form_could_not_send_is_refused(
    director_client, table1, hand1, field, bad, message
):
    url = reverse("tournaments:ledger_apply", args=[table1.round.tournament_id])
    ruling = {"table": table1.pk, "hand": "1", "code": "spjst.discard_counter", "seat": "2"}
    ruling = {**ruling, "reason": "x", field: bad}
    page = director_client.post(url, ruling, follow=True).content.decode()
    assert message in page
    hand1.refresh_from_db()
    assert hand1.revisions.count() == 1 and hand1.data["penalties"] == []


def test_a_table_of_another_tournament_is_refused(director_client, table1, hand1, club, director):
    import datetime

    other = services.create_tournament(
        by=director,
        ruleset="spjst",
        name="Other",
        date=datetime.date(2026, 9, 6),
        host_club=club,
        rounds_planned=1,
        hands_per_round=12,
    )
    url = reverse("tournaments:ledger_apply", args=[other.pk])
    ruling = {"table": table1.pk, "code": "spjst.discard_counter", "seat": "2", "reason": "x"}
    page = director_client.post(url, ruling, follow=True).content.decode()
    assert "Choose a table of the round in play." in page
    assert hand1.revisions.count() == 1


def test_a_hand_the_table_does_not_have_is_named(director_client, table1, hand1):
    page = _apply(
        director_client, table1, hand="7", code="spjst.discard_counter", seat="2", reason="x"
    )
    assert "Table 1 has no hand 7." in page
    assert not Hand.objects.filter(number=7).exists()


def test_a_rightful_seat_is_a_seat_of_the_table(director_client, table1, hand1):
    ruling = {"hand": "1", "code": "spjst.wrong_povinost", "seat": "2", "reason": "x"}
    for bad in ("③", "5", "0", "abc"):
        page = _apply(director_client, table1, **ruling, rightful=bad)
        assert "Rightful seat (wrong Povinost): Select a valid choice." in page
    assert hand1.revisions.count() == 1


def test_a_parameter_the_ruling_does_not_take_is_refused(director_client, table1, hand1):
    page = _apply(
        director_client,
        table1,
        hand="1",
        code="spjst.discard_counter",
        seat="2",
        value="trull",
        reason="x",
    )
    assert "The ruling “Discarding a King, or a trump face down” takes no value." in page
    assert hand1.revisions.count() == 1
    director_client.cookies["django_language"] = "cs"
    page = _apply(
        director_client, table1, hand="1", code="spjst.discard_counter", seat="2",
        value="trull", reason="x",
    )  # fmt: skip
    assert "Rozhodnutí „Odhozený král nebo tarok lícem dolů“ nemá údaj: hodnota." in page


def test_a_wrong_povinost_ruling_carries_the_rightful_seat(director_client, table1, hand1):
    _apply(
        director_client,
        table1,
        hand="1",
        code="spjst.wrong_povinost",
        seat="1",
        rightful="2",
        reason="seat 2 had the Pagat",
    )
    hand1.refresh_from_db()
    assert hand1.data["penalties"] == [{"code": "spjst.wrong_povinost", "seat": 1, "rightful": 2}]


def test_an_illegal_declaration_of_a_value_nobody_declared_is_refused_by_the_rules(
    director_client, table1, hand1
):
    page = _apply(
        director_client,
        table1,
        hand="1",
        code="spjst.illegal_declaration",
        seat="2",
        value="trull",
        reason="no trull held",
    )
    assert "Penalty 1, Value: seat 2 did not declare it" in page
    hand1.refresh_from_db()
    assert hand1.data["penalties"] == [] and hand1.revisions.count() == 1


def test_cancelling_needs_a_reason(director_client, table1, hand1):
    _apply(director_client, table1, hand="1", code="spjst.discard_counter", seat="2", reason="k")
    url = reverse("tournaments:ledger_cancel", args=[hand1.pk, 0])
    page = director_client.post(url, {}, follow=True).content.decode()
    assert "Say why the penalty is cancelled." in page
    hand1.refresh_from_db()
    assert len(hand1.data["penalties"]) == 1


def test_a_rulings_parameters_are_written_as_players_write_them():
    from scoring.rulesets.spjst_values import VALUES
    from tournaments.views.director import _param_value

    values = {rule.name: rule.title for rule in VALUES}
    assert _param_value(values, "value", "trull_pane") == "Trull pane"  # not its JSON name
    assert _param_value(values, "points", -20) == "−20"  # the sign as on a score sheet
    assert _param_value(values, "rightful", 2) == "2"


def test_the_ledger_reads_only_the_hands_with_penalties(
    director_client, judge_client, table1, hand1, django_assert_max_num_queries
):
    _apply(director_client, table1, hand="1", code="spjst.discard_counter", seat="2", reason="r")
    url = reverse("tournaments:ledger", args=[table1.round.tournament_id])
    for points in (40, 70):  # two more hands, without penalties
        table1.refresh_from_db()
        judge_client.post(
            reverse("tournaments:hand_add", args=[table1.pk]),
            hand_post(table1, declarer=1, partner=3, declarer_points=points),
        )
    assert Hand.objects.count() == 3
    with django_assert_max_num_queries(20):
        response = director_client.get(url)
    assert [e["hand"].pk for e in response.context["entries"]] == [hand1.pk]
