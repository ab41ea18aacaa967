"""The settings added for login and headers come from the environment through strict
readers: the admin's URL, login throttling and the SMTP server for password reset mails."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_int, env_url_prefix

ROOT = Path(__file__).resolve().parent.parent
_SETTINGS_VARS = {
    "DEBUG",
    "SECRET_KEY",
    "DJANGO_SETTINGS_MODULE",
    "ADMIN_URL",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
    "DEFAULT_FROM_EMAIL",
    "LOGIN_FAILURE_LIMIT",
    "LOGIN_COOLOFF_MINUTES",
    "TRUSTED_PROXY_COUNT",
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """Run a management command with development settings and `env` set."""
    clean = {k: v for k, v in os.environ.items() if k not in _SETTINGS_VARS}
    clean.update(DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings", **env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def _shell(code: str, **env: str) -> subprocess.CompletedProcess:
    """Run `code` in `manage.py shell`."""
    return _manage("shell", "--no-imports", "-c", code, **env)


def test_the_admin_moves_to_the_configured_url():
    result = _shell(
        "from django.urls import reverse; print(reverse('admin:index'))",
        ADMIN_URL="club-office/",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "/club-office/"


def test_the_admin_stays_at_admin_by_default():
    result = _shell("from django.urls import reverse; print(reverse('admin:index'))")
    assert result.stdout.strip() == "/admin/"


def test_a_malformed_admin_url_stops_the_site():
    result = _manage("check", ADMIN_URL="/admin")
    assert result.returncode != 0
    assert "ADMIN_URL must look like 'admin/'" in result.stderr


def test_mail_goes_to_the_console_unless_an_smtp_server_is_named():
    code = "from django.conf import settings as s; print(s.EMAIL_BACKEND)"
    assert _shell(code).stdout.strip() == "django.core.mail.backends.console.EmailBackend"


def test_smtp_is_configured_from_the_environment():
    result = _shell(
        "from django.conf import settings as s; print(s.EMAIL_BACKEND, s.EMAIL_HOST, "
        "s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, "
        "s.DEFAULT_FROM_EMAIL)",
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="tarock",
        EMAIL_HOST_PASSWORD="s3cret",
        EMAIL_USE_TLS="yes",
        DEFAULT_FROM_EMAIL="Tarock <tarock@example.org>",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.example.org",
        "2525",
        "tarock",
        "s3cret",
        "True",
        "Tarock",
        "<tarock@example.org>",
    ]


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"EMAIL_PORT": "smtp"}, "EMAIL_PORT must be a whole number"),
        ({"EMAIL_PORT": "70000"}, "EMAIL_PORT must be at least 1 and at most 65535"),
        ({"EMAIL_USE_TLS": "1", "EMAIL_USE_SSL": "1"}, "cannot both be on"),
        ({"LOGIN_FAILURE_LIMIT": "0"}, "LOGIN_FAILURE_LIMIT must be at least 1"),
        ({"TRUSTED_PROXY_COUNT": "-1"}, "TRUSTED_PROXY_COUNT must be a whole number"),
    ],
)
def test_a_bad_mail_or_login_setting_stops_the_site(env, message):
    result = _manage("check", **env)
    assert result.returncode != 0
    assert message in result.stderr


@pytest.mark.parametrize("raw", ["1e3", "-1", "12.0", "abc", "١٢"])
def test_env_int_refuses_anything_but_plain_digits(monkeypatch, raw):
    monkeypatch.setenv("LOGIN_COOLOFF_MINUTES", raw)
    with pytest.raises(ImproperlyConfigured, match="LOGIN_COOLOFF_MINUTES must be a whole"):
        env_int("LOGIN_COOLOFF_MINUTES", 15)


def test_env_int_reads_a_number_within_bounds(monkeypatch):
    monkeypatch.setenv("LOGIN_COOLOFF_MINUTES", " 30 ")
    assert env_int("LOGIN_COOLOFF_MINUTES", 15, minimum=1, maximum=60) == 30
    monkeypatch.delenv("LOGIN_COOLOFF_MINUTES")
    assert env_int("LOGIN_COOLOFF_MINUTES", 15, minimum=1, maximum=60) == 15


@pytest.mark.parametrize("raw", ["/admin/", "admin", "../admin/", "ad min/", "admin//", "/"])
def test_env_url_prefix_refuses_what_path_cannot_take(monkeypatch, raw):
    monkeypatch.setenv("ADMIN_URL", raw)
    with pytest.raises(ImproperlyConfigured, match="ADMIN_URL must look like"):
        env_url_prefix("ADMIN_URL", "admin/")


@pytest.mark.parametrize("raw", ["admin/", "club-office/", "club/office_2/"])
def test_env_url_prefix_reads_a_path_prefix(monkeypatch, raw):
    monkeypatch.setenv("ADMIN_URL", raw)
    assert env_url_prefix("ADMIN_URL", "admin/") == raw
