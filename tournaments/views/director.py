"""The director's dashboard, the penalty ledger, and the round results."""

import uuid

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import public
from clubs.permissions import director_of
from scoring.penalties import PARAMS
from scoring.templatetags.scoring_tags import signed
from scoring.turns import sits_out
from tournaments import hand_store, recording
from tournaments.access import hand_club, table_access, tournament_club
from tournaments.feedback import form_refused, service_refusals
from tournaments.forms.ledger import CancelRulingForm, LedgerRulingForm
from tournaments.models import Hand, HandRevision, Seat, Table, Tournament
from tournaments.progress import STATES, table_state, with_refusals
from tournaments.score_words import score_words
from tournaments.totals import counts_by_player


@director_of(tournament_club)
def dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table of the current round with its state; the fragment refreshes itself."""
    tournament = get_object_or_404(Tournament, pk=pk)
    round_ = tournament.rounds.order_by("-number").first()
    tables = round_.tables.with_play() if round_ else []
    states = with_refusals(request, [table_state(table) for table in tables])
    counts = {key: sum(1 for s in states if s.state == key) for key in STATES}
    context = {
        "tournament": tournament,
        "round": round_,
        "states": states,
        "counts": counts,
        "labels": STATES,
    }
    template = (
        "tournaments/_dashboard_tables.html" if request.htmx else "tournaments/dashboard.html"
    )
    return render(request, template, context)


@public
def results(request: HttpRequest, pk: int) -> HttpResponse:
    """Each player's chips per round (confirmed sheets; a bye as the starting chips, marked)
    and in total."""
    tournament = get_object_or_404(Tournament, pk=pk)
    rounds = list(tournament.rounds.order_by("number").values_list("number", flat=True))
    table = counts_by_player(tournament)
    for row in table:
        row["cells"] = [(row["rounds"].get(number), number in row["byes"]) for number in rounds]
    return render(
        request,
        "tournaments/results.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "rows": table,
            "words": score_words([tournament.ruleset]),
        },
    )


def _param_value(values: dict[str, str], name: str, value: object) -> str:
    """A ruling's parameter as players write it: points signed (−20), a declared value
    by its title (Trull pane), never its JSON name (trull_pane)."""
    if name in PARAMS and PARAMS[name].kind == "integer" and isinstance(value, int):
        return signed(value)
    if name == "value" and isinstance(value, str):
        return values.get(value, value)
    return str(value)


@director_of(tournament_club)
def ledger(request: HttpRequest, pk: int) -> HttpResponse:
    """Every penalty in the tournament's hands, with the form to apply a ruling."""
    tournament = get_object_or_404(Tournament, pk=pk)
    # Only the hands with a penalty are read (the database looks inside their data):
    # decoding every hand's data, and its revisions', was most of the page's time.
    revisions = HandRevision.objects.only("hand_id", "revision", "data", "reason")
    hands = (
        Hand.objects.filter(
            table__round__tournament=tournament, deleted=False, data__penalties__0__isnull=False
        )
        .select_related("table__round")
        .prefetch_related(
            Prefetch("table__seats", queryset=Seat.objects.select_related("player")),
            Prefetch("revisions", queryset=revisions),
        )
        .order_by("table__round__number", "table__number", "number")
    )
    titles = ruling_titles(tournament)
    values = {rule.name: rule.title for rule in getattr(tournament.rules, "VALUES", ())}
    entries = []
    for hand in hands:
        names = {seat.number: seat.player.name for seat in hand.table.seats.all()}
        for index, penalty in enumerate(hand.data.get("penalties", [])):
            entries.append(
                {
                    "hand": hand,
                    "index": index,
                    "penalty": penalty,
                    "title": titles.get(penalty.get("code"), penalty.get("code")),
                    # What the ruling carries beside its code, offender and reason, each
                    # by its label ("Rightful seat: 2"), never by its JSON name.
                    "params": [
                        (_(PARAMS[k].word) if k in PARAMS else k, _param_value(values, k, v))
                        for k, v in penalty.items()
                        if k not in ("code", "seat", "reason")
                    ],
                    "player": names.get(penalty.get("seat")),
                    "reason": _ruling_reason(hand, penalty),
                }
            )
    chosen = request.GET.get("table", "")
    table = Table.objects.filter(pk=chosen).first() if chosen.isdigit() else None
    form = LedgerRulingForm(tournament=tournament, table=table)
    return render(
        request,
        "tournaments/ledger.html",
        {"tournament": tournament, "entries": entries, "form": form},
    )


def ruling_titles(tournament: Tournament) -> dict[str, str]:
    """Each ruling of the tournament's ruleset by code → its name in words."""
    return {entry.code: _(entry.title) for entry in tournament.rules.PENALTIES}


def _ruling_reason(hand: Hand, penalty: dict) -> str:
    """Why the ruling was made: the reason it carries (an adjustment's), else the reason
    given with the revision that added it to the hand (prefetched revisions)."""
    if penalty.get("reason"):
        return penalty["reason"]
    revisions = list(hand.revisions.all())
    added = next((r for r in revisions if penalty in r.data.get("penalties", [])), None)
    return added.reason if added is not None else ""


def _standalone(table: Table, penalty: dict, chosen_sitter: int | None) -> dict:
    """A standalone ruling as a hand, placed at its table (where the ruleset's hands say
    how many sit there); where the dealer sits the hand out it names the sitter.

    The sitter is the one chosen, else the dealer the ruling itself tells (a misdeal's
    offender), else the dealer the judge's page proposes.
    """
    data: dict = {"penalties": [penalty]}
    seats, rules = table.seats.count(), table.round.tournament.rules
    if rules.TABLE_FIELD:
        data[rules.TABLE_FIELD] = seats
    deal = rules.DEAL
    if not sits_out(deal, seats):
        return data
    sitter = chosen_sitter if chosen_sitter is not None else deal.dealer_of(data, seats)
    if sitter is None:
        hands = [hand.data for hand in table.hands.filter(deleted=False).order_by("number")]
        turn = deal.next_turn(hands, seats)
        if turn is None:
            raise recording.RecordingError(_("Say who sits out at this table (the dealer)."))
        sitter = turn.sitter
    data["sitter"] = sitter
    return data


@director_of(tournament_club)
@require_POST
def ledger_apply(request: HttpRequest, pk: int) -> HttpResponse:
    """Apply a ruling to a seat of a hand, or as a standalone adjustment (its own hand)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = LedgerRulingForm(request.POST, tournament=tournament)
    if not form.is_valid():
        form_refused(request, form)
        return redirect("tournaments:ledger", pk=pk)
    table, number = form.cleaned_data["table"], form.cleaned_data["hand"]
    access = table_access(request, table)
    penalty, reason = form.penalty(), form.cleaned_data["reason"]
    with service_refusals(request):
        if number is not None:
            hand = Hand.objects.filter(table=table, number=number, deleted=False).first()
            if hand is None:
                raise recording.RecordingError(
                    _("%(table)s has no hand %(number)s.") % {"table": table, "number": number}
                )
            data = {**hand.data, "penalties": [*hand.data.get("penalties", []), penalty]}
            hand_store.revise_hand(
                access=access, hand=hand, data=data, reason=reason, expected_version=table.version
            )
        else:
            hand_store.add_hand(
                access=access,
                data=_standalone(table, penalty, form.cleaned_data.get("sitter")),
                submission=uuid.uuid4(),
                expected_version=table.version,
                reason=reason,
            )
        title = ruling_titles(tournament).get(penalty["code"], penalty["code"])
        messages.success(request, _("Ruling applied: %(ruling)s.") % {"ruling": title})
    return redirect(f"{reverse('tournaments:ledger', args=[pk])}?table={table.pk}")


@director_of(hand_club)
@require_POST
def ledger_cancel(request: HttpRequest, hand_id: int, index: int) -> HttpResponse:
    """Cancel one penalty of a hand with a reason (the hand's history keeps it)."""
    hand = get_object_or_404(Hand.objects.select_related("table__round__tournament"), pk=hand_id)
    tournament_id = hand.table.round.tournament_id
    form = CancelRulingForm(request.POST)
    if not form.is_valid():
        form_refused(request, form)
        return redirect("tournaments:ledger", pk=tournament_id)
    access = table_access(request, hand.table)
    penalties = list(hand.data.get("penalties", []))
    with service_refusals(request):
        if not 0 <= index < len(penalties):
            raise recording.RecordingError(_("That penalty is no longer on the hand."))
        del penalties[index]
        remaining = {**hand.data, "penalties": penalties}
        only_penalty = set(hand.data) <= {"penalties"}
        hand_store.revise_hand(
            access=access,
            hand=hand,
            data=None if only_penalty and not penalties else remaining,
            delete=only_penalty and not penalties,
            reason=form.cleaned_data["reason"],
            expected_version=hand.table.version,
        )
        messages.success(request, _("Penalty cancelled."))
    return redirect("tournaments:ledger", pk=tournament_id)
