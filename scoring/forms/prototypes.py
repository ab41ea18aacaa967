"""A hand form built once per table and language, then copied for each request.

Building a form's fields anew (some 40, with choices Django normalises on every copy)
cost more than the rest of saving a hand; :class:`~scoring.forms.base.HandForm` keeps
the fields it built here and copies them.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping
from typing import Any, NamedTuple

from django import forms


class Prototype(NamedTuple):
    """A built hand form's fields and the attributes its template reads."""

    fields: dict[str, forms.Field]
    attrs: dict[str, Any]


# (form class, seats with names, language) → the form as built; a few tables a process.
PROTOTYPES: dict[tuple, Prototype] = {}
MAX_PROTOTYPES = 256


def _shallow_copy(obj: Any) -> Any:
    """`copy.copy(obj)` for an object that keeps its state in its `__dict__`, as form
    fields and widgets do, without the copy module's general path (a quarter of the time,
    and copying the form's fields was most of building it for a saved hand)."""
    kind: type = type(obj)
    if not _keeps_state_in_dict(kind):
        return copy.copy(obj)
    clone: Any = object.__new__(kind)
    clone.__dict__.update(obj.__dict__)
    return clone


@functools.cache
def _keeps_state_in_dict(kind: type) -> bool:
    return not hasattr(kind, "__copy__") and not hasattr(kind, "__slots__")


def copied_fields(fields: Mapping[str, forms.Field]) -> dict[str, forms.Field]:
    """A copy of each field (and its widget) that a form may change, sharing the choices,
    which no form changes in place (they are replaced, as `_fit_seats` does)."""
    copies = {}
    for name, field in fields.items():
        clone = _shallow_copy(field)
        clone.widget = _shallow_copy(field.widget)
        clone.widget.attrs = field.widget.attrs.copy()
        clone.error_messages = field.error_messages.copy()
        clone.validators = field.validators[:]
        copies[name] = clone
    return copies
