"""The hand form of Taroky ve třech (RULES §4.1; docs/rules.md §7).

Three players; at a table of four the dealer sits each hand out (`sitter`) and pays or
receives like the opponents. In the calculator the sitter is optional; at a tournament
table of four it is required (and proposed: the dealer), at a table of three not offered.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.forms.base import HandForm
from scoring.forms.fields import contract_field, level_field, seat_field
from scoring.labels import amount_text
from scoring.rulesets.cz_three_bonuses import BONUSES, BonusRule
from scoring.rulesets.cz_three_hand import ALL_POINTS, LEVELS, TRICKS, Contract

BONUS_SIDES = [("", "—"), ("declarer", _("declarer")), ("opponents", _("opponents"))]


@dataclass(frozen=True)
class BonusRow:
    """A bonus kind on the form: its side, and the checkboxes its prices leave open."""

    rule: BonusRule
    side: str
    announced: str | None  # None: only one way to have it (trul silent, forty announced)
    won: str | None  # None: entered only when made (a silent trul, kings, mond_caught)

    @property
    def prices(self) -> str:
        return " / ".join(
            amount_text(price) if price is not None else "—"
            for price in (self.rule.announced, self.rule.silent)
        )


class CzThreeHandForm(HandForm):
    """One hand of Taroky ve třech; `settle()` scores it or shows the errors."""

    ruleset = "cz_three"
    tab = _("Taroky for three")  # its tab on the calculator page
    template_name = "scoring/forms/cz_three.html"
    SCALARS = ("contract", "declarer", "sitter", "flek", "varsava_flek")
    DEFAULTS = {"flek": 0, "varsava_flek": 0}
    SEAT_MAPS = ("varsava_points", "varsava_tricks")
    OBJECTS = ("valat",)

    contract = contract_field(Contract)
    declarer = seat_field(_("Declarer (seat)"), required=True)
    sitter = seat_field(_("Sits out (the dealer)"), blank=_("nobody"))
    flek = level_field(_("Flek on the game"), LEVELS, top=3)
    valat_announced = forms.BooleanField(label=_("Valát announced"), required=False)
    valat_won = forms.BooleanField(label=_("Valát made: every trick"), required=False)
    varsava_flek = level_field(_("Flek on the Varšava"), LEVELS)

    WORDS = {
        **{rule.name: _(rule.title) for rule in BONUSES.values()},
        "varsava_points": _("points"),
        "varsava_tricks": _("tricks"),
    }

    def add_fields(self) -> None:
        if self.seat_names:  # a tournament table: three players, or four with a sitter
            if len(self.seats) == 4:
                self.fields["sitter"].required = True
            else:
                del self.fields["sitter"]
        self.bonus_rows = [self._add_bonus(rule) for rule in BONUSES.values()]
        self.varsava_rows = list(
            zip(
                self.seats,
                self.add_seat_numbers("varsava_points", _("points"), ALL_POINTS),
                self.add_seat_numbers("varsava_tricks", _("tricks"), TRICKS),
                strict=True,
            )
        )

    def _add_bonus(self, rule: BonusRule) -> BonusRow:
        prefix = f"bonus_{rule.name}"
        self.fields[f"{prefix}_side"] = forms.ChoiceField(
            label=format_lazy("{}: {}", _(rule.title), _(rule.what)),
            choices=BONUS_SIDES,
            required=False,
        )
        both = rule.announced is not None and rule.silent is not None
        if both:
            self.fields[f"{prefix}_announced"] = forms.BooleanField(
                label=_("announced"), required=False
            )
        if rule.bird or rule.silent is None:
            self.fields[f"{prefix}_won"] = forms.BooleanField(label=_("made"), required=False)
        return BonusRow(
            rule,
            f"{prefix}_side",
            f"{prefix}_announced" if both else None,
            f"{prefix}_won" if f"{prefix}_won" in self.fields else None,
        )

    @property
    def offers_sitter(self) -> bool:
        return "sitter" in self.fields

    def has_bonuses(self) -> bool:
        return self.filled(row.side for row in self.bonus_rows)

    def has_varsava(self) -> bool:
        names = [name for _seat, *pair in self.varsava_rows for name in pair]
        return self["contract"].value() == "varsava" or self.filled(names)

    def add_items(self, hand: dict, data: dict) -> None:
        if data.get("valat_announced") or data.get("valat_won"):
            self.put_object(hand, "valat", ("announced", "won"))
        chosen = [row for row in self.bonus_rows if data.get(row.side)]
        if chosen:
            hand["bonuses"] = [
                self._bonus(f"bonuses[{index}]", row, data) for index, row in enumerate(chosen)
            ]

    def _bonus(self, where: str, row: BonusRow, data: dict) -> dict[str, Any]:
        """A bonus as the engine reads it; what the prices leave no choice of is implied."""
        bonus = {
            "kind": row.rule.name,
            "side": data[row.side],
            "announced": data[row.announced] if row.announced else row.rule.silent is None,
            "won": data[row.won] if row.won else True,
        }
        self.sources[where] = row.side
        for key, name in (("announced", row.announced), ("won", row.won)):
            self.sources[f"{where}.{key}"] = name or row.side
        return bonus

    @classmethod
    def initial_from_hand(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        data = super().initial_from_hand(hand)
        for row, penalty in enumerate(hand.get("penalties") or ()):
            # A renonc stored in the RULES §7.3 spelling (cz.renonc.*) is offered under the
            # catalogue's (cz_three.renonc.*): the same renonc.
            code = penalty.get("code")
            if isinstance(code, str) and code.startswith("cz.renonc."):
                data[f"penalty_{row}_code"] = "cz_three." + code.removeprefix("cz.")
        for bonus in hand.get("bonuses") or ():
            prefix = f"bonus_{bonus['kind']}"
            data[f"{prefix}_side"] = bonus["side"]
            for key in ("announced", "won"):
                if bonus.get(key) is not None:
                    data[f"{prefix}_{key}"] = bonus[key]
        return data
