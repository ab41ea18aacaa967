"""Wording shared by every ruleset's line labels, and the lines built from it.

Every label is a :class:`~scoring.words.Phrase`, so the page can say it in the reader's
language; ``str()`` gives the English.

>>> str(side_text((1, 3), 3)), str(side_text((4,), -12))
('seats 1 and 3 win 3 each', 'seat 4 alone loses 12 to each of the others')
>>> parts = [phrase("Game: |{points}−35|={base}", points=41, base=6)]
>>> doubled(6, 1, Levels("flek", ("flek",)), parts), "; ".join(map(str, parts))
(12, 'Game: |41−35|=6; flek ×2 = 12')
>>> str(personal_text((2, 3), -20))
'seats 2 and 3 each pay 20 to each other player'
>>> str(hand_summary({"contract": "prever", "declarer": 2, "declarer_points": 47}, "Kontra"))
'Prever 2: 47, Kontra'
>>> str(hand_summary({"penalties": [{"code": "spjst.misdeal", "seat": 4}]}))
'misdeal (seat 4)'
>>> str(written_text((1, 3), 90)), str(written_text((2,), -110))
('seats 1 and 3 score +90 each', 'seat 2 scores −110')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
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
from scoring.words import Phrase, Value, gettext_noop, phrase, series, word

__all__ = [
    "CZECH_CONTRACTS",
    "SIDE",
    "TALON",
    "amount_text",
    "called",
    "doubled",
    "hand_summary",
    "hand_text",
    "made",
    "outcome",
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


def seats_text(seats: Sequence[Seat]) -> Phrase:
    """``seat 4`` / ``seats 1 and 3`` / ``seats 1, 2 and 3``."""
    if len(seats) == 1:
        return phrase("seat {seat}", seat=seats[0])
    listed = ", ".join(str(s) for s in seats[:-1])
    return phrase("seats {seats} and {last}", seats=listed, last=seats[-1])


def called(announced: bool) -> Phrase:
    """ "announced" or "silent": how a bonus came about."""
    return word(_ANNOUNCED if announced else _SILENT)


def outcome(won: bool) -> Phrase:
    """ "won" or "lost": how a bonus ended."""
    return word(_WON if won else _LOST)


def made(won: bool) -> Phrase:
    """ "made" or "failed": how a Valat (or another all-or-nothing call) ended."""
    return word(_MADE if won else _FAILED)


# The Prever's (and the preferanc's) talon choices, and the sides a Valat is made by.
TALON = {
    1: gettext_noop("first three"),
    2: gettext_noop("second three"),
    3: gettext_noop("back to the first three"),
}
SIDE = {"declarer": gettext_noop("the declaring side"), "opponents": gettext_noop("the opponents")}
_ANNOUNCED, _SILENT = gettext_noop("announced"), gettext_noop("silent")
_WON, _LOST = gettext_noop("won"), gettext_noop("lost")
_MADE, _FAILED = gettext_noop("made"), gettext_noop("failed")


def side_text(side: Sequence[Seat], amount: Amount) -> Phrase:
    """What a side item does to ``side``, which wins ``amount`` (loses it when negative)."""
    seats = seats_text(side)
    if not amount:
        return phrase("{seats}: nothing to settle", seats=seats)
    size = amount if amount > 0 else -amount
    if len(side) == 1:
        if amount > 0:
            return phrase(
                "{seat} alone wins {amount} from each of the others", seat=seats, amount=size
            )
        return phrase("{seat} alone loses {amount} to each of the others", seat=seats, amount=size)
    if amount > 0:
        return phrase("{seats} win {amount} each", seats=seats, amount=size)
    return phrase("{seats} lose {amount} each", seats=seats, amount=size)


def personal_text(players: Sequence[Seat], amount: Amount) -> Phrase:
    """What a personal item does to each of ``players`` (receives ``amount``, or pays)."""
    seats, size = seats_text(players), amount if amount > 0 else -amount
    if len(players) == 1:
        if amount > 0:
            return phrase(
                "{seat} receives {amount} from each other player", seat=seats, amount=size
            )
        return phrase("{seat} pays {amount} to each other player", seat=seats, amount=size)
    if amount > 0:
        return phrase(
            "{seats} each receive {amount} from each other player", seats=seats, amount=size
        )
    return phrase("{seats} each pay {amount} to each other player", seats=seats, amount=size)


def doubled(amount: Amount, level: int, levels: Levels, parts: list[Phrase]) -> Amount:
    """``amount`` × 2^level (a flek, a challenge), noting ``name ×2^level = …``."""
    if not level:
        return amount
    amount = exact(amount * levels.factor(level))
    parts.append(
        phrase(
            "{level} ×{factor} = {amount}",
            level=word(levels.name(level)),
            factor=levels.factor(level),
            amount=amount,
        )
    )
    return amount


def hand_summary(
    hand: Mapping[str, Any],
    level_name: str = "",
    catalogue: Sequence[PenaltyEntry] = (),
    *,
    contracts: Mapping[str, str] = MappingProxyType({}),
    announced: Sequence[Value] = (),
) -> Phrase:
    """A recorded hand in one line for score sheets and exports: the contract, the
    declaring side, the points, the doubling level's name and what else happened.

    Penalties are named by their titles in ``catalogue`` (the ruleset's); a penalty that
    voids the hand says so instead of a game that did not count. Reads the stored JSON as
    it is (a hand saved under older validation still prints). ``contracts`` titles the
    contracts as players say them (``"druha"`` is "Druhá"), else the code is shown
    capitalised; ``announced`` (hlášky, bonuses) follow the game.

    >>> from scoring.rulesets.spjst_catalogue import PENALTIES
    >>> str(hand_summary({"contract": "povinost", "declarer": 1,
    ...                   "penalties": [{"code": "spjst.misdeal", "seat": 1}]}, "", PENALTIES))
    'Void: Misdeal before play (seat 1)'
    """
    by_code = {entry.code: entry for entry in catalogue}
    by_kind = {entry.code.rsplit(".", 1)[-1]: entry for entry in catalogue}
    said: list[Value] = []
    void = False
    for penalty in hand.get("penalties") or ():
        code = str(penalty.get("code", ""))
        entry = by_code.get(code) or by_kind.get(code.rsplit(".", 1)[-1])
        title = word(entry.title) if entry else code.rsplit(".", 1)[-1].replace("_", " ")
        said.append(phrase("{penalty} (seat {seat})", penalty=title, seat=str(penalty.get("seat"))))
        void = void or bool(entry and entry.voids_hand)
    if void:
        return phrase("Void: {penalties}", penalties=series(said))
    game = _game_summary(hand, level_name, contracts, announced)
    return series([game, *said] if game else said) if game or said else word("—")


def _game_summary(
    hand: Mapping[str, Any],
    level_name: str,
    contracts: Mapping[str, str],
    announced: Sequence[Value],
) -> Phrase | None:
    contract = hand.get("contract")
    if not contract:
        return None
    code = str(contract)
    title = word(contracts[code]) if code in contracts else code.replace("_", " ").capitalize()
    side = str(hand.get("declarer") or "")
    if hand.get("partner"):
        side += f"+{hand['partner']}"
    if hand.get("declarer_points") is not None:
        side += f": {hand['declarer_points']}"
    extras = [word(level_name)] if level_name else []
    extras += [word(name) for name in (_PAGAT, _VALAT) if hand.get(name.lower())]
    head = series([title, side], " ") if side else series([title])
    return series([head, *extras, *announced], ", ")


# The Czech contracts as players name them; the Czech rulesets' summaries and the hand
# forms' pills both read these.
CZECH_CONTRACTS = MappingProxyType(
    {
        "prvni": gettext_noop("První"),
        "druha": gettext_noop("Druhá"),
        "treti": gettext_noop("Třetí"),
        "ctvrta": gettext_noop("Čtvrtá"),
        "pata": gettext_noop("Pátá"),
        "preferanc": gettext_noop("Preferanc"),
        "solo": gettext_noop("Sólo"),
        "varsava": gettext_noop("Varšava"),
    }
)


_PAGAT, _VALAT = gettext_noop("Pagat"), gettext_noop("Valat")


def side_line(
    item: str, parts: list[Phrase], seats: Sequence[Seat], side: Sequence[Seat], amount: Amount
) -> Line:
    """A side item's line: ``side`` wins ``amount`` (loses it when negative)."""
    parts.append(side_text(side, amount))
    return Line(item, parts, settle_side_item(seats, side, amount))


def personal_line(
    item: str, parts: list[Phrase], seats: Sequence[Seat], players: Sequence[Seat], amount: Amount
) -> Line:
    """Each of ``players`` receives ``amount`` from every other seat (pays it when negative).

    Payments between two of ``players`` cancel out, so tied losers who "each pay every
    other player" pay the others only.
    """
    deltas: Deltas = zero(seats)
    for seat in players:
        deltas += settle_personal_item(seats, seat, amount)
    parts.append(personal_text(players, amount))
    return Line(item, parts, deltas)


def written_text(players: Sequence[Seat], amount: Amount) -> Phrase:
    """What is written for each of ``players`` (scores, not payments: RULES §0.2)."""
    seats = seats_text(players)
    if not amount:
        return phrase("{seats}: nothing to write", seats=seats)
    size = amount if amount > 0 else -amount
    if len(players) == 1:
        if amount > 0:
            return phrase("{seat} scores +{amount}", seat=seats, amount=size)
        return phrase("{seat} scores −{amount}", seat=seats, amount=size)
    if amount > 0:
        return phrase("{seats} score +{amount} each", seats=seats, amount=size)
    return phrase("{seats} score −{amount} each", seats=seats, amount=size)


def written_line(
    item: str, parts: list[Phrase], seats: Sequence[Seat], players: Sequence[Seat], amount: Amount
) -> Line:
    """A line of written scores: each of ``players`` is credited ``amount``, the rest 0."""
    parts.append(written_text(players, amount))
    members = frozenset(players)
    return Line(item, parts, Deltas({s: amount if s in members else 0 for s in seats}))
