"""A tournament day: rounds, tables, seats, judges, hands and score sheets.

Chips move only through hands (a standalone penalty is a hand with nothing but the
penalty), so a table's computed counts, the sheet check and the ledger all read the same
rows. A hand is never deleted from the database: editing or deleting it writes a
revision. (Seats and byes are rewritten when players are swapped before a round starts.)
"""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import formats
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Season
from scoring import Ruleset, get_ruleset
from tournaments.draw import KNOWN_TABLE_SIZES
from tournaments.fields import EXACT, AmountField, ruleset_choices

# The ratings' and final places' models live in their own modules; imported here so
# Django finds them.
from tournaments.place_models import FinalPlace  # noqa: F401
from tournaments.played import HandQuerySet, PlayedHand, seat_keys
from tournaments.rating_models import Rating, RatingChange  # noqa: F401
from tournaments.stats_models import PlayerStats  # noqa: F401


class Tournament(models.Model):
    class Status(models.TextChoices):
        SETUP = "setup", _("Being set up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Standings(models.TextChoices):
        CHIPS = "chips", _("Total chips over all rounds")
        PLACEMENT = "placement", _("Placement points per table and round")
        # A drive (RULES §6.3): only for a ruleset that counts a hand's tricks by seat.
        TRICKS = "tricks", _("Total tricks over the drive")

    name = models.CharField(_("name"), max_length=150)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=150, blank=True)
    host_club = models.ForeignKey(
        Club, verbose_name=_("host club"), on_delete=models.PROTECT, related_name="tournaments"
    )
    season = models.ForeignKey(
        Season,
        verbose_name=_("season"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
    )
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=ruleset_choices)
    # Pinned when the tournament is created (RULES §0.5): every setting, defaults included,
    # so a later change of a default never re-scores this tournament's hands.
    house_rules = models.JSONField(_("house rules"), default=dict, blank=True, **EXACT)
    preset = models.CharField(_("preset"), max_length=40, blank=True)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=3)
    hands_per_round = models.PositiveSmallIntegerField(_("hands per round"), null=True, blank=True)
    minutes_per_round = models.PositiveSmallIntegerField(
        _("minutes per round"), null=True, blank=True
    )
    starting_chips = models.PositiveIntegerField(_("starting chips per player"), default=100)
    table_size = models.PositiveSmallIntegerField(
        _("players per table"),
        choices=[(size, str(size)) for size in sorted(KNOWN_TABLE_SIZES)],
        default=4,
    )
    standings_method = models.CharField(
        _("standings"), max_length=12, choices=Standings, default=Standings.CHIPS
    )
    placement_points = models.JSONField(
        _("placement points"), default=list, blank=True, help_text=_("e.g. 4, 3, 2, 1")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.SETUP)
    # Online registration (tournaments.services.signup) is open until the deadline, if any.
    registration_deadline = models.DateTimeField(_("registration deadline"), null=True, blank=True)
    capacity = models.PositiveSmallIntegerField(_("places"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(hands_per_round__isnull=False) | Q(minutes_per_round__isnull=False),
                name="round_length_given",
                violation_error_message=_("Give the hands per round or the minutes per round."),
            ),
        ]

    def __str__(self) -> str:
        # The date as the reader's language writes it, never the ISO form.
        return f"{self.name} ({formats.date_format(self.date)})"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    @property
    def rules(self) -> Ruleset:
        """The ruleset the tournament is played by: everything about its game is asked of it."""
        return get_ruleset(self.ruleset)

    @property
    def table_total(self) -> int | None:
        """What a table of the usual size must total on its score sheet (4 × 100 chips = 400
        in the Texas game); None where scores are written for each player (no fixed total)."""
        return self.starting_chips * self.table_size if self.rules.ZERO_SUM else None

    @property
    def last_round(self) -> "Round | None":
        """The latest round drawn (read from prefetched rounds when the page has them)."""
        rounds = list(self.rounds.all())
        return max(rounds, key=lambda r: r.number) if rounds else None


class Registration(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    checked_in = models.BooleanField(_("checked in"), default=False)
    # A late entry plays from `first_round`; a withdrawal plays no round after `last_round`.
    first_round = models.PositiveSmallIntegerField(_("first round"), default=1)
    last_round = models.PositiveSmallIntegerField(_("last round"), null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)
    # Set while on the waiting list of a full tournament: ascending in order of sign-up.
    waiting = models.PositiveIntegerField(_("waiting list number"), null=True, blank=True)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["player__last_name", "player__first_name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="register_once"),
            models.CheckConstraint(
                condition=Q(last_round__isnull=True) | Q(last_round__gte=F("first_round") - 1),
                name="withdrawal_after_entry",
            ),
            models.UniqueConstraint(fields=["tournament", "waiting"], name="waiting_once"),
            models.CheckConstraint(
                condition=Q(waiting__isnull=True) | Q(checked_in=False, last_round__isnull=True),
                name="waiting_not_playing",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    def plays_in(self, round_number: int) -> bool:
        return (
            self.checked_in
            and self.first_round <= round_number
            and (self.last_round is None or round_number <= self.last_round)
        )


class Round(models.Model):
    class Status(models.TextChoices):
        DRAWN = "drawn", _("Seating drawn")
        PLAYING = "playing", _("In play")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.BigIntegerField(_("draw seed"))
    status = models.CharField(max_length=10, choices=Status, default=Status.DRAWN)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("tournaments:round", args=[self.tournament_id, self.number])


class TableQuerySet(models.QuerySet):
    def with_play(self) -> "TableQuerySet":
        """Tables with what their pages show: the round, the judge, seats with players,
        hands in order and score sheets newest first (a fixed number of queries)."""
        return self.select_related("round__tournament", "judge").prefetch_related(
            *self.play_prefetches()
        )

    def play_prefetches(self) -> list[models.Prefetch]:
        """The prefetches of `with_play`, for a table already read (with
        `prefetch_related_objects`)."""
        return [
            models.Prefetch("seats", queryset=Seat.objects.select_related("player")),
            models.Prefetch("hands", queryset=Hand.objects.order_by("number")),
            models.Prefetch(
                "sheets",
                queryset=ScoreSheet.objects.prefetch_related("lines").order_by(
                    "-entered_at", "-pk"
                ),
            ),
        ]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("judge"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="judged_tables",
    )
    judge_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    paper_only = models.BooleanField(
        _("paper only"),
        default=False,
        help_text=_("No hands recorded; only the sheet total is checked."),
    )
    # Bumped by every change to the table's hands (and by the confirmation of its sheet),
    # so a form built on an older state of the table is recognised and refused instead
    # of overwriting.
    version = models.PositiveIntegerField(default=0)
    # When a phone at the table last stored a hand (set by the same UPDATE that bumps the
    # version): the dashboard shows it, so a director sees a table whose phone has not
    # sent anything for a while (it may be offline with hands waiting).
    last_save_at = models.DateTimeField(_("last hand saved"), null=True, blank=True)
    # When the judge's phone was last in touch (its page opened, or its ping while online)
    # and how many hands or sheets it said were waiting in its queue then: the dashboard
    # shows a table whose phone went silent in play (see tournaments.contact).
    last_contact_at = models.DateTimeField(_("last contact"), null=True, blank=True)
    waiting_on_phone = models.PositiveSmallIntegerField(_("waiting on the phone"), default=0)

    objects = TableQuerySet.as_manager()

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number")
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("tournaments:table", args=[self.pk])

    @cached_property
    def seat_names(self) -> dict[int, str]:
        """Seat number → the seated player's name, in seat order.

        From the prefetched seats when the table has them (`with_play`), else one query
        of the names alone: the judge's save needs no more.
        """
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            return {seat.number: seat.player.name for seat in self.seats.all()}
        names = (
            Seat.objects.filter(table=self)
            .order_by("number")
            .values_list(
                "number", "player__display_name", "player__first_name", "player__last_name"
            )
        )
        return {number: Player.name_of(*rest) for number, *rest in names}

    @cached_property
    def newest_sheets(self) -> list["ScoreSheet"]:
        """The table's score sheets, newest first, each knowing its table: the prefetched
        ones when the table has them (`with_play`), else one query of the sheets alone
        (the judge's page says only whether there is one and whether it is confirmed)."""
        if "sheets" in getattr(self, "_prefetched_objects_cache", {}):
            return list(self.sheets.all())
        sheets = list(ScoreSheet.objects.filter(table=self).order_by("-entered_at", "-pk"))
        for sheet in sheets:
            sheet.table = self
        return sheets

    def played_hands(self) -> list["PlayedHand"]:
        """The table's hands in order as its standing reads them (`HandQuerySet.played_rows`):
        the judge's page and a saved hand's answer read them."""
        return [PlayedHand(*row) for row in Hand.objects.filter(table=self).played_rows()]


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # The round again, so the database itself refuses a player seated twice in a round.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["round", "player"], name="seated_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.number}: {self.player}"


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_bye_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.round}: bye for {self.player}"


class Hand(models.Model):
    """A recorded hand (or a standalone penalty) at a table, with its settlement."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    # The engine's input (RULES §0.3) and its settlement, as the engine wrote them.
    data = models.JSONField(**EXACT)
    settlement = models.JSONField(**EXACT)
    deleted = models.BooleanField(default=False)
    revision = models.PositiveSmallIntegerField(default=1)
    # Sent with the form; a second submission with the same id is the same hand.
    submission = models.UUIDField(unique=True)

    objects = HandQuerySet.as_manager()

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_hand_per_number")
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}

    def deltas(self) -> dict[int, int | Decimal]:
        """What the hand moved, seat number → chips, as the engine settled it.

        A deleted hand keeps its settlement (the score sheet shows it struck through); the
        caller decides whether it counts.
        """
        return seat_keys(self.settlement["deltas"])


class HandRevision(models.Model):
    """Every saved state of a hand: who, when, what and why. Never changed afterwards."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="revisions")
    revision = models.PositiveSmallIntegerField()
    data = models.JSONField(**EXACT)
    settlement = models.JSONField(**EXACT)
    deleted = models.BooleanField(default=False)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    actor = models.CharField(max_length=150, help_text=_("Who, as shown in the history."))
    changed_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        verbose_name = _("hand revision")
        verbose_name_plural = _("hand revisions")
        ordering = ["hand", "revision"]
        constraints = [models.UniqueConstraint(fields=["hand", "revision"], name="revision_once")]

    def __str__(self) -> str:
        return f"{self.hand} r{self.revision} by {self.actor}"


class ScoreSheet(models.Model):
    """The chip counts a judge read off the table at the end of a round."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sheets")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    entered_actor = models.CharField(max_length=150)
    # The browser (its session's random id) that entered the sheet: a phone that used the
    # table's private link has no user, and must not confirm its own sheet either.
    entered_browser = models.CharField(max_length=64, blank=True)
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_browser = models.CharField(max_length=64, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Sent with the sheet form; a second submission with the same id (a phone resending
    # its queue) is the same sheet. Null for a sheet entered without one.
    submission = models.UUIDField(unique=True, null=True, blank=True)

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        ordering = ["table", "-entered_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(confirmed_at__isnull=False),
                name="one_confirmed_sheet_per_table",
            ),
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True)
                | Q(entered_by__isnull=True)
                | ~Q(confirmed_by=F("entered_by")),
                name="confirmed_by_someone_else",
            ),
            models.CheckConstraint(
                condition=Q(confirmed_at__isnull=True)
                | Q(entered_browser="")
                | ~Q(confirmed_browser=F("entered_browser")),
                name="confirmed_from_another_browser",
            ),
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True, confirmed_at__isnull=True)
                | Q(confirmed_by__isnull=False, confirmed_at__isnull=False),
                name="confirmation_complete",
            ),
        ]

    def __str__(self) -> str:
        return f"Score sheet of {self.table} by {self.entered_actor}"

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None

    def counts(self) -> dict[int, int | Decimal]:
        """The counts on the sheet, seat number → chips (read from prefetched lines when
        the sheet was fetched with them, as `TableQuerySet.with_play` does)."""
        return {line.seat: line.chips for line in self.lines.all()}


class SheetLine(models.Model):
    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="lines")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="sheet_lines")
    chips = AmountField(_("chips"))

    class Meta:
        verbose_name = _("sheet line")
        verbose_name_plural = _("sheet lines")
        ordering = ["sheet", "seat"]
        constraints = [models.UniqueConstraint(fields=["sheet", "seat"], name="one_line_per_seat")]

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.chips}"


class AuditEntry(models.Model):
    """A director's action that is not a hand: reopening a round, revoking a link, …"""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=40)
    detail = models.TextField(blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor}: {self.action}"
