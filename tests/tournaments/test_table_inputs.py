"""The judge's pages read their hidden fields through forms: a malformed `version` or
`submission` is a message, never a 500, and nothing saved changes."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import hand_post
from tournaments.models import Hand, HandRevision

pytestmark = pytest.mark.django_db

BAD_NUMBERS = ["abc", "", "1.5", "²", "③", "9" * 5000, "-1", str(2**63)]


@pytest.fixture
def hand1(judge_client, table1) -> Hand:
    table1.refresh_from_db()
    judge_client.post(
        reverse("tournaments:hand_add", args=[table1.pk]),
        hand_post(table1, declarer=1, partner=3, declarer_points=59),
    )
    return Hand.objects.get()


def _state(table):
    table.refresh_from_db()
    return table.version, list(Hand.objects.values_list("pk", "revision", "deleted", "data"))


@pytest.mark.parametrize("version", BAD_NUMBERS)
def test_a_bad_version_on_an_edit_is_refused_plainly(judge_client, table1, hand1, version):
    before = _state(table1)
    data = {**hand_post(table1, declarer=1, partner=3, declarer_points=40), "reason": "recount"}
    data["version"] = version
    url = reverse("tournaments:hand_edit", args=[table1.pk, 1])
    response = judge_client.post(url, data, follow=True)
    assert response.status_code == 200
    assert "The form is incomplete" in response.content.decode()
    assert _state(table1) == before
    assert HandRevision.objects.count() == 1


@pytest.mark.parametrize("version", BAD_NUMBERS)
def test_a_bad_version_on_a_delete_is_refused_plainly(judge_client, table1, hand1, version):
    before = _state(table1)
    url = reverse("tournaments:hand_delete", args=[table1.pk, 1])
    response = judge_client.post(url, {"version": version, "reason": "dealt twice"}, follow=True)
    assert response.status_code == 200
    assert _state(table1) == before


@pytest.mark.parametrize("field", ["version", "submission"])
@pytest.mark.parametrize("value", [*BAD_NUMBERS, "not-a-uuid"])
def test_a_bad_hidden_field_on_a_new_hand_is_refused_plainly(judge_client, table1, field, value):
    before = _state(table1)
    data = hand_post(table1, declarer=1, partner=3, declarer_points=59)
    data[field] = value
    url = reverse("tournaments:hand_add", args=[table1.pk])
    response = judge_client.post(url, data, follow=True)
    assert response.status_code == 200
    assert "The form is incomplete" in response.content.decode()
    assert _state(table1) == before


def test_a_delete_without_a_reason_saves_nothing(judge_client, table1, hand1):
    before = _state(table1)
    url = reverse("tournaments:hand_delete", args=[table1.pk, 1])
    response = judge_client.post(url, {"version": table1.version, "reason": ""}, follow=True)
    assert "Say why the hand is deleted" in response.content.decode()
    assert _state(table1) == before
