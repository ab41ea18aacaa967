"""What a club secretary keeps: clubs, players, memberships and seasons."""

import datetime

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ClubQuerySet(models.QuerySet):
    def with_member_counts(self) -> "ClubQuerySet":
        """Annotate each club with how many active players call it home."""
        return self.annotate(
            active_players=models.Count("players", filter=Q(players__active=True), distinct=True)
        )


class ClubManager(models.Manager.from_queryset(ClubQuerySet)):
    def get_by_natural_key(self, short_name: str) -> "Club":
        """The club with this short name (how fixtures refer to a club)."""
        return self.get(short_name=short_name)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    short_name = models.CharField(_("short name"), max_length=30, unique=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    country = models.CharField(
        _("country"), max_length=2, help_text=_("Two-letter code, e.g. US, CZ, SI.")
    )
    spjst_lodge = models.PositiveIntegerField(
        _("SPJST lodge number"), null=True, blank=True, unique=True
    )
    founded = models.DateField(_("founded"), null=True, blank=True)

    objects = ClubManager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club_detail", args=[self.pk])

    def natural_key(self) -> tuple[str]:
        """The short name, unique, so `fixtures/` can load into a database with other clubs."""
        return (self.short_name,)


class PlayerQuerySet(models.QuerySet):
    def active(self) -> "PlayerQuerySet":
        return self.filter(active=True)

    def search(self, text: str) -> "PlayerQuerySet":
        """Players whose first, last or display name contains every word of `text`."""
        qs = self
        for word in text.split():
            qs = qs.filter(
                Q(first_name__icontains=word)
                | Q(last_name__icontains=word)
                | Q(display_name__icontains=word)
            )
        return qs

    def roster(self, club: "Club", on: datetime.date | None = None) -> "PlayerQuerySet":
        """The club's players on day `on` (today by default): those who call it home and
        those holding a membership there that day."""
        members = Membership.objects.current(on).filter(club=club).values("player")
        return self.filter(Q(home_club=club) | Q(pk__in=members))


class PlayerManager(models.Manager.from_queryset(PlayerQuerySet)):
    def get_by_natural_key(self, club_short_name: str, member_number: str) -> "Player":
        """The player with this member number in this home club."""
        return self.get(home_club__short_name=club_short_name, member_number=member_number)


class Player(models.Model):
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("last name"), max_length=60)
    display_name = models.CharField(
        _("display name"),
        max_length=120,
        blank=True,
        help_text=_("How the name appears on score sheets; defaults to first and last name."),
    )
    home_club = models.ForeignKey(
        Club,
        verbose_name=_("home club"),
        on_delete=models.PROTECT,
        related_name="players",
    )
    member_number = models.CharField(_("member number"), max_length=20, blank=True)
    # Optional: with the name it tells two records of one person from namesakes.
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    # Set while this record is merged into another (tournaments.services.players): its
    # history moved there; the record stays so the merge can be undone until confirmed.
    merged_into = models.ForeignKey(
        "self",
        verbose_name=_("merged into"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="merged_records",
    )
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    active = models.BooleanField(_("active"), default=True)
    notes = models.TextField(_("notes"), blank=True)
    # The player's own sign-in (accounts.signup), confirmed by e-mail: registers online.
    account = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player account"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="player_record",
    )

    objects = PlayerManager()

    class Meta:
        ordering = ["last_name", "first_name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["home_club", "member_number"],
                condition=~Q(member_number=""),
                name="unique_member_number_per_club",
                violation_error_message=_(
                    "This club already has a player with that member number."
                ),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        if not self.display_name.strip():
            self.display_name = f"{self.first_name} {self.last_name}".strip()
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("clubs:player_detail", args=[self.pk])

    def natural_key(self) -> tuple[str, str]:
        """Home club and member number, unique together once a member number is set.

        Players without a member number share a key, so only numbered players belong in a
        fixture; tests/test_fixtures.py checks that every player in `fixtures/` has one.
        """
        return (*self.home_club.natural_key(), self.member_number)

    natural_key.dependencies = ["clubs.club"]

    @property
    def name(self) -> str:
        """The name used on sheets and lists."""
        return self.name_of(self.display_name, self.first_name, self.last_name)

    @staticmethod
    def name_of(display_name: str, first_name: str, last_name: str) -> str:
        """A player's `name` from its three fields, for a query that reads only those."""
        return display_name or f"{first_name} {last_name}".strip()


class MembershipQuerySet(models.QuerySet):
    def current(self, on: datetime.date | None = None) -> "MembershipQuerySet":
        """Memberships running on day `on` (today by default): begun, and not ended before."""
        day = on or timezone.localdate()
        return self.filter(Q(date_to__isnull=True) | Q(date_to__gte=day), date_from__lte=day)


class MembershipManager(models.Manager.from_queryset(MembershipQuerySet)):
    def get_by_natural_key(
        self, club_short_name: str, member_number: str, club: str, date_from
    ) -> "Membership":
        """The membership of this player (home club, member number) in `club` from that day."""
        return self.get(
            player=Player.objects.get_by_natural_key(club_short_name, member_number),
            club__short_name=club,
            date_from=date_from,
        )


class Membership(models.Model):
    """A player's membership of a club from one day (to another, once it ends).

    It records who belongs where, for the club's roster; it grants nothing on the site:
    directors and judges are the groups of `accounts.roles`.
    """

    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="memberships"
    )
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="memberships"
    )
    date_from = models.DateField(_("from"), default=timezone.localdate)
    date_to = models.DateField(_("to"), null=True, blank=True)

    objects = MembershipManager()

    class Meta:
        ordering = ["club__name", "-date_from"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.CheckConstraint(
                condition=Q(date_to__isnull=True) | Q(date_to__gte=F("date_from")),
                name="membership_dates_in_order",
                violation_error_message=_("A membership cannot end before it starts."),
            ),
            models.UniqueConstraint(
                fields=["player", "club", "date_from"],
                name="one_membership_per_start_date",
                violation_error_message=_(
                    "This player already has a membership starting that day."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} – {self.club} (from {self.date_from})"

    def natural_key(self) -> tuple:
        """The player's natural key, the club's short name and the first day."""
        return (*self.player.natural_key(), self.club.short_name, self.date_from)

    natural_key.dependencies = ["clubs.player", "clubs.club"]


class SeasonQuerySet(models.QuerySet):
    def current(self, day=None) -> "SeasonQuerySet":
        """Seasons running on `day` (today by default)."""
        day = day or timezone.localdate()
        return self.filter(start_date__lte=day, end_date__gte=day)


def default_cup_points() -> list[str]:
    return ["25", "20", "16", "13", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]


class Season(models.Model):
    class Ranking(models.TextChoices):
        CUP = "cup", _("Cup points by final place, best tournaments counted")
        CHIPS = "chips", _("Chips won over the season")

    name = models.CharField(_("name"), max_length=120)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"))
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seasons",
        help_text=_("Leave empty for a federation-wide season."),
    )
    ranking = models.CharField(_("leaderboard"), max_length=8, choices=Ranking, default=Ranking.CUP)
    # Text, not floats: cup points may be halves and must stay exact.
    cup_points = models.JSONField(
        _("cup points"),
        default=default_cup_points,
        help_text=_("Points for 1st, 2nd, … place in a tournament."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("best tournaments counted"),
        null=True,
        blank=True,
        help_text=_("Count each player's best N tournaments; empty counts all."),
    )
    minimum_tournaments = models.PositiveSmallIntegerField(
        _("minimum tournaments to be ranked"), default=1
    )

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")),
                name="season_dates_in_order",
                violation_error_message=_("A season cannot end before it starts."),
            ),
            models.UniqueConstraint(
                fields=["name", "club"],
                name="unique_season_name_per_club",
                violation_error_message=_("This club already has a season with this name."),
            ),
            models.UniqueConstraint(
                fields=["name"],
                condition=Q(club__isnull=True),
                name="unique_federation_season_name",
                violation_error_message=_(
                    "There is already a federation-wide season with this name."
                ),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:season_list") + f"#season-{self.pk}"

    @property
    def scope(self) -> str:
        return str(self.club) if self.club_id else str(_("Federation-wide"))


class ClubRoleManager(models.Manager):
    def get_by_natural_key(self, username: str, club_short_name: str, role: str) -> "ClubRole":
        """The role by its user's name, its club's short name and its kind."""
        return self.get(user__username=username, club__short_name=club_short_name, role=role)


class ClubRole(models.Model):
    """A user's role in one club: its director or a judge of its tables.

    The federation role is not one of these: it is the Directors group, for every club
    (`accounts.roles`). What each role may do is in `clubs.permissions`.
    """

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        JUDGE = "judge", _("Judge")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="club_roles",
    )
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="roles"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role)

    objects = ClubRoleManager()

    class Meta:
        ordering = ["club__name", "role", "user__username"]
        verbose_name = _("club role")
        verbose_name_plural = _("club roles")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "club", "role"],
                name="one_club_role_each",
                violation_error_message=_("This user already has this role in this club."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.club}"

    def natural_key(self) -> tuple[str, str, str]:
        """The username, the club's short name and the role."""
        return (self.user.get_username(), self.club.short_name, self.role)

    natural_key.dependencies = ["auth.user", "clubs.club"]


class PlayerMerge(models.Model):
    """One person's two records made one (`tournaments.services.players`), and its record.

    The duplicate is kept, marked merged into the kept record; `moved` lists every row
    moved to the kept record, so undoing the merge moves exactly those back. A
    confirmed merge is final.
    """

    class State(models.TextChoices):
        MERGED = "merged", _("Merged")
        UNDONE = "undone", _("Undone")
        CONFIRMED = "confirmed", _("Confirmed")

    kept = models.ForeignKey(
        Player, verbose_name=_("kept"), on_delete=models.PROTECT, related_name="merges_kept"
    )
    duplicate = models.ForeignKey(
        Player, verbose_name=_("duplicate"), on_delete=models.PROTECT, related_name="merges"
    )
    state = models.CharField(_("state"), max_length=10, choices=State, default=State.MERGED)
    # Model label and field → ids of the rows moved; "active" is the duplicate's before.
    moved = models.JSONField(default=dict, editable=False)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    merged_at = models.DateTimeField(auto_now_add=True)
    # Who undid or confirmed the merge, and when.
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    closed_at = models.DateTimeField(null=True)

    class Meta:
        ordering = ["-merged_at"]
        verbose_name = _("player merge")
        verbose_name_plural = _("player merges")

    def __str__(self) -> str:
        return f"{self.duplicate} → {self.kept} ({self.state})"
