"""A form refused by the CSRF check (the page's token is out of date: the visitor signed
in or out in another tab since it was opened) is answered in words, in the visitor's
language: a page for a plain form, and for a script's request (htmx, fetch) a small JSON
answer with `CSRF_FAILURE_HEADER`, which the judge's page reads to keep the hand."""

import pytest
from django.test import Client
from django.urls import reverse

from config.csrf import CSRF_FAILURE_HEADER
from tests.tournaments.helpers import hand_post
from tournaments.models import Hand

pytestmark = pytest.mark.django_db


def _stale_client(user) -> Client:
    """A browser whose page carries a token its CSRF cookie no longer matches."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.cookies["csrftoken"] = "a" * 32
    return client


def _stale_post(client, table, **headers):
    data = {**hand_post(table, declarer=1, partner=3, declarer_points=59)}
    data["csrfmiddlewaretoken"] = "b" * 32
    return client.post(reverse("tournaments:hand_add", args=[table.pk]), data, headers=headers)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "you signed in or out in another tab or window"),
        ("cs", "v jiné záložce nebo okně"),
        ("sl", "v drugem zavihku ali oknu"),
    ],
)
def test_a_plain_form_gets_a_page_in_words(judge, table1, language, words):
    client = _stale_client(judge)
    response = _stale_post(client, table1, **{"Accept-Language": language})
    page = response.content.decode()
    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")
    assert words in page and f'lang="{language}"' in page
    assert "CSRF verification failed" not in page  # not Django's page for developers
    assert not Hand.objects.exists()


def test_the_page_leads_back_to_the_page_the_form_was_on(judge, table1):
    client = _stale_client(judge)
    back = f"http://testserver{table1.get_absolute_url()}"
    page = _stale_post(client, table1, Referer=back).content.decode()
    assert f'href="{back}"' in page


def test_it_never_leads_back_to_another_site(judge, table1):
    client = _stale_client(judge)
    page = _stale_post(client, table1, Referer="https://evil.example/").content.decode()
    assert "evil.example" not in page


def test_a_scripts_request_gets_words_it_can_read(judge, table1):
    client = _stale_client(judge)
    response = _stale_post(client, table1, **{"HX-Request": "true", "Accept-Language": "cs"})
    assert response.status_code == 403
    assert response.headers[CSRF_FAILURE_HEADER] == "1"
    answer = response.json()
    assert answer["error"] == "csrf"
    assert "v jiné záložce nebo okně" in answer["message"]
    assert not Hand.objects.exists()


def test_the_phones_queue_send_is_a_scripts_request_too(judge, table1):
    """The queue sends with fetch and the page's token in X-CSRFToken."""
    client = _stale_client(judge)
    response = _stale_post(client, table1, **{"X-CSRFToken": "b" * 32})
    assert response.headers[CSRF_FAILURE_HEADER] == "1"
    assert response.json()["error"] == "csrf"
