"""JSON in and out with exact amounts: ``Decimal`` is written as a plain JSON number.

>>> from decimal import Decimal
>>> dumps({"deltas": {"1": Decimal("1.50"), "2": Decimal("-1.5"), "3": Decimal("2.0")}})
'{"deltas": {"1": 1.5, "2": -1.5, "3": 2}}'
>>> loads('{"x": 1.50}')
{'x': Decimal('1.50')}

Input from outside (the HTTP endpoint, the command line, a hidden form field) is read
with :func:`read_document`, which also keeps the limits: size, nesting, number bounds
(:mod:`scoring.bounds`) and no key given twice.

>>> read_document(b'{"house_rules": {"renonc_value": 1E-999999}}')
Traceback (most recent call last):
...
scoring.bounds.OutOfBounds: house_rules.renonc_value: must be a number with at most 12 significant digits and an exponent within ±6 (got '1E-999999')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from scoring.bounds import (
    DECIMAL_LIMIT,
    INTEGER_LIMIT,
    MAX_INTEGER_DIGITS,
    MAX_NUMBER_TEXT,
    OutOfBounds,
    clip,
    decimal_problem,
    quote,
)
from scoring.errors import HandError
from scoring.words import Phrase, phrase

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "DocumentError",
    "TooLarge",
    "dumps",
    "freeze",
    "loads",
    "number_text",
    "read_document",
]

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32


class DocumentError(HandError):
    """The document itself is wrong: not UTF-8, not JSON, nested too deep, a key twice."""


class TooLarge(DocumentError):
    """The document is larger than the limits allow (HTTP 413 rather than 400)."""


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _first_repeated(pairs: list[tuple[str, Any]]) -> str:
    """The first key given a second time; the caller has seen that one is."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            break
        seen.add(key)
    return key


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        raise ValueError(f"the key {quote(_first_repeated(pairs))} is given twice")
    return data


def loads(text: str | bytes) -> Any:
    """Parse JSON; numbers with a fraction or exponent become ``Decimal``, never float.

    NaN, Infinity and a key given twice in one object are refused. For input from
    outside use :func:`read_document`, which keeps the limits too.
    """
    return json.loads(
        text,
        parse_float=Decimal,
        parse_constant=_reject_constant,
        object_pairs_hook=_no_repeated_keys,
    )


class _Refused:
    """A value the parser met but refused; :func:`_check_tree` reports it with its path."""

    __slots__ = ("reason",)

    def __init__(self, reason: Phrase) -> None:
        self.reason = reason


class _Repeated(dict[str, Any]):
    """An object that gave ``key`` twice (reported with its path, like a bad number)."""

    key: str = ""


def _repeated_marker(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) == len(pairs):
        return data
    marked = _Repeated(data)
    marked.key = _first_repeated(pairs)
    return marked


def _bounded_decimal(text: str) -> Decimal | _Refused:
    # The written length bounds the work of Decimal() itself; the digits and the
    # exponent are then checked without any arithmetic.
    value = Decimal(text) if len(text) <= MAX_NUMBER_TEXT else None
    if value is None or decimal_problem(value):
        return _Refused(
            phrase(
                "must be {limit} (got {value})",
                limit=DECIMAL_LIMIT,
                value=quote(text),
            )
        )
    return value


def _bounded_int(text: str) -> int | _Refused:
    if len(text.lstrip("-")) > MAX_INTEGER_DIGITS:
        return _Refused(
            phrase(
                "must be {limit} (got {value})",
                limit=INTEGER_LIMIT,
                value=quote(text),
            )
        )
    return int(text)


def _refused_constant(name: str) -> _Refused:
    return _Refused(phrase("NaN and Infinity are not numbers (got {value})", value=name))


def _path(path: str, key: int | str) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    name = quote(key)[1:-1] if len(key) > 40 else key
    return f"{path}.{name}" if path else name


def _check_tree(document: Any) -> None:
    """Refuse a document nested too deep, or holding a refused number or a repeated key.

    Iterative, so that the depth it checks cannot exhaust Python's own stack.
    """
    stack: list[tuple[str, int, Any]] = [("", 0, document)]
    while stack:
        path, depth, value = stack.pop()
        if isinstance(value, _Refused):
            raise OutOfBounds(path or "document", value.reason)
        if not isinstance(value, dict | list):
            continue
        if depth >= MAX_DEPTH:
            raise DocumentError(
                clip(path) or "document",
                phrase("nested deeper than {max_depth} levels", max_depth=MAX_DEPTH),
            )
        if isinstance(value, _Repeated):
            raise DocumentError(_path(path, value.key), phrase("is given twice in one object"))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        stack.extend((_path(path, key), depth + 1, item) for key, item in items)


def read_document(data: str | bytes, *, max_bytes: int = MAX_BYTES) -> Any:
    """Parse JSON from outside, keeping every limit; a :class:`DocumentError` otherwise.

    At most ``max_bytes`` of UTF-8, nested at most :data:`MAX_DEPTH` levels, numbers
    within :mod:`scoring.bounds`, no NaN or Infinity and no key twice in an object. An
    error names the path of the bad value (``"[2].house_rules.renonc_value"``).
    """
    size = len(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    if size > max_bytes:
        raise TooLarge(
            "document", phrase("larger than {kilobytes} KB", kilobytes=max_bytes // 1024)
        )
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise DocumentError(
                "document",
                phrase(
                    "not UTF-8 text (byte {start}: {reason})",
                    start=error.start,
                    reason=error.reason,
                ),
            ) from None
    try:
        document = json.loads(
            data,
            parse_float=_bounded_decimal,
            parse_int=_bounded_int,
            parse_constant=_refused_constant,
            object_pairs_hook=_repeated_marker,
        )
    except RecursionError:
        raise DocumentError(
            "document", phrase("nested deeper than {max_depth} levels", max_depth=MAX_DEPTH)
        ) from None
    except ValueError as error:
        raise DocumentError(
            "document", phrase("not valid JSON ({error})", error=clip(str(error)))
        ) from None
    _check_tree(document)
    return document


def number_text(value: Decimal) -> str:
    """A Decimal as a plain number without trailing zeros: ``1.5``, ``2``, ``-0.25``."""
    if not value.is_finite():
        raise ValueError(f"{value} is not a JSON number")
    if value == 0:
        return "0"
    text = format(value.normalize(), "f")
    return text


def _encode(obj: Any, indent: str | None, level: int) -> str:
    if hasattr(obj, "to_json"):
        obj = obj.to_json()
    if isinstance(obj, Decimal):
        return number_text(obj)
    if obj is None or isinstance(obj, str | bool | int):
        return json.dumps(obj, ensure_ascii=False)
    if isinstance(obj, float):
        raise TypeError(f"floats are not exact amounts (got {obj!r}); use int or Decimal")
    if isinstance(obj, Mapping):
        items = [
            f"{json.dumps(str(k), ensure_ascii=False)}: {_encode(v, indent, level + 1)}"
            for k, v in obj.items()
        ]
        return _join(items, "{", "}", indent, level)
    if isinstance(obj, list | tuple):
        return _join([_encode(v, indent, level + 1) for v in obj], "[", "]", indent, level)
    raise TypeError(f"cannot write {type(obj).__name__} as JSON: {obj!r}")


def _join(items: list[str], opening: str, closing: str, indent: str | None, level: int) -> str:
    if not items:
        return opening + closing
    if indent is None:
        return opening + ", ".join(items) + closing
    inner = "\n" + indent * (level + 1)
    return opening + inner + ("," + inner).join(items) + "\n" + indent * level + closing


def dumps(obj: Any, indent: int | None = None) -> str:
    """Write JSON like :func:`json.dumps`, with Decimals as numbers without trailing zeros.

    Objects with a ``to_json()`` method (a settlement, a line) are written as its result.
    Text is written as UTF-8 characters, not ``\\u`` escapes.
    """
    return _encode(obj, None if indent is None else " " * indent, 0)


def freeze(obj: Any) -> Any:
    """A read-only copy of parsed JSON: objects as mapping proxies, lists as tuples."""
    if isinstance(obj, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in obj.items()})
    if isinstance(obj, list | tuple):
        return tuple(freeze(v) for v in obj)
    return obj


def thaw(obj: Any) -> Any:
    """A plain, mutable copy (dicts and lists) of frozen or parsed JSON."""
    if isinstance(obj, Mapping):
        return {k: thaw(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [thaw(v) for v in obj]
    return obj
