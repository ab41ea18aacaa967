"""Settings come from the environment and production refuses unsafe defaults."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_choice

ROOT = Path(__file__).resolve().parent.parent


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE"}
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = _manage("check", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_with_production_settings():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="a-long-random-production-secret-for-this-test-only-0123456789abcdef",
        ALLOWED_HOSTS="tarock.example.org",
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_a_misspelt_boolean_stops_the_site(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be one of"):
        env_bool("DEBUG", default=False)


def test_an_unknown_paper_size_names_the_variable(monkeypatch):
    monkeypatch.setenv("PAPER_SIZE", "A3")
    with pytest.raises(ImproperlyConfigured, match="PAPER_SIZE must be one of a4, letter"):
        env_choice("PAPER_SIZE", "letter", ("a4", "letter"))


@pytest.mark.django_db
def test_the_migrations_match_the_models():
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


@pytest.mark.parametrize("entry_point", ["config.wsgi", "config.asgi"])
def test_the_web_server_refuses_to_start_without_a_secret_key(entry_point):
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="0")
    result = subprocess.run(
        [sys.executable, "-c", f"import {entry_point}"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_migrate_refuses_to_run_without_a_secret_key():
    result = _manage("migrate", "--plan", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_postgresql_takes_djangos_own_connection_options():
    """No statement is prepared on the server (a pooler in transaction mode needs no
    setting for it): the settings add no psycopg option of their own."""
    code = "from django.conf import settings as s; print(s.DATABASES['default'].get('OPTIONS', {}))"
    result = _manage(
        "shell", "-v", "0", "-c", code,
        DEBUG="1", DATABASE_URL="postgres://tarock@127.0.0.1:5432/tarock",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "{}"
