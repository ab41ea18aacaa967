"""The bounds every number read from outside must keep, and how a bad value is quoted.

Exact amounts are ``Decimal``, and Decimal arithmetic costs time with the size of the
exponent: ``1E-999999`` in a house rule made one settlement run for tens of seconds. So
every number that enters the engine — from the HTTP endpoint, the command line, a form
or a tournament's house rules — is read here first:

* an integer has at most :data:`MAX_INTEGER_DIGITS` digits (each field then checks its
  own range);
* a decimal has at most :data:`MAX_DIGITS` significant digits and an exponent within
  ±:data:`MAX_EXPONENT` (``0.000001`` to ``9999999.99999``);
* NaN and Infinity are never numbers.

An error quotes at most :data:`~scoring.errors.QUOTE_LENGTH` characters of the bad value
(:func:`~scoring.errors.quote`).

>>> read_decimal("0.25", "renonc_value")
Decimal('0.25')
>>> read_decimal("1E-999999", "renonc_value")
Traceback (most recent call last):
...
scoring.bounds.OutOfBounds: renonc_value: must be a number with at most 12 significant digits and an exponent within ±6 (got '1E-999999')
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from scoring.errors import QUOTE_LENGTH, HandError, clip, quote
from scoring.words import Phrase, phrase

__all__ = [
    "DECIMAL_LIMIT",
    "INTEGER_LIMIT",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "MAX_INTEGER_DIGITS",
    "MAX_NUMBER_TEXT",
    "QUOTE_LENGTH",
    "OutOfBounds",
    "check_decimal",
    "check_integer",
    "clip",
    "decimal_problem",
    "quote",
    "read_decimal",
    "read_integer",
]

MAX_DIGITS = 12
MAX_EXPONENT = 6
# Far beyond any score, card count or multiplier, and far below the length at which
# Python refuses to convert digits to int (4300).
MAX_INTEGER_DIGITS = 15
DECIMAL_LIMIT = phrase(
    "a number with at most {digits} significant digits and an exponent within ±{exponent}",
    digits=MAX_DIGITS,
    exponent=MAX_EXPONENT,
)
INTEGER_LIMIT = phrase("an integer of at most {digits} digits", digits=MAX_INTEGER_DIGITS)
# Longer text is refused before it is converted at all: no written form of a number
# within the bounds needs more (digits, sign, point, exponent and some leading zeros).
MAX_NUMBER_TEXT = 40


class OutOfBounds(HandError):
    """A number outside the bounds above (or NaN, or Infinity)."""


def decimal_problem(value: Decimal) -> Phrase | None:
    """Why ``value`` is outside the decimal bounds (``None`` when it is within them).

    Looks only at the digits and the exponent, so it costs nothing for ``1E-999999``.
    """
    if not value.is_finite():
        return phrase("NaN and Infinity are not numbers")
    digits = value.as_tuple().digits
    if len(digits) > MAX_DIGITS or not -MAX_EXPONENT <= value.adjusted() <= MAX_EXPONENT:
        return phrase("must be {limit}", limit=DECIMAL_LIMIT)
    return None


def check_decimal(value: Decimal, field: str) -> Decimal:
    """``value`` if it keeps the decimal bounds, else :class:`OutOfBounds` naming ``field``."""
    problem = decimal_problem(value)
    if problem:
        raise OutOfBounds(
            field, phrase("{reason} (got {value})", reason=problem, value=quote(str(value)))
        )
    return value


def check_integer(value: int, field: str) -> int:
    """``value`` if it has at most :data:`MAX_INTEGER_DIGITS` digits."""
    if abs(value) >= 10**MAX_INTEGER_DIGITS:
        # str() of a huge int is itself slow (and refused past 4300 digits): say its size.
        raise OutOfBounds(
            field,
            phrase(
                "must be {limit} (got {bits} bits)",
                limit=INTEGER_LIMIT,
                bits=value.bit_length(),
            ),
        )
    return value


def read_decimal(text: str, field: str) -> Decimal:
    """A decimal written as text, within the bounds; anything else names ``field``."""
    text = text.strip()
    if len(text) > MAX_NUMBER_TEXT:
        raise OutOfBounds(
            field,
            phrase(
                "must be {limit} (got {value})",
                limit=DECIMAL_LIMIT,
                value=quote(text),
            ),
        )
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise OutOfBounds(
            field, phrase("must be a number (got {value})", value=quote(text))
        ) from None
    if not value.is_finite():
        raise OutOfBounds(
            field, phrase("NaN and Infinity are not numbers (got {value})", value=quote(text))
        )
    return check_decimal(value, field)


def read_integer(text: str, field: str) -> int:
    """An integer written in ASCII digits (an optional sign), within the bounds.

    Unicode digits such as ``²`` or ``③`` are refused: ``str.isdigit()`` accepts them
    but they are no number anyone typed on purpose.
    """
    text = text.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not (digits.isascii() and digits.isdigit()):
        raise OutOfBounds(field, phrase("must be an integer (got {value})", value=quote(text)))
    if len(digits.lstrip("0")) > MAX_INTEGER_DIGITS:
        raise OutOfBounds(
            field,
            phrase(
                "must be {limit} (got {value})",
                limit=INTEGER_LIMIT,
                value=quote(text),
            ),
        )
    return int(text)
