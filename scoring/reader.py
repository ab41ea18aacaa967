"""Reading a hand's JSON object field by field, so that every error names its path.

Every ruleset's ``Hand.from_json`` is written with :class:`JsonObject`. JSON ``null`` and
an absent field mean the same (the field's default; a boolean's is always false, RULES
§0.4). Types are strict: a bool is not an integer, and ``2.0`` (or ``Decimal("2")``) is
not an integer either.

>>> hand = JsonObject({"declarer": 5}, "", {"declarer"})
>>> hand.int("declarer", 1, 4)
Traceback (most recent call last):
...
scoring.errors.HandError: declarer: must be an integer from 1 to 4 (got 5)
"""

from __future__ import annotations

import builtins
from collections.abc import Collection, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any, overload

from scoring.cards import declaring_side_points, total_points
from scoring.deck import deck_side_points
from scoring.errors import HandError, UnknownField, clip, quote
from scoring.words import Phrase, phrase

__all__ = ["POINT_FIELDS", "JsonObject", "describe", "read_side_points"]

# The three ways to give the declaring side's card points (RULES §1): exactly one of them.
POINT_FIELDS = ("declarer_points", "declarer_cards", "opponents_cards")

_JSON_TYPES = {
    bool: "a boolean",
    int: "an integer",
    str: "a string",
    dict: "an object",
    list: "a list",
    type(None): "null",
}


def describe(value: object) -> str:
    """``value!r``, plus its JSON type where the repr alone could mislead.

    A JSON number such as ``59.0`` is shown as written (``59.0``), not as a Decimal repr.
    """
    if isinstance(value, Decimal):
        return f"{clip(str(value))}, a decimal number"
    kind = _JSON_TYPES.get(type(value))
    if kind in (None, "an integer", "a string", "null"):
        return quote(value)
    return f"{quote(value)}, {kind}"


def _is_list(value: object) -> bool:
    return isinstance(value, list | tuple)


class JsonObject:
    """A JSON object at ``path`` (``""`` for the hand itself) with a known set of fields."""

    __slots__ = ("data", "path")

    def __init__(self, data: object, path: str, fields: Collection[str]) -> None:
        if not isinstance(data, Mapping):
            raise HandError(
                path or "hand", phrase("must be a JSON object (got {value})", value=describe(data))
            )
        for name in data:
            if name not in fields:
                allowed = ", ".join(sorted(fields))
                raise UnknownField(
                    self._join(path, clip(str(name))),
                    phrase(
                        "unknown field {name} (allowed: {allowed})",
                        name=quote(name),
                        allowed=allowed,
                    ),
                )
        self.data: Mapping[str, Any] = data
        self.path = path

    @staticmethod
    def _join(path: str, name: object) -> str:
        return f"{path}.{name}" if path else str(name)

    def at(self, name: str) -> str:
        """The path of one of this object's fields."""
        return f"{self.path}.{name}" if self.path else name

    def has(self, name: str) -> bool:
        """Whether the field is given (and not null)."""
        return self.data.get(name) is not None

    def error(self, name: str, reason: str | Phrase) -> HandError:
        return HandError(self.at(name), reason)

    def require(self, name: str, reason: str | Phrase | None = None) -> None:
        """The field must be given (and not null); ``reason`` says why when it is not."""
        if self.data.get(name) is None:
            raise self.error(name, phrase("is required") if reason is None else reason)

    def absent(self, name: str, reason: str | Phrase) -> None:
        """The field must be absent or null, or an empty list (it does not apply here)."""
        value = self.data.get(name)
        if value is not None and not (_is_list(value) and not value):
            raise self.error(
                name, phrase("{reason} (got {value})", reason=reason, value=describe(value))
            )

    @overload
    def int(self, name: str, low: int, high: int) -> int | None: ...

    @overload
    def int(self, name: str, low: int, high: int, default: int) -> int: ...

    def int(self, name: str, low: int, high: int, default: int | None = None) -> int | None:
        """An integer field from ``low`` to ``high``; absent or null gives ``default``."""
        value = self.data.get(name)
        if value is None:
            return default
        if type(value) is not int or not low <= value <= high:
            raise self.error(
                name,
                phrase(
                    "must be an integer from {low} to {high} (got {value})",
                    low=low,
                    high=high,
                    value=describe(value),
                ),
            )
        return value

    def required_int(self, name: str, low: builtins.int, high: builtins.int) -> builtins.int:
        """An integer field that must be given, from ``low`` to ``high``."""
        self.require(name)
        value = self.int(name, low, high)
        # require() has refused an absent or null field, and int() returns the others.
        assert value is not None
        return value

    def bool(self, name: str) -> bool:
        """The boolean field; omitted (or null) it is false (RULES §0.4), never required.

        >>> JsonObject({"won": None}, "", {"won"}).bool("won")
        False
        """
        value = self.data.get(name)
        if value is None:
            return False
        if type(value) is not bool:
            raise self.error(
                name, phrase("must be true or false (got {value})", value=describe(value))
            )
        return value

    def choice(self, name: str, choices: Mapping[str, Any], default: Any = None) -> Any:
        """A string naming one of ``choices``; returns the mapped value."""
        value = self.data.get(name)
        if value is None:
            return default
        if type(value) is not str or value not in choices:
            names = ", ".join(repr(c) for c in choices)
            raise self.error(
                name,
                phrase("must be one of {names} (got {value})", names=names, value=describe(value)),
            )
        return choices[value]

    def objects(
        self, name: str, fields: Collection[str], required: Collection[str] = ()
    ) -> Iterator[tuple[str, JsonObject]]:
        """The objects of a list field with their paths; each must give ``required``."""
        for path, item in self.list(name):
            entry = JsonObject(item, path, fields)
            for field in required:
                entry.require(field)
            yield path, entry

    def object(self, name: str, fields: Collection[str]) -> JsonObject | None:
        value = self.data.get(name)
        return None if value is None else JsonObject(value, self.at(name), fields)

    def list(self, name: str) -> Iterator[tuple[str, Any]]:
        """The items of a list field with their paths (``"values[2]"``); absent is empty."""
        value = self.data.get(name)
        if value is None:
            return iter(())
        if not _is_list(value):
            raise self.error(name, phrase("must be a list (got {value})", value=describe(value)))
        path = self.at(name)
        return ((f"{path}[{i}]", item) for i, item in enumerate(value))

    def seat_map(
        self,
        name: str,
        seats: Sequence[builtins.int],
        low: builtins.int,
        high: builtins.int,
    ) -> dict[builtins.int, builtins.int] | None:
        """An object seat → integer, every seat of ``seats`` once (``{"1": 20, "2": 15}``).

        Keys are seat numbers as JSON writes them (strings); integer keys are read too.
        """
        value = self.data.get(name)
        if value is None:
            return None
        path = self.at(name)
        if not isinstance(value, Mapping):
            raise self.error(
                name, phrase("must be an object seat → number (got {value})", value=describe(value))
            )
        keys = {str(key): key for key in value if type(key) in (str, int)}
        if len(keys) < len(value):
            raise self.error(
                name,
                phrase(
                    "gives a seat twice, or a key that is no seat (got {value})", value=quote(value)
                ),
            )
        allowed = tuple(str(seat) for seat in seats)
        for key in keys:
            if key not in allowed:
                raise HandError(
                    f"{path}.{key}",
                    phrase("not a seat of the table {seats}", seats=str(tuple(seats))),
                )
        entries = JsonObject({key: value[k] for key, k in keys.items()}, path, allowed)
        for seat in seats:
            entries.require(
                str(seat),
                phrase("is required: every seat of {seats} is given", seats=str(tuple(seats))),
            )
        return {seat: entries.required_int(str(seat), low, high) for seat in seats}

    def raw(self, name: str) -> Any:
        return self.data.get(name)


def read_side_points(hand: JsonObject, method: str, packs: int = 1) -> int | None:
    """The declaring side's points from one of :data:`POINT_FIELDS` (none given: ``None``).

    ``declarer_points`` is checked against the deal's range; a list of cards is counted by
    ``method`` (the opponents' cards leave the declaring side the rest of the deal). With
    two packs each card names its pack (``K-hearts/2``, :mod:`scoring.deck`).
    """
    given = [name for name in POINT_FIELDS if hand.has(name)]
    if len(given) > 1:
        raise hand.error(
            given[1],
            phrase(
                "give only one of {fields} (got {given})",
                fields=", ".join(POINT_FIELDS),
                given=str(given),
            ),
        )
    if not given or given[0] == "declarer_points":
        return hand.int("declarer_points", 0, total_points(method, packs))
    side = given[0]
    if packs == 2:
        return deck_side_points(
            hand.raw(side), declaring=side == "declarer_cards", field=hand.at(side)
        )
    return declaring_side_points(
        hand.raw(side), method, declaring=side == "declarer_cards", field=hand.at(side)
    )
