"""Wording shared by every ruleset's line labels, and the lines built from it.

>>> side_text((1, 3), 3), side_text((4,), -12)
('seats 1 and 3 win 3 each', 'seat 4 alone loses 12 to each of the others')
>>> parts = ["Game: |41−35|=6"]
>>> doubled(6, 1, Levels("flek", ("flek",)), parts), parts
(12, ['Game: |41−35|=6', 'flek ×2 = 12'])
>>> personal_text((2, 3), -20)
'seats 2 and 3 each pay 20 to each other player'
>>> hand_summary({"contract": "prever", "declarer": 2, "declarer_points": 47}, "Kontra")
'Prever 2: 47, Kontra'
>>> hand_summary({"penalties": [{"code": "spjst.misdeal", "seat": 4}]})
'misdeal (seat 4)'
>>> written_text((1, 3), 90), written_text((2,), -110)
('seats 1 and 3 score +90 each', 'seat 2 scores −110')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from scoring.jsonio import number_text
from scoring.levels import Levels
from scoring.penalties import PenaltyEntry
from scoring.settlement import (
    Amount,
    Deltas,
    Line,
    Seat,
    exact,
    settle_personal_item,
    settle_side_item,
    zero,
)

__all__ = [
    "amount_text",
    "doubled",
    "hand_summary",
    "hand_text",
    "personal_line",
    "personal_text",
    "seats_text",
    "side_line",
    "side_text",
    "written_line",
    "written_text",
]


def amount_text(amount: Amount) -> str:
    """An amount as labels write it: ``3``, ``1.5`` (never ``1.50``)."""
    return number_text(amount) if isinstance(amount, Decimal) else str(amount)


def hand_text(ruleset: str, head: str, *extras: object) -> str:
    """A hand's repr: ``<cz_xix.Hand prvni 1 with 3, 41 points, flek>``; falsy extras are left out."""
    more = "".join(f", {extra}" for extra in extras if extra)
    return f"<{ruleset}.Hand {head}{more}>"


def seats_text(seats: Sequence[Seat]) -> str:
    """``seat 4`` / ``seats 1 and 3`` / ``seats 1, 2 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def side_text(side: Sequence[Seat], amount: Amount) -> str:
    """What a side item does to ``side``, which wins ``amount`` (loses it when negative)."""
    if not amount:
        return f"{seats_text(side)}: nothing to settle"
    won, size = amount > 0, amount_text(amount if amount > 0 else -amount)
    if len(side) == 1:
        verb = f"wins {size} from" if won else f"loses {size} to"
        return f"{seats_text(side)} alone {verb} each of the others"
    return f"{seats_text(side)} {'win' if won else 'lose'} {size} each"


def personal_text(players: Sequence[Seat], amount: Amount) -> str:
    """What a personal item does to each of ``players`` (receives ``amount``, or pays)."""
    verb = "receives" if amount > 0 else "pays"
    if len(players) > 1:
        verb = "each " + ("receive" if amount > 0 else "pay")
    way = "from" if amount > 0 else "to"
    size = amount_text(amount if amount > 0 else -amount)
    return f"{seats_text(players)} {verb} {size} {way} each other player"


def doubled(amount: Amount, level: int, levels: Levels, parts: list[str]) -> Amount:
    """``amount`` × 2^level (a flek, a challenge), noting ``name ×2^level = …``."""
    if not level:
        return amount
    amount = exact(amount * levels.factor(level))
    parts.append(f"{levels.name(level)} ×{levels.factor(level)} = {amount_text(amount)}")
    return amount


def hand_summary(
    hand: Mapping[str, Any], level_name: str = "", catalogue: Sequence[PenaltyEntry] = ()
) -> str:
    """A recorded hand in one line for score sheets and exports: the contract, the
    declaring side, the points, the doubling level's name and what else happened.

    Penalties are named by their titles in ``catalogue`` (the ruleset's); a penalty that
    voids the hand says so instead of a game that did not count. Reads the stored JSON as
    it is (a hand saved under older validation still prints).

    >>> from scoring.rulesets.spjst_catalogue import PENALTIES
    >>> hand_summary({"contract": "povinost", "declarer": 1,
    ...               "penalties": [{"code": "spjst.misdeal", "seat": 1}]}, "", PENALTIES)
    'Void: Misdeal before play (seat 1)'
    """
    by_code = {entry.code: entry for entry in catalogue}
    by_kind = {entry.code.rsplit(".", 1)[-1]: entry for entry in catalogue}
    said, void = [], False
    for penalty in hand.get("penalties") or ():
        code = str(penalty.get("code", ""))
        entry = by_code.get(code) or by_kind.get(code.rsplit(".", 1)[-1])
        title = entry.title if entry else code.rsplit(".", 1)[-1].replace("_", " ")
        said.append(f"{title} (seat {penalty.get('seat')})")
        void = void or bool(entry and entry.voids_hand)
    if void:
        return "Void: " + "; ".join(said)
    return "; ".join(part for part in (_game_summary(hand, level_name), *said) if part) or "—"


def _game_summary(hand: Mapping[str, Any], level_name: str) -> str:
    contract = hand.get("contract")
    if not contract:
        return ""
    side = str(hand.get("declarer") or "")
    if hand.get("partner"):
        side += f"+{hand['partner']}"
    text = f"{str(contract).replace('_', ' ').capitalize()} {side}".strip()
    if hand.get("declarer_points") is not None:
        text += f": {hand['declarer_points']}"
    extras = [level_name, *(name.capitalize() for name in ("pagat", "valat") if hand.get(name))]
    return ", ".join([text, *(extra for extra in extras if extra)])


def side_line(
    item: str, parts: list[str], seats: Sequence[Seat], side: Sequence[Seat], amount: Amount
) -> Line:
    """A side item's line: ``side`` wins ``amount`` (loses it when negative)."""
    parts.append(side_text(side, amount))
    return Line(item, "; ".join(parts), settle_side_item(seats, side, amount))


def personal_line(
    item: str, parts: list[str], seats: Sequence[Seat], players: Sequence[Seat], amount: Amount
) -> Line:
    """Each of ``players`` receives ``amount`` from every other seat (pays it when negative).

    Payments between two of ``players`` cancel out, so tied losers who "each pay every
    other player" pay the others only.
    """
    deltas: Deltas = zero(seats)
    for seat in players:
        deltas += settle_personal_item(seats, seat, amount)
    parts.append(personal_text(players, amount))
    return Line(item, "; ".join(parts), deltas)


def written_text(players: Sequence[Seat], amount: Amount) -> str:
    """What is written for each of ``players`` (scores, not payments: RULES §0.2)."""
    if not amount:
        return f"{seats_text(players)}: nothing to write"
    sign = "+" if amount > 0 else "−"
    verb = "scores" if len(players) == 1 else "score"
    each = " each" if len(players) > 1 else ""
    size = amount_text(amount if amount > 0 else -amount)
    return f"{seats_text(players)} {verb} {sign}{size}{each}"


def written_line(
    item: str, parts: list[str], seats: Sequence[Seat], players: Sequence[Seat], amount: Amount
) -> Line:
    """A line of written scores: each of ``players`` is credited ``amount``, the rest 0."""
    parts.append(written_text(players, amount))
    members = frozenset(players)
    return Line(item, "; ".join(parts), Deltas({s: amount if s in members else 0 for s in seats}))
