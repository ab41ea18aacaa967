"""The scoring engine on the web: the JSON endpoint and the calculator pages.

Nothing here stores anything; both are open to everyone.
"""

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django_htmx.middleware import HtmxDetails

from accounts.roles import public
from accounts.text import search_query
from scoring import RULESETS, catalogue, limits, score_hand
from scoring.errors import HandError, clip, quote
from scoring.forms import HandForm, hand_form, hand_forms
from scoring.forms.running import RubberForm, RunningTotalsForm
from scoring.hand_documents import TooLarge, parse_document, score_document, score_rubbers
from scoring.jsonio import MAX_BYTES, dumps
from scoring.rulings import find, stems
from scoring.settlement import Settlement


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: with ``htmx``, what htmx sent."""

    htmx: HtmxDetails


# An error message is a sentence or two; the longest (a list of allowed names) fits.
_MAX_MESSAGE = 1000


def _json(data: object, status: int = 200) -> HttpResponse:
    # scoring.jsonio writes Decimal amounts as plain JSON numbers (1.5, never "1.50").
    return HttpResponse(dumps(data), status=status, content_type="application/json")


def _api_error(error: HandError) -> JsonResponse:
    status = 413 if isinstance(error, TooLarge) else 400
    # The engine already quotes bad values briefly; the cut is a last guard on the size.
    message = {"field": clip(error.field), "message": error.reason[:_MAX_MESSAGE]}
    return JsonResponse({"errors": [message]}, status=status)


def _api_body(request: HttpRequest) -> bytes:
    """The request body, refused (413) past the limit by its Content-Length or its size.

    Django reads at most Content-Length bytes; asking for one more than the limit tells
    a body that is too big from one that just fits, without reading a 10 MB one.
    """
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > MAX_BYTES:
        raise TooLarge("document", f"larger than {MAX_BYTES // 1024} KB ({declared} bytes)")
    body = request.read(MAX_BYTES + 1)
    if len(body) > MAX_BYTES:
        raise TooLarge("document", f"larger than {MAX_BYTES // 1024} KB")
    return body


@public
@csrf_exempt  # a stateless calculation for scripts and other sites; it stores nothing
def api_score(request: HttpRequest) -> HttpResponse:
    """POST one hand or an array of hands as JSON; get the settlement(s), or an error.

    Whatever is wrong with the request, the answer is JSON ``{"errors": [{"field",
    "message"}]}``: 413 for a body or a list of hands beyond the limits (at most
    API_MAX_HANDS hands), 429 with Retry-After past a rate limit (counted before the body
    is read, so a refusal costs next to nothing), 405 for another method than POST, 400
    otherwise.
    """
    if request.method != "POST":
        error = {"field": "method", "message": f"use POST (got {quote(request.method)})"}
        response = JsonResponse({"errors": [error]}, status=405)
        response["Allow"] = "POST"
        return response
    if found := limits.over_limit(request):
        return limits.limited(found)
    try:
        document = parse_document(_api_body(request))
        result = score_document(document, most=settings.API_MAX_HANDS)
    except HandError as error:
        return _api_error(error)
    return _json(result)


def _hand_form_class(ruleset: str) -> type[HandForm]:
    if ruleset not in RULESETS:
        raise Http404(_("No calculator for %(ruleset)r") % {"ruleset": ruleset})
    return hand_form(ruleset)


@public
def calculator(request: HtmxHttpRequest, ruleset: str) -> HttpResponse:
    """Score a hand as it is typed (htmx swaps the result in); nothing is stored.

    "Add to the running total" carries each seat's total from hand to hand in a hidden
    field, so a table can keep score with nothing but this page.
    """
    form_class = _hand_form_class(ruleset)
    # A link may preset the form's fields (`?players=6` for a table of six); shown only.
    preset = {name: value for name, value in request.GET.items() if name in form_class.base_fields}
    form = form_class(request.POST or None, initial=preset or None)
    settlement = form.settle() if request.method == "POST" else None
    seats = settlement.seats if settlement else form.seats
    totals = RunningTotalsForm(request.POST or None)
    running = totals.totals(seats)
    if settlement and totals.adds():
        running = {seat: total + settlement.deltas.get(seat, 0) for seat, total in running.items()}
    rubber, rubber_hands = _rubber(form, settlement, request.POST or None, totals.adds())
    context = {
        "form": form,
        "settlement": settlement,
        "rubber": rubber,
        "rubber_json": dumps(rubber_hands) if rubber_hands else "",
        "running": running,
        "running_json": dumps({str(seat): amount for seat, amount in running.items()}),
        "module": form.module,
        "calculators": [(name, form_class.tab) for name, form_class in hand_forms().items()],
        "hand_json": dumps(form.hand_json(), indent=2) if settlement else "",
    }
    template = "scoring/_result.html" if request.htmx else "scoring/calculator.html"
    return render(request, template, context)


def _rubber(
    form: HandForm, settlement: Settlement | None, data: QueryDict | None, adds: bool
) -> tuple[dict | None, list[dict]]:
    """The rubber so far and its hands, for a ruleset that plays rubbers (whist).

    "Add to the running total" adds the hand to the rubber too; a hand added after the
    rubber ended starts the next one (only that one is carried on); "new rubber" starts
    again from none.
    """
    if form.module.RUBBERS is None:
        return None, []
    hands = RubberForm(data).hands()
    rules = form.house_rules() if hasattr(form, "cleaned_data") else {}
    if settlement and adds:
        own = {"ruleset", "penalties", "house_rules"}
        hands = [*hands, {k: v for k, v in form.hand_json().items() if k not in own}]
    if not hands:
        return None, []
    try:
        current = score_rubbers(form.module, hands, rules)[-1]
    except HandError as error:
        # Kept, not dropped: a bad house rule typed in must not lose the rubber.
        return {"error": str(error)}, hands
    return current.to_json(), hands[len(hands) - len(current.hands) :]


@public
@require_POST
def card_count(request: HttpRequest, ruleset: str) -> HttpResponse:
    """The card picker's live count (htmx): the ticked cards' points, both sides checked."""
    form = _hand_form_class(ruleset)(request.POST)
    return render(request, "scoring/_card_count.html", {"count": form.card_count()})


@public
def rulings(request: HttpRequest) -> HttpResponse:
    """Every penalty and ruling of every ruleset: searchable by words in any language,
    matched by stem in the reader's, best first; filterable by ruleset, each with a
    worked example computed by the engine."""
    query = search_query(request)
    ruleset = request.GET.get("ruleset", "")
    language = get_language() or "en"
    chosen = catalogue(ruleset if ruleset in RULESETS else None)
    titles = {entry.code: _(entry.title) for entry in chosen}
    entries = find(chosen, query, language[:2], titles)
    examples = [(entry, score_hand(entry.ruleset, entry.example)) for entry in entries]
    return render(
        request,
        "scoring/rulings.html",
        {
            "examples": examples,
            "query": query,
            "marks": stems(query, language[:2]),
            "ruleset": ruleset,
            "rulesets": RULESETS,
        },
    )
