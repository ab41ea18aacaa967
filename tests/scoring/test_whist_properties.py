"""Invariants over random whist hands (hypothesis): the lines add up to the deltas, every
seat of the variant is listed, scores are written (never negative), partners share."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get_ruleset, score_hand

PARTNERSHIP = ("standard", "cayenne", "grand", "flying_duck")


@st.composite
def whist_hands(draw):
    """A valid whist hand of any variant, with honours where the variant scores them."""
    variant = draw(st.sampled_from((*PARTNERSHIP, "hussar", "three_player")))
    hand = {"ruleset": "whist", "variant": variant}
    if variant in PARTNERSHIP:
        ns = draw(st.integers(0, 13))
        hand["tricks"] = {"NS": ns, "EW": 13 - ns}
    else:
        seats = 3 if variant == "three_player" else 4
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=seats - 1, max_size=seats - 1)))
        bounds = [0, *cuts, 13]
        hand["tricks"] = {str(s + 1): bounds[s + 1] - bounds[s] for s in range(seats)}
    if variant in ("standard", "cayenne", "grand") and draw(st.booleans()):
        top = 4 if variant == "grand" else 5
        hand["honours"] = {
            "side": draw(st.sampled_from(("NS", "EW"))),
            "count": draw(st.integers(0, top)),
        }
    if variant == "hussar" and draw(st.booleans()):
        hand["honours"] = {"seat": draw(st.integers(1, 4)), "count": draw(st.integers(0, 5))}
    if variant == "cayenne":
        hand["cayenne_accepted"] = draw(st.booleans())
    return hand


@settings(max_examples=300, deadline=None)
@given(whist_hands())
def test_the_lines_add_up_to_the_deltas_for_every_seat_of_the_variant(hand):
    settlement = score_hand(None, hand)
    seats = get_ruleset("whist").SEATS(hand)
    assert settlement.seats == seats and tuple(settlement.deltas) == seats
    for seat in seats:
        assert settlement.deltas[seat] == sum(line.deltas[seat] for line in settlement.lines)
    assert all(type(amount) is int and amount >= 0 for amount in settlement.deltas.values())
    assert all(
        line.label and line.item in ("tricks", "honours", "slam") for line in settlement.lines
    )
    if hand["variant"] in PARTNERSHIP:
        deltas = settlement.deltas
        assert deltas[1] == deltas[3] and deltas[2] == deltas[4]


@settings(max_examples=200, deadline=None)
@given(whist_hands())
def test_somebody_always_scores_tricks(hand):
    # 13 tricks cannot all stay within the book (6 a side, 4 of three players, 3 of four).
    assert any(line.item == "tricks" for line in score_hand(None, hand).lines)
