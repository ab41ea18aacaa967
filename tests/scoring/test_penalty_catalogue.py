"""The penalty catalogue (RULES §7, §7.4): complete, documented, with scored examples."""

import pytest

from scoring import PenaltyEntry, catalogue, get_ruleset, score_hand
from scoring.rulesets.cz_renonc import KINDS as RENONC_KINDS
from scoring.rulesets.spjst_penalties import EFFECTS

SPJST_CODES = {
    "spjst.misdeal", "spjst.misdeal_after_play", "spjst.discard_irregularity",
    "spjst.renege", "spjst.wrong_card_count", "spjst.discard_counter",
    "spjst.illegal_declaration", "spjst.valat_call_voided", "spjst.wrong_trump_called",
    "spjst.wrong_trump_unnoticed", "spjst.wrong_povinost", "spjst.pagat_called_not_held",
    "spjst.exposed_card", "spjst.improper_cut", "spjst.wrong_table",
}  # fmt: skip
ENTRIES = catalogue()
SPJST_ENTRIES = catalogue("spjst")
# The Czech renonc of RULES §7.2, and the same kinds under cz_three's own name (§7.3).
CZ_XIX_CODES = {f"cz.renonc.{kind}" for kind in RENONC_KINDS}
CZ_THREE_CODES = {f"cz_three.renonc.{kind}" for kind in RENONC_KINDS}
# ruleset → (the seed's language, how its evidence starts)
SOURCES = {
    "spjst": ("en", "004 §"),
    "cz_xix": ("cs", "000 Renonc"),
    "cz_three": ("cs", "000 Renonc"),
    "si_double": ("sl", "RULES §7.3"),
}


def test_the_catalogue_has_every_code_of_rules_7_1_in_code_order():
    codes = [entry.code for entry in ENTRIES]
    assert codes == sorted(codes)
    assert {entry.code for entry in catalogue("spjst")} == SPJST_CODES == set(EFFECTS)


def test_the_czech_rulesets_have_the_eight_renonc_codes_of_rules_7_2():
    assert len(RENONC_KINDS) == 8
    assert {entry.code for entry in catalogue("cz_xix")} == CZ_XIX_CODES
    assert {entry.code for entry in catalogue("cz_three")} == CZ_THREE_CODES
    assert len({entry.code for entry in ENTRIES}) == len(ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.code for entry in ENTRIES])
def test_every_example_scores_through_the_engine_and_is_zero_sum(entry):
    settlement = score_hand(entry.ruleset, entry.example)

    # Written scores (Slovenian, RULES §0.2) need not add up to 0; payments do.
    if get_ruleset(entry.ruleset).ZERO_SUM:
        assert sum(settlement.deltas.values()) == 0
    assert settlement == score_hand(entry.ruleset, entry.example_hand())
    assert any(p["code"] == entry.code for p in entry.example["penalties"])


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.code for entry in ENTRIES])
def test_every_entry_is_documented(entry):
    language, evidence = SOURCES[entry.ruleset]
    assert entry.title and entry.rule_text and entry.effect and entry.evidence
    assert entry.original_text and entry.original_language == language
    assert str(entry.evidence).startswith(evidence)
    assert repr(entry) == f"<PenaltyEntry {entry.code}: {entry.title}>"


@pytest.mark.parametrize("entry", SPJST_ENTRIES, ids=[entry.code for entry in SPJST_ENTRIES])
def test_every_spjst_entry_matches_the_engine(entry):
    assert entry.params == EFFECTS[entry.code].params
    assert entry.voids_hand == EFFECTS[entry.code].voids


@pytest.mark.parametrize("ruleset", ["cz_xix", "cz_three"])
def test_a_czech_renonc_voids_the_hand_unless_it_is_conduct(ruleset):
    for entry in catalogue(ruleset):
        settlement = score_hand(entry.ruleset, entry.example)
        assert entry.params == ()
        assert entry.voids_hand == (not entry.code.endswith(".conduct"))
        items = {line.item for line in settlement.lines}
        assert items == ({"penalty"} if entry.voids_hand else {"game", "penalty"}), entry.code


def test_an_entry_and_its_example_are_read_only():
    entry = ENTRIES[0]
    with pytest.raises(TypeError):
        entry.example["ruleset"] = "x"
    copy = entry.example_hand()
    copy["ruleset"] = "x"
    assert entry.example["ruleset"] == entry.ruleset
    assert hash(entry)


def test_an_entry_code_must_belong_to_its_ruleset():
    with pytest.raises(ValueError):
        PenaltyEntry("cz.x", "spjst", "t", "r", "", "en", "e", "f", (), {})


def test_a_code_family_must_be_the_start_of_the_rulesets_name():
    entry = PenaltyEntry("cz.x", "cz_xix", "t", "r", "", "cs", "e", "f", (), {}, prefix="cz")
    assert entry.code == "cz.x"
    with pytest.raises(ValueError):
        PenaltyEntry("cz.x", "spjst", "t", "r", "", "cs", "e", "f", (), {}, prefix="cz")
    with pytest.raises(ValueError):
        PenaltyEntry("cz_xix.x", "cz_xix", "t", "r", "", "cs", "e", "f", (), {}, prefix="cz")


def test_the_slovenian_adjustment_writes_its_points_for_its_seat_alone():
    (entry,) = catalogue("si_double")
    settlement = score_hand(entry.ruleset, entry.example)

    assert entry.code == "si.adjustment" and entry.params == ("points", "reason")
    assert not entry.voids_hand
    # trojka 30 + |83−70|=13 → 15 = 45 to seats 1 and 3; seat 2's adjustment −20.
    assert settlement.deltas == {1: 45, 2: -20, 3: 45, 4: 0}
    assert [line.item for line in settlement.lines] == ["game", "penalty"]
