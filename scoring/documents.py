"""Score a JSON document: one hand (an object) or several (an array).

The command line and the HTTP endpoint both go through `score_document`, so they give
the same answer for the same input. Pure Python, no Django.
"""

from collections.abc import Mapping
from typing import Any

from scoring.errors import HandError
from scoring.jsonio import loads
from scoring.registry import score_hand


class DocumentError(HandError):
    """The document itself is wrong: not JSON, or not an object or array of objects."""


def parse_document(text: str) -> Any:
    """Parse JSON text exactly (decimals stay Decimal), naming the spot of a syntax error."""
    try:
        return loads(text)
    except ValueError as error:
        raise DocumentError("document", f"not valid JSON ({error})") from None


def _score_one(hand: Any, where: str = "") -> dict:
    if not isinstance(hand, Mapping):
        raise DocumentError(where or "document", f"a hand must be a JSON object (got {hand!r})")
    try:
        return score_hand(hand.get("ruleset"), hand).to_json()
    except HandError as error:
        if not where:
            raise
        raise HandError(f"{where}.{error.field}", error.reason) from None


def score_document(document: Any) -> dict | list:
    """Settle one hand or a list of hands; a bad hand raises HandError naming its place."""
    if isinstance(document, list):
        return [_score_one(hand, f"[{index}]") for index, hand in enumerate(document)]
    return _score_one(document)
