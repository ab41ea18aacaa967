"""Czech tournaments through the pages: calling the XIX at tables of four, and Taroky ve
třech at a table of four (the dealer sits each hand out) and of three."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from clubs.models import Player
from tests.tournaments.helpers import CZ_THREE_FORM, CZ_XIX_FORM, hand_post
from tournaments.models import Hand, Round, ScoreSheet, Tournament

pytestmark = pytest.mark.django_db

# docs/rules.md 6.10: první 1 with 3, 44 points, flek, the Pagat, tarocky and honery.
XIX_HAND = {
    "declarer": 1, "partner": 3, "called": 19, "declarer_points": 44, "flek": 1,
    "pagat_holder": 1, "pagat_announced": "on", "pagat_won": "on",
    "hlaska_3_1": "tarocky", "hlaska_2_0": "honery",
}  # fmt: skip
# Seats 2 and 3 tie for the most points under a flek: each pays 20 to each other player.
XIX_VARSAVA = {
    "contract": "varsava", "declarer": 1, "flek": 1, "varsava_points_1": 12,
    "varsava_points_2": 24, "varsava_points_3": 24, "varsava_points_4": 10,
}  # fmt: skip


def _tournament(director_client, club, judge, *, ruleset: str, size: int, players: int):
    """A tournament set up, registered, drawn and in play; table 1 judged by `judge`."""
    director_client.post(
        reverse("tournaments:create"),
        {
            "name": f"{ruleset} open", "date": "2026-11-07", "host_club": club.pk,
            "ruleset": ruleset, "rounds_planned": 2, "minutes_per_round": 60,
            "starting_chips": 100, "table_size": size, "standings_method": "chips",
            "placement_points_text": "4, 3, 2, 1",
        },
    )  # fmt: skip
    tournament = Tournament.objects.get()
    for n in range(players):
        player = Player.objects.create(first_name=f"H{n}", last_name=f"Hráč{n}", home_club=club)
        director_client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"player": player.pk}
        )
    director_client.post(reverse("tournaments:draw", args=[tournament.pk]), {"seed": "5"})
    table = Round.objects.get().tables.get(number=1)
    director_client.post(
        reverse("tournaments:table_judge", args=[table.pk]), {"judge": judge.pk, "link": "keep"}
    )
    director_client.post(
        reverse("tournaments:round_status", args=[tournament.pk, 1]), {"status": "playing"}
    )
    return tournament, table


def _add(client, table, form, action="save", **fields):
    table.refresh_from_db()
    headers = {"HTTP_HX_REQUEST": "true"} if action == "preview" else {}
    response = client.post(
        reverse("tournaments:hand_add", args=[table.pk]),
        hand_post(table, action=action, form=form, **fields),
        **headers,
    )
    return response.content.decode().replace("&gt;", ">")


def _page(client, table) -> str:
    return client.get(table.get_absolute_url()).content.decode()


def _deltas(number: int) -> dict:
    return Hand.objects.get(number=number).settlement["deltas"]


def test_a_cz_xix_round_is_previewed_saved_edited_and_checks_to_400(
    director_client, judge_client, judge, club
):
    tournament, table = _tournament(
        director_client, club, judge, ruleset="cz_xix", size=4, players=8
    )
    assert tournament.house_rules["renonc_points"] == 20 and table.seats.count() == 4
    preview = _add(judge_client, table, CZ_XIX_FORM, action="preview", **XIX_HAND)
    assert "Game (první): |44−35|=9; flek ×2 = 18; seats 1 and 3 win 18 each" in preview
    assert ">128<" in preview and ">72<" in preview and not Hand.objects.exists()

    _add(judge_client, table, CZ_XIX_FORM, **XIX_HAND)
    _add(judge_client, table, CZ_XIX_FORM, **XIX_VARSAVA)
    assert _deltas(1) == {"1": 28, "2": -28, "3": 28, "4": -28}
    assert _deltas(2) == {"1": 40, "2": -40, "3": -40, "4": 40}
    # The Varšava's caller is the forehand: seat 4 dealt it, so seat 1 deals next.
    assert "Next hand: seat 1 deals, seat 2 is forehand (předák)." in _page(judge_client, table)

    edit_url = reverse("tournaments:hand_edit", args=[table.pk, 1])
    form = judge_client.get(edit_url).content.decode()
    contract = re.search(r'<input[^>]* id="id_contract_0"[^>]*>', form)[0]
    assert 'value="prvni"' in contract and " checked" in contract
    assert '<option value="tarocky" selected>' in form and 'name="hlaska_3_1"' in form
    table.refresh_from_db()
    edited = hand_post(table, form=CZ_XIX_FORM, **{**XIX_HAND, "declarer_points": 40})
    judge_client.post(edit_url, {**edited, "reason": "miscounted: 40"})
    # Game |40−35|=5 ×2 = 10, Pagat 10, tarocky 5 to 1 and 3, honery 5 to 2 and 4.
    assert _deltas(1) == {"1": 20, "2": -20, "3": 20, "4": -20}

    sheet_url = reverse("tournaments:sheet", args=[table.pk])
    wrong = judge_client.post(sheet_url, {"seat_1": 161, "seat_2": 40, "seat_3": 80, "seat_4": 120})
    assert "must be 400" in wrong.content.decode()
    judge_client.post(sheet_url, {"seat_1": 160, "seat_2": 40, "seat_3": 80, "seat_4": 120})
    sheet = ScoreSheet.objects.order_by("-pk").first()
    director_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
    sheet.refresh_from_db()
    assert sheet.confirmed


def test_a_cz_three_table_of_four_names_the_dealer_as_the_sitter(
    director_client, judge_client, judge, club
):
    _, table = _tournament(director_client, club, judge, ruleset="cz_three", size=4, players=4)
    assert table.seats.count() == 4
    page = _page(judge_client, table)
    assert "Sits out (the dealer)" in page and "The deal passes one seat a hand" in page

    refused = _add(judge_client, table, CZ_THREE_FORM, declarer=1, declarer_points=41)
    assert "Sits out (the dealer): This field is required." in refused
    _add(judge_client, table, CZ_THREE_FORM, contract="druha", declarer=1, sitter=4,
         declarer_points=41)  # fmt: skip
    # A druhá is 1.5 a player: the halves are stored exactly and shown as they are.
    assert _deltas(1) == {"1": Decimal("4.5"), "2": Decimal("-1.5"), "3": Decimal("-1.5"),
                          "4": Decimal("-1.5")}  # fmt: skip
    page = _page(judge_client, table)
    assert ">104.5<" in page and page.count(">98.5<") == 3
    assert "Next hand: seat 1 deals and sits out, seat 2 is forehand (předák)." in page
    assert '<option value="1" selected>1 · ' in page  # the proposed sitter

    _add(judge_client, table, CZ_THREE_FORM, contract="solo", declarer=2, sitter=1,
         declarer_points=52)  # fmt: skip
    assert _deltas(2) == {"1": -4, "2": 12, "3": -4, "4": -4}
    edit = judge_client.get(reverse("tournaments:hand_edit", args=[table.pk, 2])).content.decode()
    assert '<option value="1" selected>1 · ' in edit and 'value="solo"' in edit


def test_the_ledger_names_the_sitter_of_a_standalone_ruling_at_a_table_of_four(
    director_client, judge_client, judge, club
):
    tournament, table = _tournament(
        director_client, club, judge, ruleset="cz_three", size=4, players=4
    )
    _add(judge_client, table, CZ_THREE_FORM, declarer=2, sitter=1, declarer_points=41)
    url = reverse("tournaments:ledger_apply", args=[tournament.pk])
    ruling = {"table": table.pk, "code": "cz_three.renonc.conduct", "seat": 3, "reason": "noise"}
    director_client.post(url, ruling)
    conduct = Hand.objects.get(number=2)
    # Seat 2 deals next and sits out; a ruling of conduct was not dealt, the proposal stays.
    assert conduct.data == {"penalties": [{"code": "cz_three.renonc.conduct", "seat": 3}],
                            "sitter": 2}  # fmt: skip
    assert conduct.settlement["deltas"] == {"1": 1, "2": 1, "3": -3, "4": 1}
    assert "seat 2 deals and sits out" in _page(judge_client, table)

    misdeal = {**ruling, "code": "cz_three.renonc.misdeal", "seat": 2, "reason": "13 cards"}
    director_client.post(url, misdeal)
    assert Hand.objects.get(number=3).data["sitter"] == 2  # the dealer who misdealt
    assert "seat 3 deals and sits out" in _page(judge_client, table)
    ledger = director_client.get(reverse("tournaments:ledger", args=[tournament.pk]))
    assert 'name="sitter"' in ledger.content.decode()


def test_a_cz_three_table_of_three_has_no_sitter_and_checks_to_300(
    director_client, judge_client, judge, club
):
    _, table = _tournament(director_client, club, judge, ruleset="cz_three", size=3, players=3)
    assert table.seats.count() == 3
    assert 'name="sitter"' not in _page(judge_client, table)
    _add(judge_client, table, CZ_THREE_FORM, declarer=1, declarer_points=41)
    _add(judge_client, table, CZ_THREE_FORM, contract="varsava", declarer=2, varsava_flek=0,
         varsava_points_1=30, varsava_points_2=20, varsava_points_3=20, varsava_tricks_1=8,
         varsava_tricks_2=4, varsava_tricks_3=4)  # fmt: skip
    assert _deltas(1) == {"1": 2, "2": -1, "3": -1}
    assert _deltas(2) == {"1": -4, "2": 2, "3": 2}
    # The Varšava was called by the forehand, seat 2: seat 1 dealt it, seat 2 deals next.
    assert "Next hand: seat 2 deals, seat 3 is forehand (předák)." in _page(judge_client, table)
    sheet_url = reverse("tournaments:sheet", args=[table.pk])
    page = judge_client.post(sheet_url, {"seat_1": 98, "seat_2": 101, "seat_3": 101})
    assert "Total: 300" in page.content.decode()
    assert ScoreSheet.objects.get().lines.count() == 3


def test_a_cz_three_sheet_with_halves_checks_confirms_and_ranks(
    director_client, judge_client, director, judge, club
):
    tournament, table = _tournament(
        director_client, club, judge, ruleset="cz_three", size=4, players=4
    )
    _add(judge_client, table, CZ_THREE_FORM, contract="druha", declarer=1, sitter=4,
         declarer_points=41)  # fmt: skip
    counts = {"seat_1": "104.5", "seat_2": "98.5", "seat_3": "98.5", "seat_4": "98.5"}
    page = judge_client.post(reverse("tournaments:sheet", args=[table.pk]), counts).content.decode()
    assert "Total: 400" in page and "Every count agrees with the recorded hands" in page
    sheet = ScoreSheet.objects.get()
    director_client.post(reverse("tournaments:sheet_confirm", args=[sheet.pk]))
    sheet.refresh_from_db()
    assert sheet.confirmed
    assert sorted(line.chips for line in sheet.lines.all()) == [
        Decimal("98.5"),
        Decimal("98.5"),
        Decimal("98.5"),
        Decimal("104.5"),
    ]
    standings = director_client.get(
        reverse("tournaments:standings", args=[tournament.pk])
    ).content.decode()
    assert "+4.5" in standings and "−1.5" in standings


def test_the_ledger_offers_the_seats_of_a_table_of_three_and_refuses_a_fourth(
    director_client, judge, club
):
    tournament, table = _tournament(
        director_client, club, judge, ruleset="cz_three", size=3, players=3
    )
    page = director_client.get(reverse("tournaments:ledger", args=[tournament.pk])).content
    seat_select = page.decode().split('name="seat"')[1].split("</select>")[0]
    assert [f'value="{n}"' in seat_select for n in (1, 2, 3, 4)] == [True, True, True, False]
    url = reverse("tournaments:ledger_apply", args=[tournament.pk])
    ruling = {"table": table.pk, "code": "cz_three.renonc.conduct", "seat": 4, "reason": "x"}
    response = director_client.post(url, ruling, follow=True)
    assert "Seat: Select a valid choice." in response.content.decode()
    assert not Hand.objects.exists()


def test_a_ruling_names_the_seat_the_chosen_table_does_not_have(director_client, judge, club):
    tournament, _ = _tournament(director_client, club, judge, ruleset="cz_three", size=4, players=7)
    three = next(t for t in Round.objects.get().tables.all() if t.seats.count() == 3)
    url = reverse("tournaments:ledger_apply", args=[tournament.pk])
    ruling = {"table": three.pk, "code": "cz_three.renonc.conduct", "seat": 4, "reason": "x"}
    response = director_client.post(url, ruling, follow=True)
    assert f"Seat: {three} has no seat 4." in response.content.decode()
    assert not Hand.objects.exists()
