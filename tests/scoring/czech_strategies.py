"""Hypothesis strategies for the Czech rulesets: valid hands, and valid ones with one fault.

Hlášky are taken from a random deal (12 cards a player after the talon) so that every set
of hlášky is one a real deal allows; renoncs respect their relations to the contract.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring.cards import PACK, TRULL
from scoring.rulesets.cz_renonc import KINDS
from tests.scoring.strategies import put_fault

SEATS = (1, 2, 3, 4)
_CALLERS_OWN = ("varsava_card_not_added", "varsava_too_many_taroks")


# ---- shared pieces ------------------------------------------------------------------
@st.composite
def _points(draw: st.DrawFn, hand: dict[str, Any]) -> int:
    """The declaring side's points, given as a number or (one time in five) as cards."""
    if draw(st.integers(0, 4)):
        hand["declarer_points"] = draw(st.integers(0, 70))
        return hand["declarer_points"]
    cards = draw(st.lists(st.sampled_from(PACK), unique=True, max_size=54))
    side = draw(st.sampled_from(["declarer_cards", "opponents_cards"]))
    hand[side] = [card.name for card in cards]
    whole, rest = divmod(len(cards), 3)
    counted = sum(card.value for card in cards) - 2 * whole - (1 if rest else 0)
    return counted if side == "declarer_cards" else 70 - counted


@st.composite
def _renoncs(
    draw: st.DrawFn,
    prefix: str,
    contract: str,
    declarer: int,
    seats: tuple[int, ...],
    sitter: int | None = None,
    discarder: int | None = None,
) -> list[dict[str, Any]]:
    """Renoncs the contract allows, each code and seat once, one misdeal at most.

    The ``sitter`` only misdeals or offends by conduct, except in a Varšava (it plays the
    talon); a talon discard is the ``discarder``'s when one is given.

    Three hands in four have none, and a renonc is as often ``conduct`` (the hand is
    scored) as any of the seven others (the hand is void).
    """
    chosen: list[dict[str, Any]] = []
    if draw(st.integers(0, 3)):
        return chosen
    kinds = st.sampled_from(["conduct"]) | st.sampled_from(tuple(KINDS))
    for kind in draw(st.lists(kinds, min_size=1, max_size=3)):
        seat = declarer if kind in _CALLERS_OWN else draw(st.sampled_from(seats))
        if kind == "talon_discard" and discarder is not None:
            seat = discarder
        if seat == sitter and contract != "varsava" and kind not in ("misdeal", "conduct"):
            continue
        if kind.startswith("varsava_") and contract != "varsava":
            continue
        if kind == "talon_discard" and contract in ("solo", "varsava"):
            continue
        code = f"{prefix}.renonc.{kind}"
        if any(p["code"] == code and (p["seat"] == seat or kind == "misdeal") for p in chosen):
            continue
        chosen.append({"code": code, "seat": seat})
    return chosen


def _standalone(draw: st.DrawFn, prefix: str, seats: tuple[int, ...]) -> list[dict[str, Any]]:
    kinds = ("misdeal", "wrong_announcement", "revoke", "conduct")
    kind = draw(st.sampled_from(kinds))
    return [{"code": f"{prefix}.renonc.{kind}", "seat": draw(st.sampled_from(seats))}]


# ---- cz_xix ---------------------------------------------------------------------------
def _hlasky_held(cards: list) -> list[list[str]]:
    """The sets of hlášky one player may announce together, holding ``cards``."""
    trumps = sum(card.is_trump for card in cards)
    trull = sum(card in TRULL for card in cards)
    kings = sum(card.rank == "K" for card in cards)
    honery = (kings >= 3 and trull >= 1) or (kings >= 2 and trull >= 2)
    counts = [k for k, ok in (("tarocky", trumps >= 8), ("taroky", trumps >= 10),
                              ("barvy", trumps <= 2)) if ok]  # fmt: skip
    honours = [k for k, ok in (("trul", trull == 3), ("honery", honery),
                               ("kralovske_honery", kings == 4),
                               ("trulhonery", trull == 3 and kings >= 1)) if ok]  # fmt: skip
    sets = [[c, h] for c in [None, *counts] for h in [None, *honours]]
    if trumps <= 2 and honery:
        sets.append(["barvy_honery"])
    return [[k for k in chosen if k] for chosen in sets]


@st.composite
def _hlasky(draw: st.DrawFn) -> list[dict[str, Any]]:
    pack = draw(st.permutations(PACK))
    announced = []
    for seat in SEATS:
        kinds = draw(st.sampled_from(_hlasky_held(list(pack[(seat - 1) * 12 : seat * 12]))))
        announced += [{"seat": seat, "kind": kind} for kind in kinds]
    return draw(st.permutations(announced))


_NEEDS_PAGAT = ("trul", "trulhonery")


def _side_of(seat: int, hand: dict[str, Any]) -> str:
    return "declarer" if seat in (hand["declarer"], hand.get("partner")) else "opponents"


@st.composite
def _cz_xix_extras(draw: st.DrawFn, hand: dict[str, Any], points: int) -> None:
    if hand["contract"] == "druha" or draw(st.integers(0, 2)) == 0:
        announced = draw(st.booleans()) or hand["contract"] == "druha"
        holder = hand["declarer"] if hand["contract"] == "druha" else draw(st.sampled_from(SEATS))
        hand["pagat"] = {"holder": holder, "announced": announced, "won": draw(st.booleans())}
        hand["pagat"]["flek"] = draw(st.integers(0, 3)) if announced else 0
    if draw(st.integers(0, 3)) == 0 and points != 35:
        winner = "declarer" if points >= 36 else "opponents"
        announced = draw(st.booleans())
        won = (draw(st.booleans()) or not announced) and (points >= 36 or points <= 34)
        side = winner if won else draw(st.sampled_from(["declarer", "opponents"]))
        hand["valat"] = {"side": side, "announced": announced, "won": won}
        pagat = hand.get("pagat")
        if won and pagat and pagat["won"] and _side_of(pagat["holder"], hand) != side:
            pagat["won"] = False
    hand["hlasky"] = draw(_hlasky())
    if "pagat" in hand:
        # Only the Pagat's holder can hold the Trul (RULES §0.4: no impossible hand).
        holder = hand["pagat"]["holder"]
        hand["hlasky"] = [
            h for h in hand["hlasky"] if h["seat"] == holder or h["kind"] not in _NEEDS_PAGAT
        ]


@st.composite
def _varsava_points(draw: st.DrawFn) -> dict[str, int]:
    """Four piles counted apart: each 0..70, together 69..71."""
    piles: list[int] = []
    for _ in range(3):
        piles.append(draw(st.integers(0, min(70, 71 - sum(piles)))))
    piles.append(draw(st.integers(max(0, 69 - sum(piles)), min(70, 71 - sum(piles)))))
    order = draw(st.permutations(piles))
    return {str(seat): own for seat, own in zip(SEATS, order, strict=True)}


@st.composite
def cz_xix_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A valid cz_xix hand as a JSON object; one in ten is a standalone ruling."""
    if draw(st.integers(0, 9)) == 0:
        return {"ruleset": "cz_xix", "penalties": _standalone(draw, "cz", SEATS)}
    contract = draw(st.sampled_from(["prvni", "druha", "preferanc", "solo", "varsava"]))
    declarer = draw(st.sampled_from(SEATS))
    hand: dict[str, Any] = {"ruleset": "cz_xix", "contract": contract, "declarer": declarer}
    if contract in ("prvni", "druha"):
        others = [s for s in SEATS if s != declarer]
        hand["partner"] = draw(st.none() | st.sampled_from(others))
        hand["called"] = draw(st.none() | st.integers(16, 19))
    if contract == "prvni" and draw(st.integers(0, 9)) == 0:
        hand.update(folded=True, partner=None)
    elif contract == "varsava":
        hand["flek"] = draw(st.integers(0, 3))
        hand["varsava_points"] = draw(_varsava_points())
    else:
        if contract == "preferanc":
            hand["preferanc_talon"] = draw(st.integers(1, 3))
        hand["flek"] = draw(st.integers(0, 3))
        draw(_cz_xix_extras(hand, draw(_points(hand))))
    hand["penalties"] = draw(_renoncs("cz", contract, declarer, SEATS))
    return hand


def cz_xix_targets(hand: dict[str, Any]) -> list[tuple[tuple, str]]:
    """(path, kind) of every field of a cz_xix hand a fault can be put into."""
    targets: list[tuple[tuple, str]] = [((), "object"), (("penalties",), "list")]
    targets += [((name,), "seat") for name in ("declarer", "partner") if name in hand]
    targets += [((name,), "int") for name in ("called", "preferanc_talon", "flek", "declarer_points") if name in hand]  # fmt: skip
    targets += [(("contract",), "str")] if "contract" in hand else []
    targets += [(("folded",), "bool")] if "folded" in hand else []
    if "pagat" in hand:
        targets += [
            (("pagat",), "object"),
            (("pagat", "holder"), "seat"),
            (("pagat", "won"), "bool"),
        ]
    if "valat" in hand:
        targets += [
            (("valat",), "object"),
            (("valat", "side"), "str"),
            (("valat", "announced"), "bool"),
        ]
    for i, _ in enumerate(hand.get("hlasky", [])):
        targets += [(("hlasky", i), "object"), (("hlasky", i, "seat"), "seat"), (("hlasky", i, "kind"), "str")]  # fmt: skip
    for key in hand.get("varsava_points", {}):
        targets += [(("varsava_points", key), "int")]
    for i, _ in enumerate(hand.get("penalties", [])):
        targets += [(("penalties", i), "object"), (("penalties", i, "seat"), "seat")]
    return targets


# ---- cz_three -------------------------------------------------------------------------
@st.composite
def _bonus(draw: st.DrawFn, kind: str, points: int, valat_made: bool) -> dict[str, Any]:
    side = draw(st.sampled_from(["declarer", "opponents"]))
    if kind in ("forty", "fifty"):
        return {"kind": kind, "side": "declarer", "announced": True,
                "won": points >= (40 if kind == "forty" else 50)}  # fmt: skip
    if kind in ("trul", "kings", "mond_caught"):
        side = "declarer" if valat_made else side
        return {"kind": kind, "side": side, "announced": False, "won": True}
    won = draw(st.booleans()) and not (valat_made and side == "opponents")
    return {"kind": kind, "side": side, "announced": draw(st.booleans()), "won": won}


@st.composite
def _cz_three_game(draw: st.DrawFn, hand: dict[str, Any]) -> None:
    points = draw(_points(hand))
    hand["flek"] = draw(st.integers(0, 3))
    valat_made = False
    if draw(st.integers(0, 3)) == 0:
        announced = draw(st.booleans())
        valat_made = points >= 36 and (draw(st.booleans()) or not announced)
        if announced or valat_made:
            hand["valat"] = {"announced": announced, "won": valat_made}
    kinds = draw(st.lists(st.sampled_from(["pagat", "uhu", "kike", "trul", "kings", "mond_caught",
                                           "forty", "fifty"]), unique=True, max_size=4))  # fmt: skip
    bonuses = [draw(_bonus(kind, points, valat_made)) for kind in kinds]
    sides = {b["side"] for b in bonuses if b["kind"] in ("trul", "mond_caught")}
    if len(sides) > 1:
        bonuses = [b for b in bonuses if b["kind"] != "mond_caught"]
    hand["bonuses"] = bonuses


@st.composite
def _cz_three_varsava(draw: st.DrawFn, hand: dict[str, Any], seats: tuple[int, ...]) -> None:
    tricks = dict.fromkeys(seats, 0)
    for _ in range(16):
        open_seats = [s for s in seats if s != hand.get("sitter") or tricks[s] < 6]
        tricks[draw(st.sampled_from(open_seats))] += 1
    points = {s: draw(st.integers(1, 70)) if tricks[s] else 0 for s in seats}
    hand["varsava_tricks"] = {str(s): t for s, t in tricks.items()}
    hand["varsava_points"] = {str(s): p for s, p in points.items()}
    hand["varsava_flek"] = draw(st.integers(0, 4 if hand.get("sitter") else 3))


@st.composite
def cz_three_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A valid cz_three hand (seats 1..3, or 1..4 with a sitter); some standalone rulings."""
    sitter = draw(st.none() | st.integers(1, 4))
    seats = (1, 2, 3) if sitter is None else SEATS
    if draw(st.integers(0, 9)) == 0:
        return {"ruleset": "cz_three", "sitter": sitter, "penalties": _standalone(draw, "cz_three", seats)}  # fmt: skip
    contract = draw(st.sampled_from(["prvni", "druha", "treti", "ctvrta", "pata", "solo", "varsava"]))  # fmt: skip
    declarer = draw(st.sampled_from([s for s in seats if s != sitter]))
    hand = {"ruleset": "cz_three", "contract": contract, "declarer": declarer, "sitter": sitter}
    if contract == "varsava":
        draw(_cz_three_varsava(hand, seats))
    else:
        draw(_cz_three_game(hand))
    # RULES §7.3 writes the codes cz.renonc.*; the catalogue's cz_three.renonc.* is read too.
    prefix = draw(st.sampled_from(["cz", "cz_three"]))
    hand["penalties"] = draw(_renoncs(prefix, contract, declarer, seats, sitter, declarer))
    return hand


def cz_three_targets(hand: dict[str, Any]) -> list[tuple[tuple, str]]:
    """(path, kind) of every field of a cz_three hand a fault can be put into."""
    targets: list[tuple[tuple, str]] = [((), "object"), (("penalties",), "list")]
    targets += [((name,), "seat") for name in ("declarer", "sitter") if hand.get(name)]
    targets += [((name,), "int") for name in ("flek", "varsava_flek", "declarer_points") if name in hand]  # fmt: skip
    targets += [(("contract",), "str")] if "contract" in hand else []
    if "valat" in hand:
        targets += [(("valat",), "object"), (("valat", "announced"), "bool")]
    for i, _ in enumerate(hand.get("bonuses", [])):
        targets += [(("bonuses", i), "object"), (("bonuses", i, "side"), "str"), (("bonuses", i, "kind"), "str")]  # fmt: skip
    for name in ("varsava_points", "varsava_tricks"):
        targets += [((name, key), "int") for key in hand.get(name, {})]
    for i, _ in enumerate(hand.get("penalties", [])):
        targets += [(("penalties", i), "object"), (("penalties", i, "seat"), "seat")]
    return targets


@st.composite
def broken_hands(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A valid hand of either Czech ruleset with one fault, and the path it must name."""
    if draw(st.booleans()):
        hand = draw(cz_xix_hands())
        return put_fault(draw, hand, cz_xix_targets(hand))
    hand = draw(cz_three_hands())
    return put_fault(draw, hand, cz_three_targets(hand))
