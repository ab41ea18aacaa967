"""Score a JSON document of hands from outside: one hand (an object) or several (an array).

The command line and the HTTP endpoint both go through `score_document`, so they give
the same answer for the same input. Pure Python, no Django.
"""

from collections.abc import Mapping
from typing import Any

from scoring.bounds import quote
from scoring.errors import HandError
from scoring.jsonio import DocumentError, TooLarge, read_document
from scoring.registry import score_hand

__all__ = ["MAX_HANDS", "DocumentError", "TooLarge", "parse_document", "score_document"]

# A request is answered within a second or so even at the limit (a few ms a hand).
MAX_HANDS = 1000


def parse_document(data: str | bytes) -> Any:
    """Parse JSON from outside exactly (decimals stay Decimal) within the limits of
    :func:`scoring.jsonio.read_document`; an error names the field or the syntax error."""
    return read_document(data)


def _score_one(hand: Any, where: str = "") -> dict:
    if not isinstance(hand, Mapping):
        raise DocumentError(
            where or "document", f"a hand must be a JSON object (got {quote(hand)})"
        )
    try:
        return score_hand(hand.get("ruleset"), hand).to_json()
    except HandError as error:
        if not where:
            raise
        raise HandError(f"{where}.{error.field}", error.reason) from None


def score_document(document: Any) -> dict | list:
    """Settle one hand or a list of hands; a bad hand raises HandError naming its place."""
    if isinstance(document, list):
        if len(document) > MAX_HANDS:
            raise TooLarge("document", f"at most {MAX_HANDS} hands (got {len(document)})")
        return [_score_one(hand, f"[{index}]") for index, hand in enumerate(document)]
    return _score_one(document)
