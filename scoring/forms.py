"""The hand form a judge or a calculator user fills in, turned into the engine's JSON.

The form only converts what was typed or tapped into a hand in the JSON form of
RULES §0.3; every rule is checked by the engine (`Hand.from_json`), and an engine error is
put back on the form field it names. So the calculator, the judge's page, the command
line and the HTTP endpoint all accept and refuse exactly the same hands.
"""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import HandError, get_ruleset, score_hand
from scoring.cards import PACK, Suit
from scoring.settlement import Settlement

SEAT_CHOICES = [(str(seat), str(seat)) for seat in (1, 2, 3, 4)]
CHALLENGE_CHOICES = [
    ("0", _("none")),
    ("1", _("Kontra ×2")),
    ("2", _("Re ×4")),
    ("3", _("Supre ×8")),
    ("4", _("Mort ×16")),
]
SUIT_ORDER = (None, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)


def _seat_field(
    label, *, blank: str | None = None, required: bool = False
) -> forms.TypedChoiceField:
    choices = ([("", blank)] if blank is not None else []) + SEAT_CHOICES
    field = forms.TypedChoiceField(
        label=label, choices=choices, coerce=int, empty_value=None, required=required
    )
    field.is_seat = True  # relabelled with the players' names at a tournament table
    return field


def card_groups() -> list[tuple[str, list]]:
    """The pack for the card picker: trumps, then each suit."""
    labels = {
        None: _("Trumps"),
        Suit.HEARTS: _("Hearts"),
        Suit.DIAMONDS: _("Diamonds"),
        Suit.CLUBS: _("Clubs"),
        Suit.SPADES: _("Spades"),
    }
    return [(labels[suit], [c for c in PACK if c.suit == suit]) for suit in SUIT_ORDER]


class SpjstHandForm(forms.Form):
    """One SPJST hand (RULES §2.1); `settle()` scores it or puts the errors on the form."""

    ruleset = "spjst"

    contract = forms.ChoiceField(
        label=_("Contract"),
        choices=[("povinost", _("Povinost (with a partner)")), ("prever", _("Prever (alone)"))],
        widget=forms.RadioSelect,
        initial="povinost",
    )
    declarer = _seat_field(_("Declarer (seat)"), required=True)
    partner = _seat_field(_("Partner (holds the called trump)"), blank=_("alone"))
    called = forms.TypedChoiceField(
        label=_("Trump called"),
        choices=[("", "—")] + [(str(n), str(n)) for n in (19, 18, 17, 16, 15)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    prever_talon = forms.TypedChoiceField(
        label=_("Prever talon"),
        choices=[
            ("", "—"),
            ("1", _("kept the first three")),
            ("2", _("took the second three")),
            ("3", _("went back to the first three")),
        ],
        coerce=int,
        empty_value=None,
        required=False,
    )
    declarer_points = forms.IntegerField(
        label=_("Declaring side's points"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 106}),
        help_text=_(
            "0–106, the declaring side's cards including its discards; or tick the cards below."
        ),
    )
    cards_side = forms.ChoiceField(
        label=_("The ticked cards were taken by"),
        choices=[("declarer", _("the declaring side")), ("opponents", _("the opponents"))],
        initial="declarer",
        required=False,
    )
    cards = forms.MultipleChoiceField(
        label=_("Cards"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[(card.name, card.name) for card in PACK],
    )
    challenge = forms.TypedChoiceField(
        label=_("Challenge on the game"), choices=CHALLENGE_CHOICES, coerce=int, initial="0"
    )
    pagat_holder = _seat_field(_("Pagat holder"), blank=_("no Pagat in play"))
    pagat_announced = forms.BooleanField(label=_("Pagat announced"), required=False)
    pagat_won = forms.BooleanField(label=_("Pagat took the last trick"), required=False)
    pagat_challenge = forms.TypedChoiceField(
        label=_("Challenge on the Pagat"), choices=CHALLENGE_CHOICES, coerce=int, initial="0"
    )
    valat_side = forms.ChoiceField(
        label=_("Valat"),
        choices=[
            ("", _("no Valat")),
            ("declarer", _("declaring side")),
            ("opponents", _("opponents")),
        ],
        required=False,
    )
    valat_announced = forms.BooleanField(label=_("Valat announced"), required=False)
    valat_won = forms.BooleanField(label=_("Valat made"), required=False)

    def __init__(self, *args, seat_names: dict[int, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seat_names = seat_names or {}
        self.module = get_ruleset(self.ruleset)
        self._add_value_fields()
        self._add_penalty_fields()
        self._add_house_rule_fields()
        self._label_seats()
        self.sources: dict[str, str] = {}

    def _label_seats(self) -> None:
        """Show the players' names beside the seat numbers (at a tournament table)."""
        if not self.seat_names:
            return
        for field in self.fields.values():
            if getattr(field, "is_seat", False):
                field.choices = [
                    (value, f"{value} · {self.seat_names[int(value)]}" if value else label)
                    for value, label in field.choices
                ]

    @classmethod
    def initial_from_hand(cls, hand: dict[str, Any]) -> dict[str, Any]:
        """Form data that shows a stored hand again (for editing it)."""
        data = {
            k: hand[k]
            for k in (
                "contract",
                "declarer",
                "partner",
                "called",
                "prever_talon",
                "challenge",
                "declarer_points",
            )
            if hand.get(k) is not None
        }
        for key in ("declarer_cards", "opponents_cards"):
            if hand.get(key):
                data["cards"] = hand[key]
                data["cards_side"] = "declarer" if key == "declarer_cards" else "opponents"
        for item in ("pagat", "valat"):
            for key, value in (hand.get(item) or {}).items():
                data[f"{item}_{key}"] = value
        groups = _value_group_index(get_ruleset(cls.ruleset))
        for value in hand.get("values", []):
            data[f"value_{value['seat']}_{groups[value['value']]}"] = value["value"]
        for row, penalty in enumerate(hand.get("penalties", [])):
            for key, value in penalty.items():
                data[f"penalty_{row}_{key}"] = value
        return data

    # ---- extra fields built from the ruleset's own tables -------------------------
    def _add_value_fields(self) -> None:
        """Per seat, one choice per value group (a player declares one of each at most)."""
        groups: dict[int, list] = {}
        by_name = {rule.name: rule for rule in self.module.VALUES}
        for name, index in _value_group_index(self.module).items():
            groups.setdefault(index, []).append(by_name[name])
        self.value_fields: list[tuple[int, list[str]]] = []
        for seat in (1, 2, 3, 4):
            names = []
            for index, rules in groups.items():
                name = f"value_{seat}_{index}"
                self.fields[name] = forms.ChoiceField(
                    label=_("Seat %(seat)s: %(group)s") % {"seat": seat, "group": rules[0].group},
                    choices=[("", "—")] + [(r.name, f"{r.name} ({r.chips})") for r in rules],
                    required=False,
                )
                names.append(name)
            self.value_fields.append((seat, names))

    PENALTY_ROWS = 3

    def _add_penalty_fields(self) -> None:
        entries = self.module.PENALTIES
        choices = [("", "—")] + [(e.code, f"{e.title} ({e.code})") for e in entries]
        params = sorted({param for entry in entries for param in entry.params})
        self.penalty_rows: list[list[str]] = []
        for row in range(self.PENALTY_ROWS):
            names = [f"penalty_{row}_code", f"penalty_{row}_seat"]
            self.fields[names[0]] = forms.ChoiceField(
                label=_("Penalty"), choices=choices, required=False
            )
            self.fields[names[1]] = _seat_field(_("Offender (seat)"), blank="—")
            for param in params:
                name = f"penalty_{row}_{param}"
                self.fields[name] = forms.CharField(label=param.replace("_", " "), required=False)
                names.append(name)
            self.penalty_rows.append(names)
        self.penalty_params = params

    def _add_house_rule_fields(self) -> None:
        """One optional field per house rule, plus the ruleset's named presets.

        Left blank, a setting takes the ruleset's default; a preset replaces them all.
        """
        presets = [("", _("the ruleset's defaults"))] + [
            (name, name) for name in self.module.PRESETS
        ]
        self.fields["preset"] = forms.ChoiceField(
            label=_("Preset"), choices=presets, required=False
        )
        self.house_rule_fields = ["preset"]
        for rule in self.module.HOUSE_RULES:
            if rule.kind == "bool":
                field = forms.NullBooleanField(
                    label=rule.name, required=False, initial=rule.default
                )
            elif rule.kind == "choice":
                choices = [(c, c) for c in rule.choices]
                field = forms.ChoiceField(
                    label=rule.name, choices=choices, required=False, initial=rule.default
                )
            else:
                field = forms.IntegerField(
                    label=rule.name, required=False, initial=rule.default, min_value=rule.minimum
                )
            field.help_text = rule.help
            self.fields[f"house_{rule.name}"] = field
            self.house_rule_fields.append(f"house_{rule.name}")

    def _filled(self, names) -> bool:
        return any(self[name].value() or self[name].errors for name in names)

    def has_values(self) -> bool:
        """Whether any value is chosen (the form then shows that part open)."""
        return self._filled(name for _seat, names in self.value_fields for name in names)

    def has_penalties(self) -> bool:
        """Whether any penalty is chosen (the form then shows that part open)."""
        return self._filled(row[0] for row in self.penalty_rows)

    # ---- form → engine JSON -------------------------------------------------------
    def _put(self, hand: dict, path: str, value: Any, source: str) -> None:
        hand[path] = value
        self.sources[path] = source

    def hand_json(self) -> dict[str, Any]:
        """The hand in the engine's JSON form, from the cleaned data."""
        data = self.cleaned_data
        hand: dict[str, Any] = {"ruleset": self.ruleset}
        for name in ("contract", "declarer", "partner", "called", "prever_talon", "challenge"):
            if data.get(name) not in (None, ""):
                self._put(hand, name, data[name], name)
        self._points(hand, data)
        if data.get("pagat_holder"):
            hand["pagat"] = {
                "holder": data["pagat_holder"],
                "announced": data["pagat_announced"],
                "won": data["pagat_won"],
                "challenge": data["pagat_challenge"],
            }
            for key in ("holder", "announced", "won", "challenge"):
                self.sources[f"pagat.{key}"] = f"pagat_{key}"
        if data.get("valat_side"):
            hand["valat"] = {
                "side": data["valat_side"],
                "announced": data["valat_announced"],
                "won": data["valat_won"],
            }
            for key in ("side", "announced", "won"):
                self.sources[f"valat.{key}"] = f"valat_{key}"
        hand["values"] = self._values(data)
        hand["penalties"] = self._penalties(data)
        return hand

    def _points(self, hand: dict, data: dict) -> None:
        if data.get("cards"):
            key = "declarer_cards" if data.get("cards_side") != "opponents" else "opponents_cards"
            self._put(hand, key, list(data["cards"]), "cards")
        elif data.get("declarer_points") is not None:
            self._put(hand, "declarer_points", data["declarer_points"], "declarer_points")
        self.sources.setdefault("declarer_points", "declarer_points")

    def _values(self, data: dict) -> list[dict]:
        values = []
        for seat, names in self.value_fields:
            for name in names:
                if data.get(name):
                    self.sources[f"values[{len(values)}]"] = name
                    values.append({"seat": seat, "value": data[name]})
        return values

    def _penalties(self, data: dict) -> list[dict]:
        penalties = []
        for code_name, seat_name, *param_names in self.penalty_rows:
            if not data.get(code_name):
                continue
            where = f"penalties[{len(penalties)}]"
            entry = {"code": data[code_name], "seat": data.get(seat_name)}
            self.sources[where] = code_name
            self.sources[f"{where}.seat"] = seat_name
            for param, name in zip(self.penalty_params, param_names, strict=True):
                if data.get(name):
                    entry[param] = _param_value(data[name])
                    self.sources[f"{where}.{param}"] = name
            penalties.append(entry)
        return penalties

    def house_rules(self) -> dict[str, Any]:
        """The house rules chosen on the form: a preset, or the settings filled in."""
        preset = self.cleaned_data.get("preset")
        if preset:
            return dict(self.module.PRESETS[preset])
        return {
            name.removeprefix("house_"): self.cleaned_data[name]
            for name in self.house_rule_fields[1:]
            if self.cleaned_data.get(name) not in (None, "")
        }

    def settle(self, house_rules: dict[str, Any] | None = None) -> Settlement | None:
        """Score the hand; on a rules error, show it on the field it names and return None."""
        if not self.is_valid():
            return None
        try:
            rules = self.house_rules() if house_rules is None else house_rules
            return score_hand(self.ruleset, self.hand_json(), rules)
        except HandError as error:
            field = self._field_for(error.field)
            # Without a matching field the message keeps the engine's path, so it still
            # says which part of the hand is wrong.
            self.add_error(field, error.reason if field else str(error))
            return None

    def _field_for(self, path: str) -> str | None:
        """The form field an engine error path points at (the longest known prefix)."""
        if path.startswith("house_rules."):
            name = "house_" + path.removeprefix("house_rules.")
            return name if name in self.fields else None
        while path:
            if path in self.sources:
                return self.sources[path]
            if path.replace(".", "_") in self.fields:
                return path.replace(".", "_")
            path = path.rpartition(".")[0]
        return None


def _value_group_index(module) -> dict[str, int]:
    """Value name → the index of its group, groups numbered in the order they appear."""
    order: list[str] = []
    index = {}
    for rule in module.VALUES:
        if rule.group not in order:
            order.append(rule.group)
        index[rule.name] = order.index(rule.group)
    return index


def _param_value(text: str) -> Any:
    """A penalty parameter: a seat number stays a number, a value name stays text."""
    text = text.strip()
    return int(text) if text.isdigit() else text


# The hand form of each ruleset; the calculator and the judge's page both look here.
HAND_FORMS = {"spjst": SpjstHandForm}
