"""Operations: `/healthz` for the proxy and monitor, and the request id on logs and responses."""

import gc
import logging
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpResponse
from django.test import RequestFactory

from config import health
from config.request_id import NO_REQUEST, RequestIdFilter, RequestIdMiddleware
from config.startup import warm_and_freeze

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fresh_probe(monkeypatch):
    """A process that has not yet seen its migrations applied."""
    monkeypatch.setattr(health, "_migrations_applied", False)


@pytest.mark.django_db
def test_healthz_is_ok_when_the_database_answers_and_is_migrated(client, fresh_probe):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]
    assert "max-age=0" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_names_unapplied_migrations(client, fresh_probe):
    real = MigrationRecorder.applied_migrations

    def without_the_last_tournament_migration(recorder):
        applied = real(recorder)
        last = max(key for key in applied if key[0] == "tournaments")
        return {key: value for key, value in applied.items() if key != last}

    with mock.patch.object(
        MigrationRecorder, "applied_migrations", without_the_last_tournament_migration
    ):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "error",
        "problem": "migrations not applied",
        "pending": 1,
    }


@pytest.mark.django_db
def test_healthz_says_when_the_database_does_not_answer(client, fresh_probe, caplog):
    connection = connections[DEFAULT_DB_ALIAS]
    down = OperationalError("connection refused: db.example.org")
    with mock.patch.object(connection, "cursor", side_effect=down):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "problem": "database unreachable"}
    # The cause goes to the log only: the public answer names no host.
    assert "db.example.org" not in response.content.decode()
    assert "the database did not answer" in caplog.text


@pytest.mark.django_db
def test_healthz_asks_the_database_even_after_it_saw_the_migrations(client, fresh_probe):
    assert client.get("/healthz").status_code == 200
    connection = connections[DEFAULT_DB_ALIAS]
    with mock.patch.object(connection, "cursor", side_effect=OperationalError("gone")):
        assert client.get("/healthz").status_code == 503


@pytest.mark.django_db
def test_healthz_refuses_writes(client):
    assert client.post("/healthz").status_code == 405


def test_production_redirects_pages_to_https_but_not_healthz():
    """With production settings a plain-HTTP probe of /healthz is answered, not redirected
    (a fresh in-memory database: migrations not applied, so 503), while a page is."""
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DJANGO_SETTINGS_MODULE"}}
    env.update(
        DEBUG="0",
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY="a-long-random-production-secret-for-this-test-only-0123456789abcdef",
        ALLOWED_HOSTS="testserver",
        DATABASE_URL="sqlite://:memory:",
    )
    code = (
        "from django.test import Client; c = Client(); "
        "print(c.get('/healthz').status_code, c.get('/').status_code)"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["503", "301"]


def _through_middleware(headers: dict, log: logging.Logger) -> HttpResponse:
    def view(request):
        log.warning("inside the request")
        return HttpResponse("ok")

    return RequestIdMiddleware(view)(RequestFactory().get("/", headers=headers))


@pytest.fixture
def records():
    """The records a logger emits, each passed through the request id filter as the
    configured handler does."""
    captured: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.addFilter(RequestIdFilter())
    handler.emit = captured.append  # type: ignore[method-assign]
    log = logging.getLogger("tests.request_id")
    log.addHandler(handler)
    yield log, captured
    log.removeHandler(handler)


def test_a_sane_request_id_is_kept_on_the_response_and_the_log(records):
    log, captured = records
    response = _through_middleware({"X-Request-ID": "3f2a9c0e-proxy.1"}, log)
    assert response["X-Request-ID"] == "3f2a9c0e-proxy.1"
    assert [record.request_id for record in captured] == ["3f2a9c0e-proxy.1"]


@pytest.mark.parametrize(
    "sent",
    ["", "x" * 129, "two words", "line\nbreak", 'quote"', "ünïcode"],
)
def test_an_insane_request_id_is_replaced_by_a_new_one(records, sent):
    log, captured = records
    response = _through_middleware({"X-Request-ID": sent}, log)
    made = response["X-Request-ID"]
    assert made != sent
    assert len(made) == 32 and int(made, 16) >= 0
    assert [record.request_id for record in captured] == [made]


def test_each_request_without_an_id_gets_its_own(records):
    log, _ = records
    first = _through_middleware({}, log)["X-Request-ID"]
    second = _through_middleware({}, log)["X-Request-ID"]
    assert first != second


@pytest.mark.django_db
def test_the_not_found_line_django_logs_last_names_the_request(client, caplog):
    """Django logs a 4xx answer after the middleware chain has returned; that line names
    the request too, and a line logged after the response is closed names none."""
    naming = RequestIdFilter()
    caplog.handler.addFilter(naming)
    try:
        response = client.get("/tables/999999/", headers={"X-Request-ID": "lost-table"})
        logging.getLogger("tests.request_id").warning("between requests")
    finally:
        caplog.handler.removeFilter(naming)
    assert response.status_code == 404
    lines = [(record.getMessage(), record.request_id) for record in caplog.records]
    assert lines == [("Not Found: /tables/999999/", "lost-table"), ("between requests", NO_REQUEST)]


@pytest.mark.django_db
def test_every_response_carries_a_request_id(client):
    response = client.get("/healthz", headers={"X-Request-ID": "from-nginx"})
    assert response["X-Request-ID"] == "from-nginx"


def test_the_configured_log_line_prints_the_request_id():
    handlers = [
        handler
        for handler in logging.getLogger().handlers
        if any(isinstance(f, RequestIdFilter) for f in handler.filters)
    ]
    assert len(handlers) == 1
    handler = handlers[0]
    record = logging.LogRecord("tournaments", logging.ERROR, __file__, 1, "boom", None, None)
    with mock.patch("config.request_id.current_request_id") as current:
        current.get.return_value = "req-42"
        assert handler.filter(record)
    assert "[req-42] tournaments: boom" in handler.format(record)


def test_a_server_process_loads_its_views_then_freezes_what_it_loaded():
    try:
        warm_and_freeze()
        assert gc.get_freeze_count() > 10_000
        assert "tournaments.views.table" in sys.modules
    finally:
        gc.unfreeze()  # the test process goes on collecting as before
    assert gc.get_freeze_count() == 0


def test_the_wsgi_module_settles_its_process_when_gunicorn_imports_it():
    code = "import gc, config.wsgi; print(gc.get_freeze_count() > 0)"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "a-long-random-secret-for-this-test-only-0123456789abcdef",
        "ALLOWED_HOSTS": "localhost",
    }
    env.pop("DEBUG", None)
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.stdout.strip() == "True", result.stderr
