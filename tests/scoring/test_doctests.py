"""The examples in the engine's docstrings run."""

import doctest
import importlib

import pytest

MODULES = [
    "scoring", "scoring.cards", "scoring.errors", "scoring.house_rules", "scoring.jsonio",
    "scoring.labels", "scoring.penalties", "scoring.reader", "scoring.registry",
    "scoring.settlement", "scoring.rulesets.spjst", "scoring.rulesets.spjst_hand",
    "scoring.rulesets.spjst_values", "scoring.rulesets.cz_renonc", "scoring.rulesets.cz_varsava",
    "scoring.rulesets.cz_xix", "scoring.rulesets.cz_xix_hand", "scoring.rulesets.cz_xix_hlasky",
    "scoring.rulesets.cz_three", "scoring.rulesets.cz_three_hand",
    "scoring.rulesets.cz_three_bonuses", "scoring.bounds", "scoring.rulesets.pagat",
]  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
