"""The README's example hands give the deltas the README says they give."""

import json
import re
from pathlib import Path

import pytest

from scoring import score_hand

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
ROWS = re.findall(r"^\| [^|]+ \| `(\{\"ruleset\".*?\})` \| `(\{.*?\})` \|$", README, re.MULTILINE)


def test_the_readme_has_an_example_per_contract():
    assert len(ROWS) >= 4


@pytest.mark.parametrize(("hand", "deltas"), ROWS)
def test_a_readme_example_scores_as_written(hand, deltas):
    data = json.loads(hand)
    assert score_hand(data["ruleset"], data).to_json()["deltas"] == json.loads(deltas)
