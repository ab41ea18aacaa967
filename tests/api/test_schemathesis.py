"""The read API fuzzed against its own OpenAPI schema (schemathesis, in-process through the
WSGI app) on a seeded database: the demo clubs and tournament in play, and a short
finished history so the standings, leaderboards and ratings have rows. No answer is a
5xx, and every answer conforms to the schema: its status, content type, body and headers.

The examples are few and derandomized, so a CI run is short and the same every time."""

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.core.signals import request_finished
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
    settings.ALLOWED_HOSTS = ["localhost"]
    # As Django's test client does: a request's end must not close the test's connection.
    request_finished.disconnect(close_old_connections)
    yield
    request_finished.connect(close_old_connections)


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
