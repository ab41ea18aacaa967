"""House rules: the documented settings of a ruleset, with defaults a tournament may change.

Each ruleset declares a tuple of :class:`HouseRule`; :func:`resolve` applies a hand's or
a tournament's overrides to the defaults, rejecting unknown names and wrongly typed values.

>>> rule = HouseRule("prever_back_multiplier", 3, "int", help="…", minimum=1)
>>> dict(resolve((rule,), {"prever_back_multiplier": 4}))
{'prever_back_multiplier': 4}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

from scoring.bounds import check_decimal, check_integer
from scoring.errors import HandError, UnknownHouseRule
from scoring.reader import describe
from scoring.words import phrase

__all__ = ["KINDS", "HouseRule", "Settings", "resolve"]

KINDS = ("bool", "int", "decimal", "choice")


@dataclass(frozen=True)
class HouseRule:
    """One setting: its name, default, kind (``bool``/``int``/``decimal``/``choice``)…

    ``choices`` lists the allowed values of a ``choice``; ``minimum`` and ``maximum`` bound
    an ``int`` or ``decimal``, which also keeps the bounds of :mod:`scoring.bounds` (so a
    value such as ``1E-999999`` cannot make exact arithmetic crawl); ``source`` says where
    the default comes from.
    """

    name: str
    default: Any
    kind: str
    choices: tuple[str, ...] = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    source: str = ""
    # As a director reads it on a form: the setting, and each choice (marked for the
    # catalogues where the rule is declared; ``name`` stays the JSON key).
    title: str = ""
    choice_titles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"house rule {self.name!r}: unknown kind {self.kind!r}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"house rule {self.name!r}: choices go with kind 'choice'")
        if self.choice_titles and len(self.choice_titles) != len(self.choices):
            raise ValueError(f"house rule {self.name!r}: one title a choice")
        self.check(self.default)

    def __hash__(self) -> int:
        # Equal rules have equal names; hashing the name alone keeps lookups cheap.
        return hash(self.name)

    def check(self, value: object) -> Any:
        """``value`` if it suits this setting, else a :class:`HandError` naming the setting."""
        field = f"house_rules.{self.name}"
        if self.kind == "bool" and type(value) is not bool:
            raise HandError(
                field, phrase("must be true or false (got {value})", value=describe(value))
            )
        if self.kind == "choice" and value not in self.choices:
            names = ", ".join(repr(c) for c in self.choices)
            raise HandError(
                field,
                phrase("must be one of {names} (got {value})", names=names, value=describe(value)),
            )
        if self.kind in ("int", "decimal"):
            self._check_number(field, value)
        return value

    def _check_number(self, field: str, value: object) -> None:
        types = (int,) if self.kind == "int" else (int, Decimal)
        # type() refuses a bool (an int subclass); isinstance() narrows the type for mypy.
        if type(value) not in types or not isinstance(value, int | Decimal):
            got = describe(value)
            if self.kind == "int":
                raise HandError(field, phrase("must be an integer (got {value})", value=got))
            raise HandError(field, phrase("must be a number (got {value})", value=got))
        # The bounds first: comparing is cheap, but the value goes on into arithmetic.
        if isinstance(value, Decimal):
            check_decimal(value, field)
        else:
            check_integer(value, field)
        if self.minimum is not None and value < self.minimum:
            raise HandError(
                field,
                phrase(
                    "must be at least {minimum} (got {value})",
                    minimum=self.minimum,
                    value=describe(value),
                ),
            )
        if self.maximum is not None and value > self.maximum:
            raise HandError(
                field,
                phrase(
                    "must be at most {maximum} (got {value})",
                    maximum=self.maximum,
                    value=describe(value),
                ),
            )


class Settings(Mapping[str, Any]):
    """The resolved settings of a ruleset: every declared name with its value, read-only."""

    __slots__ = ("_rules", "_values")

    def __init__(self, rules: tuple[HouseRule, ...], values: Mapping[str, Any]) -> None:
        self._rules = rules
        self._values = dict(values)

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Settings({self._values!r})"


@cache
def _defaults(declared: tuple[HouseRule, ...]) -> Settings:
    return Settings(declared, {rule.name: rule.default for rule in declared})


def resolve(
    declared_rules: tuple[HouseRule, ...], overrides: Mapping[str, Any] | None = None
) -> Mapping[str, Any]:
    """Every declared setting's value: its default unless ``overrides`` names it.

    Resolving settings already resolved for the same rules returns them as they are.
    """
    if isinstance(overrides, Settings) and overrides._rules is declared_rules:
        return overrides
    if overrides is not None and not isinstance(overrides, Mapping):
        raise HandError(
            "house_rules",
            phrase("must be a JSON object (got {value})", value=describe(overrides)),
        )
    declared = tuple(declared_rules)
    if not overrides:
        return _defaults(declared)
    by_name = {rule.name: rule for rule in declared}
    settings = dict(_defaults(declared))
    for name, value in overrides.items():
        rule = by_name.get(name)
        if rule is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise UnknownHouseRule(
                f"house_rules.{name}", phrase("unknown house rule (known: {known})", known=known)
            )
        settings[name] = rule.check(value)
    return Settings(declared, settings)
