"""How amounts read on paper: a real minus sign, and no trailing zeros on decimals."""

from decimal import Decimal

from tournaments.printing.document_data import Amount

# U+2212: a hyphen-minus is too short to see on a photocopied sheet.
MINUS = "\u2212"


def format_amount(value: Amount, *, signed: bool = False) -> str:
    """An amount as printed; `signed` puts a plus on positive amounts (a hand's deltas).

    >>> format_amount(-3), format_amount(Decimal("2.50")), format_amount(3, signed=True)
    ('−3', '2.5', '+3')
    >>> format_amount(Decimal("100.00")), format_amount(Decimal("-0.0"), signed=True)
    ('100', '0')
    """
    # normalize() drops the trailing zeros, and "f" keeps 1E+2 from printing as such.
    digits = f"{abs(value).normalize():f}" if isinstance(value, Decimal) else str(abs(value))
    if value < 0:
        return MINUS + digits
    if signed and value > 0:
        return "+" + digits
    return digits
