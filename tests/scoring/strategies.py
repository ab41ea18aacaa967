"""Hypothesis strategies for SPJST hands: valid ones, and valid ones with one fault.

Values are taken from a random deal (via ``declarable_values``) so that every set of
declared values is one a real deal allows; penalties respect their relations to the hand.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

from scoring.cards import PACK
from scoring.rulesets.spjst import VALUES, declarable_values

SEATS = (1, 2, 3, 4)
seats = st.sampled_from(SEATS)
_PLAIN_CODES = (
    "misdeal_after_play",
    "discard_irregularity",
    "renege",
    "wrong_card_count",
    "discard_counter",
    "pagat_called_not_held",
    "exposed_card",
    "improper_cut",
    "wrong_table",
)


@st.composite
def declared_values(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Values declared from a random deal of 12 cards a seat, each declared or not."""
    pack = draw(st.permutations(PACK))
    values = []
    for seat in SEATS:
        cards = pack[(seat - 1) * 12 : seat * 12]
        trumps = sum(card.is_trump for card in cards)
        counters = [card for card in cards if card.is_counter]
        for name in declarable_values(trumps, counters):
            if draw(st.booleans()):
                values.append({"seat": seat, "value": name})
    return values


@st.composite
def _game(draw: st.DrawFn) -> dict[str, Any]:
    declarer = draw(seats)
    hand: dict[str, Any] = {"ruleset": "spjst", "declarer": declarer}
    if draw(st.booleans()):
        hand["contract"] = "prever"
        hand["prever_talon"] = draw(st.integers(1, 3))
    else:
        hand["contract"] = "povinost"
        hand["partner"] = draw(st.none() | st.sampled_from([s for s in SEATS if s != declarer]))
        if draw(st.booleans()):
            hand["called"] = draw(st.integers(15, 19))
    if draw(st.integers(0, 4)) == 0:
        cards = draw(st.lists(st.sampled_from(PACK), unique=True, max_size=54))
        side = draw(st.sampled_from(["declarer_cards", "opponents_cards"]))
        hand[side] = [card.name for card in cards]
        points = sum(card.value for card in cards)
        hand["_points"] = points if side == "declarer_cards" else 106 - points
    else:
        hand["declarer_points"] = hand["_points"] = draw(st.integers(0, 106))
    hand["challenge"] = draw(st.integers(0, 4))
    return hand


@st.composite
def _pagat(draw: st.DrawFn) -> dict[str, Any]:
    announced = draw(st.booleans())
    pagat = {"holder": draw(seats), "announced": announced, "won": draw(st.booleans())}
    if announced:
        pagat["challenge"] = draw(st.integers(0, 4))
    return pagat


@st.composite
def _valat(draw: st.DrawFn, points: int) -> dict[str, Any]:
    announced = draw(st.booleans())
    won = draw(st.booleans()) if announced else True
    side = (
        ("declarer" if points >= 54 else "opponents")
        if won
        else draw(st.sampled_from(["declarer", "opponents"]))
    )
    return {"side": side, "announced": announced, "won": won}


@st.composite
def _penalties(draw: st.DrawFn, hand: dict[str, Any]) -> list[dict[str, Any]]:
    chosen = draw(st.lists(st.sampled_from(_PLAIN_CODES), max_size=3))
    penalties = []
    for code in chosen:
        seat = draw(seats)
        if code == "misdeal_after_play" and any(p["code"].endswith(code) for p in penalties):
            continue
        pagat = hand.get("pagat")
        if code == "pagat_called_not_held" and pagat and pagat["holder"] == seat:
            continue
        penalties.append({"code": f"spjst.{code}", "seat": seat})
    if hand.get("values") and draw(st.booleans()):
        value = draw(st.sampled_from(hand["values"]))
        penalties.append({"code": "spjst.illegal_declaration", **value})
    valat = hand.get("valat")
    if valat and valat["announced"] and not valat["won"] and draw(st.booleans()):
        penalties.append({"code": "spjst.valat_call_voided", "seat": draw(seats)})
    if draw(st.integers(0, 5)) == 0:
        seat, rightful = draw(st.permutations(SEATS))[:2]
        penalties.append({"code": "spjst.wrong_povinost", "seat": seat, "rightful": rightful})
    return draw(st.permutations(penalties))


def _void(draw: st.DrawFn, hand: dict[str, Any]) -> None:
    """Turn the hand into a void one: a misdeal, or a wrong trump called by the Povinost."""
    if hand["contract"] == "povinost" and not draw(st.booleans()):
        hand["penalties"].append({"code": "spjst.wrong_trump_called", "seat": hand["declarer"]})
        if draw(st.booleans()):
            others = [s for s in SEATS if s != hand["declarer"]]
            hand["penalties"].append(
                {"code": "spjst.wrong_trump_unnoticed", "seat": draw(st.sampled_from(others))}
            )
    else:
        hand["penalties"].append({"code": "spjst.misdeal", "seat": draw(seats)})
    if draw(st.booleans()):
        for name in ("contract", "declarer", "partner", "called", "prever_talon"):
            hand.pop(name, None)
        for name in ("declarer_points", "declarer_cards", "opponents_cards"):
            hand.pop(name, None)


# The codes a standalone adjustment may carry: none acts on the game (RULES §7.1).
STANDALONE_CODES = (
    "misdeal_after_play",
    "discard_counter",
    "pagat_called_not_held",
    "exposed_card",
    "improper_cut",
    "wrong_table",
)


@st.composite
def adjustments(draw: st.DrawFn) -> dict[str, Any]:
    """A standalone adjustment: penalties only, outside any scored hand."""
    penalties: list[dict[str, Any]] = []
    for code in draw(st.lists(st.sampled_from(STANDALONE_CODES), min_size=1, max_size=3)):
        if code == "misdeal_after_play" and any(p["code"].endswith(code) for p in penalties):
            continue
        penalties.append({"code": f"spjst.{code}", "seat": draw(seats)})
    if draw(st.booleans()):
        value = draw(st.sampled_from(VALUES)).name
        penalties.append({"code": "spjst.illegal_declaration", "seat": draw(seats), "value": value})
    if draw(st.booleans()):
        seat, rightful = draw(st.permutations(SEATS))[:2]
        penalties.append({"code": "spjst.wrong_povinost", "seat": seat, "rightful": rightful})
    return {"ruleset": "spjst", "penalties": draw(st.permutations(penalties))}


def _held_beside_the_pagat(values: list[dict], hand: dict[str, Any]) -> list[dict]:
    """The values that the Pagat's holder allows (RULES §0.4), and a Pagat that could take
    the last trick although the other side made the Valat is lost instead."""
    pagat, valat = hand.get("pagat"), hand.get("valat")
    if pagat is None:
        return values
    declaring = (hand.get("declarer"), hand.get("partner"))
    side = "declarer" if pagat["holder"] in declaring else "opponents"
    if valat and valat["won"] and pagat["won"] and valat["side"] != side:
        pagat["won"] = False
    holder = pagat["holder"]
    return [
        v
        for v in values
        if (v["seat"] == holder and v["value"] != "uni")
        or (v["seat"] != holder and v["value"] not in ("trull", "trull_pane", "spjst"))
    ]


@st.composite
def valid_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A valid SPJST hand as a JSON object (seats 1..4); one in ten is an adjustment."""
    if draw(st.integers(0, 9)) == 0:
        return draw(adjustments())
    hand = draw(_game())
    points = hand.pop("_points")
    if draw(st.integers(0, 2)) == 0:
        hand["pagat"] = draw(_pagat())
    if draw(st.integers(0, 4)) == 0:
        hand["valat"] = draw(_valat(points))
    hand["values"] = _held_beside_the_pagat(draw(declared_values()), hand)
    hand["penalties"] = draw(_penalties(hand))
    if draw(st.integers(0, 9)) == 0:
        _void(draw, hand)
    return hand


# ---- one fault in a valid hand ------------------------------------------------------
_NOT_INT = st.sampled_from(["1", True, False, Decimal("1.5"), Decimal("2"), [1], {"n": 1}])
_NOT_BOOL = st.sampled_from([0, 1, "true", Decimal("1"), [True], {}])
_NOT_SEAT = st.sampled_from([0, 5, -1, 100])
_NOT_STR = st.sampled_from([1, True, ["povinost"], {}, Decimal("0")])


def _targets(hand: dict[str, Any]) -> list[tuple[tuple, str]]:
    """(path, kind) of every field a fault can be put into."""
    targets: list[tuple[tuple, str]] = [((), "object")]
    for name in ("declarer", "partner"):
        targets += [((name,), "seat")]
    counted = "declarer_cards" in hand or "opponents_cards" in hand
    for name in ("called", "prever_talon", "challenge", *(() if counted else ("declarer_points",))):
        targets += [((name,), "int")]
    targets += [(("contract",), "str"), (("values",), "list"), (("penalties",), "list")]
    if "pagat" in hand:
        targets += [(("pagat",), "object"), (("pagat", "holder"), "seat")]
        targets += [(("pagat", "announced"), "bool"), (("pagat", "won"), "bool")]
    if "valat" in hand:
        targets += [(("valat",), "object"), (("valat", "side"), "str")]
        targets += [(("valat", "won"), "bool")]
    for i, _ in enumerate(hand.get("values", [])):
        targets += [(("values", i), "object"), (("values", i, "seat"), "seat")]
    for i, _ in enumerate(hand.get("penalties", [])):
        targets += [(("penalties", i), "object"), (("penalties", i, "seat"), "seat")]
    return targets


def path_text(path: tuple) -> str:
    """``("values", 1, "seat")`` → ``"values[1].seat"``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


@st.composite
def broken_hands(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A valid hand with one fault, and the path of the faulty field (or object)."""
    hand = draw(valid_hands())
    return put_fault(draw, hand, _targets(hand))


def put_fault(
    draw: st.DrawFn, hand: dict[str, Any], targets: list[tuple[tuple, str]]
) -> tuple[dict[str, Any], str]:
    """Put a wrong value (or an unknown field) at one of ``targets``: (path, kind) pairs.

    Kinds: ``object`` (gets a ``bogus`` field), ``seat``, ``int``, ``bool``, ``str``, ``list``.
    Returns the hand and the path the refusal must name.
    """
    path, kind = draw(st.sampled_from(targets))
    if kind == "object":
        path = (*path, "bogus")
        bad: Any = draw(st.integers() | st.text(max_size=3) | st.none())
    else:
        bad = draw(
            {"seat": _NOT_SEAT | _NOT_INT, "int": _NOT_INT, "bool": _NOT_BOOL, "str": _NOT_STR,
             "list": st.sampled_from(["x", 3, {"seat": 1}, True])}[kind]
        )  # fmt: skip
    parent = hand
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = bad
    return hand, path_text(path)
