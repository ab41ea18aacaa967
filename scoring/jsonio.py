"""JSON in and out with exact amounts: ``Decimal`` is written as a plain JSON number.

>>> from decimal import Decimal
>>> dumps({"deltas": {"1": Decimal("1.50"), "2": Decimal("-1.5"), "3": Decimal("2.0")}})
'{"deltas": {"1": 1.5, "2": -1.5, "3": 2}}'
>>> loads('{"x": 1.50}')
{'x': Decimal('1.50')}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any

__all__ = ["dumps", "freeze", "loads", "number_text"]


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str | bytes) -> Any:
    """Parse JSON; numbers with a fraction or exponent become ``Decimal``, never float."""
    return json.loads(text, parse_float=Decimal, parse_constant=_reject_constant)


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
