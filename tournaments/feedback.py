"""What a POST view tells the user when its input or the tournament's state refuses it.

The views redirect after a POST, so a refusal travels as a page message: a form's errors
(`form_refused`) or a service's refusal (`service_refusals`). One place turns both into
the plain text the user reads.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import quote

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from scoring import HandError
from scoring.errors import clip
from scoring.forms import refusal_text
from tournaments.recording import RecordingError, StaleTable, TableLocked
from tournaments.services import TournamentError

# The refusals a service states in words for the user; anything else is a bug and must
# still reach the error log as a 500.
SERVICE_ERRORS = (TournamentError, RecordingError, HandError)


@dataclass
class Outcome:
    """Whether the service call inside `service_refusals` went through, and if not why,
    in words (for a locked table, the lock's own message)."""

    ok: bool = True
    message: str = ""
    # The refusal is a conflict: another device changed the table since the form was
    # built (the phone's queue shows the two side by side).
    conflict: bool = False

    @property
    def refusal(self) -> str:
        """The refusal as `told_phone` names it: "conflict" or "refused"."""
        return "conflict" if self.conflict else "refused"


@contextmanager
def service_refusals(request: HttpRequest) -> Iterator[Outcome]:
    """Run a service call; a refusal becomes the page's error message.

    The statements after the refused call do not run, and `outcome.ok` is False::

        with service_refusals(request) as outcome:
            round_ = services.draw_next_round(tournament=tournament, by=request.user)
            messages.success(request, "Drawn.")
        if not outcome.ok:
            return redirect(tournament)
    """
    outcome = Outcome()
    try:
        yield outcome
    except SERVICE_ERRORS as error:
        outcome.ok = False
        outcome.conflict = isinstance(error, StaleTable)
        if isinstance(error, HandError):
            # No field on this page to show it at: the path says where, in words.
            outcome.message = refusal_text(error)
        else:
            outcome.message = str(error)
        if isinstance(error, TableLocked):
            # The page the user returns to already says why the table is locked.
            messages.error(request, _("Nothing was saved: this table is locked (see below)."))
        else:
            messages.error(request, outcome.message)


def form_refused(request: HttpRequest, form: forms.Form) -> None:
    """Each of the form's errors as a page message naming the field it is about."""
    for name, errors in form.errors.as_data().items():
        field = form.fields.get(name)
        for error in errors:
            # Formatted here rather than by Django so a quoted value is shortened (a 2 MB
            # value does not come back as a 2 MB message).
            params = {
                key: clip(value) if isinstance(value, str) else value
                for key, value in (error.params or {}).items()
            }
            text = str(error.message % params if params else error.message)
            if field is None:  # a non-field error already says what it is about
                messages.error(request, text)
            else:
                messages.error(
                    request, _("%(field)s: %(error)s") % {"field": field.label, "error": text}
                )


# What became of a hand (or a sheet) a phone sent: saved, stored-before (an earlier send
# of the same form stored it), conflict (another device changed the table since the form
# was built), refused (the table's state; the message says why, URL-encoded) or invalid
# (the form's errors). A stored hand's number comes with it. The phone's queue of hands
# saved offline reads them (static/js/judge/send.js).
OUTCOME_HEADER = "X-Hand-Outcome"
REFUSAL_HEADER = "X-Hand-Refusal"
NUMBER_HEADER = "X-Hand-Number"


def kept_hand_conflict() -> str:
    """Why a new hand built on an older state of the table saved nothing, told where the
    hand is kept (the form comes back with it, the phone's queue holds it): unlike a
    refused change, nothing has to be typed again."""
    return _(
        "Another device changed this table while you were typing: nothing was saved. "
        "Your hand is kept: check it against the table as it is now and save it again."
    )


def told_phone(
    response: HttpResponse, outcome: str, message: str = "", *, number: int | None = None
) -> HttpResponse:
    """`response` saying in its headers what became of what the phone sent."""
    response[OUTCOME_HEADER] = outcome
    if message:
        # Headers carry Latin-1 only; the phone decodes this (decodeURIComponent).
        response[REFUSAL_HEADER] = quote(message)
    if number is not None:
        response[NUMBER_HEADER] = str(number)
    return response
