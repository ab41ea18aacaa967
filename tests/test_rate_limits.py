"""Rate limits on what anyone may ask of the site (accounts/limits.py): the scoring API by
address, by account and for all anonymous clients together, its bound on hands, and the
password reset mails. Past a limit the answer is 429 with Retry-After and words."""

import json
import logging
import socket

import pytest
from django.core import mail
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application
from django.test import RequestFactory, override_settings
from django.urls import reverse

from accounts.limits import Exceeded
from config.env import env_rate
from scoring import limits

pytestmark = pytest.mark.django_db

HAND = {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "declarer_points": 59}


@pytest.fixture(autouse=True)
def _limits_on(settings):
    """Limits on (the test settings turn them off), counted from nothing, each far off
    until a test brings the one it is about near."""
    settings.RATELIMIT_ENABLE = True
    settings.API_RATE_ADDRESS = settings.API_RATE_ANONYMOUS = "1000/m"
    settings.API_RATE_ACCOUNT = "1000/m"
    cache.clear()
    limits.REFUSED.clear()
    yield
    cache.clear()
    limits.REFUSED.clear()


def _score(client, hands=HAND, address="203.0.113.7", **extra):
    return client.post(
        reverse("scoring:api_score"),
        json.dumps(hands),
        content_type="application/json",
        REMOTE_ADDR=address,
        **extra,
    )


def _refused(response) -> str:
    """The 429's words, after checking its status, Retry-After and JSON shape."""
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 60
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    assert error["field"] == "request"
    assert f"try again in {response['Retry-After']} second" in error["message"]
    return error["message"]


def test_an_address_past_its_rate_gets_429_with_retry_after_in_words(client, settings):
    settings.API_RATE_ADDRESS = "3/m"
    for _ in range(3):
        assert _score(client).status_code == 200
    words = _refused(_score(client))
    assert words.startswith("Too many requests from your address (at most 3 requests a minute)")
    # Another address is counted apart.
    assert _score(client, address="198.51.100.2").status_code == 200


def test_a_forwarded_for_header_is_not_believed_without_a_trusted_proxy(client, settings):
    settings.API_RATE_ADDRESS = "2/m"
    for n in range(2):
        assert _score(client, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}").status_code == 200
    _refused(_score(client, HTTP_X_FORWARDED_FOR="192.0.2.99"))


def test_behind_a_trusted_proxy_each_client_address_is_counted(client, settings):
    settings.API_RATE_ADDRESS = "2/m"
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(2):
        assert (
            _score(client, address="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.1").status_code == 200
        )
    _refused(_score(client, address="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.1"))
    assert _score(client, address="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.2").status_code == 200


def test_anonymous_clients_together_share_a_rate(client, settings):
    settings.API_RATE_ANONYMOUS = "4/m"
    for n in range(4):
        assert _score(client, address=f"198.51.100.{n}").status_code == 200
    words = _refused(_score(client, address="198.51.100.200"))
    assert "anonymous clients" in words and "or sign in" in words


def test_an_address_refused_by_its_own_rate_does_not_use_up_the_shared_one(client, settings):
    settings.API_RATE_ADDRESS = "1/m"
    settings.API_RATE_ANONYMOUS = "3/m"
    _score(client, address="198.51.100.1")
    for _ in range(10):
        _refused(_score(client, address="198.51.100.1"))
    assert _score(client, address="198.51.100.2").status_code == 200
    assert _score(client, address="198.51.100.3").status_code == 200


def test_an_account_is_counted_by_itself_not_by_address(client, judge, director, settings):
    settings.API_RATE_ACCOUNT = "2/m"
    settings.API_RATE_ADDRESS = "1/m"
    client.force_login(judge)
    for _ in range(2):
        assert _score(client).status_code == 200
    words = _refused(_score(client))
    assert words.startswith("Too many requests from your account (at most 2 requests a minute)")
    client.force_login(director)  # another account, the same address
    assert _score(client).status_code == 200


def test_a_refusal_is_in_the_readers_language(client, settings):
    settings.API_RATE_ADDRESS = "1/m"
    _score(client)
    response = _score(client, HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 429
    (error,) = response.json()["errors"]
    assert error["message"].startswith(
        "Příliš mnoho požadavků z vaší adresy (nejvýše 1 požadavek za minutu); zkuste to znovu"
    )


def test_an_anonymous_client_past_its_rate_is_refused_before_sessions_and_the_database(
    client, settings, django_assert_num_queries
):
    settings.API_RATE_ADDRESS = "1/m"
    assert _score(client).status_code == 200
    with django_assert_num_queries(0):
        response = _score(client, HTTP_ACCEPT_LANGUAGE="sl")
    assert response.status_code == 429
    assert not response.cookies  # no session, no browser id, no language cookie
    assert response.json()["errors"][0]["message"].startswith("Preveč zahtev z vašega naslova")


def test_a_worker_refuses_a_refused_address_again_without_the_cache(client, settings, monkeypatch):
    settings.API_RATE_ADDRESS = "1/m"
    assert _score(client).status_code == 200
    first = _refused(_score(client))  # counted in the cache, and remembered
    counted = []
    monkeypatch.setattr(limits, "exceeded", lambda *args: counted.append(args))
    again = _score(client)
    assert _refused(again) == first and not counted
    # Another address is still counted, in the cache.
    assert _score(client, address="198.51.100.9").status_code == 200
    assert len(counted) == 1


def test_a_refusal_is_remembered_until_its_retry_after_and_no_longer(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    refused = limits.Refused()
    limit = limits.ANONYMOUS_LIMITS[0]
    refused.add(("api-address", "192.0.2.1"), Exceeded(limit, "10/m", 42))
    now[0] += 40.5
    assert refused.get(("api-address", "192.0.2.1")) == Exceeded(limit, "10/m", 2)
    assert refused.get(("api-address", "192.0.2.2")) is None
    now[0] += 1.5
    assert refused.get(("api-address", "192.0.2.1")) is None


def test_a_worker_remembers_a_bounded_number_of_refusals(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    refused = limits.Refused(most=2)
    limit = limits.ANONYMOUS_LIMITS[0]
    refused.add(("api-address", "a"), Exceeded(limit, "10/m", 1))
    refused.add(("api-address", "b"), Exceeded(limit, "10/m", 60))
    now[0] = 2.0  # a's refusal is over: it makes room
    refused.add(("api-address", "c"), Exceeded(limit, "10/m", 60))
    assert [refused.get(("api-address", who)) is not None for who in "abc"] == [False, True, True]
    refused.add(("api-address", "d"), Exceeded(limit, "10/m", 60))  # full: starts afresh
    assert [refused.get(("api-address", who)) is not None for who in "bcd"] == [False, False, True]


def test_a_flood_of_refusals_writes_nothing_to_the_sites_log(client, settings, caplog):
    settings.API_RATE_ADDRESS = "1/m"
    _score(client)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        for _ in range(3):
            _refused(_score(client))
    assert not caplog.records


def _environ(address="203.0.113.7", method="post", **extra) -> dict:
    path, factory = reverse("scoring:api_score"), RequestFactory()
    if method == "get":
        return factory.get(path, REMOTE_ADDR=address, **extra).environ
    body = json.dumps(HAND)
    return factory.post(
        path, body, content_type="application/json", REMOTE_ADDR=address, **extra
    ).environ


def _call(application, environ: dict) -> tuple[str, dict[str, str], bytes]:
    answer = {}

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        answer["status"], answer["headers"] = status, dict(headers)

    body = b"".join(application(environ, start_response))
    return answer["status"], answer["headers"], body


def test_the_wsgi_door_answers_a_remembered_refusal_as_the_middleware_did(settings):
    settings.API_RATE_ADDRESS = "1/m"
    door = limits.ApiDoor(get_wsgi_application())
    assert _call(door, _environ())[0] == "200 OK"
    status, counted, words = _call(door, _environ())  # counted in the cache, remembered
    assert status == "429 Too Many Requests" and limits.REFUSED
    before_django = []
    door.application = lambda environ, start_response: before_django.append(environ)
    status, headers, again = _call(door, _environ(HTTP_ACCEPT_LANGUAGE="en"))
    assert status == "429 Too Many Requests" and not before_django
    assert again == words and headers.keys() == counted.keys()
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["X-Request-ID"]
    assert 1 <= int(headers["Retry-After"]) <= 60
    # In the reader's language, as the middleware's.
    _status, _headers, czech = _call(door, _environ(HTTP_ACCEPT_LANGUAGE="cs"))
    assert json.loads(czech)["errors"][0]["message"].startswith("Příliš mnoho požadavků")


@pytest.mark.parametrize(
    "other",
    [
        {"address": "198.51.100.1"},  # not refused
        {"method": "get"},
        {"HTTP_COOKIE": "sessionid=abc"},  # the view counts it by its session's user
    ],
)
def test_the_wsgi_door_passes_everything_else_to_django(other, settings):
    limit = limits.ANONYMOUS_LIMITS[0]
    limits.REFUSED.add(("api-address", "203.0.113.7"), Exceeded(limit, "1/m", 30))
    passed = []
    door = limits.ApiDoor(lambda environ, start_response: passed.append(environ) or [b""])
    door(_environ(**other), lambda status, headers: None)
    assert len(passed) == 1
    settings.RATELIMIT_ENABLE = False  # limits off: nothing refused, remembered or not
    door(_environ(), lambda status, headers: None)
    assert len(passed) == 2


def test_an_anonymous_client_with_a_session_cookie_is_counted_by_the_view(client, settings):
    settings.API_RATE_ADDRESS = "1/m"
    client.cookies[settings.SESSION_COOKIE_NAME] = "not-a-session-of-ours"
    assert _score(client).status_code == 200
    words = _refused(_score(client))
    assert words.startswith("Too many requests from your address (at most 1 request a minute)")


def test_the_api_scores_up_to_its_bound_of_hands_and_refuses_one_more_in_words(client, settings):
    settings.API_MAX_HANDS = 50
    response = _score(client, [HAND] * 50)
    assert response.status_code == 200
    assert len(response.json()) == 50
    response = _score(client, [HAND] * 51)
    assert response.status_code == 413
    assert response.json() == {
        "errors": [{"field": "document", "message": "at most 50 hands (got 51)"}]
    }


def test_a_rubbers_hands_count_against_the_bound(client, settings):
    settings.API_MAX_HANDS = 5
    rubber = {"ruleset": "whist", "rubber": True, "hands": [{}] * 6}
    response = _score(client, rubber)
    assert response.status_code == 413
    assert response.json()["errors"] == [{"field": "hands", "message": "at most 5 hands (got 6)"}]
    response = _score(client, [HAND, HAND, {**rubber, "hands": [{}] * 4}])
    assert response.json()["errors"][0]["message"] == "at most 5 hands (got 6)"


def test_with_limits_off_nothing_is_counted(client, settings):
    settings.RATELIMIT_ENABLE = False
    settings.API_RATE_ADDRESS = "1/m"
    assert all(_score(client).status_code == 200 for _ in range(3))


def _redis_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _redis_answers(), reason="no Redis server on 127.0.0.1:6379")
def test_the_count_is_kept_in_the_shared_cache(client, settings):
    settings.API_RATE_ADDRESS = "2/m"
    redis = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/15",
            "KEY_PREFIX": f"tarock-tests-limits-{id(client)}",
        }
    }
    with override_settings(CACHES=redis):
        cache.clear()
        try:
            for _ in range(2):
                assert _score(client).status_code == 200
            _refused(_score(client))
        finally:
            cache.clear()


# ---------------------------------------------------------------------- password reset


@pytest.fixture
def judge_with_email(judge):
    judge.email = "jan@example.org"
    judge.save()
    return judge


def _reset(client, email="jan@example.org", address="203.0.113.7"):
    return client.post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=address)


def test_one_address_gets_no_more_reset_mails_than_its_rate_and_the_same_page(
    client, judge_with_email, settings
):
    settings.PASSWORD_RESET_RATE_EMAIL = "2/h"
    for n in range(5):
        # From several clients, as a botnet would ask.
        response = _reset(client, "JAN@example.org" if n % 2 else "jan@example.org", f"192.0.2.{n}")
        assert response.status_code == 302
        assert response.url == reverse("password_reset_done")
    assert len(mail.outbox) == 2
    assert {tuple(message.to) for message in mail.outbox} == {("jan@example.org",)}


def test_a_client_asking_too_often_gets_429_in_words(client, judge_with_email, settings):
    settings.PASSWORD_RESET_RATE_ADDRESS = "3/h"
    for n in range(3):
        assert _reset(client, f"someone{n}@example.org").status_code == 302
    response = _reset(client)
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 3600
    assert "asked for too often from your network address (at most 3 requests an hour)" in (
        response.text
    )
    assert "please try again in" in response.text
    assert mail.outbox == []  # the judge's address was asked for only past the limit
    assert _reset(client, address="198.51.100.9").status_code == 302
    assert len(mail.outbox) == 1


# ------------------------------------------------------------------------------- settings


@pytest.mark.parametrize("value", ["30/m", "5/h", "100/10m", "1/s", "2/d"])
def test_a_rate_reads_as_django_ratelimit_writes_it(monkeypatch, value):
    monkeypatch.setenv("SOME_RATE", value)
    assert env_rate("SOME_RATE", "1/m") == value


@pytest.mark.parametrize("value", ["lots", "30", "0/m", "30/w", "-1/m", "30/0m", "1e3/m"])
def test_a_bad_rate_stops_the_site_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv("SOME_RATE", value)
    with pytest.raises(ImproperlyConfigured, match="SOME_RATE must look like 30/m"):
        env_rate("SOME_RATE", "1/m")
