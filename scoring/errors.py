"""Errors raised for a hand, a card or a setting that the rules do not allow.

Every error is a :class:`HandError`, itself a :class:`ValueError`, so a caller can catch
broadly (``except ValueError``) or narrowly (``except UnknownRuleset``). Each one names the
field it is about as a path into the hand's JSON and says why, showing the bad value:

>>> str(HandError("pagat.challenge", "a challenge needs an announced Pagat (got 2)"))
'pagat.challenge: a challenge needs an announced Pagat (got 2)'
"""

from __future__ import annotations

from collections.abc import Iterable

from scoring.words import Phrase, phrase

# An error quotes at most this many characters of a bad value: a 2 MB value sent in
# must not come back in the answer.
QUOTE_LENGTH = 80


def clip(text: str) -> str:
    """``text`` cut to :data:`QUOTE_LENGTH` characters with an ellipsis."""
    return text if len(text) <= QUOTE_LENGTH else text[:QUOTE_LENGTH] + "…"


def quote(value: object) -> str:
    """``repr(value)``, cut to :data:`QUOTE_LENGTH` characters with an ellipsis."""
    if isinstance(value, str) and len(value) > 2 * QUOTE_LENGTH:
        value = value[: 2 * QUOTE_LENGTH]  # repr() of a 2 MB string is not needed
    return clip(repr(value))


class HandError(ValueError):
    """A hand that cannot be scored: ``field`` says where (a path), ``reason`` says why.

    ``reason`` may be a :class:`~scoring.words.Phrase`, which a page shows in its reader's
    language (``words``); ``reason`` is always its English, as the API answers it.
    """

    def __init__(self, field: str, reason: str | Phrase) -> None:
        self.words = reason if isinstance(reason, Phrase) else None
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = str(reason)

    def __reduce__(self) -> tuple[type[HandError], tuple[object, ...]]:
        return (type(self), (self.field, self.words or self.reason))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(field={self.field!r}, reason={self.reason!r})"


class UnknownField(HandError):
    """A field that the object it appears in does not have."""


class UnknownCard(HandError):
    """A card name that is not in the 54-card tarock pack."""


class DuplicateCard(HandError):
    """The same card given twice in one list of cards."""


class UnknownHouseRule(HandError):
    """A house-rule name that the ruleset does not define."""


class UnknownRuleset(HandError):
    """A ruleset name that is not registered; the field is always ``"ruleset"``."""

    def __init__(self, name: object, known: Iterable[str] = ()) -> None:
        self.name = name
        self.known = tuple(sorted(known))
        names = ", ".join(self.known)
        reason = (
            phrase("unknown ruleset {name} (known: {known})", name=quote(name), known=names)
            if names
            else phrase("unknown ruleset {name}", name=quote(name))
        )
        super().__init__("ruleset", reason)

    def __reduce__(self) -> tuple[type[HandError], tuple[object, ...]]:
        return (type(self), (self.name, self.known))
