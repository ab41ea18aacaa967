"""The worked examples in docs/rules.md are what the engine returns."""

import re
from pathlib import Path

import pytest

from scoring import loads, score_hand

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _examples(start="## 4. Examples", end="## 5."):
    """The (hand, settlement) pairs of ```json blocks between two headings of the docs."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split(start, 1)[1].split(end, 1)[0]
    blocks = re.findall(r"```json\n(.*?)\n```", section, flags=re.DOTALL)
    return list(zip(blocks[::2], blocks[1::2], strict=True))


# The Czech sections (6, 7) end with their examples, hands with the engine's settlements.
CZECH = [
    *_examples("### 6.10 Example", "\n## 7."),
    *_examples("### 7.9 Example", "\n## "),  # to the next section, whichever it is
]


def test_the_docs_have_an_example_per_contract():
    contracts = [loads(hand)["contract"] for hand, _ in _examples()]
    assert contracts.count("povinost") == 2 and contracts.count("prever") == 1


@pytest.mark.parametrize(("hand", "settlement"), _examples())
def test_the_documented_settlement_is_the_engines(hand, settlement):
    assert score_hand(None, loads(hand)).to_json() == loads(settlement)


def test_the_docs_have_examples_of_each_czech_ruleset():
    rulesets = [loads(hand)["ruleset"] for hand, _ in CZECH]
    assert rulesets.count("cz_xix") == 3 and rulesets.count("cz_three") == 2


@pytest.mark.parametrize(("hand", "settlement"), CZECH)
def test_the_documented_czech_settlement_is_the_engines(hand, settlement):
    assert score_hand(None, loads(hand)).to_json() == loads(settlement)


SLOVENIAN = _examples("### 8.10 Example", "\n## 9.")


def test_the_docs_have_a_slovenian_game_and_a_klop():
    contracts = [loads(hand)["contract"] for hand, _ in SLOVENIAN]
    assert contracts == ["trojka", "klop"]


@pytest.mark.parametrize(("hand", "settlement"), SLOVENIAN)
def test_the_documented_slovenian_settlement_is_the_engines(hand, settlement):
    assert score_hand(None, loads(hand)).to_json() == loads(settlement)
