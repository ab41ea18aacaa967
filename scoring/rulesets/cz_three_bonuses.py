"""Taroky ve třech bonuses, hlášky and ptáčci (001 "Cena her a hlášek"; RULES §4.2).

A bonus is a side item of the side it belongs to: the announcing side when announced, the
side that achieved it (or whose bird was killed) when silent. Announced and made: +the
announced price; announced and failed, for any reason: −the announced price; silent and
made: +the silent price; a silent bird killed in its own trick: −the silent price. A "—"
of the price table (a silent ``forty``, an announced ``trul``) is refused.

>>> BONUSES["uhu"].price(announced=False), BONUSES["forty"].price(announced=True)
(Decimal('1.5'), Decimal('0.5'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType

from scoring.errors import HandError
from scoring.reader import JsonObject
from scoring.words import gettext_noop, phrase

__all__ = ["BONUSES", "Bonus", "BonusRule", "read_bonuses"]

SIDES = MappingProxyType({"declarer": "declarer", "opponents": "opponents"})


@dataclass(frozen=True)
class BonusRule:
    """One bonus of the price table; ``None`` is the table's "—" (not allowed)."""

    name: str
    title: str  # as players say it (the seed's Czech names)
    what: str
    announced: Decimal | None
    silent: Decimal | None
    bird: bool = False
    points: int | None = None  # forty, fifty: the declarer's points it needs

    def price(self, *, announced: bool) -> Decimal | None:
        return self.announced if announced else self.silent


BONUSES: Mapping[str, BonusRule] = MappingProxyType(
    {
        rule.name: rule
        for rule in (
            BonusRule(
                "pagat",
                gettext_noop("Pagát"),
                gettext_noop("I takes the last trick"),
                Decimal(2),
                Decimal(1),
                bird=True,
            ),
            BonusRule(
                "uhu",
                gettext_noop("Uhu"),
                gettext_noop("II takes the last but one"),
                Decimal(3),
                Decimal("1.5"),
                bird=True,
            ),
            BonusRule(
                "kike",
                gettext_noop("Kike"),
                gettext_noop("III takes the third from last"),
                Decimal(4),
                Decimal(2),
                bird=True,
            ),
            BonusRule(
                "trul",
                gettext_noop("Trul"),
                gettext_noop("I, XXI, Škýz in the side's tricks"),
                None,
                Decimal("0.5"),
            ),
            BonusRule(
                "kings",
                gettext_noop("Královské honéry"),
                gettext_noop("all four Kings in the side's tricks"),
                None,
                Decimal("0.5"),
            ),
            BonusRule(
                "mond_caught",
                gettext_noop("Chycený Mond"),
                gettext_noop("Mond taken by the side's Škýz"),
                None,
                Decimal("0.5"),
            ),
            BonusRule(
                "forty",
                gettext_noop("At least 40"),
                gettext_noop("at least 40 points"),
                Decimal("0.5"),
                None,
                points=40,
            ),
            BonusRule(
                "fifty",
                gettext_noop("At least 50"),
                gettext_noop("at least 50 points"),
                Decimal(1),
                None,
                points=50,
            ),
        )
    }
)


@dataclass(frozen=True)
class Bonus:
    """A bonus entered for a hand: its kind, its side, announced or silent, won or lost."""

    kind: str
    side: str
    announced: bool = False
    won: bool = False

    @property
    def rule(self) -> BonusRule:
        return BONUSES[self.kind]


def read_bonuses(hand: JsonObject, points: int | None, valat_made: bool) -> tuple[Bonus, ...]:
    """Read ``bonuses``: each ``{"kind", "side", "announced", "won"}``, checked with the hand."""
    bonuses: list[Bonus] = []
    for path, entry in hand.objects(
        "bonuses", ("kind", "side", "announced", "won"), ("kind", "side")
    ):
        rule, side = entry.choice("kind", BONUSES), entry.choice("side", SIDES)
        bonus = Bonus(rule.name, side, entry.bool("announced"), entry.bool("won"))
        _check_entry(entry, bonus, points, valat_made)
        _check_beside(bonus, bonuses, path)
        bonuses.append(bonus)
    return tuple(bonuses)


def _check_entry(entry: JsonObject, bonus: Bonus, points: int | None, valat_made: bool) -> None:
    rule, kind = bonus.rule, repr(bonus.kind)
    if rule.price(announced=bonus.announced) is None:
        if bonus.announced:
            raise entry.error(
                "announced",
                phrase(
                    "{kind} cannot be announced: the price table has no such price (got true)",
                    kind=kind,
                ),
            )
        raise entry.error(
            "announced",
            phrase(
                "{kind} cannot be silent: the price table has no such price (got false)",
                kind=kind,
            ),
        )
    if not bonus.announced and not rule.bird and not bonus.won:
        raise entry.error(
            "won", phrase("a silent {kind} is entered only when it was made (got false)", kind=kind)
        )
    if rule.points is not None:
        _check_points_bonus(entry, bonus, rule.points, points)
    if valat_made and bonus.side == "opponents" and bonus.won:
        raise entry.error("won", phrase("the declarer took every trick (a made valat) (got true)"))


def _check_points_bonus(entry: JsonObject, bonus: Bonus, need: int, points: int | None) -> None:
    """``forty`` and ``fifty`` are the declarer's, and made exactly when the points say so
    (``need`` or more)."""
    if bonus.side != "declarer":
        raise entry.error(
            "side",
            phrase("only the declarer announces {kind} (got 'opponents')", kind=repr(bonus.kind)),
        )
    if points is not None and bonus.won != (points >= need):
        raise entry.error(
            "won",
            phrase(
                "{kind} is made with {need} points or more, and the declarer has {points} (got {won})",
                kind=repr(bonus.kind),
                need=need,
                points=points,
                won=str(bonus.won).lower(),
            ),
        )


def _check_beside(bonus: Bonus, earlier: Sequence[Bonus], path: str) -> None:
    """Each kind once; the Trul and a caught Mond lie in the same side's tricks."""
    for other in earlier:
        if other.kind == bonus.kind:
            raise HandError(
                f"{path}.kind", phrase("{kind} is already entered", kind=repr(bonus.kind))
            )
        pair = {other.kind, bonus.kind}
        if pair == {"trul", "mond_caught"} and other.side != bonus.side:
            raise HandError(
                f"{path}.side",
                phrase(
                    "the Trul and the caught Mond are in the {side}' tricks (got {given})",
                    side=other.side,
                    given=repr(bonus.side),
                ),
            )
