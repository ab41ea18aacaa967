"""A user who forgot the password sets a new one through a link sent by e-mail."""

import re

import pytest
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://testserver(/accounts/reset/\S+/)")


@pytest.fixture
def judge_with_email(judge):
    judge.email = "jan@example.org"
    judge.save()
    return judge


def _ask_for_a_link(client, email="jan@example.org"):
    return client.post(reverse("password_reset"), {"email": email})


def _link_in_the_mail() -> str:
    (message,) = mail.outbox
    return LINK.search(message.body).group(1)


def test_the_login_page_offers_a_password_reset(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert f'href="{reverse("password_reset")}"' in response.text
    assert "Forgot your password?" in response.text


def test_the_reset_form_is_a_page_of_the_site(client):
    response = client.get(reverse("password_reset"))
    assert response.status_code == 200
    assert "Reset your password" in response.text
    assert 'class="topbar"' in response.text  # the site's own layout, not the admin's


def test_a_user_sets_a_new_password_through_the_mailed_link(client, judge_with_email):
    response = _ask_for_a_link(client)
    assert response.status_code == 302
    assert response.url == reverse("password_reset_done")
    assert "Check your e-mail" in client.get(response.url).text

    (message,) = mail.outbox
    assert message.to == ["jan@example.org"]
    assert message.subject == "A new password for testserver"
    assert "jan-judge" in message.body

    # Django swaps the token in the link for a session value before showing the form.
    response = client.get(_link_in_the_mail(), follow=True)
    assert response.status_code == 200
    assert "Choose a new password" in response.text
    form_url = response.redirect_chain[-1][0]
    response = client.post(
        form_url, {"new_password1": "ulti-kaiser-42", "new_password2": "ulti-kaiser-42"}
    )
    assert response.status_code == 302
    assert response.url == reverse("password_reset_complete")
    assert "Your new password is set" in client.get(response.url).text

    judge_with_email.refresh_from_db()
    assert judge_with_email.check_password("ulti-kaiser-42")
    assert not judge_with_email.check_password("pw")
    response = client.post(
        reverse("login"), {"username": "jan-judge", "password": "ulti-kaiser-42"}
    )
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


def test_a_used_link_no_longer_works(client, judge_with_email):
    _ask_for_a_link(client)
    link = _link_in_the_mail()
    response = client.get(link, follow=True)
    form_url = response.redirect_chain[-1][0]
    client.post(form_url, {"new_password1": "ulti-kaiser-42", "new_password2": "ulti-kaiser-42"})

    response = client.get(link, follow=True)
    assert response.status_code == 200
    assert "This link no longer works" in response.text
    assert "new_password1" not in response.text


def test_a_weak_new_password_is_refused_and_the_old_one_kept(client, judge_with_email):
    _ask_for_a_link(client)
    form_url = client.get(_link_in_the_mail(), follow=True).redirect_chain[-1][0]
    response = client.post(form_url, {"new_password1": "12345678", "new_password2": "12345678"})
    assert response.status_code == 200
    assert "This password is too common." in response.text
    judge_with_email.refresh_from_db()
    assert judge_with_email.check_password("pw")


def test_an_unknown_address_sends_nothing_and_looks_the_same(client, judge_with_email):
    # The answer must not tell a stranger which addresses have an account.
    response = _ask_for_a_link(client, "nobody@example.org")
    assert response.status_code == 302
    assert response.url == reverse("password_reset_done")
    assert mail.outbox == []


def test_the_mail_links_to_https_behind_the_proxy(client, judge_with_email, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.ALLOWED_HOSTS = ["tarock.example.org"]
    client.post(
        reverse("password_reset"),
        {"email": "jan@example.org"},
        HTTP_HOST="tarock.example.org",
        HTTP_X_FORWARDED_PROTO="https",
    )
    assert "https://tarock.example.org/accounts/reset/" in mail.outbox[0].body
