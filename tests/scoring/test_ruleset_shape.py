"""Every registered ruleset has the whole shape the site asks of it (scoring.registry.Ruleset)."""

import typing

import pytest

from scoring import RULESETS
from scoring.registry import Ruleset
from scoring.turns import Deal
from tests.rulesets import duel, tally

SHAPE = [name for name in typing.get_type_hints(Ruleset) if not name.startswith("_")]
METHODS = ["score", "summary"]
MODULES = [*RULESETS.values(), duel, tally]


def test_the_shape_names_what_tournaments_ask_for():
    assert {"LEVELS", "DEAL", "FORM", "TABLE_FIELD", "TABLE_SIZES", "ZERO_SUM"} <= set(SHAPE)


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.NAME)
def test_each_ruleset_has_the_whole_shape(module):
    missing = [name for name in SHAPE + METHODS if not hasattr(module, name)]
    assert missing == []
    deal_shape = [name for name in dir(Deal) if not name.startswith("_")]
    assert all(hasattr(module.DEAL, name) for name in deal_shape)
    assert module.TABLE_SIZES and all(3 <= size <= 8 for size in module.TABLE_SIZES)
    assert module.TABLE_FIELD is None or isinstance(module.TABLE_FIELD, str)
    assert module.DRIVE_TRICKS is None or callable(module.DRIVE_TRICKS)
    assert set(module.PRESET_TITLES) == set(module.PRESETS)
