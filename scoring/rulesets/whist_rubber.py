"""The whist rubber (RULES §6.2, seed 003): games to 10, game +50, rubber +70.

A party (a side, N–S or E–W; or a seat playing alone in hussar and three players) wins a
game by being first to 10 points from tricks and honours; slams go to the total but not
towards the game. Two games won make the rubber (one in hussar, 003 "K získání robberu
stačí uhrát jen jednu partii"). Every point scored stays in the total; the final totals
and the difference are the result. Rubbers are played one after another: the hand after a
rubber's end starts the next one. With ``strike_points`` (003 "škrtat") the game's winner
strikes the other parties' points of that game from their totals.

Read the module's docs/rules.md section for the choices made where RULES is silent:
tricks are counted before honours, a game's points over 10 are not carried into the next
game, and a tie at the top of a game lets the game go on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import HandError
from scoring.labels import seats_text
from scoring.rulesets.whist_hand import SIDE_NAMES, Hand, Variant
from scoring.settlement import Seat, Settlement
from scoring.words import Phrase, Value, phrase

__all__ = [
    "GAME",
    "GAME_BONUS",
    "RUBBER_BONUS",
    "Item",
    "Rubber",
    "RubberHand",
    "RubberResult",
    "rubbers_of",
]

GAME = 10  # points from tricks and honours that win a game
GAME_BONUS = 50
RUBBER_BONUS = 70
_GAME_ITEMS = ("tricks", "honours")  # in this order: tricks are scored before honours


@dataclass(frozen=True)
class Item:
    """One thing a hand scores for one party: ``tricks``, ``honours`` or ``slam``."""

    item: str
    party: str
    points: int
    text: Phrase


@dataclass(frozen=True)
class RubberHand:
    """The running score after one hand of a rubber.

    ``game``: each party's points in the game the hand was played in, after it; ``games``
    won and ``totals`` so far; ``events``: a game or the rubber won, points struck.
    """

    settlement: Settlement
    game: Mapping[str, int]
    games: Mapping[str, int]
    totals: Mapping[str, int]
    events: tuple[Phrase, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "settlement": self.settlement.to_json(),
            "game": dict(self.game),
            "games": dict(self.games),
            "totals": dict(self.totals),
            "events": [str(event) for event in self.events],
        }


@dataclass(frozen=True)
class RubberResult:
    """An ended rubber: who won it, the final totals, and the winner's margin over the
    best of the others (negative if the rubber's winner scored less)."""

    winner: str
    totals: Mapping[str, int]
    difference: int

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "totals": dict(self.totals), "difference": self.difference}


@dataclass(frozen=True)
class Rubber:
    """A rubber's hands with the running score; ``result`` once it has ended."""

    parties: Mapping[str, tuple[Seat, ...]]
    hands: tuple[RubberHand, ...]
    games: Mapping[str, int]
    totals: Mapping[str, int]
    result: RubberResult | None

    def to_json(self) -> dict[str, Any]:
        """The JSON answer of the command line and ``POST /api/score/`` for a rubber."""
        return {
            "ruleset": "whist",
            "rubber": True,
            "parties": {party: list(seats) for party, seats in self.parties.items()},
            "hands": [hand.to_json() for hand in self.hands],
            "games": dict(self.games),
            "totals": dict(self.totals),
            "result": self.result and self.result.to_json(),
        }


def _kind(hand: Hand) -> str:
    """Partnerships play one rubber together, whatever their variant; the others apart."""
    return "alone" if hand.variant in (Variant.HUSSAR, Variant.THREE_PLAYER) else "partnerships"


def _party_text(party: str) -> Value:
    return SIDE_NAMES.get(party) or seats_text([int(party)])


def rubbers_of(
    hands: Sequence[Hand],
    settlements: Sequence[Settlement],
    items: Sequence[Sequence[Item]],
    strike: bool,
) -> tuple[Rubber, ...]:
    """The rubbers of ``hands`` played one after another, each hand with its settlement and
    items (from :mod:`whist`): the hand after a rubber's end starts the next rubber.

    Only the last rubber may be unfinished (``result`` None).
    """
    if not hands:
        raise HandError("hands", phrase("a rubber needs at least one hand"))
    rubbers: list[Rubber] = []
    start = 0
    while start < len(hands):
        rubber = _rubber(hands, settlements, items, strike, start)
        rubbers.append(rubber)
        start += len(rubber.hands)
    return tuple(rubbers)


def _rubber(
    hands: Sequence[Hand],
    settlements: Sequence[Settlement],
    items: Sequence[Sequence[Item]],
    strike: bool,
    start: int,
) -> Rubber:
    """The rubber that starts with ``hands[start]``: up to its end or the last hand."""
    first = hands[start]
    parties = first.parties
    needed = 1 if first.variant is Variant.HUSSAR else 2
    game = dict.fromkeys(parties, 0)
    games = dict.fromkeys(parties, 0)
    totals = dict.fromkeys(parties, 0)
    played: list[RubberHand] = []
    result: RubberResult | None = None
    index = start
    while index < len(hands) and result is None:
        hand = hands[index]
        _check_fits(index, hand, first)
        events: list[Phrase] = []
        winner = None
        for stage in _GAME_ITEMS:
            for item in items[index]:
                if item.item == stage:
                    game[item.party] += item.points
                    totals[item.party] += item.points
            winner = winner or _game_winner(game)
        for item in items[index]:
            if item.item not in _GAME_ITEMS:
                totals[item.party] += item.points
        shown = dict(game)
        if winner is not None:
            games[winner] += 1
            totals[winner] += GAME_BONUS
            events.append(
                phrase(
                    "Game {number} to {party}: +{bonus}",
                    number=sum(games.values()), party=_party_text(winner), bonus=GAME_BONUS,
                )
            )  # fmt: skip
            if strike:
                events.extend(_strike(game, totals, winner))
            if games[winner] == needed:
                totals[winner] += RUBBER_BONUS
                said: dict[str, Value] = dict(party=_party_text(winner), bonus=RUBBER_BONUS)
                events.append(
                    phrase("Rubber to {party} (one game): +{bonus}", **said)
                    if needed == 1
                    else phrase("Rubber to {party} ({games} games): +{bonus}", games=needed, **said)
                )
                others = max(total for party, total in totals.items() if party != winner)
                result = RubberResult(winner, dict(totals), totals[winner] - others)
            game = dict.fromkeys(parties, 0)
        played.append(
            RubberHand(settlements[index], shown, dict(games), dict(totals), tuple(events))
        )
        index += 1
    return Rubber(dict(parties), tuple(played), dict(games), dict(totals), result)


def _check_fits(index: int, hand: Hand, first: Hand) -> None:
    if _kind(hand) != _kind(first) or (_kind(first) == "alone" and hand.variant != first.variant):
        raise HandError(
            f"hands[{index}].variant",
            phrase(
                "a rubber is played in one kind of play: {variant} started it (got {variant_played})",
                variant=repr(first.variant.value),
                variant_played=repr(hand.variant.value),
            ),
        )


def _game_winner(game: Mapping[str, int]) -> str | None:
    """The party first to 10: the only one on 10 or more, or the highest of several.

    Players alone can reach 10 in the same hand; equal at the top, nobody wins yet.
    """
    top = max(game.values())
    leaders = [party for party, points in game.items() if points == top]
    return leaders[0] if top >= GAME and len(leaders) == 1 else None


def _strike(game: Mapping[str, int], totals: dict[str, int], winner: str) -> list[Phrase]:
    """003 "škrtat": the other parties' points of this game leave their totals."""
    events = []
    for party, points in game.items():
        if party != winner and points:
            totals[party] -= points
            said: dict[str, Value] = dict(
                winner=_party_text(winner), party=_party_text(party), points=points
            )
            events.append(
                phrase("{winner} strike {party}'s {points} points of the game", **said)
                if winner in ("NS", "EW")
                else phrase("{winner} strikes {party}'s {points} points of the game", **said)
            )
    return events
