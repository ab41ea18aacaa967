"""The engine's words: marked for the translators, translated where they are shown.

The engine imports no Django, so it cannot translate. A word on its own is marked with
:func:`gettext_noop`; the web side translates it where it shows it
(``{% translate deal.bidder %}``, ``gettext(param.label)``). Wording with numbers and names
in it (a settlement's line label, a hand's summary) is a :class:`Phrase`: an English
template with ``{name}`` blanks and what fills each blank, so a translator can move the
blanks where the language wants them and the page can write the numbers the locale's way.
:func:`phrase` builds one; its name is a keyword of the project's ``makemessages``, which
puts every template in the catalogues.

>>> gettext_noop("Povinost")
'Povinost'
>>> said = phrase("{seat} alone wins {amount} from each of the others",
...               seat=phrase("seat {seat}", seat=4), amount=Decimal("1.50"))
>>> str(said)
'seat 4 alone wins 1.5 from each of the others'
>>> said.to_json()
{'text': '{seat} alone wins {amount} from each of the others', 'values': {'seat': {'text': 'seat {seat}', 'values': {'seat': 4}}, 'amount': Decimal('1.50')}}
>>> Phrase.from_json(said.to_json()) == said
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Union

__all__ = ["Phrase", "Value", "gettext_noop", "joined", "phrase", "plural_phrase", "series", "word"]

Value = Union[int, Decimal, str, "Phrase"]


def gettext_noop(message: str) -> str:
    """``message`` itself: marked for the catalogues, translated where it is shown."""
    return message


@dataclass(frozen=True)
class Phrase:
    """Words for a person to read: an English ``template`` with ``{name}`` blanks, and the
    value of each blank (a number, a text shown as it is, or another phrase).

    ``str()`` is the English; the web side (:mod:`scoring.translate`) translates the
    template and every nested phrase, and writes numbers with the locale's decimal comma.
    """

    template: str
    values: tuple[tuple[str, Value], ...] = ()
    # A counted phrase (:func:`plural_phrase`): its English plural; the count is its ``count``.
    plural: str = ""

    def __str__(self) -> str:
        return self.english().format_map({name: _english(v) for name, v in self.values})

    def english(self) -> str:
        """The English template, in the plural when the phrase is counted and the count
        is not one."""
        return self.plural if self.plural and self.count() != 1 else self.template

    def count(self) -> int:
        """The number a counted phrase counts (0 for any other phrase)."""
        count = dict(self.values).get("count", 0)
        return count if isinstance(count, int) else 0

    def to_json(self) -> dict[str, object]:
        """``{"text": template, "values": {name: value}}``, a nested phrase as its JSON."""
        values = {name: v.to_json() if isinstance(v, Phrase) else v for name, v in self.values}
        data: dict[str, object] = {"text": self.template}
        if values:
            data["values"] = values
        if self.plural:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Phrase:
        """The phrase :meth:`to_json` wrote (as stored with a recorded hand)."""
        raw = data.get("values")
        values = raw.items() if isinstance(raw, Mapping) else ()
        return cls(
            str(data.get("text", "")),
            tuple(
                (str(name), cls.from_json(v) if isinstance(v, Mapping) else v) for name, v in values
            ),
            str(data.get("plural", "")),
        )


def phrase(template: str, /, **values: Value) -> Phrase:
    """A :class:`Phrase`: ``phrase("seat {seat}", seat=4)``. ``template`` is a literal, so
    ``makemessages`` finds it."""
    if not values:
        return _constant(template)
    return Phrase(template, tuple(values.items()))


def plural_phrase(singular: str, plural: str, /, count: int, **values: Value) -> Phrase:
    """A phrase said by ``count``: ``plural_phrase("{count} trick", "{count} tricks", count=2)``.
    A page picks the plural form its language has for ``count`` (Czech and Slovenian have
    several); ``makemessages`` finds both templates."""
    return Phrase(singular, (("count", count), *values.items()), plural)


@cache
def _constant(template: str) -> Phrase:
    # A phrase without blanks is the same every time, and readers build several for each
    # hand they read (the reasons they would refuse it with); a phrase is immutable.
    return Phrase(template)


def word(text: str) -> Phrase:
    """A phrase without blanks, for a word already marked where it is defined (a contract,
    a doubling level): the page translates it like any phrase."""
    return Phrase(text)


def joined(parts: Sequence[Phrase], separator: str = "; ") -> str:
    """The English of several phrases in a row, as a line's label joins its parts."""
    return separator.join(str(part) for part in parts)


def series(parts: Sequence[Value], separator: str = "; ") -> Phrase:
    """Several values in a row as one phrase. Its template is punctuation only, which every
    language writes alike, so it needs no entry in the catalogues.

    >>> str(series([phrase("seat {seat}", seat=1), 12], ", "))
    'seat 1, 12'
    """
    names = [f"p{i}" for i in range(len(parts))]
    template = separator.join("{" + name + "}" for name in names)
    return Phrase(template, tuple(zip(names, parts, strict=True)))


def _english(value: Value) -> str:
    if isinstance(value, Decimal):
        # As amounts are written everywhere: 1.5, never 1.50 (RULES §0.3).
        return "0" if value == 0 else format(value.normalize(), "f")
    return str(value)
