"""The input of a two-pack Tarok hand (RULES §5.1) and its validation (RULES §0.4).

4, 6 or 8 players (``players``, 4 when omitted); seats 1..players. The declarer calls a
King and whoever holds it partners him: one partner with 4 players, two with 6 or 8 (the
King of both packs); **Decision**: fewer when the declarer holds a called King himself.

>>> hand = Hand.from_json({"players": 6, "contract": "trojka", "declarer": 1,
...                        "partners": [3, 5], "declarer_points": 83})
>>> hand, hand.sides
(<si_double.Hand trojka 1 with 3 and 5, 83 points, 6 players>, {'declarer': (1, 3, 5), 'opponents': (2, 4, 6)})
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.deck import DECK_POINTS
from scoring.errors import HandError
from scoring.labels import hand_text
from scoring.levels import Levels
from scoring.reader import POINT_FIELDS, JsonObject, describe, read_side_points
from scoring.rulesets.pagat import SIDES
from scoring.rulesets.si_double_napovedi import Napoved, read_napovedi
from scoring.settlement import Seat
from scoring.words import gettext_noop, phrase

__all__ = ["LEVELS", "NAME", "Adjustment", "Contract", "Hand", "table_seats"]

NAME = "si_double"
PLAYERS = (4, 6, 8)
LEVELS = Levels(
    "kontra",
    (gettext_noop("kontra"), gettext_noop("re"), gettext_noop("sub"), gettext_noop("mort")),
)
HALF = DECK_POINTS // 2  # 70: the declaring side wins with more
IN_TRICKS = 96  # 108 cards less the 12 of the talon (002)
ADJUSTMENT = "si.adjustment"  # RULES §7.3: the director's free adjustment
_MOST_POINTS = 10_000  # an adjustment's bound: a mort valat is 500 × 16 = 8,000


class Contract(enum.Enum):
    """The bids of 002 tables 3.1, 6.1, 9.1, lowest first, and klop."""

    SESTICA = "sestica"
    STIRICA = "stirica"
    TROJKA = "trojka"
    DVOJKA = "dvojka"
    ENKA = "enka"
    SOLO_SESTICA = "solo_sestica"
    SOLO_STIRICA = "solo_stirica"
    SOLO_TROJKA = "solo_trojka"
    SOLO_DVOJKA = "solo_dvojka"
    SOLO_ENKA = "solo_enka"
    BERAC = "berac"
    SOLO_BREZ = "solo_brez"
    BARVNI_VALAT = "barvni_valat"
    VALAT = "valat"
    KLOP = "klop"

    @property
    def solo(self) -> bool:
        """Played alone, with no King called (the solo bids and solo brez)."""
        return self.value.startswith("solo_")

    @property
    def normal(self) -> bool:
        """Scored by the difference against 70, with announcements (RULES §5.3)."""
        return self not in _WON_OR_LOST and self is not Contract.KLOP

    @property
    def won_or_lost(self) -> bool:
        """Berač and the valats: made or not, no difference and no announcements."""
        return self in _WON_OR_LOST


_WON_OR_LOST = frozenset({Contract.BERAC, Contract.BARVNI_VALAT, Contract.VALAT})
CONTRACTS = MappingProxyType({c.value: c for c in Contract})
_HAND_FIELDS = frozenset({
    "ruleset", "players", "contract", "declarer", "partners", *POINT_FIELDS, "kontra",
    "announcements", "won", "silent_valat", "klop_points", "klop_tricks", "penalties",
})  # fmt: skip
_KLOP = ("klop_points", "klop_tricks")
_ADJUSTMENT_FIELDS = ("code", "seat", "points", "reason")
_REASON_LENGTH = 200


def table_seats(hand: Hand | Mapping[str, Any]) -> tuple[Seat, ...]:
    """The seats of a hand's table, 1..players (a Hand or its JSON; 4 players by default)."""
    players = hand.get("players") if isinstance(hand, Mapping) else hand.players
    return tuple(range(1, (players if players in PLAYERS else 4) + 1))


def most_partners(players: int) -> int:
    """Holders of the called King: one with 4 players, two with 6 or 8 (a King each pack)."""
    return 1 if players == 4 else 2


@dataclass(frozen=True)
class Adjustment:
    """A director's free adjustment (``si.adjustment``): points written for one seat."""

    seat: Seat
    points: int
    reason: str
    code: str = ADJUSTMENT


@dataclass(frozen=True)
class Hand:
    """One hand of two-pack Tarok; read it with :meth:`from_json`.

    ``contract`` is ``None`` only in a standalone adjustment (penalties and nothing else).
    """

    players: int = 4
    contract: Contract | None = None
    declarer: Seat | None = None
    partners: tuple[Seat, ...] = ()
    declarer_points: int | None = None
    kontra: int = 0
    announcements: tuple[Napoved, ...] = ()
    won: bool | None = None
    silent_valat: str | None = None
    klop_points: Mapping[Seat, int] | None = None
    klop_tricks: Mapping[Seat, int] | None = None
    penalties: tuple[Adjustment, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hand:
        """Read and validate a hand's JSON object; raises :class:`HandError` at the first fault."""
        return _read_hand(data)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return table_seats(self)

    @property
    def tricks(self) -> int:
        """Tricks in the hand: 96 cards in tricks of 4, 6 or 8 (the talon is 12)."""
        return IN_TRICKS // self.players

    @property
    def declaring_side(self) -> tuple[Seat, ...]:
        """The declarer and the partners."""
        return (self.declarer, *self.partners) if self.declarer else ()

    @property
    def sides(self) -> dict[str, tuple[Seat, ...]]:
        """``{"declarer": seats, "opponents": seats}``."""
        mine = self.declaring_side
        return {"declarer": mine, "opponents": tuple(s for s in self.seats if s not in mine)}

    def __repr__(self) -> str:
        players = f"{self.players} players"
        adjustments = self.penalties and f"{len(self.penalties)} adjustments"
        if self.contract is None:
            return hand_text(NAME, "without a game", players, adjustments)
        if self.contract is Contract.KLOP:
            return hand_text(NAME, f"klop, points {dict(self.klop_points or {})}", players)
        partners = " and ".join(str(seat) for seat in self.partners)
        head = f"{self.contract.value} {self.declarer}" + (f" with {partners}" if partners else "")
        if self.contract.won_or_lost:
            what = "won" if self.won else "lost"
        elif self.silent_valat:
            what = f"silent valat by the {self.silent_valat}"
        else:
            what = f"{self.declarer_points} points"
        napovedi = self.announcements and f"{len(self.announcements)} announcements"
        return hand_text(
            NAME, f"{head}, {what}", players, self.kontra and LEVELS.name(self.kontra), napovedi,
            adjustments,
        )  # fmt: skip


def _read_hand(data: Mapping[str, Any]) -> Hand:
    hand = JsonObject(data, "", _HAND_FIELDS)
    hand.choice("ruleset", {NAME: NAME})
    players = _read_players(hand)
    seats = tuple(range(1, players + 1))
    contract = hand.choice("contract", CONTRACTS)
    if contract is None:
        return _read_standalone(hand, players, seats)
    _check_applies(hand, contract)
    declarer = hand.int("declarer", 1, players)
    parsed = Hand(
        players=players,
        contract=contract,
        declarer=declarer,
        partners=_read_partners(hand, declarer, players),
        declarer_points=read_side_points(hand, "threes", packs=2),
        kontra=hand.int("kontra", 0, LEVELS.top, 0),
        announcements=read_napovedi(hand, LEVELS, players=players, solo=contract.solo),
        # A berač or a valat without `won` is lost: an omitted boolean is false (RULES §0.4).
        won=hand.bool("won") if contract.won_or_lost else None,
        silent_valat=hand.choice("silent_valat", SIDES),
        klop_points=hand.seat_map("klop_points", seats, 0, DECK_POINTS),
        klop_tricks=hand.seat_map("klop_tricks", seats, 0, IN_TRICKS // players),
        penalties=_read_adjustments(hand, players),
    )
    _check_complete(hand, parsed)
    return parsed


def _read_players(hand: JsonObject) -> int:
    players = hand.raw("players")
    if players is None:
        return 4
    if type(players) is not int or players not in PLAYERS:
        raise hand.error(
            "players", phrase("must be 4, 6 or 8 (got {players})", players=describe(players))
        )
    return players


def _read_standalone(hand: JsonObject, players: int, seats: tuple[Seat, ...]) -> Hand:
    """No contract: a director's adjustment outside any hand, and nothing else."""
    for name in sorted(_HAND_FIELDS - {"ruleset", "players", "contract", "penalties"}):
        hand.absent(name, phrase("belongs to a game: give the contract"))
    penalties = _read_adjustments(hand, players)
    if not penalties:
        raise hand.error(
            "contract", phrase("is required (only a standalone adjustment may omit it)")
        )
    return Hand(players=players, penalties=penalties)


def _check_applies(hand: JsonObject, contract: Contract) -> None:
    """Fields that the contract does not have must be absent (RULES §5.1, §0.4)."""
    name = repr(contract.value)
    if contract is Contract.KLOP:
        for field in ("declarer", "partners", *POINT_FIELDS, "won", "silent_valat"):
            hand.absent(field, phrase("in a klop each player plays alone (see klop_points)"))
        hand.absent("kontra", phrase("nobody doubles a klop"))
        hand.absent("announcements", phrase("nothing is announced in a klop"))
        return
    for field in _KLOP:
        hand.absent(field, phrase("only a klop counts each player's points"))
    if contract.solo:
        hand.absent("partners", phrase("a {name} is played alone, no King is called", name=name))
    if contract.won_or_lost:
        for field in POINT_FIELDS:
            hand.absent(
                field, phrase("a {name} is won or lost, with no difference (see won)", name=name)
            )
        hand.absent("announcements", phrase("a {name} has no announcements", name=name))
        hand.absent("silent_valat", phrase("a {name} is no normal game", name=name))
    else:
        hand.absent("won", phrase("a {name} is won by its points (see declarer_points)", name=name))


def _read_partners(hand: JsonObject, declarer: Seat | None, players: int) -> tuple[Seat, ...]:
    partners: list[Seat] = []
    for path, seat in hand.list("partners"):
        if type(seat) is not int or not 1 <= seat <= players:
            raise HandError(
                path,
                phrase(
                    "must be a seat from 1 to {players} (got {seat})",
                    players=players,
                    seat=describe(seat),
                ),
            )
        if seat == declarer:
            raise HandError(path, phrase("must differ from the declarer (got {seat})", seat=seat))
        if seat in partners:
            raise HandError(path, phrase("seat {seat} is given twice", seat=seat))
        partners.append(seat)
    most = most_partners(players)
    if len(partners) > most:
        got = str(partners)
        if most == 1:
            raise hand.error(
                "partners",
                phrase(
                    "with {players} players one player holds the called King, so at most {most} (got {partners})",
                    players=players,
                    most=most,
                    partners=got,
                ),
            )
        raise hand.error(
            "partners",
            phrase(
                "with {players} players two players hold the called King, so at most {most} (got {partners})",
                players=players,
                most=most,
                partners=got,
            ),
        )
    return tuple(partners)


def _read_adjustments(hand: JsonObject, players: int) -> tuple[Adjustment, ...]:
    adjustments = []
    for _, entry in hand.objects("penalties", _ADJUSTMENT_FIELDS, _ADJUSTMENT_FIELDS):
        entry.choice("code", {ADJUSTMENT: ADJUSTMENT})
        seat = entry.required_int("seat", 1, players)
        points = entry.required_int("points", -_MOST_POINTS, _MOST_POINTS)
        reason = entry.raw("reason")
        if type(reason) is not str or not reason.strip() or len(reason) > _REASON_LENGTH:
            raise entry.error(
                "reason",
                phrase(
                    "must be a text of 1 to {reason_length} characters (got {reason})",
                    reason_length=_REASON_LENGTH,
                    reason=describe(reason),
                ),
            )
        adjustments.append(Adjustment(seat, points, reason.strip()))
    return tuple(adjustments)


def _check_complete(hand: JsonObject, parsed: Hand) -> None:
    """What a played hand needs, and fields that contradict each other."""
    contract = parsed.contract
    assert contract is not None  # _read_hand reads a hand without one (_read_standalone) apart
    if contract is Contract.KLOP:
        _check_klop(hand, parsed)
        return
    hand.require("declarer")
    if contract.won_or_lost:
        return
    if parsed.silent_valat is not None:
        _check_silent_valat(hand, parsed)
    elif parsed.declarer_points is None:
        raise HandError(
            "declarer_points",
            phrase("is required, or one of {fields}", fields=", ".join(POINT_FIELDS[1:])),
        )


def _check_silent_valat(hand: JsonObject, parsed: Hand) -> None:
    """Every trick to one side: all 140 points theirs; it replaces the announcements."""
    hand.absent(
        "announcements",
        phrase("a silent valat replaces game, difference and announcements (RULES §5.3)"),
    )
    points, want = parsed.declarer_points, DECK_POINTS if parsed.silent_valat == "declarer" else 0
    if points is not None and points != want:
        given = repr(parsed.silent_valat)
        if parsed.silent_valat == "declarer":
            raise hand.error(
                "silent_valat",
                phrase(
                    "the declarer took every trick, so declarer_points is {want} "
                    "(got {given} with {points})",
                    want=want,
                    given=given,
                    points=points,
                ),
            )
        raise hand.error(
            "silent_valat",
            phrase(
                "the opponents took every trick, so declarer_points is {want} "
                "(got {given} with {points})",
                want=want,
                given=given,
                points=points,
            ),
        )


def _check_klop(hand: JsonObject, parsed: Hand) -> None:
    """Each player's points and tricks: 140 points and every trick; points iff a trick."""
    for name in _KLOP:
        hand.require(name, phrase("is required in a klop: seat → own points and tricks"))
    points, tricks = parsed.klop_points, parsed.klop_tricks
    # require() has refused an absent or null map, and seat_map() reads any other.
    assert points is not None and tricks is not None
    if sum(points.values()) != DECK_POINTS:
        raise hand.error(
            "klop_points",
            phrase(
                "must total {deck_points} (got {points})",
                deck_points=DECK_POINTS,
                points=sum(points.values()),
            ),
        )
    if sum(tricks.values()) != parsed.tricks:
        raise hand.error(
            "klop_tricks",
            phrase(
                "with {players} players the hand has {tricks} tricks (got {total})",
                players=parsed.players,
                tricks=parsed.tricks,
                total=sum(tricks.values()),
            ),
        )
    for seat in parsed.seats:
        if (points[seat] == 0) != (tricks[seat] == 0):
            raise HandError(
                f"klop_points.{seat}",
                phrase(
                    "a player has points exactly when he took a trick ({tricks} tricks, got {points})",
                    tricks=tricks[seat],
                    points=points[seat],
                ),
            )
