"""Failed logins are throttled per user name and per address (django-axes), with a page
that says what happened and when to try again; behind a proxy the forwarded address
counts only when the proxy is configured."""

import datetime

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import RequestFactory, override_settings
from django.urls import reverse

from config.security import client_ip

pytestmark = pytest.mark.django_db

LIMIT = 5  # the default LOGIN_FAILURE_LIMIT


def _login(client, username, password, ip="192.0.2.10", **headers):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip, **headers
    )


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_a_wrong_password_shows_the_usual_error_below_the_limit(client, judge):
    for _ in range(LIMIT - 1):
        response = _login(client, "jan-judge", "wrong")
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.text
    assert not _logged_in(client)


def test_the_fifth_wrong_password_pauses_logins_for_that_user_name(client, judge):
    # Each attempt from another address: the user name alone triggers the pause.
    for n in range(LIMIT - 1):
        _login(client, "jan-judge", "wrong", ip=f"198.51.100.{n}")
    response = _login(client, "jan-judge", "wrong", ip="198.51.100.99")
    assert response.status_code == 429
    assert "Logging in is paused" in response.text
    assert "There were 5 failed log-ins for this user name or from this network address" in (
        response.text
    )
    assert "Please try again in 15 minutes, after" in response.text

    # Even the right password is refused while the pause lasts, from a fresh address.
    response = _login(client, "jan-judge", "pw", ip="203.0.113.50")
    assert response.status_code == 429
    assert not _logged_in(client)


def test_wrong_passwords_from_one_address_pause_logins_from_it(client, judge, director):
    for n in range(LIMIT):
        _login(client, f"guess-{n}", "wrong", ip="192.0.2.66")
    response = _login(client, "jan-judge", "pw", ip="192.0.2.66")
    assert response.status_code == 429
    assert not _logged_in(client)

    # The judge's account is not paused: from another address the login works.
    response = _login(client, "jan-judge", "pw", ip="192.0.2.67")
    assert response.status_code == 302
    assert _logged_in(client)


def test_logins_work_again_after_the_cooloff(client, judge):
    for _ in range(LIMIT):
        _login(client, "jan-judge", "wrong")
    assert _login(client, "jan-judge", "pw").status_code == 429
    AccessAttempt.objects.update(
        attempt_time=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=16)
    )
    response = _login(client, "jan-judge", "pw")
    assert response.status_code == 302
    assert _logged_in(client)


def test_the_reset_command_lifts_the_pause_at_once(client, judge):
    for _ in range(LIMIT):
        _login(client, "jan-judge", "wrong")
    call_command("axes_reset_username", "jan-judge")
    response = _login(client, "jan-judge", "pw")
    assert response.status_code == 302
    assert AccessAttempt.objects.count() == 0


def test_a_successful_login_clears_the_earlier_failures(client, judge):
    for _ in range(LIMIT - 1):
        _login(client, "jan-judge", "wrong")
    assert _login(client, "jan-judge", "pw").status_code == 302
    client.logout()
    for _ in range(LIMIT - 1):
        assert _login(client, "jan-judge", "wrong").status_code == 200
    assert _login(client, "jan-judge", "pw").status_code == 302


def test_a_forged_forwarded_header_does_not_escape_the_address_pause(client, judge):
    # No proxy configured: X-Forwarded-For is the client's own claim and is ignored.
    for n in range(LIMIT):
        _login(client, f"guess-{n}", "wrong", ip="192.0.2.66", HTTP_X_FORWARDED_FOR=f"10.9.9.{n}")
    response = _login(client, "jan-judge", "pw", ip="192.0.2.66", HTTP_X_FORWARDED_FOR="10.1.1.1")
    assert response.status_code == 429


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_one_proxy_the_forwarded_client_address_is_paused_not_the_proxy(client, judge):
    proxy = "10.0.0.1"
    for n in range(LIMIT):
        # The attacker prepends a made-up address; the proxy appends the real one.
        _login(
            client,
            f"guess-{n}",
            "wrong",
            ip=proxy,
            HTTP_X_FORWARDED_FOR=f"172.16.0.{n}, 203.0.113.5",
        )
    attacker = _login(client, "jan-judge", "pw", ip=proxy, HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert attacker.status_code == 429
    # Another visitor behind the same proxy is not affected.
    other = _login(client, "jan-judge", "pw", ip=proxy, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert other.status_code == 302


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "203.0.113.5", "10.0.0.1"),
        (1, "203.0.113.5", "203.0.113.5"),
        (1, "1.2.3.4, 203.0.113.5", "203.0.113.5"),
        (2, "1.2.3.4, 203.0.113.5, 10.0.0.2", "203.0.113.5"),
        (2, "203.0.113.5", "10.0.0.1"),  # shorter than the proxy chain: not trusted
        (1, "not-an-address", "10.0.0.1"),
        (1, "", "10.0.0.1"),
        (1, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_the_client_address_trusts_only_the_configured_proxies(proxies, forwarded, expected):
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    with override_settings(TRUSTED_PROXY_COUNT=proxies):
        assert client_ip(request) == expected
