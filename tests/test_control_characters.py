"""NUL and the other control characters never reach the database (accounts/text.py): a
search box drops them, a form refuses them in words and stores nothing. On PostgreSQL a
NUL that got through would be a 500 (`DataError: … cannot contain NUL`); run this module
with DATABASE_URL set to see that it does not."""

import importlib
import pkgutil

import pytest
from django import forms
from django.urls import reverse

from accounts.text import CleanTextMixin, search_query, strip_control_characters
from clubs.models import Club, Player
from tests.tournaments.helpers import hand_post, tournament_form
from tournaments.models import Hand, Tournament

pytestmark = pytest.mark.django_db

NUL = "\x00"
ESCAPE = "\x1b"


def _refused(response, code: str = "U+0000") -> None:
    assert response.status_code == 200
    assert f"Remove the control character {code}: it is not text and cannot be stored." in (
        response.content.decode()
    )


def test_tab_newline_and_return_are_text_the_rest_are_dropped(rf):
    assert strip_control_characters("a\tb\nc\r\x00d\x07e\x7ff\x9fg") == "a\tb\nc\rdefg"
    assert search_query(rf.get("/", {"q": "  No\x00vák\x1b "})) == "Novák"
    assert len(search_query(rf.get("/", {"q": "x" * 5000}))) == 100


def _project_forms(base=forms.BaseForm):
    for form in base.__subclasses__():
        if form.__module__.split(".")[0] in {"accounts", "clubs", "scoring", "tournaments"}:
            yield form
        yield from _project_forms(form)


def test_every_form_of_the_site_takes_the_rule():
    for name in ("accounts.views", "clubs.forms", "scoring.forms", "tournaments.forms"):
        module = importlib.import_module(name)
        # A package of forms (a module a page): every module of it.
        for found in pkgutil.walk_packages(getattr(module, "__path__", []), f"{name}."):
            importlib.import_module(found.name)
    found = set(_project_forms())
    assert len(found) > 20
    assert [form for form in found if not issubclass(form, CleanTextMixin)] == []


# -------------------------------------------------------------------------- search boxes


@pytest.mark.parametrize("query", [NUL, f"Nov{NUL}", ESCAPE, "%00"])
def test_the_player_search_drops_control_characters(client, player, query):
    response = client.get(reverse("clubs:player_list"), {"q": query})
    assert response.status_code == 200


def test_a_club_roster_search_with_nul_finds_by_the_rest(client, club, player):
    response = client.get(reverse("clubs:club_detail", args=[club.pk]), {"q": NUL})
    assert response.status_code == 200
    assert player.last_name in response.content.decode()


def test_the_registration_desk_search_drops_control_characters(director_client, tournament, player):
    url = reverse("tournaments:registrations", args=[tournament.pk])
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = director_client.get(url, {"q": f"{player.last_name[:3]}{NUL}"}, **headers)
        assert response.status_code == 200
        assert player.last_name in response.content.decode()


def test_the_rulings_search_drops_control_characters(client):
    assert client.get(reverse("scoring:rulings"), {"q": NUL}).status_code == 200


# -------------------------------------------------------------------------------- forms


def test_the_tournament_form_refuses_a_nul_in_the_name(director_client, club):
    response = director_client.post(
        reverse("tournaments:create"), tournament_form(club, name=f"Spring{NUL}")
    )
    _refused(response)
    assert not Tournament.objects.exists()


def test_the_tournament_form_refuses_an_escape_in_the_venue(director_client, club):
    response = director_client.post(
        reverse("tournaments:create"), tournament_form(club, venue=f"Hall{ESCAPE}[2J")
    )
    _refused(response, "U+001B")
    assert not Tournament.objects.exists()


def test_the_player_form_refuses_a_nul(director_client, club):
    data = {"first_name": f"Ro{NUL}sie", "last_name": "Vrana", "home_club": club.pk}
    _refused(director_client.post(reverse("clubs:player_create"), data))
    assert not Player.objects.exists()


def test_the_player_notes_keep_their_lines_and_refuse_a_bell(director_client, club):
    data = {"first_name": "Rosie", "last_name": "Vrana", "home_club": club.pk}
    _refused(
        director_client.post(reverse("clubs:player_create"), {**data, "notes": "a\x07b"}),
        "U+0007",
    )
    director_client.post(reverse("clubs:player_create"), {**data, "notes": "line 1\r\nline 2"})
    assert Player.objects.get().notes == "line 1\r\nline 2"


def test_the_club_form_refuses_a_nul(director_client):
    data = {"name": f"Lodge{NUL}", "short_name": "L1", "country": "US"}
    _refused(director_client.post(reverse("clubs:club_create"), data))
    assert not Club.objects.exists()


def test_the_registration_desk_refuses_a_new_player_with_a_nul(director_client, tournament):
    url = reverse("tournaments:register_new", args=[tournament.pk])
    response = director_client.post(
        url, {"first_name": "Nova", "last_name": f"Hr{NUL}áčka"}, follow=True
    )
    assert response.status_code == 200
    assert "Remove the control character U+0000" in response.content.decode()
    assert not Player.objects.exists()


def test_a_hand_deletion_reason_with_a_nul_is_refused(judge_client, table1):
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    table1.refresh_from_db()
    response = judge_client.post(
        reverse("tournaments:hand_delete", args=[table1.pk, 1]),
        {"reason": f"wrong{NUL} table", "version": table1.version},
        follow=True,
    )
    assert response.status_code == 200
    # The table's page says only that the reason is wanting (tournaments/views/table.py).
    assert "Say why the hand is deleted." in response.content.decode()
    hand = Hand.objects.get()
    assert not hand.deleted and hand.revisions.count() == 1


def test_a_ledger_reason_with_a_nul_is_refused(director_client, judge_client, table1):
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    url = reverse("tournaments:ledger_apply", args=[table1.round.tournament_id])
    ruling = {"table": table1.pk, "hand": "1", "code": "spjst.discard_counter", "seat": "2"}
    page = director_client.post(url, {**ruling, "reason": f"king{NUL}"}, follow=True)
    assert page.status_code == 200
    assert "Remove the control character U+0000" in page.content.decode()
    hand = Hand.objects.get()
    assert hand.revisions.count() == 1 and hand.data["penalties"] == []


def test_the_login_form_refuses_a_nul_in_the_user_name(client, judge):
    response = client.post(reverse("login"), {"username": f"jan{NUL}-judge", "password": "pw"})
    _refused(response)
    assert "_auth_user_id" not in client.session


def test_the_password_reset_form_refuses_a_nul(client):
    response = client.post(reverse("password_reset"), {"email": f"jan{NUL}@example.org"})
    assert response.status_code == 200
    assert "Remove the control character U+0000" in response.content.decode()
