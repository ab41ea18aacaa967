"""The SPJST penalty catalogue (RULES §7.1): rule texts, the seed's words, examples.

The seed (004, SPJST Tarock Rules, Texas) is in English, so ``original_text`` quotes it
and ``rule_text`` restates the rule as RULES.md reads it, marked for the translators: a
Czech or Slovenian reader reads the restatement in their language.
"""

from __future__ import annotations

from typing import Any

from scoring.penalties import PenaltyEntry
from scoring.rulesets.penalty_keywords import keywords
from scoring.words import Phrase, gettext_noop, phrase, series, word

__all__ = ["PENALTIES"]

_PLAYED = {"ruleset": "spjst", "contract": "povinost", "declarer": 1, "partner": 3}
_OFFENDER_RULE = gettext_noop(
    "The offender pays 2 chips to each other player. For the game, the Pagat and the "
    "Valat separately: the offender collects nothing; if the offender's side won, the "
    "offender (not the opponents) pays the partners' winnings; if it lost, the offender "
    "also pays the partners' losses. Several offenders: the rule is applied for each in "
    "turn, in the order entered. Values are not affected."
)
# Said of the codes that a director may apply outside any scored hand (RULES §7.1).
_STANDALONE = gettext_noop(
    "It may also stand alone: a standalone adjustment, a hand of penalties only."
)


def _standalone(effect: str) -> Phrase:
    """``effect``, and that the code may also stand alone (RULES §7.1)."""
    return series([word(effect), word(_STANDALONE)], " ")


def _offender(rule: str) -> Phrase:
    """``rule`` (a penalised irregularity), then what the offender pays (RULES §7.1)."""
    return series([word(rule), word(_OFFENDER_RULE)], " ")


def _quick(section: str) -> Phrase:
    """A section of the seed that its quick sheet repeats."""
    return phrase("{section}, quick sheet", section=section)


_DISCARDING = (
    "The game will be completed. The extra card(s) will go to the opponents. The "
    "violator(s) will pay a penalty of two chips to each player. The violator(s) will not "
    "collect any chips. Should the violator have a partner(s) that is/are due chips because "
    "of a win, it is the violator that pays the chips. The violator is also responsible for "
    "any losses suffered by the partner(s). Chips collected for values at the beginning of "
    "the hand are not affected by discarding irregularities."
)


def _hand(points: int = 59, *penalties: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """An example hand: Povinost 1 with partner 3 (unless ``fields`` say otherwise)."""
    return {**_PLAYED, "declarer_points": points, **fields, "penalties": list(penalties)}


def _entry(
    code: str,
    title: str,
    rule: str | Phrase,
    original: str,
    evidence: str | Phrase,
    effect: Phrase,
    example: dict[str, Any],
    *,
    params: tuple[str, ...] = (),
    voids: bool = False,
) -> PenaltyEntry:
    return PenaltyEntry(
        code=f"spjst.{code}", ruleset="spjst", title=title,
        rule_text=word(rule) if isinstance(rule, str) else rule,
        original_text=original, original_language="en", evidence=evidence, effect=effect,
        params=params, example=example, voids_hand=voids, keywords=keywords(code),
    )  # fmt: skip


PENALTIES: tuple[PenaltyEntry, ...] = (
    _entry(
        "misdeal",
        gettext_noop("Misdeal before play"),
        gettext_noop(
            "A misdeal found before play that cannot be rectified: the dealer re-deals and pays "
            "2 chips to each other player."
        ),
        "If there is a misdeal and the problem cannot be rectified, the dealer re-deals and "
        "pays two chips to each player. (Quick sheet: Misdeal costs dealer 2 chips per "
        "player. Dealer re-deals.)",
        _quick("004 §22"),
        word(
            gettext_noop(
                "The hand is void: only the dealer (the penalty's seat) pays 2 to each other player. "
                "The game fields may be omitted."
            )
        ),
        {"ruleset": "spjst", "penalties": [{"code": "spjst.misdeal", "seat": 4}]},
        voids=True,
    ),
    _entry(
        "misdeal_after_play",
        gettext_noop("Misdeal found during or after play"),
        gettext_noop(
            "A misdeal found during play or at the end: the hand is completed, the extra cards "
            "go to the opponents, and there is no penalty."
        ),
        "If a mistake in dealing is discovered during play or at the end of the hand, the "
        "hand is continued to a normal conclusion. The extra card(s) go to the opponents. "
        "There is no penalty.",
        "004 §23",
        _standalone(
            gettext_noop("The hand is scored as entered; the penalty line moves no chips.")
        ),
        _hand(57, {"code": "spjst.misdeal_after_play", "seat": 4}),
    ),
    _entry(
        "discard_irregularity",
        gettext_noop("Discarding irregularity"),
        _offender(gettext_noop("Wrong number of cards discarded.")),
        _DISCARDING,
        _quick("004 §30"),
        word(
            gettext_noop(
                "Offender pays 2 to each; the game, Pagat and Valat lines are shifted by the "
                "offender rule. It needs the scored hand: refused as a standalone adjustment."
            )
        ),
        _hand(59, {"code": "spjst.discard_irregularity", "seat": 1}),
    ),
    _entry(
        "renege",
        gettext_noop("Failure to follow suit (renege)"),
        _offender(
            gettext_noop(
                "A failure to follow suit that cannot be backed up is penalised as a "
                "discarding irregularity (or, by a house rule, as a misdeal, as 004's quick "
                "sheet says)."
            )
        ),
        "When detected, every effort should be made to back-up the cards played to rectify "
        "the error. If this is impossible, the hand will be completed and the error will be "
        "subjected to the same conditions and penalties as those for discarding "
        "irregularities. (Quick sheet: Failure to follow suite if not correctable is same "
        "penalty as misdeal.)",
        _quick("004 §30"),
        word(
            gettext_noop(
                "As spjst.discard_irregularity; with renege_penalty = misdeal the hand is void and "
                "the offender pays 2 to each (then it may also be entered without the game)."
            )
        ),
        _hand(59, {"code": "spjst.renege", "seat": 2}),
    ),
    _entry(
        "wrong_card_count",
        gettext_noop("Too few or too many cards"),
        _offender(
            gettext_noop(
                "A hand with the wrong number of cards (also a Pagat caller a card short or "
                "over): penalised as a discarding irregularity."
            )
        ),
        "If a hand or hands has an improper number of cards and there is no discarding "
        "error, player must have played two cards to a trick, dropped a card or there was a "
        "misdeal. [...] This is a violation and the same penalties as in discarding "
        "irregularities apply.",
        "004 §31",
        word(gettext_noop("As spjst.discard_irregularity.")),
        _hand(
            64,
            {"code": "spjst.wrong_card_count", "seat": 4},
            contract="prever",
            declarer=4,
            partner=None,
            prever_talon=1,
        ),
    ),
    _entry(
        "discard_counter",
        gettext_noop("Discarding a King, or a trump face down"),
        gettext_noop(
            "Discarding a King, or a trump without showing it: the offender pays 5 chips to "
            "each other player."
        ),
        "Violator pays a five-chip penalty to each player. A trump can be discarded but it "
        "must be discarded face up or shown to each player. (Quick sheet: Discarding King "
        "is 5 chip penalty.)",
        _quick("004 §30"),
        _standalone(gettext_noop("Offender pays 5 to each; the hand is scored as entered.")),
        _hand(59, {"code": "spjst.discard_counter", "seat": 3}),
    ),
    _entry(
        "illegal_declaration",
        gettext_noop("Illegal declaration"),
        gettext_noop(
            "Declaring a value the hand does not hold: the value's chips are returned and the "
            "offender pays 2 chips to each other player (no penalty when corrected before the "
            "first card: then the value is simply not recorded)."
        ),
        "Declaring and collecting chips for values you do not have, results in a two-chip "
        "penalty to each player unless the error is announced before the 1st card is "
        "played. Any chips collected must be returned. The hand will be completed.",
        "004 §30",
        word(
            gettext_noop(
                "Parameter value: the declared value (of the same seat) that is void. The value "
                "scores nothing and the offender pays 2 to each. As a standalone adjustment (a hand "
                "of penalties only) value is still required, for the record, but nothing is voided: "
                "only the 2 chips are paid."
            )
        ),
        _hand(
            59,
            {"code": "spjst.illegal_declaration", "seat": 2, "value": "trull"},
            values=[{"seat": 2, "value": "trull"}],
        ),
        params=("value",),
    ),
    _entry(
        "valat_call_voided",
        gettext_noop("Valat call voided"),
        gettext_noop(
            "An announced Valat that failed because a value was not declared, or was declared "
            "wrongly: the Valat call is void."
        ),
        "Should an incorrect declaration result in a failed valat call, the valat call is "
        "voided. (§12: a failure to declare nullifies a valat call should the valat be "
        "lost because of the omission.)",
        "004 §30, §12",
        word(
            gettext_noop(
                "The failed Valat is not scored (a zero line); the rest of the hand is. The seat is "
                "the player whose declaration misled the caller. It needs the scored hand."
            )
        ),
        _hand(
            80,
            {"code": "spjst.valat_call_voided", "seat": 2},
            valat={"side": "declarer", "announced": True, "won": False},
        ),
    ),
    _entry(
        "wrong_trump_called",
        gettext_noop("Wrong trump called"),
        gettext_noop(
            "The bidder calls the wrong trump for a partner: the hand is void, chips for values "
            "are returned, and the bidder pays 5 chips to each other player and loses the "
            "Povinost."
        ),
        "Bidder announces the wrong trump for a partner. The holder of the trump that should "
        "have been called should announce that the call was in error. The hand is declared "
        "void. The bidder loses the Povinost and pays a penalty of five chips to each "
        "player. Chips collected for values must be returned.",
        "004 §31",
        word(
            gettext_noop(
                "The hand is void (values not scored); the bidder (the penalty's seat, the declarer "
                "if given) pays 5 to each. The game fields may be omitted."
            )
        ),
        {
            "ruleset": "spjst",
            "contract": "povinost",
            "declarer": 1,
            "values": [{"seat": 2, "value": "taroky"}],
            "penalties": [{"code": "spjst.wrong_trump_called", "seat": 1}],
        },
        voids=True,
    ),
    _entry(
        "wrong_trump_unnoticed",
        gettext_noop("Wrong trump call not pointed out"),
        gettext_noop(
            "When the holder of the trump that should have been called did not point out the "
            "wrong call, that holder also pays 5 chips to each other player."
        ),
        "If the holder of the correct trump is also negligent and the error is discovered "
        "during the course of play or at the end of the hand, the bidder and the holder of "
        "the trump that should have been called each pay a five-chip penalty. The hand is "
        "declared void.",
        "004 §31",
        word(
            gettext_noop(
                "Goes with spjst.wrong_trump_called: the holder (the penalty's seat) pays 5 to each."
            )
        ),
        {
            "ruleset": "spjst",
            "penalties": [
                {"code": "spjst.wrong_trump_called", "seat": 1},
                {"code": "spjst.wrong_trump_unnoticed", "seat": 3},
            ],
        },
    ),
    _entry(
        "wrong_povinost",
        gettext_noop("Wrong player on Povinost"),
        gettext_noop(
            "The wrong player played Povinost: the hand stands; the offender and the player who "
            "should have been on Povinost each pay 2 chips to each of the other two players."
        ),
        "When discovered during the course of the game that the wrong person was on "
        "Povinost, the game is concluded. The player that should have been on Povinost and "
        "the violator each pay a two-chip penalty to the other two players.",
        "004 §31",
        _standalone(
            gettext_noop(
                "Parameter rightful: the seat that should have been on Povinost. Offender and "
                "rightful each pay 2 to each of the two others; the hand is scored as entered."
            )
        ),
        _hand(59, {"code": "spjst.wrong_povinost", "seat": 1, "rightful": 2}),
        params=("rightful",),
    ),
    _entry(
        "pagat_called_not_held",
        gettext_noop("Pagat called by a player who does not hold it"),
        gettext_noop(
            "A player calls the Pagat on the end without holding it: the caller pays 2 chips to "
            "each other player (and the holder may give Kontra on the Pagat)."
        ),
        "Only the holder of the Pagat can call it on the end. Should the Pagat be called and "
        "the caller not have it in the hand, the holder of the Pagat can give contra "
        "doubling the number of chips. The caller must also pay a two-chip penalty.",
        "004 §31",
        _standalone(
            gettext_noop(
                "The caller (not the Pagat's holder) pays 2 to each; a Kontra by the holder is "
                "entered as the Pagat's challenge."
            )
        ),
        _hand(59, {"code": "spjst.pagat_called_not_held", "seat": 4}),
    ),
    _entry(
        "exposed_card",
        gettext_noop("Exposed card"),
        gettext_noop(
            "A card exposed by the dealer goes back into the deck; a card exposed by a player "
            "stays face up and is played at the first opportunity. No penalty."
        ),
        "Player exposes a card: The card remains on the table face up and must be played "
        "and/or led at the first opportunity. There is no penalty.",
        "004 §31",
        _standalone(gettext_noop("A ruling: recorded as a line with no chips.")),
        _hand(59, {"code": "spjst.exposed_card", "seat": 2}),
    ),
    _entry(
        "improper_cut",
        gettext_noop("Improper cut"),
        gettext_noop("The deck must be cut at least 6 cards deep. No penalty."),
        "The deck should be cut at least 6 cards deep. There is no penalty.",
        "004 §31",
        _standalone(gettext_noop("A ruling: recorded as a line with no chips.")),
        _hand(59, {"code": "spjst.improper_cut", "seat": 2}),
    ),
    _entry(
        "wrong_table",
        gettext_noop("Seated at the wrong table"),
        gettext_noop("A player seated at the wrong table: play continues. No penalty."),
        "Seated at the wrong table. Play continues.",
        "004 §31",
        _standalone(gettext_noop("A ruling: recorded as a line with no chips.")),
        _hand(59, {"code": "spjst.wrong_table", "seat": 2}),
    ),
)
