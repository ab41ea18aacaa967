"""The hand forms of every ruleset: a stored hand shown again and saved gives the same hand.

Every golden hand that was played (it has a contract and a declarer, or a variant) goes through
`initial_from_hand`, is posted back as a browser would post the form, and must settle to
exactly the golden deltas; so each input of the rulesets has a field on its form.
"""

import pytest

from scoring import UnknownRuleset
from scoring.forms import (
    CzThreeHandForm,
    CzXixHandForm,
    SiDoubleHandForm,
    SpjstHandForm,
    hand_form,
    hand_forms,
)
from tests.scoring.golden import load_cases

PLAYED = [
    (ruleset, case)
    for ruleset in hand_forms()
    for case in load_cases(ruleset)[1]
    # A played tarock hand has a contract and a declarer; a whist hand its variant.
    if (case["hand"].get("contract") and case["hand"].get("declarer"))
    or case["hand"].get("variant")
]


def browser_post(form_class, hand: dict, **form_options) -> dict:
    """What the browser sends back from the form showing `hand` (unticked boxes: nothing)."""
    form = form_class(initial=form_class.initial_from_hand(hand), **form_options)
    data = {}
    for field in form:
        value = field.value()
        if value is not None and value is not False and value not in ("", []):
            data[field.html_name] = value
    return data


@pytest.mark.parametrize(("ruleset", "case"), PLAYED, ids=[f"{r}: {c['name']}" for r, c in PLAYED])
def test_a_stored_hand_shown_on_its_form_and_saved_again_settles_the_same(ruleset, case):
    form_class = hand_form(ruleset)
    form = form_class(browser_post(form_class, case["hand"]))
    rules = {**(case["hand"].get("house_rules") or {}), **(case.get("house_rules") or {})}
    settlement = form.settle(rules)
    assert form.errors == {}
    assert settlement.to_json()["deltas"] == case["deltas"]


def test_each_ruleset_names_its_form_and_the_form_names_its_ruleset():
    forms = {"spjst": SpjstHandForm, "cz_xix": CzXixHandForm, "cz_three": CzThreeHandForm,
             "si_double": SiDoubleHandForm}  # fmt: skip
    assert {name: hand_form(name) for name in forms} == forms
    for name, form_class in hand_forms().items():
        assert form_class.ruleset == name
        assert form_class.template_name == f"scoring/forms/{name}.html"


def test_an_unknown_ruleset_has_no_form():
    with pytest.raises(UnknownRuleset):
        hand_form("bridge")


def test_a_hlaska_of_two_groups_is_sent_once():
    data = {"contract": "prvni", "declarer": "1", "partner": "3", "declarer_points": "44",
            "flek": "0", "pagat_flek": "0", "valat_flek": "0",
            "hlaska_2_0": "barvy_honery", "hlaska_2_1": "barvy_honery"}  # fmt: skip
    form = CzXixHandForm(data)
    assert form.settle() is not None
    assert form.hand_json()["hlasky"] == [{"seat": 2, "kind": "barvy_honery"}]


def test_an_engine_error_on_a_hlaska_lands_on_its_field():
    data = {"contract": "prvni", "declarer": "1", "partner": "3", "declarer_points": "44",
            "flek": "0", "pagat_flek": "0", "valat_flek": "0",
            "hlaska_2_0": "trul", "hlaska_2_1": "barvy"}  # fmt: skip
    form = CzXixHandForm(data)
    assert form.settle() is None
    assert list(form.errors) == ["hlaska_2_1"]


def test_a_bonus_error_lands_on_the_bonus_row():
    data = {"contract": "prvni", "declarer": "1", "declarer_points": "44", "flek": "0",
            "varsava_flek": "0", "bonus_fifty_side": "declarer", "bonus_fifty_won": "on"}  # fmt: skip
    form = CzThreeHandForm(data)
    assert form.settle() is None
    assert "50 points or more" in form.errors["bonus_fifty_won"][0]


def test_a_three_player_table_offers_no_sitter_and_a_four_player_table_requires_one():
    three = CzThreeHandForm(seat_names={1: "Ann", 2: "Bo", 3: "Cy"})
    assert not three.offers_sitter
    assert [value for value, _ in three.fields["declarer"].choices] == ["1", "2", "3"]
    four = CzThreeHandForm(
        {"contract": "prvni", "declarer": "1", "declarer_points": "40", "flek": "0",
         "varsava_flek": "0"},
        seat_names={1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"},
    )  # fmt: skip
    assert four.settle() is None and "sitter" in four.errors
    assert ("4", "4 · Di") in four.fields["sitter"].choices


@pytest.mark.parametrize("ruleset", sorted(hand_forms()))
def test_forms_of_one_seating_copy_their_fields_and_share_nothing_a_form_may_change(ruleset):
    """A table's forms are copied from one built per seating (scoring.forms.base): each
    field, widget, attrs, messages and validators its own, the rest as built."""
    names = {1: "Anna", 2: "Bára", 3: "Cyril", 4: "Dan"}
    first, second = (hand_form(ruleset)(seat_names=names) for _ in range(2))
    assert list(first.fields) == list(second.fields)
    for name, field in first.fields.items():
        other = second.fields[name]
        assert type(field) is type(other) and field is not other
        assert field.widget is not other.widget and field.widget.attrs == other.widget.attrs
        assert field.widget.attrs is not other.widget.attrs
        assert field.error_messages is not other.error_messages
        assert field.validators is not other.validators
        assert vars(field).keys() == vars(other).keys()
    field = next(iter(first.fields.values()))
    field.widget.attrs["data-test"] = "1"
    field.required = not field.required
    third = hand_form(ruleset)(seat_names=names)
    assert "data-test" not in third.fields[next(iter(third.fields))].widget.attrs
    assert third.fields[next(iter(third.fields))].required != field.required
