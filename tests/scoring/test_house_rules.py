"""House rules: defaults, overrides, presets (RULES §0.5)."""

from decimal import Decimal

import pytest

from scoring import HandError, HouseRule
from scoring.house_rules import resolve
from scoring.rulesets import spjst

RULES = (
    HouseRule("multiplier", 3, "int", minimum=1),
    HouseRule("flag", False, "bool"),
    HouseRule("how", "a", "choice", choices=("a", "b")),
    HouseRule("price", Decimal("0.5"), "decimal", minimum=0),
)


def test_it_takes_the_defaults_unless_overridden():
    assert dict(resolve(RULES)) == {
        "multiplier": 3, "flag": False, "how": "a", "price": Decimal("0.5"),
    }  # fmt: skip
    assert resolve(RULES, {"flag": True, "price": 2})["flag"] is True


def test_resolving_resolved_settings_is_a_no_op():
    settings = resolve(RULES, {"multiplier": 5})
    assert resolve(RULES, settings) is settings


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"multiplyer": 4}, "house_rules.multiplyer"),
        ({"multiplier": "4"}, "house_rules.multiplier"),
        ({"multiplier": True}, "house_rules.multiplier"),
        ({"multiplier": 0}, "house_rules.multiplier"),
        ({"multiplier": Decimal("4")}, "house_rules.multiplier"),
        ({"flag": 1}, "house_rules.flag"),
        ({"how": "c"}, "house_rules.how"),
        ({"price": -1}, "house_rules.price"),
        ({"price": Decimal("Infinity")}, "house_rules.price"),
        ({"price": 0.5}, "house_rules.price"),
        (["multiplier"], "house_rules"),
    ],
)
def test_it_refuses_unknown_names_and_wrong_values(overrides, field):
    with pytest.raises(HandError) as raised:
        resolve(RULES, overrides)
    assert raised.value.field == field


def test_a_house_rule_must_be_well_formed():
    with pytest.raises(ValueError):
        HouseRule("x", 1, "float")
    with pytest.raises(ValueError):
        HouseRule("x", "a", "choice")
    with pytest.raises(HandError):
        HouseRule("x", "1", "int")


def test_spjst_declares_its_settings_with_sources_and_presets():
    names = {rule.name: rule for rule in spjst.HOUSE_RULES}
    assert names["prever_back_multiplier"].default == 3
    assert names["valat_replaces_game"].default is False
    assert names["renege_penalty"].default == "discard_irregularity"
    assert all(rule.help and rule.source for rule in spjst.HOUSE_RULES)
    assert dict(spjst.PRESETS["seed"]) == dict(resolve(spjst.HOUSE_RULES))
    assert spjst.PRESETS["westfest_2012"]["prever_back_multiplier"] == 4
    assert set(spjst.PRESET_SOURCES) == set(spjst.PRESETS)
