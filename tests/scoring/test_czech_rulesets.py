"""The Czech rulesets beyond the golden cases: labels, settings, presets, reprs, channels."""

import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring import HandError, catalogue, dumps, get_ruleset, loads, score_hand
from scoring.house_rules import resolve
from scoring.rulesets import cz_three, cz_xix

PRVNI = {"ruleset": "cz_xix", "contract": "prvni", "declarer": 1, "partner": 3}
THREE = {"ruleset": "cz_three", "contract": "prvni", "declarer": 1}


def labels(hand, house_rules=None):
    return [line.label for line in score_hand(None, hand, house_rules).lines]


def test_the_cz_xix_game_label_shows_the_base_the_multiplier_and_the_flek():
    hand = {"ruleset": "cz_xix", "contract": "preferanc", "declarer": 2, "preferanc_talon": 3,
            "declarer_points": 31, "flek": 1}  # fmt: skip
    assert labels(hand, cz_xix.PRESETS["preferanc_by_talon"]) == [
        "Game (preferanc, back to the first three): |31−35|=4; ×4 = 16; flek ×2 = 32; "
        "seat 2 alone loses 32 to each of the others"
    ]


def test_a_plichta_and_a_tiche_solo_say_so():
    assert labels({**PRVNI, "declarer_points": 35}) == ["Game (první): 35:35 is a plichta, base 0"]
    solo = {**PRVNI, "partner": None, "declarer_points": 45}
    assert labels(solo)[0].startswith("Game (první, tiché sólo): |45−35|=10; seat 1 alone wins")


def test_the_binding_items_and_hlasky_are_labelled():
    hand = {
        **PRVNI, "declarer_points": 30,
        "pagat": {"holder": 2, "announced": True, "won": True, "flek": 2},
        "valat": {"side": "declarer", "announced": True, "won": False},
        # Not trulhonery: seat 3 cannot hold the Trul while seat 2 holds the Pagat.
        "hlasky": [{"seat": 1, "kind": "taroky"}, {"seat": 3, "kind": "kralovske_honery"}],
    }  # fmt: skip
    assert labels(hand)[1:] == [
        "Pagat (seat 2) announced, won: 10; reflek ×4 = 40; seats 2 and 4 win 40 each",
        "Valat by the declaring side, announced, failed: 20; seats 1 and 3 lose 20 each",
        "Hláška Taroky (seat 1): 10, not counted: the declaring side lost",
        "Hláška Královské honéry (seat 3): 10, counted though its side lost (Honery); "
        "seats 1 and 3 win 10 each",
    ]


def test_a_druha_labels_its_pagat_as_the_obligation():
    hand = {**PRVNI, "contract": "druha", "declarer_points": 40, "pagat": {"holder": 1}}
    assert labels(hand)[1] == (
        "Pagat (seat 1) announced (the druhá's obligation), lost: 10; seats 1 and 3 lose 10 each"
    )


def test_a_renonc_line_says_the_hand_is_not_scored():
    hand = {**PRVNI, "declarer_points": 41, "flek": 1,
            "penalties": [{"code": "cz.renonc.revoke", "seat": 2}]}  # fmt: skip
    assert labels(hand) == [
        "Renonc: Revoke (seat 2): 20 to each; flek ×2 = 40; the hand is not scored; "
        "seat 2 pays 40 to each other player"
    ]


def test_a_folded_prvni_and_a_standalone_conduct_have_zero_lines():
    folded = score_hand("cz_xix", {"contract": "prvni", "declarer": 1, "folded": True})
    assert [line.item for line in folded.lines] == ["game"] and not folded.deltas
    alone = score_hand("cz_xix", {"penalties": [{"code": "cz.renonc.conduct", "seat": 1}]})
    assert [line.item for line in alone.lines] == ["adjustment", "penalty"]


def test_the_cz_three_labels_show_halves_and_the_doublings():
    hand = {**THREE, "contract": "solo", "declarer_points": 70,
            "valat": {"announced": True, "won": True},
            "bonuses": [{"kind": "uhu", "side": "declarer", "won": True}]}  # fmt: skip
    assert labels(hand) == [
        "Game (sólo): Sólo-valát announced, made, instead of the game: 16; "
        "seat 1 alone wins 16 from each of the others",
        "Bonus Uhu (the declaring side) silent, made: 1.5; Sólo ×2 = 3; Valát ×2 = 6; "
        "seat 1 alone wins 6 from each of the others",
    ]


def test_cz_three_amounts_are_exact_decimals_written_without_trailing_zeros():
    settlement = score_hand(None, {**THREE, "contract": "druha", "declarer_points": 36})
    assert settlement.deltas == {1: 3, 2: Decimal("-1.5"), 3: Decimal("-1.5")}
    assert type(settlement.deltas[1]) is int
    assert dumps(settlement.deltas) == '{"1": 3, "2": -1.5, "3": -1.5}'


@pytest.mark.parametrize("module", [cz_xix, cz_three])
def test_each_setting_has_help_and_a_source_and_each_preset_a_source(module):
    assert all(rule.help and rule.source for rule in module.HOUSE_RULES)
    assert dict(module.PRESETS["seed"]) == dict(resolve(module.HOUSE_RULES))
    assert set(module.PRESET_SOURCES) == set(module.PRESETS) and len(module.PRESETS) >= 2
    for name, preset in module.PRESETS.items():
        assert dict(resolve(module.HOUSE_RULES, preset)) == dict(preset), name


def test_the_seed_defaults_are_rules_md_decisions():
    rules = cz_xix.PRESETS["seed"]
    assert rules["varsava_value"] == 10 and rules["renonc_points"] == 20
    assert {rules[f"{c}_multiplier"] for c in ("prvni", "druha", "preferanc", "solo")} == {1}
    assert rules["honery_always"] == "family"
    assert cz_three.PRESETS["seed"]["renonc_value"] == 1
    assert cz_xix.PRESETS["preferanc_by_talon"]["preferanc_back_multiplier"] == 4


def test_the_hands_say_what_they_are():
    assert repr(cz_xix.Hand.from_json({**PRVNI, "declarer_points": 41, "flek": 1})) == (
        "<cz_xix.Hand prvni 1 with 3, 41 points, flek>"
    )
    varsava = {"contract": "varsava", "declarer": 1, "varsava_points": {"1": 20, "2": 15,
               "3": 25, "4": 10}}  # fmt: skip
    assert repr(cz_xix.Hand.from_json(varsava)).startswith("<cz_xix.Hand varsava 1, points {1: 20")
    alone = {"sitter": 4, "penalties": [{"code": "cz_three.renonc.misdeal", "seat": 4}]}
    assert repr(cz_three.Hand.from_json(alone)) == (
        "<cz_three.Hand without a game, sitter 4, 1 renoncs>"
    )


def test_a_hand_reads_its_own_ruleset_name_but_no_other():
    with pytest.raises(HandError) as raised:
        cz_three.Hand.from_json({**THREE, "ruleset": "cz_xix", "declarer_points": 41})
    assert raised.value.field == "ruleset"


def test_the_renonc_catalogue_quotes_the_seed_in_czech():
    revoke = next(e for e in catalogue("cz_xix") if e.code == "cz.renonc.revoke")
    assert revoke.original_language == "cs" and "Nepřiznání barvy" in revoke.original_text
    assert revoke.prefix == "cz" and revoke.voids_hand
    assert [e.code.split(".")[-1] for e in catalogue("cz_three")] == [
        e.code.split(".")[-1] for e in catalogue("cz_xix")
    ]


def test_the_command_line_scores_czech_hands(tmp_path):
    hands = [{**PRVNI, "declarer_points": 41}, {**THREE, "sitter": 2, "declarer_points": 20}]
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(hands), encoding="utf-8")
    out = StringIO()
    call_command("score_hand", str(path), stdout=out)
    assert [result["deltas"] for result in loads(out.getvalue())] == [
        {"1": 6, "2": -6, "3": 6, "4": -6},
        {"1": -3, "2": 1, "3": 1, "4": 1},
    ]


def test_the_api_scores_a_czech_hand_and_names_a_bad_field(client):
    url = reverse("scoring:api_score")
    good = {**THREE, "declarer_points": 36, "contract": "druha"}
    response = client.post(url, json.dumps(good), content_type="application/json")
    assert response.status_code == 200 and response.json()["deltas"]["2"] == -1.5
    bad = {**good, "bonuses": [{"kind": "forty", "side": "declarer", "won": True}]}
    response = client.post(url, json.dumps(bad), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "bonuses[0].announced"


def test_table_seats_follow_the_sitter():
    module = get_ruleset("cz_three")
    assert module.SEATS({}) == (1, 2, 3)
    assert module.SEATS(cz_three.Hand.from_json({**THREE, "sitter": 3, "declarer_points": 40})) == (
        1, 2, 3, 4,
    )  # fmt: skip


def test_a_seat_map_needs_every_seat_once_each_in_range():
    from scoring.reader import JsonObject

    def read(value, seats=(1, 2, 3)):
        return JsonObject({"m": value}, "", ["m"]).seat_map("m", seats, 0, 70)

    assert read({"1": 3, "2": 4, 3: 5}) == {1: 3, 2: 4, 3: 5}
    for bad, field in (
        ({"1": 3, "2": 4}, "m.3"),
        ({"1": 3, "2": 4, "3": 5, "4": 1}, "m.4"),
        ({"1": 3, 1: 3, "2": 1, "3": 1}, "m"),
        ([1, 2, 3], "m"),
        ({"1": 3, "2": "x", "3": 1}, "m.2"),
        ({"1": 3, "2": 71, "3": 1}, "m.2"),
    ):
        with pytest.raises(HandError) as raised:
            read(bad)
        assert raised.value.field == field, bad


def test_side_points_come_from_a_number_or_either_sides_cards():
    from scoring.reader import JsonObject, read_side_points

    def read(**fields):
        return read_side_points(JsonObject(fields, "", fields), "threes")

    assert read(declarer_points=41) == 41 and read() is None
    assert read(opponents_cards=["K-hearts", "K-clubs", "1-diamonds"]) == 61
    with pytest.raises(HandError) as raised:
        read(declarer_points=41, opponents_cards=[])
    assert raised.value.field == "opponents_cards"
