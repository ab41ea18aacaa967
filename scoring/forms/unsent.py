"""Fields a hand form's request did not send take the blank form's values.

The judge's blank hand form sends its folded parts (the cards, Pagat, Valat, values,
penalties) as text a browser running scripts draws only when the judge opens them
(scoring_tags.later, issue 29): a hand saved with a part never opened does not send its
fields. A browser always sends a list's choice and a text field, so such a field missing
from a request was not on the page: it means what the blank form shows (a challenge of
"none", the cards taken by the declaring side), not a field left empty. Check boxes and
multiple choices send nothing when none is ticked, which already means their blank.

Only the fields of a part drawn later are so filled: the page names them in a hidden
`later` field beside each part (scoring_tags.later). Any other field missing from a
request (a hand posted by hand, or by an older page) stays missing and is refused or
left empty as the form says, never given a value the judge did not see.
"""

from __future__ import annotations

from typing import Any

from django import forms

# The hidden field beside each part drawn later: the names of the part's fields.
UNSENT_FIELD = "later"


def _always_sent(widget: forms.Widget) -> bool:
    """Whether a browser sends the field whenever it is on the page, even untouched."""
    if isinstance(widget, forms.CheckboxInput | forms.FileInput):
        return False
    return not getattr(widget, "allow_multiple_selected", False)


def _later_fields(data: Any) -> set[str]:
    """The fields the request's page drew later, as its hidden `later` fields name them."""
    values = data.getlist(UNSENT_FIELD) if hasattr(data, "getlist") else [data.get(UNSENT_FIELD)]
    return {name for value in values if isinstance(value, str) for name in value.split()}


class UnsentMixin:
    """A bound form whose request lacks fields a browser always sends cleans them at
    their initial values, as the blank form rendered them."""

    def full_clean(self) -> None:
        form: Any = self
        later = _later_fields(form.data) if form.is_bound else set()
        if later:
            missing = {
                form.add_prefix(name): form.get_initial_for_field(field, name)
                for name, field in form.fields.items()
                if _always_sent(field.widget)
                and form.add_prefix(name) in later
                and form.add_prefix(name) not in form.data
            }
            missing = {name: value for name, value in missing.items() if value is not None}
            if missing:
                data = form.data.copy()
                for name, value in missing.items():
                    data[name] = str(value)
                form.data = data
        super().full_clean()  # type: ignore[misc]
