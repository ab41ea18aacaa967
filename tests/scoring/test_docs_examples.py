"""The worked examples in docs/rules.md are what the engine returns."""

import re
from pathlib import Path

import pytest

from scoring import loads, score_hand

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _examples():
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## 4. Examples", 1)[1].split("## 5.", 1)[0]
    blocks = re.findall(r"```json\n(.*?)\n```", section, flags=re.DOTALL)
    return list(zip(blocks[::2], blocks[1::2], strict=True))


def test_the_docs_have_an_example_per_contract():
    contracts = [loads(hand)["contract"] for hand, _ in _examples()]
    assert contracts.count("povinost") == 2 and contracts.count("prever") == 1


@pytest.mark.parametrize(("hand", "settlement"), _examples())
def test_the_documented_settlement_is_the_engines(hand, settlement):
    assert score_hand(None, loads(hand)).to_json() == loads(settlement)
