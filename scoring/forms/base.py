"""What every hand form shares: seats, points and the card counter, penalties, house rules.

A hand form only converts what was typed or tapped into a hand in the JSON form of
RULES §0.3; every rule is checked by the engine (`Hand.from_json`), and an engine error is
put back on the form field it names (`sources` maps the JSON paths to the fields). So the
calculator, the judge's page, the command line and the HTTP endpoint all accept and refuse
exactly the same hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from accounts.text import CleanTextMixin
from scoring import HandError, get_ruleset, score_hand
from scoring.cards import Card, total_points
from scoring.deck import DeckCard
from scoring.forms.counter import CardCount, count_cards
from scoring.forms.fields import (
    CARD_CHOICES,
    NUMBER,
    SEATS,
    PenaltyParameterField,
    SeatChoices,
    SeatGroups,
    card_groups,
    house_rule_field,
    seat_field,
)
from scoring.forms.prototypes import MAX_PROTOTYPES, PROTOTYPES, Prototype, copied_fields
from scoring.forms.refusals import RefusalsMixin
from scoring.forms.unsent import UnsentMixin
from scoring.penalties import PARAMS, PenaltyParam
from scoring.settlement import Settlement

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The declaring side's card points and the card counter's fields.
_CARD_FIELDS = ("declarer_points", "cards_side", "cards", "other_cards")


class HandForm(UnsentMixin, CleanTextMixin, RefusalsMixin, forms.Form):
    """One hand of `ruleset`; `settle()` scores it or puts the engine's errors on the form.

    Subclasses name their `template_name`, declare their fields, and say which go into the
    JSON as they are (`SCALARS`, left out at their `DEFAULTS`), which are seat → number
    objects (`SEAT_MAPS`, one field per seat) and which objects (`OBJECTS`) are flattened
    into `<object>_<key>` fields; `add_fields` and `add_items` add the rest.
    """

    ruleset: str
    tab: StrOrPromise
    template_name: str
    counting = "threes"
    packs = 1  # 2: the Slovenian two-pack deck, each card ticked with its pack
    # A trick-taking game (whist) counts no card points: no points field, no card counter.
    counts_cards = True
    HEAD = "contract"  # the field the game starts with (whist: its variant)
    # The game's fields first (the errors are listed in this order); unknown names are skipped.
    field_order: tuple[str, ...] = (
        "contract", "declarer", "partner", "sitter", "called", "prever_talon",
        "preferanc_talon", "folded", "declarer_points",
    )  # fmt: skip
    SCALARS: tuple[str, ...] = ()
    DEFAULTS: Mapping[str, Any] = {}
    SEAT_MAPS: tuple[str, ...] = ()
    OBJECTS: tuple[str, ...] = ()
    # Fields of the table rather than the game, kept in a hand of penalties alone.
    TABLE_KEYS: tuple[str, ...] = ("players", "sitter")
    PENALTY_ROWS = 3

    declarer_points = forms.IntegerField(
        label=_("Declaring side's points"),
        required=False,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    cards_side = forms.ChoiceField(
        label=_("The ticked cards were taken by"),
        choices=[("declarer", _("the declaring side")), ("opponents", _("the opponents"))],
        initial="declarer",
        required=False,
    )
    cards = forms.MultipleChoiceField(
        label=_("Cards"), required=False, widget=forms.CheckboxSelectMultiple, choices=CARD_CHOICES
    )
    other_cards = forms.MultipleChoiceField(
        label=_("The other side's cards"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=CARD_CHOICES,
    )

    def __init__(self, *args: Any, seat_names: dict[int, str] | None = None, **kwargs: Any) -> None:
        # A tournament table's form is built once per seating and language, then copied:
        # building its fields anew (some 40, with choices Django normalises on every
        # copy) cost more than the rest of saving a hand.
        key = (
            (type(self), tuple(sorted(seat_names.items())), get_language()) if seat_names else None
        )
        prototype = PROTOTYPES.get(key) if key is not None else None
        if prototype is not None:
            self._copy_prototype(prototype, args, kwargs)
            return
        super().__init__(*args, **kwargs)
        before = set(self.__dict__)
        self._build(seat_names)
        if key is not None:
            attrs = {k: v for k, v in self.__dict__.items() if k not in before and k != "sources"}
            if len(PROTOTYPES) >= MAX_PROTOTYPES:
                PROTOTYPES.clear()
            PROTOTYPES[key] = Prototype(copied_fields(self.fields), attrs)

    def _build(self, seat_names: dict[int, str] | None) -> None:
        """The fields and what the template asks of them, for the seats `seat_names`."""
        self.seat_names = seat_names or {}
        self.seats: tuple[int, ...] = tuple(sorted(self.seat_names)) or SEATS
        self.module = get_ruleset(self.ruleset)
        self.total = total_points(self.counting, self.packs) if self.counts_cards else 0
        if self.counts_cards:
            self._fit_points_field()
        else:
            for name in _CARD_FIELDS:
                del self.fields[name]
        self.add_fields()
        self._add_penalty_fields()
        self._add_house_rule_fields()
        self._fit_seats()
        # The phone's queue names the game first in a queued hand's words, chosen or not
        # (static/js/judge/forms.js).
        self.fields[self.HEAD].widget.attrs["data-head"] = ""
        self.sources: dict[str, str] = {}

    def _copy_prototype(self, prototype: Prototype, args: tuple, kwargs: dict) -> None:
        """This form as `_build` made it for the same seats and language: its fields
        copied (without Django's deep copy) and the rest shared, as nothing changes them."""
        # Django's __init__ deep-copies the class's fields: give it none to copy, for
        # this instance only, then take the prototype's copies.
        self.base_fields = {}  # type: ignore[misc]
        super().__init__(*args, **kwargs)
        del self.base_fields
        self.fields = copied_fields(prototype.fields)
        self.__dict__.update(prototype.attrs)
        self.sources = {}

    # ---- fields -------------------------------------------------------------------
    def add_fields(self) -> None:
        """Fields built at run time from the ruleset's tables (a subclass adds them)."""

    def seat_title(self, seat: int) -> str:
        """ "Seat 2", or "2 · Anna Nováková" at a tournament table."""
        if self.seat_names:
            return f"{seat} · {self.seat_names[seat]}"
        return _("Seat %(seat)s") % {"seat": seat}

    def _fit_points_field(self) -> None:
        field = self.fields["declarer_points"]
        field.widget.attrs["max"] = self.total
        field.help_text = _(
            "0–%(total)s, the declaring side's cards including its discards; or tick the "
            "cards below."
        ) % {"total": self.total}

    def _fit_seats(self) -> None:
        """Offer only the table's seats, each with its player's name (at a tournament)."""
        title: Callable[[int], StrOrPromise] = self.seat_title if self.seat_names else str
        for field in self.fields.values():
            if isinstance(field, SeatChoices) and isinstance(field, forms.ChoiceField):
                field.choices = field.seat_choices(self.seats, title)

    def add_seat_groups(self, prefix: str, groups: list[tuple[str, list]]) -> SeatGroups:
        """Per seat, one choice per exclusive group (a player declares one of each)."""
        rows: SeatGroups = []
        for seat in self.seats:
            names = []
            for index, (group, options) in enumerate(groups):
                name = f"{prefix}_{seat}_{index}"
                label = _("%(seat)s: %(group)s") % {
                    "seat": self.seat_title(seat),
                    "group": gettext(group),  # the engine's group name, marked there
                }
                self.fields[name] = forms.ChoiceField(
                    label=label, choices=[("", "—"), *options], required=False
                )
                names.append(name)
            rows.append((seat, names))
        return rows

    def add_seat_numbers(self, name: str, label: StrOrPromise, high: int) -> list[str]:
        """One number field a seat, `<name>_<seat>`, for a seat → number object."""
        names = []
        for seat in self.seats:
            self.fields[f"{name}_{seat}"] = forms.IntegerField(
                label=_("%(seat)s: %(what)s") % {"seat": self.seat_title(seat), "what": label},
                required=False,
                min_value=0,
                max_value=high,
                widget=forms.NumberInput(attrs={**NUMBER, "max": high}),
            )
            names.append(f"{name}_{seat}")
        return names

    def _add_penalty_fields(self) -> None:
        """Penalty rows from the ruleset's catalogue: code, offender, and its parameters."""
        entries = self.module.PENALTIES
        # The judge reads the ruling by its name; its code is for the rulings lookup.
        choices = [("", "—")] + [(e.code, _(e.title)) for e in entries]
        params = list(dict.fromkeys(param for entry in entries for param in entry.params))
        self.penalty_rows: list[list[str]] = []
        for row in range(self.PENALTY_ROWS):
            names = [f"penalty_{row}_code", f"penalty_{row}_seat"]
            self.fields[names[0]] = forms.ChoiceField(
                label=_("Penalty"), choices=choices, required=False
            )
            self.fields[names[1]] = seat_field(_("Offender (seat)"), blank="—")
            for param in params:
                name = f"penalty_{row}_{param}"
                self.fields[name] = self.penalty_param_field(PARAMS[param])
                names.append(name)
            self.penalty_rows.append(names)
        self.penalty_params = params

    def penalty_param_field(self, param: PenaltyParam) -> forms.Field:
        """A penalty's parameter as a field of its kind: a seat of the table, a choice
        where the ruleset names the set (:meth:`param_choices`), else a number or word."""
        label = _(param.label)
        if param.kind == "seat":
            return seat_field(label, blank="—")
        choices = self.param_choices(param.name)
        if choices:
            return forms.ChoiceField(label=label, choices=[("", "—"), *choices], required=False)
        return PenaltyParameterField(label=label, required=False)

    def param_choices(self, param: str) -> list[tuple[str, StrOrPromise]]:
        """The values a penalty parameter can take on this ruleset's form, if a known set."""
        return []

    def _add_house_rule_fields(self) -> None:
        """One optional field per house rule, plus the ruleset's named presets.

        Left blank, a setting takes the ruleset's default; a preset replaces them all.
        """
        presets = [("", _("the ruleset's defaults"))] + [
            (name, _(title)) for name, title in self.module.PRESET_TITLES.items()
        ]
        self.fields["preset"] = forms.ChoiceField(
            label=_("Preset"), choices=presets, required=False
        )
        self.house_rule_fields = ["preset"]
        for rule in self.module.HOUSE_RULES:
            self.fields[f"house_{rule.name}"] = house_rule_field(rule)
            self.house_rule_fields.append(f"house_{rule.name}")

    # ---- what the template asks ----------------------------------------------------
    @property
    def head(self) -> forms.BoundField:
        """The game's first field (`HEAD`): the contract, or whist's variant."""
        return self[self.HEAD]

    @property
    def plain_fields(self) -> list[forms.BoundField]:
        """The fields of `SCALARS` after the head, then each seat's number of every
        `SEAT_MAPS` object, for a form with no layout of its own."""
        names = [name for name in self.SCALARS if name != self.HEAD and name in self.fields]
        names += [
            f"{name}_{seat}" for name in self.SEAT_MAPS for seat in self.seats
            if f"{name}_{seat}" in self.fields
        ]  # fmt: skip
        return [self[name] for name in names]

    @property
    def card_groups(self) -> Sequence[tuple[StrOrPromise, Sequence[Card | DeckCard]]]:
        """The card picker's groups: a label, then its cards (the template reads each card's
        ``name`` and ``is_counter``, which the pack's and the two-pack deck's cards both have)."""
        return card_groups()

    def card_count(self) -> CardCount | None:
        """The card counter: the ticked cards' points, checked against the other side's."""
        if not self.counts_cards:
            return None
        return count_cards(
            self["cards"].value(),
            self["other_cards"].value(),
            side=self["cards_side"].value() or "declarer",
            method=self.counting,
            packs=self.packs,
        )

    def filled(self, names: Iterable[str]) -> bool:
        return any(self[name].value() or self[name].errors for name in names)

    def has_penalties(self) -> bool:
        """Whether any penalty is chosen (the form then shows that part open)."""
        return self.filled(row[0] for row in self.penalty_rows)

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        # Only ticked cards can disagree; most hands are entered by their points alone,
        # and counting the whole pack for nothing is a good part of validating one.
        ticked = self.counts_cards and (
            self.cleaned_data.get("cards") or self.cleaned_data.get("other_cards")
        )
        count = self.card_count() if ticked else None
        if count and count.problem:
            self.add_error("other_cards", count.problem)
        return data

    # ---- form → engine JSON -------------------------------------------------------
    def put(self, hand: dict, path: str, value: Any, source: str) -> None:
        hand[path] = value
        self.sources[path] = source

    def hand_json(self) -> dict[str, Any]:
        """The hand in the engine's JSON form, from the cleaned data."""
        data = self.cleaned_data
        hand: dict[str, Any] = {"ruleset": self.ruleset}
        for name in self.SCALARS:
            value = data.get(name)
            if value in (None, "") or (name in self.DEFAULTS and value == self.DEFAULTS[name]):
                continue  # not given, or the engine's default: left out of the JSON
            self.put(hand, name, value, name)
        self._points(hand, data)
        self.add_items(hand, data)
        for name in self.SEAT_MAPS:
            self._seat_map(hand, name)
        hand["penalties"] = self._penalties(data)
        if self._only_penalties(hand):
            # A misdeal or a ruling entered alone: stored as the judge entered it, without
            # the contract and declarer the blank form sends (RULES §0.4: omitted is unset).
            return {
                key: value
                for key, value in hand.items()
                if key in ("ruleset", "penalties", *self.TABLE_KEYS) and value is not None
            }
        return hand

    def _blank_value(self, name: str) -> Any:
        """What a blank form sends for a scalar the judge did not touch, cleaned: its
        initial, or the first choice of a required list (the browser's first option)."""
        field = self.fields[name]
        if field.initial not in (None, ""):
            return field.clean(field.initial)
        choices = list(getattr(field, "choices", ()))
        if field.required and choices:
            return field.clean(choices[0][0])
        return None

    def _only_penalties(self, hand: dict[str, Any]) -> bool:
        """Whether the hand is penalties and nothing the judge entered of a game: every
        other field empty or a scalar at what the blank form sends."""
        if not hand["penalties"]:
            return False
        for key, value in hand.items():
            if key in ("ruleset", "penalties", *self.TABLE_KEYS) or value in (None, "", [], {}):
                continue
            if key not in self.SCALARS or value != self._blank_value(key):
                return False
        return True

    def add_items(self, hand: dict, data: dict) -> None:
        """The ruleset's own parts of the JSON (a subclass adds them)."""

    def put_object(self, hand: dict, name: str, keys: Sequence[str]) -> None:
        """`<name>: {key: <name>_<key>}` from the fields of the flattened object."""
        hand[name] = {key: self.cleaned_data[f"{name}_{key}"] for key in keys}
        for key in keys:
            self.sources[f"{name}.{key}"] = f"{name}_{key}"

    def seat_group_entries(self, rows: SeatGroups, name: str, key: str) -> list[dict]:
        """`[{"seat": s, key: chosen}]` from per-seat group choices, each chosen once."""
        entries: list[dict] = []
        for seat, names in rows:
            chosen: list[str] = []
            for field in names:
                value = self.cleaned_data.get(field)
                if value and value not in chosen:
                    chosen.append(value)
                    self.sources[f"{name}[{len(entries)}]"] = field
                    entries.append({"seat": seat, key: value})
        return entries

    def _points(self, hand: dict, data: dict) -> None:
        if not self.counts_cards:
            return
        if data.get("cards"):
            key = "declarer_cards" if data.get("cards_side") != "opponents" else "opponents_cards"
            self.put(hand, key, list(data["cards"]), "cards")
        elif data.get("declarer_points") is not None:
            self.put(hand, "declarer_points", data["declarer_points"], "declarer_points")
        self.sources.setdefault("declarer_points", "declarer_points")

    def _seat_map(self, hand: dict, name: str) -> None:
        values = {
            str(seat): self.cleaned_data[f"{name}_{seat}"]
            for seat in self.seats
            if self.cleaned_data.get(f"{name}_{seat}") is not None
        }
        self.sources[name] = f"{name}_{self.seats[0]}"
        if values:
            hand[name] = values

    def _penalties(self, data: dict) -> list[dict]:
        penalties: list[dict[str, Any]] = []
        for code_name, seat_name, *param_names in self.penalty_rows:
            if not data.get(code_name):
                continue
            where = f"penalties[{len(penalties)}]"
            entry = {"code": data[code_name], "seat": data.get(seat_name)}
            self.sources[where] = code_name
            self.sources[f"{where}.seat"] = seat_name
            for param, name in zip(self.penalty_params, param_names, strict=True):
                if data.get(name) not in (None, ""):
                    entry[param] = data[name]
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

    # ---- scoring --------------------------------------------------------------------
    def settle(self, house_rules: dict[str, Any] | None = None) -> Settlement | None:
        """Score the hand; on a rules error, show it on the field it names and return None."""
        if not self.is_valid():
            return None
        try:
            rules = self.house_rules() if house_rules is None else house_rules
            return score_hand(self.ruleset, self.hand_json(), rules)
        except HandError as error:
            self.refuse(error)
            return None

    # ---- engine JSON → form (editing a stored hand) --------------------------------
    @classmethod
    def initial_from_hand(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        """Form data that shows a stored hand again (for editing it)."""
        data = {k: hand[k] for k in (*cls.SCALARS, "declarer_points") if hand.get(k) is not None}
        for key in ("declarer_cards", "opponents_cards"):
            if hand.get(key):
                data["cards"] = [cls.card_name(name) for name in hand[key]]
                data["cards_side"] = "declarer" if key == "declarer_cards" else "opponents"
        for item in cls.OBJECTS:
            for key, value in (hand.get(item) or {}).items():
                data[f"{item}_{key}"] = value
        for name in cls.SEAT_MAPS:
            for seat, value in (hand.get(name) or {}).items():
                data[f"{name}_{seat}"] = value
        for row, penalty in enumerate(hand.get("penalties") or []):
            for key, value in penalty.items():
                data[f"penalty_{row}_{key}"] = value
        for name, value in (hand.get("house_rules") or {}).items():
            data[f"house_{name}"] = value
        return data

    @staticmethod
    def card_name(name: str) -> str:
        """A stored card name as the card picker writes it (``Pagat`` → ``I``)."""
        return Card.parse(name).name

    @staticmethod
    def seat_group_initial(
        data: dict[str, Any],
        prefix: str,
        groups: list[tuple[str, list[tuple[str, StrOrPromise]]]],
        entries: Iterable[Mapping[str, Any]] | None,
        key: str,
    ) -> None:
        """Put each `{"seat", key}` entry back in the first group that offers it."""
        for entry in entries or ():
            offered = (i for i, (_g, options) in enumerate(groups) if entry[key] in dict(options))
            index = next(offered, None)
            if index is not None:
                data[f"{prefix}_{entry['seat']}_{index}"] = entry[key]
