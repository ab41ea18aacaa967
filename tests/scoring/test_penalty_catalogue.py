"""The penalty catalogue (RULES §7.1, §7.4): complete, documented, with scored examples."""

import pytest

from scoring import PenaltyEntry, catalogue, score_hand
from scoring.rulesets.spjst_penalties import EFFECTS

SPJST_CODES = {
    "spjst.misdeal", "spjst.misdeal_after_play", "spjst.discard_irregularity",
    "spjst.renege", "spjst.wrong_card_count", "spjst.discard_counter",
    "spjst.illegal_declaration", "spjst.valat_call_voided", "spjst.wrong_trump_called",
    "spjst.wrong_trump_unnoticed", "spjst.wrong_povinost", "spjst.pagat_called_not_held",
    "spjst.exposed_card", "spjst.improper_cut", "spjst.wrong_table",
}  # fmt: skip
ENTRIES = catalogue()


def test_the_catalogue_has_every_code_of_rules_7_1_in_code_order():
    codes = [entry.code for entry in ENTRIES]
    assert codes == sorted(codes)
    assert {entry.code for entry in catalogue("spjst")} == SPJST_CODES == set(EFFECTS)


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.code for entry in ENTRIES])
def test_every_example_scores_through_the_engine_and_is_zero_sum(entry):
    settlement = entry.example_settlement()

    assert sum(settlement.deltas.values()) == 0
    assert settlement == score_hand(entry.ruleset, entry.example_hand())
    assert any(p["code"] == entry.code for p in entry.example["penalties"])


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.code for entry in ENTRIES])
def test_every_entry_is_documented_and_matches_the_engine(entry):
    assert entry.title and entry.rule_text and entry.effect and entry.evidence
    assert entry.original_text and entry.original_language == "en"
    assert entry.evidence.startswith("004 §")
    assert entry.params == EFFECTS[entry.code].params
    assert entry.voids_hand == EFFECTS[entry.code].voids
    assert repr(entry) == f"<PenaltyEntry {entry.code}: {entry.title}>"


def test_an_entry_and_its_example_are_read_only():
    entry = ENTRIES[0]
    with pytest.raises(TypeError):
        entry.example["ruleset"] = "x"
    copy = entry.example_hand()
    copy["ruleset"] = "x"
    assert entry.example["ruleset"] == "spjst"
    assert hash(entry)


def test_an_entry_code_must_belong_to_its_ruleset():
    with pytest.raises(ValueError):
        PenaltyEntry("cz.x", "spjst", "t", "r", "", "en", "e", "f", (), {})
