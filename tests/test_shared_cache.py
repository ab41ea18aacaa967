"""The shared cache (`REDIS_URL`): what it switches on, the health check's word on it, and
the public standings kept in it briefly (tournaments/public_cache.py)."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from config import health
from tests.tournaments.helpers import hand_post
from tournaments.views import standings as standings_views

ROOT = Path(__file__).resolve().parent.parent
LIVE_REDIS = "redis://127.0.0.1:6379/15"


def _settings(**env: str) -> subprocess.CompletedProcess:
    """What the settings say of the cache and sessions under `env`."""
    clean = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "PUBLIC_PAGE_SECONDS"}}
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1")
    code = (
        "from django.conf import settings as s; "
        "print(s.CACHES['default']['BACKEND'], s.SESSION_ENGINE, s.PUBLIC_PAGE_SECONDS)"
    )
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
    )


def test_without_redis_each_worker_caches_alone_and_sessions_stay_in_the_database():
    result = _settings()
    assert result.stdout.splitlines()[-1].split() == [
        "django.core.cache.backends.locmem.LocMemCache",
        "django.contrib.sessions.backends.db",
        "0",
    ], result.stderr


def test_redis_url_shares_the_cache_the_sessions_and_the_public_standings():
    result = _settings(REDIS_URL=LIVE_REDIS)
    assert result.stdout.splitlines()[-1].split() == [
        "config.cache.RedisCache",
        "django.contrib.sessions.backends.cached_db",
        "10",
    ], result.stderr
    assert _settings(REDIS_URL=LIVE_REDIS, PUBLIC_PAGE_SECONDS="0").stdout.split()[-1] == "0"


def test_a_redis_url_of_another_scheme_stops_the_site():
    result = _settings(REDIS_URL="http://127.0.0.1:6379")
    assert result.returncode != 0
    assert "REDIS_URL must start with redis://" in result.stderr


def _redis_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        return False
    return True


def _redis(location: str):
    return override_settings(
        REDIS_URL=location,
        CACHES={
            "default": {
                "BACKEND": "config.cache.RedisCache",
                "LOCATION": location,
                "KEY_PREFIX": "tarock-tests",
            }
        },
    )


@pytest.mark.django_db
def test_healthz_says_when_the_shared_cache_does_not_answer(client, monkeypatch, caplog):
    monkeypatch.setattr(health, "_migrations_applied", True)
    # Port 1 on loopback: nothing listens there.
    with _redis("redis://127.0.0.1:1/0"):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "problem": "cache unreachable"}
    assert "the cache did not answer" in caplog.text


@pytest.mark.django_db
@pytest.mark.skipif(not _redis_answers(), reason="no Redis server on 127.0.0.1:6379")
def test_healthz_is_ok_with_a_shared_cache_that_answers(client, monkeypatch):
    monkeypatch.setattr(health, "_migrations_applied", True)
    with _redis(LIVE_REDIS):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


@pytest.mark.skipif(not _redis_answers(), reason="no Redis server on 127.0.0.1:6379")
def test_the_redis_cache_keeps_one_client_per_pool_and_counts_as_djangos_does():
    from django.core.cache import caches

    with _redis(LIVE_REDIS):
        shared = caches.create_connection("default")
        shared.delete("counted")
        assert shared.add("counted", 0, 60) and not shared.add("counted", 5, 60)
        assert [shared.incr("counted") for _ in range(3)] == [1, 2, 3]
        shared.set("fragment", {"rows": ["a"]}, 60)
        assert shared.get("fragment") == {"rows": ["a"]}
        client = shared._cache.get_client(write=True)
        assert shared._cache.get_client(write=True) is client
        assert shared._cache.get_client() is client  # one server: reads use its pool too
        shared.delete_many(["counted", "fragment"])


@pytest.fixture
def computed(monkeypatch):
    """How many times the standings were computed."""
    calls = []
    real = standings_views.tournament_standings

    def counting(tournament):
        calls.append(tournament.pk)
        return real(tournament)

    monkeypatch.setattr(standings_views, "tournament_standings", counting)
    cache.clear()
    yield calls
    cache.clear()


@pytest.mark.django_db
class TestPublicStandingsKeptBriefly:
    def test_visitors_share_one_computation_until_it_is_older_than_the_setting(
        self, client, anon_client, table1, computed
    ):
        url = reverse("tournaments:standings", args=[table1.round.tournament_id])
        with override_settings(PUBLIC_PAGE_SECONDS=10):
            first = client.get(url).content.decode()
            second = anon_client.get(url).content.decode()
            refresh = anon_client.get(url, headers={"HX-Request": "true"}).content.decode()
        assert len(computed) == 1
        # Each page is its visitor's own (its CSRF token); the standings are the same.
        assert first != second and 'id="standings"' in second
        assert refresh.strip() and refresh in second

    def test_each_language_and_sort_order_is_kept_apart(self, client, table1, computed):
        url = reverse("tournaments:standings", args=[table1.round.tournament_id])
        with override_settings(PUBLIC_PAGE_SECONDS=10):
            client.get(url)
            client.get(url, headers={"Accept-Language": "cs"})
            client.get(url + "?sort=-name")
            client.get(url + "?sort=-name")
        assert len(computed) == 3

    def test_a_director_always_sees_them_fresh(
        self, director_client, judge_client, table1, computed
    ):
        url = reverse("tournaments:standings", args=[table1.round.tournament_id])
        with override_settings(PUBLIC_PAGE_SECONDS=10):
            before = director_client.get(url).content.decode()
            table1.refresh_from_db()
            judge_client.post(
                reverse("tournaments:hand_add", args=[table1.pk]),
                hand_post(table1, declarer=1, partner=3, declarer_points=59),
            )
            after = director_client.get(url).content.decode()
        assert len(computed) == 2 and before != after

    def test_nothing_is_kept_when_the_setting_is_zero(self, client, table1, computed):
        url = reverse("tournaments:standings", args=[table1.round.tournament_id])
        with override_settings(PUBLIC_PAGE_SECONDS=0):
            client.get(url)
            client.get(url)
        assert len(computed) == 2
