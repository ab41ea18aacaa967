"""Czech renonc (000 "Renonc"; RULES §7.2, §7.3): reading, checking and scoring it.

Both Czech rulesets use the same eight renonc kinds, written as RULES §7.2 names them,
``cz.renonc.revoke`` (RULES §7.3 tells Taroky ve třech to use them too); Taroky ve třech
(``cz_three``) also reads them under its own name, ``cz_three.renonc.revoke``, the
spelling of its catalogue. A renonc is recorded as ``{"code": …, "seat": offender}``.

**Decision** (RULES §7.2): a renonc voids the hand (nothing else is scored) and the
offender pays each other player the ruleset's renonc amount × the game's flek factor;
``conduct`` adds its penalty without voiding the hand.

>>> renonc = Renonc("cz.renonc.revoke", 2)
>>> renonc.kind, renonc.voids, str(renonc)
('revoke', True, 'Renonc: Revoke (seat 2)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scoring.errors import HandError
from scoring.labels import doubled, personal_line, seats_text
from scoring.levels import Levels
from scoring.reader import JsonObject, describe
from scoring.settlement import Amount, Line, Seat, exact, zero
from scoring.words import Phrase, gettext_noop, phrase, series, word

__all__ = [
    "KINDS",
    "Renonc",
    "adjustment_line",
    "check_renoncs",
    "codes",
    "penalties_only",
    "read_renoncs",
    "renonc_lines",
]

# kind → its title, as the rulings and every line name it
KINDS: Mapping[str, str] = MappingProxyType(
    {
        "misdeal": gettext_noop("Misdeal"),
        "varsava_card_not_added": gettext_noop("Talon card not added in Varšava"),
        "varsava_not_overtrumped": gettext_noop("Tarok not overtrumped in Varšava"),
        "varsava_too_many_taroks": gettext_noop("Varšava called with more than three taroks"),
        "wrong_announcement": gettext_noop("Wrong announcement"),
        "revoke": gettext_noop("Revoke"),
        "talon_discard": gettext_noop("Wrong talon discard"),
        "conduct": gettext_noop("Breach of players' discipline"),
    }
)
# Kinds only a Varšava has; of those, the ones only its caller (the forehand) commits.
_VARSAVA_ONLY = frozenset(kind for kind in KINDS if kind.startswith("varsava_"))
_CALLERS_OWN = frozenset({"varsava_card_not_added", "varsava_too_many_taroks"})
# Contracts with no talon to take and discard from (000: Sólo; Varšava's talon is added).
_NO_DISCARD = frozenset({"solo", "varsava"})
# What the seat sitting a hand out can commit: it deals, and it sits at the table.
_SITTERS_OWN = frozenset({"misdeal", "conduct"})


def codes(prefix: str) -> tuple[str, ...]:
    """The eight codes under ``prefix``: ``cz.renonc.misdeal`` …"""
    return tuple(f"{prefix}.renonc.{kind}" for kind in KINDS)


@dataclass(frozen=True)
class Renonc:
    """A renonc of ``seat``; ``code`` is written in full (``cz.renonc.revoke``)."""

    code: str
    seat: Seat

    @property
    def kind(self) -> str:
        return self.code.rsplit(".", 1)[1]

    @property
    def voids(self) -> bool:
        """Whether the hand is not scored (every kind but ``conduct``)."""
        return self.kind != "conduct"

    def __str__(self) -> str:
        return str(self.said)

    @property
    def said(self) -> Phrase:
        """The renonc as its line names it: ``Renonc: Revoke (seat 2)``."""
        title = word(KINDS.get(self.kind, self.kind))
        return phrase("Renonc: {renonc} ({seat})", renonc=title, seat=seats_text([self.seat]))


def read_renoncs(
    hand: JsonObject, prefix: str, seats: Sequence[Seat], aliases: Sequence[str] = ()
) -> tuple[Renonc, ...]:
    """Read ``penalties``: each ``{"code", "seat"}``, both required.

    Codes are written under ``prefix`` or one of the ``aliases`` (``cz_three.renonc.revoke``
    or ``cz.renonc.revoke``); each renonc keeps the spelling it was given.
    """
    known = {code for name in (prefix, *aliases) for code in codes(name)}
    renoncs = []
    for _, entry in hand.objects("penalties", ("code", "seat"), ("code",)):
        code = entry.raw("code")
        # A list or an object sent as the code is no code either (and not hashable).
        if not isinstance(code, str) or code not in known:
            raise entry.error("code", _unknown_code(code, prefix, aliases))
        entry.require("seat", phrase("is required by {code}", code=code))
        renoncs.append(Renonc(code, entry.required_int("seat", seats[0], seats[-1])))
    return tuple(renoncs)


def penalties_only(hand: JsonObject, also: tuple[str, ...], unset: tuple[str, ...]) -> bool:
    """Whether the hand is a standalone ruling: renoncs and no game.

    ``also`` names more fields it may give (the sitter); a field of ``unset`` at its
    default (``flek: 0``, ``hlasky: []``) counts as not given. Such a hand scores only its
    renoncs' own payments (the director's ledger records one).
    """
    given = {
        name
        for name, value in hand.data.items()
        if value is not None and not (name in unset and not value)
    }
    return bool(hand.raw("penalties")) and given <= {"ruleset", "penalties", *also}


def adjustment_line(seats: Sequence[Seat]) -> Line:
    """The zero line that opens a standalone ruling."""
    label = phrase("Standalone adjustment: outside any scored hand, only the renoncs' own payments")
    return Line("adjustment", label, zero(seats))


def _unknown_code(code: object, prefix: str, aliases: Sequence[str] = ()) -> Phrase:
    hint: Phrase | str = ""
    if isinstance(code, str) and ".renonc." in code:
        written = f"{prefix}.renonc.{code.rsplit('.', 1)[1]}"
        hint = phrase("; this ruleset writes it {code}", code=written)
    also = [phrase(", or the same under {alias}.renonc", alias=alias) for alias in aliases]
    return phrase(
        "unknown penalty code {code} (known: {known}{also}){hint}",
        code=describe(code),
        known=", ".join(codes(prefix)),
        also=series(also, ""),
        hint=hint,
    )


def check_renoncs(
    renoncs: Sequence[Renonc],
    contract: str | None,
    declarer: Seat | None,
    *,
    sitter: Seat | None = None,
    discarder: Seat | None = None,
) -> None:
    """Check each renonc against the contract and the caller; the first fault is raised.

    ``sitter`` is the seat sitting the hand out (Taroky ve třech): it deals, so it may
    misdeal, and anyone may offend by ``conduct``, but outside a Varšava (where it plays
    the talon) it plays no card and announces nothing. ``discarder`` is the only seat that
    discards to the talon, when the ruleset says so (Taroky ve třech: the declarer).
    """
    seen: set[tuple[str, Seat]] = set()
    for i, renonc in enumerate(renoncs):
        path, kind = f"penalties[{i}]", renonc.kind
        # By kind: the same renonc under two spellings of its code is still one renonc.
        if (kind, renonc.seat) in seen or (kind == "misdeal" and _has(seen, kind)):
            raise HandError(
                f"{path}.code", phrase("{code} is already recorded in this hand", code=renonc.code)
            )
        seen.add((kind, renonc.seat))
        if contract is None:
            continue
        if renonc.seat == sitter and contract != "varsava" and kind not in _SITTERS_OWN:
            raise HandError(
                f"{path}.seat",
                phrase(
                    "seat {sitter} sits this hand out: it plays no card and announces nothing, so only misdeal or conduct (got {seat})",
                    sitter=sitter,
                    seat=renonc.seat,
                ),
            )
        if kind == "talon_discard" and discarder is not None and renonc.seat != discarder:
            raise HandError(
                f"{path}.seat",
                phrase(
                    "only the declarer, {discarder}, discards to the talon (got {seat})",
                    discarder=discarder,
                    seat=renonc.seat,
                ),
            )
        if kind in _VARSAVA_ONLY and contract != "varsava":
            raise HandError(
                f"{path}.code",
                phrase("only in a Varšava (got contract {contract})", contract=repr(contract)),
            )
        if kind == "talon_discard" and contract in _NO_DISCARD:
            raise HandError(
                f"{path}.code", phrase("nobody discards in a {contract}", contract=repr(contract))
            )
        if kind in _CALLERS_OWN and declarer is not None and renonc.seat != declarer:
            raise HandError(
                f"{path}.seat",
                phrase(
                    "must be the forehand who called Varšava, {declarer} (got {seat})",
                    declarer=declarer,
                    seat=renonc.seat,
                ),
            )


def _has(seen: set[tuple[str, Seat]], kind: str) -> bool:
    return any(seen_kind == kind for seen_kind, _ in seen)


def renonc_lines(
    renoncs: Sequence[Renonc],
    seats: Sequence[Seat],
    amount: Amount,
    level: int,
    levels: Levels,
) -> list[Line]:
    """One line a renonc: the offender pays ``amount`` × 2^level to each other player."""
    lines, amount = [], exact(amount)
    for renonc in renoncs:
        parts = [phrase("{renonc}: {amount} to each", renonc=renonc.said, amount=amount)]
        paid = doubled(amount, level, levels, parts)
        if renonc.voids:
            parts.append(phrase("the hand is not scored"))
        lines.append(personal_line("penalty", parts, seats, (renonc.seat,), -paid))
    return lines
