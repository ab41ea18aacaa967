"""The director's writes, one module an operation: a tournament's setup (`setup`), the
registration desk (`registration`), the draws (`draws`), a table's judge and reopening
(`tables`), a round's status and the tournament's finish (`rounds`).

Each function changes several rows together inside one transaction and takes keyword
arguments only; a request the tournament's state does not allow raises
`TournamentError`, saying why. Callers import the operations from here. Hands and
sheets are written by `tournaments.hand_store` and `tournaments.score_sheets`.
"""

from tournaments.services.common import TournamentError, audit
from tournaments.services.draws import (
    add_planned_round,
    allowed_table_sizes,
    draw_next_round,
    swap,
)
from tournaments.services.registration import promote, register, set_checked_in, withdraw
from tournaments.services.rounds import finish_tournament, reopen_tournament, set_round_status
from tournaments.services.setup import (
    EDITABLE_FIELDS,
    PINNED_FIELDS,
    REGISTRATION_FIELDS,
    SETUP_FIELDS,
    create_tournament,
    edit_tournament,
    pinned_house_rules,
)
from tournaments.services.signup import (
    may_act_for,
    open_for_online,
    places_taken,
    register_online,
    withdraw_online,
)
from tournaments.services.tables import reopen_table, set_judge

__all__ = [
    "EDITABLE_FIELDS",
    "PINNED_FIELDS",
    "REGISTRATION_FIELDS",
    "SETUP_FIELDS",
    "TournamentError",
    "add_planned_round",
    "allowed_table_sizes",
    "audit",
    "create_tournament",
    "draw_next_round",
    "edit_tournament",
    "finish_tournament",
    "may_act_for",
    "open_for_online",
    "pinned_house_rules",
    "places_taken",
    "promote",
    "register",
    "register_online",
    "reopen_table",
    "reopen_tournament",
    "set_checked_in",
    "set_judge",
    "set_round_status",
    "swap",
    "withdraw",
    "withdraw_online",
]
