"""Czech renonc (000 "Renonc"; RULES §7.2, §7.3): reading, checking and scoring it.

Both Czech rulesets use the same eight renonc kinds. Czech Taroky (``cz_xix``) writes
their codes as RULES §7.2 names them, ``cz.renonc.revoke``; Taroky ve třech
(``cz_three``) under its own name, ``cz_three.renonc.revoke``. A renonc is recorded as
``{"code": …, "seat": offender}``.

**Decision** (RULES §7.2): a renonc voids the hand (nothing else is scored) and the
offender pays each other player the ruleset's renonc amount × the game's flek factor;
``conduct`` adds its penalty without voiding the hand.

>>> renonc = Renonc("cz.renonc.revoke", 2)
>>> renonc.kind, renonc.voids, str(renonc)
('revoke', True, 'Renonc cz.renonc.revoke (seat 2)')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import HandError
from scoring.labels import amount_text, doubled, personal_line
from scoring.reader import JsonObject, describe
from scoring.settlement import Amount, Line, Seat, exact, zero

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

KINDS = (
    "misdeal",
    "varsava_card_not_added",
    "varsava_not_overtrumped",
    "varsava_too_many_taroks",
    "wrong_announcement",
    "revoke",
    "talon_discard",
    "conduct",
)
# Kinds only a Varšava has; of those, the ones only its caller (the forehand) commits.
_VARSAVA_ONLY = frozenset(kind for kind in KINDS if kind.startswith("varsava_"))
_CALLERS_OWN = frozenset({"varsava_card_not_added", "varsava_too_many_taroks"})
# Contracts with no talon to take and discard from (000: Sólo; Varšava's talon is added).
_NO_DISCARD = frozenset({"solo", "varsava"})


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
        return f"Renonc {self.code} (seat {self.seat})"


def read_renoncs(hand: JsonObject, prefix: str, seats: Sequence[Seat]) -> tuple[Renonc, ...]:
    """Read ``penalties``: each ``{"code", "seat"}``, both required."""
    known = codes(prefix)
    renoncs = []
    for _, entry in hand.objects("penalties", ("code", "seat"), ("code",)):
        code = entry.raw("code")
        if code not in known:
            raise entry.error("code", _unknown_code(code, prefix))
        entry.require("seat", f"is required by {code}")
        renoncs.append(Renonc(code, entry.int("seat", seats[0], seats[-1])))
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
    label = "Standalone adjustment: outside any scored hand, only the renoncs' own payments"
    return Line("adjustment", label, zero(seats))


def _unknown_code(code: object, prefix: str) -> str:
    hint = ""
    if isinstance(code, str) and ".renonc." in code:
        hint = f"; this ruleset writes it {prefix}.renonc.{code.rsplit('.', 1)[1]}"
    return f"unknown penalty code {describe(code)} (known: {', '.join(codes(prefix))}){hint}"


def check_renoncs(renoncs: Sequence[Renonc], contract: str | None, declarer: Seat | None) -> None:
    """Check each renonc against the contract and the caller; the first fault is raised."""
    seen: set[tuple[str, Seat]] = set()
    for i, renonc in enumerate(renoncs):
        path, kind = f"penalties[{i}]", renonc.kind
        if (renonc.code, renonc.seat) in seen or (kind == "misdeal" and _has(seen, kind)):
            raise HandError(f"{path}.code", f"{renonc.code} is already recorded in this hand")
        seen.add((renonc.code, renonc.seat))
        if contract is None:
            continue
        if kind in _VARSAVA_ONLY and contract != "varsava":
            raise HandError(f"{path}.code", f"only in a Varšava (got contract {contract!r})")
        if kind == "talon_discard" and contract in _NO_DISCARD:
            raise HandError(f"{path}.code", f"nobody discards in a {contract!r}")
        if kind in _CALLERS_OWN and declarer is not None and renonc.seat != declarer:
            raise HandError(
                f"{path}.seat", f"must be the forehand who called Varšava, {declarer} "
                f"(got {renonc.seat})"
            )  # fmt: skip


def _has(seen: set[tuple[str, Seat]], kind: str) -> bool:
    return any(code.endswith(f".{kind}") for code, _ in seen)


def renonc_lines(
    renoncs: Sequence[Renonc],
    seats: Sequence[Seat],
    amount: Amount,
    level: int,
    names: Sequence[str],
) -> list[Line]:
    """One line a renonc: the offender pays ``amount`` × 2^level to each other player."""
    lines, amount = [], exact(amount)
    for renonc in renoncs:
        parts = [f"{renonc}: {amount_text(amount)} to each"]
        paid = doubled(amount, level, names, parts)
        if renonc.voids:
            parts.append("the hand is not scored")
        lines.append(personal_line("penalty", parts, seats, (renonc.seat,), -paid))
    return lines
