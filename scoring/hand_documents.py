"""Score a JSON document: one hand (an object) or several (an array); an object with
``"rubber": true`` is a whole rubber of a ruleset that plays rubbers (whist).

The command line and the HTTP endpoint both go through `score_document`, so they give
the same answer for the same input. Pure Python, no Django.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.bounds import quote
from scoring.errors import HandError
from scoring.house_rules import resolve
from scoring.jsonio import DocumentError, TooLarge, read_document
from scoring.reader import JsonObject
from scoring.registry import Ruleset, get_ruleset, score_hand
from scoring.words import phrase

__all__ = [
    "MAX_HANDS",
    "DocumentError",
    "TooLarge",
    "hand_count",
    "parse_document",
    "score_document",
    "score_rubbers",
]

# A request is answered within a second or so even at the limit (a few ms a hand).
MAX_HANDS = 1000


def parse_document(data: str | bytes) -> Any:
    """Parse JSON from outside exactly (decimals stay Decimal) within the limits of
    :func:`scoring.jsonio.read_document`; an error names the field or the syntax error."""
    return read_document(data)


def _score_one(hand: Any, where: str = "") -> dict:
    if not isinstance(hand, Mapping):
        raise DocumentError(
            where or "document",
            phrase("a hand must be a JSON object (got {value})", value=quote(hand)),
        )
    try:
        if "rubber" in hand:
            return _score_rubber(hand)
        return score_hand(hand.get("ruleset"), hand).to_json()
    except HandError as error:
        if not where:
            raise
        raise HandError(f"{where}.{error.field}", error.words or error.reason) from None


def _score_rubber(document: Mapping) -> dict:
    """``{"ruleset", "rubber": true, "hands": [...], "house_rules"?}``: one whole rubber
    (whist, RULES §6.2) of a ruleset that plays rubbers; a hand after its end is refused."""
    rubber = JsonObject(document, "", ("ruleset", "rubber", "hands", "house_rules"))
    rubber.require("ruleset")
    module = get_ruleset(rubber.raw("ruleset"))
    if not rubber.bool("rubber"):
        raise rubber.error("rubber", phrase("must be true for a rubber, or absent for one hand"))
    if module.RUBBERS is None:
        raise rubber.error("rubber", phrase("{name} plays no rubbers", name=repr(module.NAME)))
    rubber.require("hands", phrase("is required: the rubber's hands in order"))
    items = [item for _path, item in rubber.list("hands")]
    if len(items) > MAX_HANDS:
        raise TooLarge(
            "hands",
            phrase("at most {most} hands (got {count})", most=MAX_HANDS, count=len(items)),
        )
    first, *after = score_rubbers(module, items, rubber.raw("house_rules"))
    if after:
        ended = len(first.hands)
        raise HandError(
            f"hands[{ended}]",
            phrase(
                "the rubber ended with hands[{last}] ({winner} won)",
                last=ended - 1,
                winner=first.result.winner,
            ),
        )
    return first.to_json()


def score_rubbers(
    module: Ruleset, hands: Sequence[Any], house_rules: Mapping[str, Any] | None
) -> tuple[Any, ...]:
    """Hands' JSON objects, in order, as the rubbers ``module`` plays one after another
    (its ``RUBBERS``): the hand after a rubber's end starts the next one.

    The one reading of rubbers for the API, the calculator and a tournament table. An
    error names the hand: ``hands[2].tricks``.
    """
    if module.RUBBERS is None:
        raise HandError("rubber", phrase("{name} plays no rubbers", name=repr(module.NAME)))
    rules = resolve(module.HOUSE_RULES, house_rules)
    parsed = []
    for index, item in enumerate(hands):
        path = f"hands[{index}]"
        try:
            parsed.append(module.Hand.from_json(item))
        except HandError as error:
            field = path if error.field == "hand" else f"{path}.{error.field}"
            raise HandError(field, error.words or error.reason) from None
    return module.RUBBERS(parsed, rules)


def hand_count(document: Any) -> int:
    """How many hands a parsed document asks to score: one a hand, a rubber's all.

    >>> hand_count([{"ruleset": "spjst"}, {"ruleset": "whist", "rubber": True, "hands": [{}, {}]}])
    3
    """
    items = document if isinstance(document, list) else [document]
    return sum(
        len(item["hands"])
        if isinstance(item, Mapping) and "rubber" in item and isinstance(item.get("hands"), list)
        else 1
        for item in items
    )


def score_document(document: Any, *, most: int = MAX_HANDS) -> dict | list:
    """Settle one hand or a list of hands; a bad hand raises HandError naming its place.

    More than `most` hands in all (a rubber's hands counted) is refused as TooLarge before
    any is scored: the web API asks for fewer than the command line.
    """
    count = hand_count(document)
    if count > most:
        lone_rubber = isinstance(document, Mapping) and "rubber" in document
        raise TooLarge(
            "hands" if lone_rubber else "document",
            phrase("at most {most} hands (got {count})", most=most, count=count),
        )
    if isinstance(document, list):
        if len(document) > MAX_HANDS:
            raise TooLarge(
                "document",
                phrase(
                    "at most {most} hands (got {count})",
                    most=MAX_HANDS,
                    count=len(document),
                ),
            )
        return [_score_one(hand, f"[{index}]") for index, hand in enumerate(document)]
    return _score_one(document)
