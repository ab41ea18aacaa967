"""Who may touch a table: its judge (an account or the table's private link) and directors.

Views get a table only through `table_for_judge`, which returns the table with the name
of whoever is acting, or raises 404 (the table does not exist, or the visitor may not
know it does) or 403 (a logged-in judge of some other table). So no view can forget the
check.
"""

import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import wraps

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from clubs.permissions import club_of_row, directs_club
from tournaments.models import Hand, Registration, Table, Tournament

# The mark `judge_of_table` gives its views (see accounts.roles.PUBLIC and the others).
TABLE_JUDGE = "judge of this table or its club's director"

SESSION_KEY = "judge_links"
# Where an older session kept the browser's id (read only, see `browser_id`).
BROWSER_KEY = "browser"
BROWSER_COOKIE = "browser"
BROWSER_SALT = "tournaments.access.browser"
BROWSER_COOKIE_AGE = 365 * 24 * 60 * 60


@dataclass(frozen=True)
class TableAccess:
    """A table and who is acting on it.

    `user` is the logged-in account (None for a phone that only holds the table's link),
    `actor` the name the history shows, `is_director` whether the access comes from the
    director's role (a director who judges the table acts as its judge), `browser` this
    browser's id (see `browser_id`) and
    `via_link` whether the access comes from the table's private link rather than an
    account: the second person of the two-person rule must differ on all three.
    """

    table: Table
    user: AbstractBaseUser | None
    actor: str
    is_director: bool
    browser: str = ""
    via_link: bool = False


def browser_id(request: HttpRequest) -> str:
    """This browser's id: a random id kept in a long-lived signed cookie of the browser.

    Not in the session, so it outlives a logout: a judge who enters a sheet, logs out and
    hands the phone to a director still leaves "the same browser" behind (the two-person
    rule). Made on first need and sent back by `BrowserIdMiddleware`; a browser whose id
    an older session held (before the cookie) keeps that id, as its sheets remember it.
    """
    browser = getattr(request, "_browser_id", None)
    if browser is None:
        browser = request.get_signed_cookie(BROWSER_COOKIE, default="", salt=BROWSER_SALT)
        if not browser:
            # Reading a session neither makes one nor writes it.
            browser = request.session.get(BROWSER_KEY) or secrets.token_hex(16)
            request._new_browser_id = True
        request._browser_id = browser
    return browser


def send_browser_id(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give the browser the id `browser_id` made for it during this request, if it did."""
    if getattr(request, "_new_browser_id", False):
        response.set_signed_cookie(
            BROWSER_COOKIE,
            request._browser_id,
            salt=BROWSER_SALT,
            max_age=BROWSER_COOKIE_AGE,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response


class BrowserIdMiddleware:
    """Sends the browser the id a page made for it (`browser_id`); a page that needs none
    sends no cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return send_browser_id(request, self.get_response(request))


def remember_link(request: HttpRequest, table: Table) -> None:
    """Let this browser act as the table's judge until the link is revoked."""
    links = dict(request.session.get(SESSION_KEY, {}))
    links[str(table.pk)] = table.judge_token
    request.session[SESSION_KEY] = links


def holds_link(request: HttpRequest, table: Table) -> bool:
    """Whether this browser opened the table's current private link."""
    token = request.session.get(SESSION_KEY, {}).get(str(table.pk))
    # A revoked or replaced link no longer matches the table's current token.
    return bool(token and table.judge_token and hmac.compare_digest(token, table.judge_token))


def _actor(user: AbstractBaseUser | AnonymousUser) -> str:
    return user.get_full_name() or user.get_username()


def table_access(request: HttpRequest, table: Table) -> TableAccess | None:
    """How the visitor may act on `table`, or None when they may not."""
    user = request.user
    # The browser's id only once the visitor may act: a visitor turned away is given none.
    # The table's own judge first: it needs no query (asking for a role reads the
    # user's groups), so the judge's hot path, saving a hand, stays lean.
    if user.is_authenticated and table.judge_id == user.pk:
        return TableAccess(table, user, _actor(user), False, browser_id(request))
    if directs_club(user, table.round.tournament.host_club_id):
        return TableAccess(table, user, _actor(user), True, browser_id(request))
    if holds_link(request, table):
        link = f"judge link of table {table.number}"
        browser = browser_id(request)
        if user.is_authenticated:
            # A logged-in person using a link is still that person (two-person rule).
            return TableAccess(table, user, f"{_actor(user)} ({link})", False, browser, True)
        return TableAccess(table, None, link, False, browser, via_link=True)
    return None


def reread(access: TableAccess) -> TableAccess:
    """The same access with the table read again, its hands, seats and sheets with it."""
    return replace(access, table=Table.objects.with_play().get(pk=access.table.pk))


def reread_table(access: TableAccess) -> TableAccess:
    """The same access with the table read again as `table_for_judge` reads it (with its
    round and tournament): for the judge's page, which reads the seats' names, hands and
    sheets as it asks. `reread`'s prefetches would read the hands whole, settlements and
    all, for a page that reads them again as `Table.played_hands`."""
    return replace(access, table=_judged_table(access.table.pk))


def _judged_table(table_id: int) -> Table:
    # `get`, not `first`: one table by its key needs no ORDER BY, and the tables' default
    # ordering (by round, whose own is by tournament) cost every judge's request its
    # compiling (bench/bench_requests.py, profiled).
    return Table.objects.select_related("round__tournament").get(pk=table_id)


def table_for_judge(request: HttpRequest, table_id: int) -> TableAccess:
    """The table (with its round and tournament) if the visitor judges it (or directs);
    403 for other judges, else 404."""
    try:
        table = _judged_table(table_id)
    except Table.DoesNotExist:
        raise Http404(_("No such table.")) from None
    access = table_access(request, table)
    if access is not None:
        return access
    if request.user.is_authenticated:
        raise PermissionDenied(_("You are not the judge of this table."))
    raise Http404(_("No such table."))


def judge_of_table(view: Callable) -> Callable:
    """Decorator: pass `access` (a TableAccess) to the view for the table in the URL."""

    @wraps(view)
    def wrapper(request: HttpRequest, table_id: int, *args, **kwargs):
        return view(request, table_for_judge(request, table_id), *args, **kwargs)

    wrapper.access = TABLE_JUDGE
    return wrapper


# The club of the thing a director's URL names, for `clubs.permissions.director_of`.
def tournament_club(pk: int, **kwargs) -> int:
    """The host club of the tournament the URL names."""
    return club_of_row(Tournament.objects.filter(pk=pk), "host_club_id")


def registration_club(pk: int, **kwargs) -> int:
    """The host club of the registration's tournament."""
    return club_of_row(Registration.objects.filter(pk=pk), "tournament__host_club_id")


def table_club(table_id: int, **kwargs) -> int:
    """The host club of the table's tournament."""
    return club_of_row(Table.objects.filter(pk=table_id), "round__tournament__host_club_id")


def hand_club(hand_id: int, **kwargs) -> int:
    """The host club of the hand's tournament."""
    return club_of_row(Hand.objects.filter(pk=hand_id), "table__round__tournament__host_club_id")
