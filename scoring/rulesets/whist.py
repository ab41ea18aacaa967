"""Whist, seed 003 — RULES §6.

Four players in two partnerships, N–S (seats 1 and 3) and E–W (seats 2 and 4), 13 tricks
a hand, the first six of a side the book; or, in hussar and three players, each alone.
A hand writes scores, it pays nothing: each seat gets its side's points (partners both
credited), the other side 0 unless it scored too. Rubbers: :mod:`whist_rubber`.

>>> from scoring.house_rules import resolve
>>> hand = Hand.from_json({"variant": "standard", "tricks": {"NS": 9, "EW": 4},
...                        "honours": {"side": "EW", "count": 4}})
>>> settlement = score(hand, resolve(HOUSE_RULES))
>>> dict(settlement.deltas)
{1: 6, 2: 4, 3: 6, 4: 4}
>>> settlement.lines[0].label
'Tricks N–S: 9 taken, 9−6=3 over the book × 2 = 6; seats 1 and 3 score +6 each'
>>> str(summary({"variant": "standard", "tricks": {"NS": 9, "EW": 4},
...              "honours": {"side": "EW", "count": 4}}))
'Standard: N–S 9, E–W 4; honours E–W 4'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.house_rules import HouseRule, resolve
from scoring.labels import seats_text, written_line
from scoring.levels import Levels
from scoring.penalties import PenaltyEntry
from scoring.rulesets.whist_hand import NAME, SIDE_NAMES, SIDES, TRICKS, Hand, Variant, table_seats
from scoring.rulesets.whist_rubber import Item, Rubber, rubbers_of
from scoring.settlement import Line, Seat, Settlement
from scoring.turns import HandData, Turn, after
from scoring.words import Phrase, Value, gettext_noop, phrase, series, word

__all__ = [
    "DEAL",
    "DRIVE_TRICKS",
    "FORM",
    "HOUSE_RULES",
    "LEVELS",
    "NAME",
    "PENALTIES",
    "PRESETS",
    "PRESET_SOURCES",
    "PRESET_TITLES",
    "RUBBERS",
    "SCORES_IN_CHIPS",
    "SCORE_STEP",
    "SEATS",
    "TABLE_FIELD",
    "TABLE_SIZES",
    "TITLE",
    "ZERO_SUM",
    "Hand",
    "WhistDeal",
    "drive_tricks",
    "hand_items",
    "score",
    "score_rubbers",
    "summary",
]

TITLE = gettext_noop("Whist")  # translated where shown
# 003: four players; RULES §6.1 plays three_player at a table of three (seats 1..3).
TABLE_SIZES: tuple[int, ...] = (4, 3)
ZERO_SUM = False  # RULES §0.2: whist writes scores, nobody pays
SCORES_IN_CHIPS = False  # points: body, točke
SEATS = table_seats  # 1..4, or 1..3 in three_player: a function of the hand
LEVELS = Levels.NONE  # whist has no doubling
PENALTIES: tuple[PenaltyEntry, ...] = ()  # RULES §7 gives whist none
FORM = "scoring.forms.whist.WhistHandForm"
TABLE_FIELD: str | None = None  # three players is a variant; no ruling stands alone
SCORE_STEP: int | None = None  # a trick or an honour scores 1: nothing to check by

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "strike_points", False, "bool",
        title=gettext_noop("Strike the opponents' points (škrtat)"),
        help=gettext_noop(
            "In a rubber, the side that reaches 10 first in a game strikes the opponents' "
            "points of that game from their total."
        ),
        source="RULES §6.2: 003 \"Pravidla někdy také dovolují body škrtat\"",
    ),
)  # fmt: skip

PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "seed": resolve(HOUSE_RULES),
        "strike": resolve(HOUSE_RULES, {"strike_points": True}),
    }
)
# Each preset as a director picks it on the tournament's setup.
PRESET_TITLES: Mapping[str, str] = MappingProxyType(
    {
        "seed": gettext_noop("The seed's rules, no striking"),
        "strike": gettext_noop("Striking points (škrtat)"),
    }
)
PRESET_SOURCES: Mapping[str, str] = MappingProxyType(
    {
        "seed": "Whist, seed 003 (deskovehry.cz), as RULES.md reads it: no striking",
        "strike": '003 "škrtat": the side first to 10 in a game strikes the opponents\' '
        "points of that game",
    }
)


@dataclass(frozen=True)
class WhistDeal:
    """The deal passes to the left each hand (003: the forehand sits at the dealer's left).

    Seats are numbered in playing order, so the next dealer is the next seat, and the
    forehand, who leads first, the seat after the dealer. A hand does not record its
    dealer, so the rotation is counted from seat 1 dealing the round's first hand (the
    judge overrides it when the cut gave another dealer).
    """

    sits_out_at: int | None = None
    # Whist's own word: "předák" is the Czech tarock's, said only in Czech.
    bidder: str = gettext_noop("forehand, who leads")
    first_hand: str = gettext_noop(
        "Seat 1 deals the first hand, the deal passes to the left; the forehand at the "
        "dealer's left leads."
    )

    def next_turn(self, hands: Sequence[HandData], seats: int) -> Turn | None:
        """Seat 1, then one seat on for every hand recorded."""
        dealer = after(1, seats, len(hands))
        return Turn(dealer, after(dealer, seats))

    def dealer_of(self, hand: HandData, seats: int) -> Seat | None:
        """Never told: a whist hand records tricks and honours, not its dealer."""
        return None


DEAL = WhistDeal()

BOOK = 6  # a side's first six tricks (003 "kniha")
SLAMS = {
    TRICKS - 1: (gettext_noop("Small slam"), gettext_noop("the opponents took one trick"), 30),
    TRICKS: (gettext_noop("Grand slam"), gettext_noop("the opponents took no trick"), 50),
}
# The points of a trick over the book, and why (RULES §6.1).
_TRICK_VALUE = {
    Variant.STANDARD: (2, ""),
    Variant.GRAND: (4, gettext_noop("grand")),
    Variant.FLYING_DUCK: (4, gettext_noop("flying duck")),
}
_GRAND_ACES = {3: 2, 4: 4}  # grand: three aces 2, four aces 4
_HUSSAR_HONOURS = {3: 1, 4: 2, 5: 3}
_ALONE_LIMIT = {
    Variant.THREE_PLAYER: (4, gettext_noop("over four")),
    Variant.HUSSAR: (3, gettext_noop("from the fourth on")),
}


def _party_name(party: str) -> Value:
    return SIDE_NAMES.get(party) or seats_text([int(party)])


_CAYENNE = {
    True: (4, gettext_noop("cayenne, the dealer's trump kept: doubled")),
    False: (2, gettext_noop("cayenne, another trump named")),
}


def _trick_value(hand: Hand) -> tuple[int, str]:
    """A trick's points over the book, and the reason shown in the label."""
    if hand.variant is Variant.CAYENNE:
        return _CAYENNE[hand.cayenne_accepted]
    return _TRICK_VALUE[hand.variant]


def hand_items(hand: Hand) -> tuple[Item, ...]:
    """What the hand scores, party by party: tricks, then honours, then slams.

    Rubbers read the same items as :func:`score`: tricks and honours count towards the
    game, slams only towards the total.
    """
    if hand.variant in _ALONE_LIMIT:
        return (*_alone_tricks(hand), *_hussar_honours(hand))
    return (*_side_tricks(hand), *_side_honours(hand), *_slams(hand))


def _side_tricks(hand: Hand) -> list[Item]:
    value, why = _trick_value(hand)
    items = []
    for party, taken in hand.party_tricks().items():
        if taken > BOOK:
            over = taken - BOOK
            said: dict[str, Value] = dict(
                party=_party_name(party), taken=taken, book=BOOK, over=over, value=value
            )
            text = (
                phrase(
                    "Tricks {party}: {taken} taken, {taken}−{book}={over} over the book"
                    " × {value} ({why}) = {points}", why=word(why), points=over * value, **said,
                )
                if why
                else phrase(
                    "Tricks {party}: {taken} taken, {taken}−{book}={over} over the book"
                    " × {value} = {points}", points=over * value, **said,
                )
            )  # fmt: skip
            items.append(Item("tricks", party, over * value, text))
    return items


def _side_honours(hand: Hand) -> list[Item]:
    honours = hand.honours
    if honours is None:
        return []
    party, count = str(honours.holder), honours.count
    who = _party_name(party)
    if hand.variant is Variant.GRAND:
        points = _GRAND_ACES.get(count, 0)
        text = (
            phrase(
                "Honours {party} (grand): {count} aces = {points}",
                party=who,
                count=count,
                points=points,
            )
            if points
            else phrase(
                "Honours {party} (grand): {count} aces score nothing (3 or 4 score)",
                party=who,
                count=count,
            )
        )
        return [Item("honours", party, points, text)]
    if count < 3:
        text = phrase(
            "Honours {party}: {count} of A K Q J 10 of trumps score nothing (3, 4 or 5 score)",
            party=who, count=count,
        )  # fmt: skip
        return [Item("honours", party, 0, text)]
    if hand.variant is Variant.CAYENNE and hand.cayenne_accepted:
        text = phrase(
            "Honours {party}: {count} of A K Q J 10 of trumps = {count}, the dealer's trump "
            "kept ×2 = {points}", party=who, count=count, points=count * 2,
        )  # fmt: skip
        return [Item("honours", party, count * 2, text)]
    text = phrase(
        "Honours {party}: {count} of A K Q J 10 of trumps = {count}", party=who, count=count
    )
    return [Item("honours", party, count, text)]


def _slams(hand: Hand) -> list[Item]:
    items = []
    for party, taken in hand.party_tricks().items():
        if taken in SLAMS:
            name, why, bonus = SLAMS[taken]
            text = phrase(
                "{slam} {party}: {taken} tricks, {why}: +{bonus}",
                slam=word(name), party=_party_name(party), taken=taken, why=word(why), bonus=bonus,
            )  # fmt: skip
            items.append(Item("slam", party, bonus, text))
    return items


def _alone_tricks(hand: Hand) -> list[Item]:
    limit, how = _ALONE_LIMIT[hand.variant]
    items = []
    for party, taken in hand.party_tricks().items():
        if taken > limit:
            over = taken - limit
            text = phrase(
                "Tricks {party}: {taken} taken, {taken}−{limit}={over} {how} × 2 = {points}",
                party=_party_name(party), taken=taken, limit=limit, over=over, how=word(how),
                points=over * 2,
            )  # fmt: skip
            items.append(Item("tricks", party, over * 2, text))
    return items


def _hussar_honours(hand: Hand) -> list[Item]:
    honours = hand.honours
    if honours is None:
        return []
    party, count = str(honours.holder), honours.count
    points = _HUSSAR_HONOURS.get(count, 0)
    said: dict[str, Value] = dict(party=_party_name(party), count=count)
    text = (
        phrase(
            "Honours {party} (hussar): {count} of A K Q J 10 of trumps = {points}",
            points=points,
            **said,
        )
        if points
        else phrase(
            "Honours {party} (hussar): {count} of A K Q J 10 of trumps score nothing (3, 4 or 5 score)",
            **said,
        )
    )
    return [Item("honours", party, points, text)]


def score(hand: Hand, rules: Mapping[str, Any]) -> Settlement:
    """Score a validated hand: one line per item, each seat credited its side's points.

    No house rule changes a hand's score (``strike_points`` is a rubber's).
    """
    seats, parties = hand.seats, hand.parties
    lines: list[Line] = [
        written_line(item.item, [item.text], seats, parties[item.party], item.points)
        for item in hand_items(hand)
    ]
    return Settlement(NAME, seats, tuple(lines))


def score_rubbers(hands: Sequence[Hand], rules: Mapping[str, Any]) -> tuple[Rubber, ...]:
    """Validated hands in order as rubbers played one after another (RULES §6.2): each
    with its running score, games and, once ended, its result; the hand after a rubber's
    end starts the next rubber, so only the last one may be unfinished.

    Raises :class:`HandError` naming ``hands`` when there is none, or ``hands[i].variant``
    for a hand of another kind of play than its rubber's first (partnerships, hussar and
    three players are not mixed within a rubber).
    """
    rules = resolve(HOUSE_RULES, rules)
    return rubbers_of(hands, [score(hand, rules) for hand in hands],
                      [hand_items(hand) for hand in hands], rules["strike_points"])  # fmt: skip


# The registry's optional part: whist plays rubbers (tarock rulesets set it to None).
RUBBERS = score_rubbers


def drive_tricks(hand: Mapping[str, Any], seats: Sequence[Seat]) -> dict[Seat, int]:
    """A recorded hand's tricks by seat, for a whist drive (RULES §6.3): a side's tricks
    credited to both partners, a seat playing alone its own.

    >>> drive_tricks({"variant": "standard", "tricks": {"NS": 8, "EW": 5}}, (1, 2, 3, 4))
    {1: 8, 3: 8, 2: 5, 4: 5}
    """
    parsed = Hand.from_json({key: value for key, value in hand.items() if key != "ruleset"})
    taken = parsed.party_tricks()
    return {
        seat: taken[party]
        for party, members in parsed.parties.items()
        for seat in members
        if seat in seats
    }


# The registry's optional part: whist can be played as a drive (each player's tricks).
DRIVE_TRICKS = drive_tricks


def summary(hand: Mapping[str, Any]) -> Phrase:
    """A recorded hand in one line: ``Cayenne (trump kept): N–S 8, E–W 5; honours N–S 4``."""
    variant: Value = str(hand.get("variant") or "").replace("_", " ").capitalize() or "—"
    if hand.get("cayenne_accepted"):
        variant = phrase("{variant} (trump kept)", variant=variant)
    tricks = hand.get("tricks") or {}
    if set(tricks) <= set(SIDES):
        taken: Value = series(
            [series([SIDE_NAMES.get(key, key), str(count)], " ") for key, count in tricks.items()],
            ", ",
        )
    else:  # each seat alone
        counts = "/".join(str(count) for _seat, count in sorted(tricks.items()))
        taken = phrase("seats {counts}", counts=counts)
    parts = [phrase("{variant}: {tricks}", variant=variant, tricks=taken)]
    honours = hand.get("honours")
    if honours:
        side = honours.get("side")
        holder = (
            SIDE_NAMES.get(side, side)
            if side
            else phrase("seat {seat}", seat=str(honours.get("seat")))
        )
        parts.append(
            phrase("honours {holder} {count}", holder=holder, count=str(honours.get("count")))
        )
    return series(parts)
