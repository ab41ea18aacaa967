"""The hand form of Slovenian two-pack Tarok (RULES §5.1; docs/rules.md §8).

4, 6 or 8 players: in the calculator the form offers the seats of the size chosen (4 until
one is chosen); at a tournament table the table's own seats, and the size is the table's.
The card counter shows both packs, each card ticked with its pack (``K-hearts/2``).
Announcements are entered in rows (kind, side, announced, made, kontra), so that both
sides can enter the same kind.
"""

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.cards import Suit
from scoring.deck import DECK, DeckCard
from scoring.forms.base import HandForm
from scoring.forms.fields import SUIT_ORDER, SeatsField, level_field, seat_field
from scoring.rulesets.si_double import GAME_VALUES, name_of
from scoring.rulesets.si_double_hand import (
    IN_TRICKS,
    LEVELS,
    PLAYERS,
    Contract,
    most_partners,
)
from scoring.rulesets.si_double_napovedi import NAPOVEDI

DECK_CHOICES = [(card.name, card.name) for card in DECK]
SIDES = [("", "—"), ("declarer", _("declaring side")), ("opponents", _("defenders"))]
ANNOUNCEMENT_ROWS = 6


def _contract_label(contract: Contract) -> str:
    value = GAME_VALUES.get(contract)
    name = name_of(contract)
    return f"{name} {value}" if value else name


class SiDoubleHandForm(HandForm):
    """One hand of two-pack Tarok; `settle()` scores it or shows the errors."""

    ruleset = "si_double"
    tab = _("Tarok, 2 packs")  # its tab on the calculator page
    template_name = "scoring/forms/si_double.html"
    packs = 2
    field_order = ("players", "contract", "declarer", "partners", "declarer_points")
    SCALARS = ("players", "contract", "declarer", "kontra", "silent_valat")
    DEFAULTS = {"players": 4, "kontra": 0}
    SEAT_MAPS = ("klop_points", "klop_tricks")

    # Chosen by a link that reloads the calculator (`?players=6`), since the seats offered
    # depend on it; the form then carries it in a hidden field.
    players = forms.TypedChoiceField(
        label=_("Players"), choices=[(str(n), str(n)) for n in PLAYERS], coerce=int,
        initial="4", widget=forms.HiddenInput, required=False,
    )  # fmt: skip
    contract = forms.ChoiceField(
        label=_("Contract"), choices=[(c.value, _contract_label(c)) for c in Contract],
        initial=Contract.TROJKA.value,
    )  # fmt: skip
    declarer = seat_field(_("Declarer (seat)"), blank="—")
    partners = SeatsField(_("Partners (hold the called King)"))
    kontra = level_field(_("Kontra on the game"), LEVELS)
    kontra.required = False
    won = forms.ChoiceField(
        label=_("Berač or valat"),
        choices=[("", "—"), ("true", _("won")), ("false", _("lost"))],
        required=False,
    )
    silent_valat = forms.ChoiceField(
        label=_("Silent valat (every trick, none bid)"), choices=SIDES, required=False
    )
    cards = forms.MultipleChoiceField(
        label=_("Cards"), required=False, widget=forms.CheckboxSelectMultiple, choices=DECK_CHOICES
    )
    other_cards = forms.MultipleChoiceField(
        label=_("The other side's cards"), required=False,
        widget=forms.CheckboxSelectMultiple, choices=DECK_CHOICES,
    )  # fmt: skip

    def add_fields(self) -> None:
        if self.seat_names:  # a tournament table: its size is the number of players
            del self.fields["players"]
        else:
            self.seats = tuple(range(1, self._players() + 1))
        self.fields["partners"].help_text = _(
            "One with 4 players, two with 6 or 8; fewer when the declarer holds a called King; "
            "none in a solo."
        )
        self.announcement_rows = [self._add_announcement(row) for row in range(ANNOUNCEMENT_ROWS)]
        high = IN_TRICKS // len(self.seats)
        self.klop_rows = list(
            zip(
                self.seats,
                self.add_seat_numbers("klop_points", _("points"), self.total),
                self.add_seat_numbers("klop_tricks", _("tricks"), high),
                strict=True,
            )
        )

    def _players(self) -> int:
        """The table size chosen (the calculator), 4 until a valid one is."""
        chosen = str(self.data.get("players") if self.is_bound else self.initial.get("players"))
        return int(chosen) if chosen in {str(n) for n in PLAYERS} else 4

    def _add_announcement(self, row: int) -> list[str]:
        prefix = f"announcement_{row}"
        kinds = [("", "—")] + [
            (rule.name, f"{rule.title} ({rule.value})")
            for rule in NAPOVEDI.values()
            if len(self.seats) >= rule.min_players
        ]
        self.fields[f"{prefix}_kind"] = forms.ChoiceField(
            label=_("Announcement"), choices=kinds, required=False
        )
        self.fields[f"{prefix}_side"] = forms.ChoiceField(
            label=_("Side"), choices=SIDES, required=False
        )
        self.fields[f"{prefix}_announced"] = forms.BooleanField(
            label=_("announced"), required=False
        )
        self.fields[f"{prefix}_won"] = forms.BooleanField(label=_("made"), required=False)
        self.fields[f"{prefix}_kontra"] = level_field(_("Kontra"), LEVELS)
        self.fields[f"{prefix}_kontra"].required = False
        return [f"{prefix}_{key}" for key in ("kind", "side", "announced", "won", "kontra")]

    # ---- what the template asks ----------------------------------------------------
    @property
    def card_groups(self) -> list[tuple[str, list[DeckCard]]]:
        """The deck for the card picker: each pack's trumps, then its suits."""
        labels = {
            None: _("Trumps"),
            Suit.HEARTS: _("Hearts"),
            Suit.DIAMONDS: _("Diamonds"),
            Suit.CLUBS: pgettext_lazy("card suit", "Clubs"),
            Suit.SPADES: _("Spades"),
        }
        return [
            (
                f"{labels[suit]} · {pack}",
                [c for c in DECK if c.pack == pack and c.card.suit == suit],
            )
            for pack in (1, 2)
            for suit in SUIT_ORDER
        ]

    @property
    def offers_players(self) -> bool:
        return "players" in self.fields

    @property
    def player_sizes(self) -> list[tuple[int, bool]]:
        """Each table size, and whether it is the one the form has now (for the links)."""
        return [(size, size == len(self.seats)) for size in PLAYERS]

    @property
    def most_partners(self) -> int:
        return most_partners(len(self.seats))

    def has_announcements(self) -> bool:
        return self.filled(row[0] for row in self.announcement_rows)

    def has_klop(self) -> bool:
        names = [name for _seat, *pair in self.klop_rows for name in pair]
        return self["contract"].value() == Contract.KLOP.value or self.filled(names)

    # ---- form → engine JSON -------------------------------------------------------
    def add_items(self, hand: dict, data: dict) -> None:
        if self.seat_names:
            self.put(hand, "players", len(self.seats), "contract")
        if data.get("partners"):
            self.put(hand, "partners", list(data["partners"]), "partners")
            for index in range(len(data["partners"])):
                self.sources[f"partners[{index}]"] = "partners"
        if data.get("won"):
            self.put(hand, "won", data["won"] == "true", "won")
        entries = [
            self._announcement(f"announcements[{index}]", names, data)
            for index, names in enumerate(row for row in self.announcement_rows if data.get(row[0]))
        ]
        if entries:
            hand["announcements"] = entries
        self.sources.setdefault("announcements", "announcement_0_kind")

    def _announcement(self, where: str, names: list[str], data: dict) -> dict[str, Any]:
        keys = ("kind", "side", "announced", "won", "kontra")
        entry = {key: data.get(name) for key, name in zip(keys, names, strict=True)}
        entry["side"] = entry["side"] or None
        if not entry["kontra"]:
            del entry["kontra"]
        self.sources[where] = names[0]
        for key, name in zip(keys, names, strict=True):
            self.sources[f"{where}.{key}"] = name
        return entry

    # ---- engine JSON → form (editing a stored hand) --------------------------------
    @staticmethod
    def card_name(name: str) -> str:
        return DeckCard.parse(name).name

    @classmethod
    def initial_from_hand(cls, hand: Mapping[str, Any]) -> dict[str, Any]:
        data = super().initial_from_hand(hand)
        if hand.get("partners"):
            data["partners"] = list(hand["partners"])
        if hand.get("won") is not None:
            data["won"] = "true" if hand["won"] else "false"
        for row, entry in enumerate(hand.get("announcements") or ()):
            for key, value in entry.items():
                data[f"announcement_{row}_{key}"] = value
        return data
