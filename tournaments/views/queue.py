"""What the judge's phone asks of the server about its queue of hands saved offline
(static/js/judge/conflict.js): the hands another device stored meanwhile, shown beside a
refused queued hand, and the phone's ping (last contact, how many items wait).

Both go through `judge_of_table`: a judge reaches only their own tables.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from scoring.templatetags.scoring_tags import signed
from scoring.translate import say
from tournaments import contact
from tournaments.access import TableAccess, judge_of_table
from tournaments.forms.table import ContactForm


@judge_of_table
@require_GET
def hands_after(request: HttpRequest, access: TableAccess, number: int) -> HttpResponse:
    """The table's hands after hand `number` (what the phone did not know of when it
    queued a hand the server refused), read-only: each with its summary and its chips by
    seat, and the table's current version, on which the judge may enter the hand again."""
    table = access.table
    seats = list(table.seats.select_related("player"))
    rules = table.round.tournament.rules
    rows = [
        {
            "hand": hand,
            "summary": say(rules.summary(hand.data)),
            "cells": [signed(hand.deltas().get(seat.number, 0)) for seat in seats],
        }
        for hand in table.hands.filter(number__gt=number).order_by("number")
    ]
    return render(
        request,
        "tournaments/_hands_after.html",
        {"table": table, "seats": seats, "rows": rows, "after": number},
    )


@judge_of_table
@require_POST
def ping(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """The judge's phone is online: note its contact and how many items wait on it
    (throttled, see tournaments.contact). A director's look at the page is no contact."""
    form = ContactForm(request.POST)
    if not form.is_valid():
        return HttpResponse(status=400)
    if not access.is_director:
        contact.record_contact(access.table, waiting=form.cleaned_data["waiting"])
    return HttpResponse(status=204)
