"""The registry of rulesets and :func:`score_hand`, the engine's front door.

>>> settlement = score_hand("spjst", {"contract": "povinost", "declarer": 1, "partner": 3,
...                                   "declarer_points": 59})
>>> settlement.deltas
Deltas({1: 3, 2: -3, 3: 3, 4: -3})
>>> settlement.lines[0].label
'Game: |59−53|=6, +10=16, ×2=32 → 3 chips; seats 1 and 3 win 3 each'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any, Protocol

from scoring.errors import HandError, UnknownRuleset
from scoring.house_rules import HouseRule, resolve
from scoring.levels import Levels
from scoring.penalties import PenaltyEntry
from scoring.reader import describe
from scoring.rulesets import cz_three, cz_xix, si_double, spjst, whist
from scoring.settlement import Seat, Settlement
from scoring.turns import Deal
from scoring.words import Phrase, phrase

__all__ = [
    "RULESETS",
    "Ruleset",
    "catalogue",
    "get_ruleset",
    "register",
    "registered",
    "score_hand",
]

_ENVELOPE = ("ruleset", "house_rules")


class Ruleset(Protocol):
    """The shape every ruleset module has: everything the site knows about its game.

    The tournaments app asks the ruleset and names none itself, so a new game is one
    module and one :func:`register` line.
    """

    NAME: str
    TITLE: str
    TABLE_SIZES: tuple[int, ...]  # players at a table the ruleset allows, usual size first
    ZERO_SUM: bool  # payments between players (True) or scores written for each (False)
    # Whether its players count what a hand scores in chips (SPJST) or in points (the
    # written-score games: body, točke), as standings and sheets then name it.
    SCORES_IN_CHIPS: bool
    SEATS: tuple[Seat, ...] | Callable[[Any], tuple[Seat, ...]]
    HOUSE_RULES: tuple[HouseRule, ...]
    PRESETS: Mapping[str, Mapping[str, Any]]
    PRESET_TITLES: Mapping[str, str]  # each preset's name as a director reads it (marked)
    PENALTIES: tuple[PenaltyEntry, ...]
    LEVELS: Levels  # the doubling levels' names (kontra, flek …), or Levels.NONE
    DEAL: Deal  # how the deal goes round, who bids first, whether the dealer sits out
    FORM: str  # the dotted path of its hand form (Django, so named, not imported, here)
    # The hand's field that says how many sit at the table, where that varies ("players");
    # None where a hand's seats follow from the rest of it. A ruling made outside any
    # hand (the director's ledger) is placed at its table with it.
    TABLE_FIELD: str | None
    # What every score a hand writes for a seat is a multiple of, where the game has such
    # a rule (two-pack Tarok: 5); None otherwise. A paper-only sheet of written scores is
    # checked by it, having no total to reach.
    SCORE_STEP: int | None
    Hand: Any  # a frozen dataclass with ``from_json(data) -> Hand``
    # Optional: None, or for a game played in rubbers (whist) ``RUBBERS(hands, rules)``:
    # validated hands in order as rubbers played one after another (the hand after a
    # rubber's end starts the next), each with ``hands`` (one a hand), ``games``,
    # ``totals``, ``result`` (None while it goes on) and ``to_json()``.
    RUBBERS: Callable[[Sequence[Any], Mapping[str, Any]], tuple[Any, ...]] | None
    # Optional: None, or for a game a club plays as a drive (whist, RULES §6.3)
    # ``DRIVE_TRICKS(hand_json, seats)``: a recorded hand's tricks by seat, a pair's tricks
    # credited to both partners; a tournament with it may rank by tricks over the drive.
    DRIVE_TRICKS: Callable[[Mapping[str, Any], Sequence[Seat]], Mapping[Seat, int]] | None

    def score(self, hand: Any, rules: Mapping[str, Any]) -> Settlement: ...

    def summary(self, hand: Mapping[str, Any]) -> Phrase:
        """A recorded hand's JSON in one line, for score sheets and exports (a phrase the
        page or the PDF says in its reader's language)."""
        ...


_REGISTERED: dict[str, Ruleset] = {}
RULESETS: Mapping[str, Ruleset] = MappingProxyType(_REGISTERED)


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` known to the engine, the calculator and tournaments (by its NAME)."""
    if ruleset.NAME in _REGISTERED and _REGISTERED[ruleset.NAME] is not ruleset:
        raise ValueError(f"another ruleset is registered as {ruleset.NAME!r}")
    _REGISTERED[ruleset.NAME] = ruleset
    return ruleset


@contextmanager
def registered(ruleset: Ruleset) -> Iterator[Ruleset]:
    """``ruleset`` registered for the duration of a ``with`` block (tests, one-off tools)."""
    register(ruleset)
    try:
        yield ruleset
    finally:
        del _REGISTERED[ruleset.NAME]


for _module in (spjst, cz_xix, cz_three, si_double, whist):
    register(_module)


def get_ruleset(name: object) -> Ruleset:
    """The ruleset module registered as ``name``; :class:`UnknownRuleset` otherwise."""
    ruleset = RULESETS.get(name) if isinstance(name, str) else None
    if ruleset is None:
        raise UnknownRuleset(name, RULESETS)
    return ruleset


def catalogue(ruleset: str | None = None) -> tuple[PenaltyEntry, ...]:
    """Every registered ruleset's penalties (or one ruleset's), ordered by code.

    An entry's example is scored by the engine itself (never typed in):

    >>> entry = catalogue("spjst")[0]
    >>> entry.code, entry.voids_hand
    ('spjst.discard_counter', False)
    >>> score_hand(entry.ruleset, entry.example).ruleset
    'spjst'
    """
    modules = RULESETS.values() if ruleset is None else (get_ruleset(ruleset),)
    entries = [entry for module in modules for entry in module.PENALTIES]
    return tuple(sorted(entries, key=lambda entry: entry.code))


def _house_rules(
    hand: Mapping[str, Any], house_rules: Mapping[str, Any] | None
) -> Mapping[str, Any] | None:
    """The overrides for this hand: the hand's own, then the argument's (which win)."""
    own = hand.get("house_rules")
    for given in (own, house_rules):
        if given is not None and not isinstance(given, Mapping):
            raise HandError(
                "house_rules", phrase("must be a JSON object (got {value})", value=describe(given))
            )
    if not own:
        return house_rules
    return {**own, **house_rules} if house_rules else own


def score_hand(
    ruleset: str | None, hand: Mapping[str, Any], house_rules: Mapping[str, Any] | None = None
) -> Settlement:
    """Validate a hand's JSON object and score it (RULES §0.2–§0.4).

    ``ruleset`` (else the hand's ``"ruleset"``) picks the rules. ``house_rules`` override
    the defaults; the hand's own ``"house_rules"`` apply where the argument says nothing.
    Raises :class:`HandError` (a ``ValueError``) naming the first bad field.
    """
    if not isinstance(hand, Mapping):
        raise HandError("hand", phrase("must be a JSON object (got {value})", value=describe(hand)))
    if ruleset is None:
        ruleset = hand.get("ruleset")
        if ruleset is None:
            raise HandError("ruleset", phrase("is required"))
    module = get_ruleset(ruleset)
    rules = resolve(module.HOUSE_RULES, _house_rules(hand, house_rules))
    if "ruleset" in hand or "house_rules" in hand:
        hand = {key: value for key, value in hand.items() if key not in _ENVELOPE}
    return module.score(module.Hand.from_json(hand), rules)
