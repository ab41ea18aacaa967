"""The calculator (and the judge's preview, the same form classes) never crashes on input."""

import json

import pytest
from django.urls import reverse

from scoring.forms import CzThreeHandForm, SpjstHandForm

URL = reverse("scoring:calculator", args=["spjst"])
WRONG_POVINOST = {
    "contract": "povinost",
    "declarer": "1",
    "partner": "3",
    "challenge": "0",
    "pagat_challenge": "0",
    "declarer_points": "59",
    "penalty_0_code": "spjst.wrong_povinost",
    "penalty_0_seat": "2",
}
HX = {"HTTP_HX_REQUEST": "true"}
THREE = {
    "contract": "prvni",
    "declarer": "2",
    "declarer_points": "40",
    "flek": "0",
    "varsava_flek": "0",
}


@pytest.mark.parametrize("parameter", ["²", "③", "٣", "9" * 5000, "x" * 41])
def test_an_odd_penalty_parameter_is_a_form_error_not_a_crash(client, parameter):
    data = {**WRONG_POVINOST, "penalty_0_rightful": parameter}
    response = client.post(URL, data, **HX)
    assert response.status_code == 200
    form = SpjstHandForm(data)
    assert form.settle() is None
    assert "penalty_0_rightful" in form.errors


def test_a_seat_parameter_is_a_choice_of_the_seats_and_reaches_the_engine():
    form = SpjstHandForm({**WRONG_POVINOST, "penalty_0_rightful": "4"})
    assert [value for value, _ in form.fields["penalty_0_rightful"].choices] == [
        "", "1", "2", "3", "4"
    ]  # fmt: skip
    assert form.settle() is not None, form.errors
    assert form.hand_json()["penalties"] == [
        {"code": "spjst.wrong_povinost", "seat": 2, "rightful": 4}
    ]


def test_an_illegal_declarations_value_is_chosen_from_the_values_of_the_table():
    form = SpjstHandForm({**WRONG_POVINOST, "penalty_0_code": "spjst.illegal_declaration",
                          "penalty_0_value": "trull"})  # fmt: skip
    values = [value for value, _ in form.fields["penalty_0_value"].choices]
    assert "trull" in values and "rosanne_pane" in values
    assert form.fields["penalty_0_value"].label == "Value (illegal declaration)"
    form.is_valid()
    assert form.hand_json()["penalties"][0]["value"] == "trull"


@pytest.mark.parametrize(
    "running",
    [
        "[" * 5000 + "]" * 5000,
        json.dumps({"1": json.loads("[" * 40 + "]" * 40)}),
        '{"1": 1E+999999, "2": 0}',
        '{"1": 1E-999999}',
        '{"1": ' + "9" * 5000 + "}",
        '{"1": NaN}',
        '{"99999999999999999999": 1}',
        '{"1": 1, "1": 2}',
        '{"1": "x"}',
        "x" * 100_000,
    ],
)
def test_a_broken_running_total_starts_again_from_zero(client, running):
    data = {**WRONG_POVINOST, "penalty_0_code": "", "running": running, "action": "add"}
    response = client.post(URL, data, **HX)
    assert response.status_code == 200
    assert response.context["running"] == {1: 3, 2: -3, 3: 3, 4: -3}


def test_a_running_total_with_halves_is_carried():
    # Within the bounds the totals are exact amounts, halves included.
    from scoring.forms.running import RunningTotalsForm

    form = RunningTotalsForm({"running": '{"1": 1.5, "2": -1.5, "4": 0}', "action": "add"})
    assert form.adds()
    assert {seat: str(amount) for seat, amount in form.totals((1, 2, 3)).items()} == {
        1: "1.5",
        2: "-1.5",
        3: "0",
        4: "0",
    }


@pytest.mark.parametrize("value", ["1E-999999", "1e+5000", "NaN", "Infinity", "0.1234567890123"])
def test_a_house_rule_decimal_out_of_bounds_is_a_field_error_on_the_form(value):
    form = CzThreeHandForm({**THREE, "house_renonc_value": value})
    assert form.settle() is None
    assert list(form.errors) == ["house_renonc_value"]
    assert CzThreeHandForm({**THREE, "house_renonc_value": "0.5"}).settle() is not None


def test_a_house_rule_integer_beyond_its_range_is_a_field_error_on_the_form():
    form = SpjstHandForm({**WRONG_POVINOST, "house_prever_back_multiplier": "9" * 30})
    assert form.settle() is None
    assert list(form.errors) == ["house_prever_back_multiplier"]
