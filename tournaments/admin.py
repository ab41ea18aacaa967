"""The admin: tournaments and registrations can be kept here; the record of play is read-only.

Hands, score sheets and their lines, rounds, tables and audit entries change only through
the site's services, which check the rules and write the audit (a confirmed sheet stays
confirmed, a round is reopened with a reason). Here they can be looked at, never added,
changed or deleted — by anyone, superusers included.

Deleting a tournament. `AuditEntry` belongs to its tournament (CASCADE), so deleting a
tournament would take its audit with it. The admin therefore refuses to delete a
tournament that has a round drawn or an audit entry: the record of play and its audit stay.
A tournament still being set up (at most registrations) may be deleted after Django's
confirmation page, which lists the registrations that go with it; the deletion is recorded
in Django's admin log (`LogEntry`, which survives the tournament) and as a warning line of
the `tournaments.admin` logger naming who deleted what and how many registrations.
"""

import logging

from django.contrib import admin
from django.utils.translation import gettext_lazy

from clubs.admin import ClubScopedAdmin
from tournaments.models import (
    AuditEntry,
    Hand,
    HandRevision,
    Registration,
    Round,
    ScoreSheet,
    SheetLine,
    Table,
    Tournament,
)
from tournaments.services import pinned_house_rules

logger = logging.getLogger(__name__)


class ReadOnlyMixin:
    """Viewable, never added, changed or deleted through the admin (also by superusers)."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(ClubScopedAdmin, admin.ModelAdmin):
    """Setup fields are editable; the status changes only on the site (finish, reopen)."""

    club_path = "host_club"
    list_display = ["name", "date", "host_club", "ruleset", "status"]
    list_filter = ["status", "ruleset", "host_club"]
    search_fields = ["name", "venue"]
    date_hierarchy = "date"
    inlines = [RegistrationInline]
    readonly_fields = ["status", "house_rules", "created_by"]

    def has_delete_permission(self, request, obj=None) -> bool:
        if obj is not None and (obj.rounds.exists() or obj.audit.exists()):
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change) -> None:
        if not change:
            # As `services.create_tournament` does: the house rules are pinned at creation.
            obj.house_rules = pinned_house_rules(obj.ruleset, obj.preset)
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def delete_model(self, request, obj) -> None:
        described = self._describe(obj)
        super().delete_model(request, obj)
        self._log_deletion(request, described)

    def delete_queryset(self, request, queryset) -> None:
        described = [self._describe(tournament) for tournament in queryset]
        super().delete_queryset(request, queryset)
        for one in described:
            self._log_deletion(request, one)

    @staticmethod
    def _describe(tournament: Tournament) -> tuple:
        return (str(tournament), tournament.pk, tournament.registrations.count())

    @staticmethod
    def _log_deletion(request, described: tuple) -> None:
        name, pk, registrations = described
        logger.warning(
            "Tournament %s (pk %s) deleted in the admin by %s with %s registrations",
            name,
            pk,
            request.user,
            registrations,
        )


@admin.register(Round)
class RoundAdmin(ReadOnlyMixin, ClubScopedAdmin, admin.ModelAdmin):
    """Started, closed and reopened (with a reason) on the round page only."""

    club_path = "tournament__host_club"
    list_display = ["tournament", "number", "status", "seed"]
    list_filter = ["status"]
    list_select_related = ["tournament"]


@admin.register(Table)
class TableAdmin(ReadOnlyMixin, ClubScopedAdmin, admin.ModelAdmin):
    """Judges and private links are set on the round page, which audits them; the link
    itself is a secret and not shown here."""

    club_path = "round__tournament__host_club"
    list_display = ["__str__", "round", "judge", "has_link", "paper_only"]
    list_select_related = ["round__tournament", "judge"]
    list_filter = ["paper_only"]
    search_fields = ["round__tournament__name"]
    exclude = ["judge_token"]
    readonly_fields = ["has_link"]

    @admin.display(boolean=True, description=gettext_lazy("private link"))
    def has_link(self, table: Table) -> bool:
        return bool(table.judge_token)


class HandRevisionInline(ReadOnlyMixin, admin.TabularInline):
    model = HandRevision
    extra = 0


@admin.register(Hand)
class HandAdmin(ReadOnlyMixin, ClubScopedAdmin, admin.ModelAdmin):
    """Hands change only through the judge's page, which keeps the history."""

    club_path = "table__round__tournament__host_club"

    list_display = ["__str__", "table", "deleted", "revision"]
    list_select_related = ["table__round__tournament"]
    list_filter = ["deleted"]
    inlines = [HandRevisionInline]


class SheetLineInline(ReadOnlyMixin, admin.TabularInline):
    model = SheetLine
    extra = 0


@admin.register(ScoreSheet)
class ScoreSheetAdmin(ReadOnlyMixin, ClubScopedAdmin, admin.ModelAdmin):
    """Entered and confirmed by two people on the site; never edited afterwards."""

    club_path = "table__round__tournament__host_club"

    list_display = ["table", "entered_actor", "entered_at", "confirmed_by", "confirmed_at"]
    list_select_related = ["table__round__tournament", "confirmed_by"]
    list_filter = [("confirmed_at", admin.EmptyFieldListFilter)]
    inlines = [SheetLineInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyMixin, ClubScopedAdmin, admin.ModelAdmin):
    """The audit is written by the services and kept: nobody deletes an entry."""

    club_path = "tournament__host_club"

    list_display = ["at", "tournament", "actor", "action", "detail"]
    list_filter = ["action"]
    list_select_related = ["tournament", "actor"]
    search_fields = ["detail"]
