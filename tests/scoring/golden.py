"""The golden-case runner shared by every ruleset's cases file (cases/<ruleset>.json).

A case is ``{"name", "hand", "house_rules"?}`` with either the ``deltas`` expected (worked
out by hand from RULES.md) or the ``error_field`` that a refusal must name.
"""

from pathlib import Path

import pytest

from scoring import HandError, loads, score_hand

CASES = Path(__file__).parent / "cases"


def load_cases(ruleset: str) -> tuple[list[dict], list[dict], list[dict]]:
    """All the cases of a ruleset's file, then those scored, then those refused."""
    cases = loads((CASES / f"{ruleset}.json").read_text(encoding="utf-8"))
    return (
        cases,
        [case for case in cases if "deltas" in case],
        [case for case in cases if "error_field" in case],
    )


def check_scored(case: dict) -> None:
    """The engine settles the hand to exactly the deltas expected."""
    settlement = score_hand(None, case["hand"], case.get("house_rules"))

    assert settlement.to_json()["deltas"] == case["deltas"]


def check_refused(case: dict) -> None:
    """The engine refuses the hand, naming the field expected first in its message."""
    with pytest.raises(HandError) as raised:
        score_hand(None, case["hand"], case.get("house_rules"))

    assert raised.value.field == case["error_field"]
    assert str(raised.value).startswith(f"{case['error_field']}: ")


def check_refused_within(hand: dict, path: str) -> None:
    """The engine refuses ``hand`` naming ``path`` or a field inside it (``path.x``, ``path[0]``)."""
    with pytest.raises(HandError) as raised:
        score_hand(None, hand)

    field = raised.value.field
    assert field == path or field.startswith((f"{path}.", f"{path}[")), (field, path)
