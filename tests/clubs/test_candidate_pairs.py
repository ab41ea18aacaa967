"""`clubs.duplicates.candidate_pairs` makes only the page it is asked for: the same pairs,
in the same order, as looking at every two records."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from clubs.duplicates import Pair, PlayerRow, candidate_pairs, normalised

NAMES = st.sampled_from(["Jan", "JAN", "Eva", "Éva", "Petr"])
ROWS = st.lists(
    st.builds(
        lambda pk, first, last, year, number, clubs: PlayerRow(
            pk, first, last, year, number, frozenset(clubs)
        ),
        st.integers(1, 10_000),
        NAMES,
        st.sampled_from(["Novák", "Novak", "Dvořák"]),
        st.none() | st.sampled_from([1970, 1985]),
        st.sampled_from(["", "7", " 7 ", "12"]),
        st.sets(st.integers(1, 3), min_size=1, max_size=2),
    ),
    max_size=30,
    unique_by=lambda row: row.pk,
)


def _every_two(rows: list[PlayerRow]) -> list[Pair]:
    """The pairs by their definition, one pair of records at a time."""
    pairs = []
    for a, b in itertools.combinations(sorted(rows, key=lambda row: row.pk), 2):
        years = a.birth_year is None or b.birth_year is None or a.birth_year == b.birth_year
        same_name = normalised(f"{a.first_name} {a.last_name}") == normalised(
            f"{b.first_name} {b.last_name}"
        )
        number = a.member_number.strip()
        if same_name and years:
            pairs.append(Pair(a.pk, b.pk, "name"))
        elif number and number == b.member_number.strip() and a.clubs & b.clubs:
            pairs.append(Pair(a.pk, b.pk, "member_number"))
    return pairs


@given(ROWS, st.integers(0, 60), st.integers(1, 7))
def test_every_page_is_the_slice_of_all_pairs(rows, start, size):
    expected = _every_two(rows)
    pairs = candidate_pairs(rows)
    assert len(pairs) == len(expected)
    assert list(pairs) == expected
    assert pairs[start : start + size] == expected[start : start + size]
    if expected:
        assert pairs[-1] == expected[-1]


def test_a_federations_namesakes_are_counted_without_being_made():
    # 6,000 records sharing 40 names, none with a birth year: 447,000 pairs counted; a
    # page deep in them made alone.
    rows = [
        PlayerRow(pk, f"F{pk % 8}", f"L{pk % 10}", None, f"SIM{pk}", frozenset({pk % 60}))
        for pk in range(6000)
    ]
    pairs = candidate_pairs(rows)
    assert len(pairs) == 40 * (150 * 149 // 2)
    page = pairs[200_000:200_050]
    assert len(page) == 50 and page == sorted(page)
    assert all(pair.reason == "name" and pair.first < pair.second for pair in page)
