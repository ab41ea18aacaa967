"""Placement points are read with the bounded reader: NaN, Infinity and 1e999999 refused."""

import pytest
from django.urls import reverse

from tests.tournaments.helpers import tournament_form
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _form(club, placement_points_text: str) -> dict:
    return tournament_form(
        club, standings_method="placement", placement_points_text=placement_points_text
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("4, NaN, 2, 1", "Place 2: NaN and Infinity are not numbers"),
        ("Infinity, 3, 2, 1", "Place 1: NaN and Infinity are not numbers"),
        ("4, 3, 2, -Infinity", "Place 4: NaN and Infinity are not numbers"),
        ("4, 3, 1e999999, 1", "Place 3: must be a number with at most 12 significant digits"),
        ("4, 1e-999999", "exponent within ±6"),
        ("4, ²", "Place 2: must be a number"),
        (", ".join(["1"] * 9), "At most 8 places at a table."),
    ],
)
def test_placement_points_out_of_bounds_are_a_field_error(director_client, club, text, reason):
    response = director_client.post(reverse("tournaments:create"), _form(club, text))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["placement_points_text"]
    assert reason in errors["placement_points_text"][0]
    assert not Tournament.objects.exists()


def test_placement_points_within_the_bounds_are_kept_exactly(director_client, club):
    director_client.post(reverse("tournaments:create"), _form(club, "4; 2.5, 2.5, 0"))
    assert Tournament.objects.get().placement_points == ["4", "2.5", "2.5", "0"]
