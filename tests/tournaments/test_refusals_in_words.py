"""Issue 30: the engine's refusals shown outside the hand form (a rubber on the judge's
page, a service's message, an archive's import) name the part of the hand in the form's
words, as the form does, not by the JSON path (``penalties[0].seat``)."""

import pytest
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory
from django.utils import translation

from scoring import HandError
from tournaments import archive
from tournaments.feedback import service_refusals
from tournaments.models import Hand, Round, Table, Tournament
from tournaments.progress import table_rubbers

from .test_archive import _clear, _refused, _reseal, finished  # noqa: F401

HUSSAR = {"variant": "hussar", "tricks": {"1": 4, "2": 3, "3": 3, "4": 3}}
THREES = {"variant": "three_player", "tricks": {"1": 5, "2": 4, "3": 4}}


@pytest.fixture(autouse=True)
def _czech():
    with translation.override("cs"):
        yield


def test_a_rubber_that_cannot_go_on_names_the_hand_and_its_field_in_words():
    table = Table(round=Round(tournament=Tournament(ruleset="whist", house_rules={})))
    hands = [Hand(number=n, data=data, deleted=False) for n, data in ((1, HUSSAR), (2, THREES))]
    error = table_rubbers(table, hands)["rubber"]["error"]
    assert error.startswith("Hra 2: ") and "variant" not in error and "hands[" not in error


def test_a_services_refusal_names_the_penalty_and_seat_in_words():
    request = RequestFactory().post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    with service_refusals(request) as outcome:
        raise HandError("penalties[0].seat", "must be a seat at the table")
    assert not outcome.ok
    assert outcome.message == "Trest 1, Místo: must be a seat at the table"
    assert [str(message) for message in get_messages(request)] == [outcome.message]


@pytest.mark.django_db
def test_an_archived_hand_the_engine_refuses_is_named_in_words(finished):  # noqa: F811
    document = archive.export_tournament(finished)
    _clear(finished)
    hand = document["rounds"][0]["tables"][1]["hands"][0]
    for row in (hand, hand["revisions"][-1]):
        row["data"]["penalties"] = [{"code": "spjst.misdeal", "seat": 9}]
    _refused(
        _reseal(document),
        r"^rounds\[0\]\.tables\[1\]\.hands\[0\]\.data: Trest 1, Místo: [^\[\]_]+\. Nic nebylo",
    )
