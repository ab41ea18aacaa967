"""POST /api/score/ keeps its limits: any bad request is a JSON error, 400 or 413, fast."""

import json
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from scoring.hand_documents import TooLarge, score_document

HAND = {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "declarer_points": 59}
THREE = {"ruleset": "cz_three", "contract": "prvni", "declarer": 2, "declarer_points": 40}


@pytest.fixture(autouse=True)
def _warm(client):
    # The first request of a run imports every URL's views; that is not what is timed.
    client.get(reverse("scoring:api_score"))


def _post(client, body: bytes | str, **extra):
    started = time.monotonic()
    response = client.post(
        reverse("scoring:api_score"), body, content_type="application/json", **extra
    )
    # A guard against runaway work (a huge exponent worked out digit by digit takes minutes),
    # not a speed target: those are checked by bench/, and this machine may be slow and busy.
    assert time.monotonic() - started < 20, "a refused request must not work for minutes"
    return response


def _error(response, status: int = 400) -> dict:
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    errors = response.json()["errors"]
    assert len(errors) == 1
    assert set(errors[0]) == {"field", "message"}
    return errors[0]


def test_a_tiny_house_rule_decimal_is_refused_at_once(client):
    hand = '{"ruleset": "cz_three", "contract": "prvni", "declarer": 2, "declarer_points": 40, "house_rules": {"renonc_value": 1E-999999}}'
    error = _error(_post(client, hand))
    assert error["field"] == "house_rules.renonc_value"
    assert "at most 12 significant digits and an exponent within ±6" in error["message"]


@pytest.mark.parametrize(
    ("number", "limit"),
    [
        ("1E+5000", "exponent within ±6"),
        ("1234567890.123", "at most 12 significant digits"),
        ("9" * 4300, "at most 15 digits"),
    ],
)
def test_a_huge_number_is_a_json_error_naming_its_field(client, number, limit):
    error = _error(_post(client, f'{{"ruleset": "spjst", "declarer_points": {number}}}'))
    assert error["field"] == "declarer_points"
    assert limit in error["message"]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(client, constant):
    error = _error(_post(client, f'{{"ruleset": "spjst", "declarer_points": {constant}}}'))
    assert error["field"] == "declarer_points"
    assert "NaN and Infinity are not numbers" in error["message"]


def test_deep_nesting_is_a_json_error(client):
    error = _error(_post(client, "[" * 1000 + "]" * 1000))
    assert "nested deeper than 32 levels" in error["message"]


def test_nesting_just_within_the_limit_reaches_the_engine(client):
    hand = {**HAND, "house_rules": {"x": json.loads("[" * 29 + "]" * 29)}}
    error = _error(_post(client, json.dumps(hand)))
    assert error["field"] == "house_rules.x"
    assert "unknown house rule" in error["message"]


def test_a_body_over_256_kb_is_413_json_by_its_length(client):
    error = _error(_post(client, b" " * (10 * 1024 * 1024)), status=413)
    assert error == {"field": "document", "message": "larger than 256 KB (10485760 bytes)"}


def test_a_body_longer_than_its_content_length_says_is_still_413(client, rf):
    from scoring.views import api_score

    body = b" " * (300 * 1024)
    request = rf.post("/api/score/", body, content_type="application/json")
    request.META["CONTENT_LENGTH"] = str(100)  # a lie: the stream is read to its limit
    request._stream = __import__("io").BytesIO(body)
    request.user = AnonymousUser()  # as the middleware leaves it; the rate limit asks
    response = api_score(request)
    assert response.status_code == 413
    assert json.loads(response.content)["errors"][0]["field"] == "document"


def test_the_api_scores_its_bound_of_hands_and_one_more_is_413(client, settings):
    most = settings.API_MAX_HANDS
    response = _post(client, json.dumps([HAND] * most))
    assert response.status_code == 200
    assert len(response.json()) == most
    error = _error(_post(client, json.dumps([HAND] * (most + 1))), status=413)
    assert error["message"] == f"at most {most} hands (got {most + 1})"


def test_the_command_line_keeps_the_engines_bound_of_a_thousand_hands():
    assert len(score_document([HAND] * 1000)) == 1000
    with pytest.raises(TooLarge, match=r"at most 1000 hands \(got 1001\)"):
        score_document([HAND] * 1001)


def test_a_repeated_key_is_refused_with_its_path(client):
    body = '[{"ruleset": "spjst", "declarer": 1, "declarer": 2}]'
    error = _error(_post(client, body))
    assert error == {"field": "[0].declarer", "message": "is given twice in one object"}


def test_an_error_quotes_only_the_start_of_a_huge_value(client):
    response = _post(client, json.dumps({**HAND, "contract": "x" * (200 * 1024)}))
    error = _error(response)
    assert error["field"] == "contract"
    assert "xxxxxxxx…" in error["message"]
    assert len(response.content) < 500


def test_a_huge_unknown_field_name_is_quoted_briefly(client):
    response = _post(client, json.dumps({**HAND, "y" * (100 * 1024): 1}))
    error = _error(response)
    assert error["field"].endswith("…")
    assert len(response.content) < 1000


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (b"\xff\xfe{\x00}\x00", "document", "not UTF-8 text"),
        ("{'ruleset': 'spjst'}", "document", "not valid JSON"),
        ("", "document", "not valid JSON"),
        ("[1, 2]", "[0]", "a hand must be a JSON object"),
        ('{"ruleset": "skat"}', "ruleset", "unknown ruleset 'skat'"),
        ('{"ruleset": "spjst", "declarer": "1"}', "declarer", "must be an integer"),
        ('{"ruleset": "spjst", "declarer": 1.0}', "declarer", "must be an integer"),
    ],
)
def test_whatever_is_wrong_the_answer_is_a_json_error(client, body, field, message):
    error = _error(_post(client, body))
    assert error["field"] == field
    assert message in error["message"]


def test_a_hand_within_the_limits_still_scores(client):
    response = _post(client, json.dumps(THREE | {"house_rules": {"renonc_value": 0.000001}}))
    assert response.status_code == 200
    assert response.json()["deltas"] == {"1": -1, "2": 2, "3": -1}


def test_another_method_than_post_is_a_json_error_too(client):
    response = client.get(reverse("scoring:api_score"))
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert response.json() == {"errors": [{"field": "method", "message": "use POST (got 'GET')"}]}
