"""The scoring engine on the web: the JSON endpoint and the calculator pages.

Nothing here stores anything; both are open to everyone.
"""

from decimal import Decimal

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from clubs.roles import public
from scoring import RULESETS, catalogue
from scoring.documents import parse_document, score_document
from scoring.errors import HandError
from scoring.forms import HAND_FORMS, HandForm
from scoring.jsonio import dumps, loads


def _json(data, status: int = 200) -> HttpResponse:
    # scoring.jsonio writes Decimal amounts as plain JSON numbers (1.5, never "1.50").
    return HttpResponse(dumps(data), status=status, content_type="application/json")


@public
@csrf_exempt  # a stateless calculation for scripts and other sites; it stores nothing
@require_POST
def api_score(request: HttpRequest) -> HttpResponse:
    """POST one hand or an array of hands as JSON; get the settlement(s) or 400 with errors."""
    try:
        text = request.body.decode("utf-8")
    except UnicodeDecodeError:
        return JsonResponse(
            {"errors": [{"field": "document", "message": "the body must be UTF-8 JSON"}]},
            status=400,
        )
    try:
        result = score_document(parse_document(text))
    except HandError as error:
        return JsonResponse(
            {"errors": [{"field": error.field, "message": error.reason}]}, status=400
        )
    return _json(result)


def _running_totals(text: str, seats) -> dict[int, Decimal]:
    """The running totals carried in the page (nothing is stored on the server).

    Every seat of `seats` and of the carried totals (a Taroky ve třech table may have a
    sitter in one hand and not in the next).
    """
    try:
        raw = loads(text) if text else {}
        known = sorted({*seats, *(int(seat) for seat in raw)})
        return {seat: Decimal(raw.get(str(seat), 0)) for seat in known}
    except (ValueError, AttributeError, ArithmeticError, TypeError):
        return dict.fromkeys(seats, Decimal(0))


def _hand_form_class(ruleset: str) -> type[HandForm]:
    form_class = HAND_FORMS.get(ruleset)
    if form_class is None:
        raise Http404(f"No calculator for {ruleset!r}")
    return form_class


@public
def calculator(request: HttpRequest, ruleset: str) -> HttpResponse:
    """Score a hand as it is typed (htmx swaps the result in); nothing is stored.

    "Add to the running total" carries each seat's total from hand to hand in a hidden
    field, so a table can keep score with nothing but this page.
    """
    form = _hand_form_class(ruleset)(request.POST or None)
    settlement = form.settle() if request.method == "POST" else None
    seats = settlement.seats if settlement else form.seats
    running = _running_totals(request.POST.get("running", ""), seats)
    if settlement and request.POST.get("action") == "add":
        running = {seat: total + settlement.deltas.get(seat, 0) for seat, total in running.items()}
    context = {
        "form": form,
        "settlement": settlement,
        "running": running,
        "running_json": dumps({str(seat): amount for seat, amount in running.items()}),
        "module": form.module,
        "calculators": [(name, form_class.tab) for name, form_class in HAND_FORMS.items()],
        "hand_json": dumps(form.hand_json(), indent=2) if settlement else "",
    }
    template = "scoring/_result.html" if request.htmx else "scoring/calculator.html"
    return render(request, template, context)


@public
@require_POST
def card_count(request: HttpRequest, ruleset: str) -> HttpResponse:
    """The card picker's live count (htmx): the ticked cards' points, both sides checked."""
    form = _hand_form_class(ruleset)(request.POST)
    return render(request, "scoring/_card_count.html", {"count": form.card_count()})


def _matches(entry, words: list[str]) -> bool:
    text = " ".join(
        (
            entry.code,
            entry.title,
            entry.rule_text,
            entry.original_text,
            entry.effect,
            entry.evidence,
        )
    ).casefold()
    return all(word in text for word in words)


@public
def rulings(request: HttpRequest) -> HttpResponse:
    """Every penalty and ruling of every ruleset: searchable by words in any language,
    filterable by ruleset, each with a worked example computed by the engine."""
    query = request.GET.get("q", "").strip()
    ruleset = request.GET.get("ruleset", "")
    words = query.casefold().split()
    entries = [
        entry
        for entry in catalogue(ruleset if ruleset in RULESETS else None)
        if _matches(entry, words)
    ]
    examples = [(entry, entry.example_settlement()) for entry in entries]
    return render(
        request,
        "scoring/rulings.html",
        {"examples": examples, "query": query, "ruleset": ruleset, "rulesets": RULESETS},
    )
