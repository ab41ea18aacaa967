"""The read API fuzzed against its own OpenAPI schema (schemathesis, in-process through the
WSGI app) on a seeded database: the demo clubs and tournament in play, and a short
finished history so the standings, leaderboards and ratings have rows. No answer is a
5xx, and every answer conforms to the schema: its status, content type, body and headers.

The examples are few and derandomized, so a CI run is short and the same every time."""

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import override_settings
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.django_db

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


@pytest.fixture(scope="module")
def seeded(django_db_setup, django_db_blocker):
    """A finished history of a few tournaments (rated), then the demo data on top; made
    once for the module inside a transaction that is rolled back after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("simulate_history", tournaments=3, progress=0, verbosity=0)
        call_command("seed_demo", verbosity=0)
        yield
        transaction.set_rollback(True)


# The schema as the site serves it, read through the site's WSGI app in this process (at
# collection, before the test settings allow any host: hence the override).
with override_settings(ALLOWED_HOSTS=["localhost"]):
    schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", WSGIHandler())


@pytest.fixture(autouse=True)
def _in_process(seeded, settings):
    """Requests answered by the app in this thread, on the test's connection."""
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]
    # As Django's test client does: a request's start and end must not close the test's
    # connection (on PostgreSQL it would take the seeded transaction with it).
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=15,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
def test_every_answer_conforms_to_the_schema(case):
    # Uncompressed: the in-process client hands the checks the body as the app sent it.
    case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})


# A request that gets each documented status of a read endpoint, beside its plain GET:
# the 304 asks again with the ETag, the 404 names no such thing (an id, a page past the
# last, a club none has), the 400 a filter that is not valid, the 429 comes past a
# throttle of one request a minute. Each answer is checked against the schema as well.
MISSING = {"id": 999999, "number": 999, "family": "nosuch"}


def _existing(path: str) -> dict[str, object]:
    """The path parameters of `path` naming the seeded database's first club, player,
    season or tournament (one with a round 1), round 1 and the SPJST rating list."""
    from clubs.models import Club, Player, Season
    from tournaments.models import Tournament

    found = {
        "clubs": lambda: Club.objects.order_by("pk").first(),
        "players": lambda: Player.objects.order_by("pk").first(),
        "seasons": lambda: Season.objects.order_by("pk").first(),
        "tournaments": lambda: Tournament.objects.filter(rounds__number=1).first(),
    }
    values = {"number": 1, "family": "spjst"}
    if "{id}" in path:
        values["id"] = found[path.split("/")[3]]().pk
    return {name: value for name, value in values.items() if "{" + name + "}" in path}


def _reached(operation, path: str, settings) -> set[int]:
    """The statuses one GET endpoint answered to the requests above, each answer
    conforming to the schema."""
    existing = _existing(path)
    queried = {p.name for p in operation.query}
    requests = [(existing, {}, {})]
    if existing:
        requests.append(({name: MISSING[name] for name in existing}, {}, {}))
    if "page" in queried:
        requests.append((existing, {"page": 9999}, {}))
    if "club" in queried:
        requests.append((existing, {"club": 123456789, "page": 9999}, {}))
    if "min_tables" in queried:
        requests.append((existing, {"min_tables": -1}, {}))
    for name in sorted(queried & {"club", "season", "ruleset", "status", "active"}):
        requests.append((existing, {name: "not-valid"}, {}))
    statuses = set()
    for parameters, query, headers in requests:
        statuses.add(_call(operation, parameters, query, headers).status_code)
    etag = _call(operation, existing, {}, {}).headers["etag"][0]
    statuses.add(_call(operation, existing, {}, {"If-None-Match": etag}).status_code)
    settings.RATELIMIT_ENABLE = True
    settings.API_V1_RATE_ADDRESS = "1/m"
    for _ in range(2):
        statuses.add(_call(operation, existing, {}, {}).status_code)
    settings.RATELIMIT_ENABLE = False
    return statuses


def _call(operation, parameters: dict, query: dict, headers: dict):
    case = operation.Case(path_parameters=parameters, query=query, headers=headers)
    response = case.call(headers={"Accept-Encoding": "identity"})
    case.validate_response(response, checks=CHECKS)
    return response


def test_every_documented_status_of_a_read_endpoint_is_reachable(settings):
    from django.core.cache import cache

    unreached, checked = {}, 0
    for path, item in schema.raw_schema["paths"].items():
        if "get" not in item or not path.startswith("/api/v1/") or path.endswith("/schema/"):
            continue
        cache.clear()
        checked += 1
        documented = {int(status) for status in item["get"]["responses"]}
        reached = _reached(schema[path]["GET"], path, settings)
        if documented != reached:
            unreached[path] = (sorted(documented), sorted(reached))
    assert unreached == {}
    assert checked >= 15, "the schema lost its read endpoints"
