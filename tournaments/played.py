"""A recorded hand as a table's standing reads it (`PlayedHand`, read by
`HandQuerySet.played_rows`), without its model: what the judge's page and a saved hand's
answer show."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import models
from django.db.models.fields.json import KeyTransform
from django.utils.translation import gettext_lazy as _


def seat_keys(deltas: dict[str, int | Decimal]) -> dict[int, int | Decimal]:
    """A hand's deltas by seat number (JSON keys are strings); the exact decoder has
    already read the amounts as int or Decimal."""
    return {int(seat): amount for seat, amount in deltas.items()}


@dataclass(frozen=True)
class PlayedHand:
    """A recorded hand as the judge's page and a saved hand's answer read it: its number,
    whether it was deleted, the engine's input and what it moved (seat → chips, exact)."""

    number: int
    deleted: bool
    data: dict[str, Any]
    moved: dict[str, int | Decimal]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}

    def deltas(self) -> dict[int, int | Decimal]:
        """What the hand moved, seat number → chips (see `Hand.deltas`)."""
        return seat_keys(self.moved)


class HandQuerySet(models.QuerySet):
    def played_rows(self) -> "HandQuerySet":
        """The hands in order as a table's standing reads them, a `PlayedHand` a row: their
        numbers, data and what they moved, and no settlement's lines (most of a
        settlement's size, read only by a hand's history) nor model instances: on the
        judge's page these were most of the reading (bench/bench_requests.py)."""
        return self.order_by("number").values_list(
            "number", "deleted", "data", KeyTransform("deltas", "settlement")
        )
