"""Reading an archive's values as the site's own fields would take them.

Each check names where in the file a value sits (``rounds[0].tables[1].version``, lists
counted from 0) and refuses in words, with nothing written: a value of the wrong type, a
choice the model does not offer, text longer than its column, a number outside the
column's range (the ranges PostgreSQL keeps, whatever the database: SQLite would store
2**40 in a PositiveIntegerField that a move to PostgreSQL then refuses).
"""

import datetime
import uuid
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, NoReturn

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from scoring.errors import quote
from tournaments.archive.common import ArchiveError

INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges
# Any number in the file: far beyond every column and amount, and small enough that the
# checksum's exact writing of it (int(Decimal)) costs nothing.
MAX_EXPONENT = 20
_LIMIT = 10**MAX_EXPONENT


def refuse(where: str, problem: str) -> NoReturn:
    """Raise the archive's refusal: where in the file, and what is wrong there."""
    problem = " ".join(str(problem).split()).rstrip(".")
    raise ArchiveError(
        _("%(where)s: %(problem)s. Nothing was imported.") % {"where": where, "problem": problem}
    )


def at(where: str, key: str) -> str:
    """The path of `key` inside the object at `where` (the document itself: "")."""
    name = quote(key)[1:-1]
    return f"{where}.{name}" if where else name


def _kind(where: str, value: Any, kind: str) -> NoReturn:
    refuse(where, _("must be %(kind)s (got %(value)s)") % {"kind": kind, "value": quote(value)})


def whole(value: Any, where: str) -> int:
    """An integer (not true or false, not 1.0)."""
    if type(value) is not int:
        _kind(where, value, _("a whole number"))
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        _kind(where, value, _("text"))
    return value


def listed(value: Any, where: str) -> list:
    if not isinstance(value, list):
        _kind(where, value, _("a list"))
    return value


def record(value: Any, where: str, keys: Iterable[str]) -> dict[str, Any]:
    """An object with exactly these keys (as the export writes it)."""
    if not isinstance(value, dict):
        _kind(where, value, _("an object"))
    keys = list(keys)
    for key in keys:
        if key not in value:
            refuse(at(where, key), _("is missing"))
    for key in value:
        if key not in keys:
            refuse(at(where, key), _("is not part of an archive"))
    return value


def _messages(error: ValidationError) -> str:
    return "; ".join(error.messages)


def field(model: type[models.Model], name: str, value: Any, where: str) -> Any:
    """`value` as the column `model.name` takes it (a date or a moment parsed); else a
    refusal naming `where`. The file must hold it as the export writes it."""
    column = model._meta.get_field(name)
    try:
        if value is None:
            if not column.null:
                raise ValidationError(column.error_messages["null"])
            return None
        value = _typed(column, value, where)
        column.validate(value, None)
        exact = isinstance(column, models.DecimalField)
        column.run_validators(Decimal(value) if exact else value)
    except ValidationError as error:
        refuse(where, _messages(error))
    return value


def _typed(column: models.Field, value: Any, where: str) -> Any:
    internal = column.get_internal_type()
    if internal in INTEGER_RANGES:
        low, high = INTEGER_RANGES[internal]
        whole(value, where)
        MinValueValidator(low)(value)
        MaxValueValidator(high)(value)
        return value
    if isinstance(column, models.BooleanField):
        if type(value) is not bool:
            _kind(where, value, _("true or false"))
        return value
    if isinstance(column, models.DecimalField):
        return amount(value, where)
    if isinstance(column, models.DateTimeField):
        return moment(value, where)
    if isinstance(column, models.DateField):
        return day(value, where)
    if isinstance(column, models.UUIDField):
        text(value, where)
        try:
            parsed = uuid.UUID(value)
        except ValueError:
            parsed = None
        if parsed is None or str(parsed) != value:
            _kind(where, value, _("an id as the site writes it"))
        return value
    return text(value, where)


def amount(value: Any, where: str) -> int | Decimal:
    """An exact amount: an int or a Decimal (a number with a fraction, as read)."""
    if type(value) not in (int, Decimal):
        _kind(where, value, _("a number"))
    return value


def day(value: Any, where: str) -> datetime.date:
    text(value, where)
    try:
        parsed = datetime.date.fromisoformat(value)
    except ValueError:
        parsed = None
    if parsed is None or parsed.isoformat() != value:
        _kind(where, value, _("a date as the site writes it (YYYY-MM-DD)"))
    return parsed


def moment(value: Any, where: str) -> datetime.datetime:
    """A moment as the export writes it: ISO 8601 in UTC."""
    text(value, where)
    try:
        parsed = datetime.datetime.fromisoformat(value)
        canonical = parsed.astimezone(datetime.UTC).isoformat() if parsed.tzinfo else None
    except (ValueError, OverflowError):
        canonical = None
    if canonical != value:
        _kind(where, value, _("a moment in UTC as the site writes it"))
    return parsed


def clean(value: Any, where: str) -> None:
    """Refuse what no column or check below should meet: a number too large to write
    exactly, NaN, and text PostgreSQL refuses (a NUL character, half a surrogate pair).

    Walks the whole document without recursion. A file of 50 MB may hold millions of
    values: a list's values are checked a kind at a time, at C speed where Python has it,
    and a place is named only for the value refused."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        value, where = stack.pop()
        if type(value) is list:
            kinds = set(map(type, value))
            if _plain(value, kinds):
                if dict in kinds or list in kinds:
                    stack.extend(
                        (item, f"{where}[{index}]")
                        for index, item in enumerate(value)
                        if type(item) is dict or type(item) is list
                    )
                continue
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if type(key) is str and not _clean_text(key):
                refuse(at(where, key), _("holds a NUL character or text that is not Unicode"))
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, _child(where, key)))
            elif kind is str:
                if not _clean_text(item):
                    refuse(
                        _child(where, key), _("holds a NUL character or text that is not Unicode")
                    )
            elif kind is int:
                if not -_LIMIT < item < _LIMIT:
                    _kind(_child(where, key), item, _("a number of sensible size"))
            elif kind is Decimal and _too_large(item):
                _kind(_child(where, key), item, _("a number of sensible size"))


def _plain(items: list, kinds: set[type]) -> bool:
    """Whether a list's numbers and text are clean (its lists and objects are looked at
    on their own)."""
    if int in kinds:
        numbers = [item for item in items if type(item) is int]
        if not (min(numbers) > -_LIMIT and max(numbers) < _LIMIT):
            return False
    if str in kinds and not _clean_text("".join(item for item in items if type(item) is str)):
        return False
    return Decimal not in kinds or not any(
        _too_large(item) for item in items if type(item) is Decimal
    )


def _child(where: str, key: str | int) -> str:
    return f"{where}[{key}]" if type(key) is int else at(where, key)


def _too_large(value: Decimal) -> bool:
    return not value.is_finite() or abs(value.adjusted()) > MAX_EXPONENT


def _clean_text(value: str) -> bool:
    if value.isascii():
        return "\x00" not in value
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in value
