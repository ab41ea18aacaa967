from django.contrib import admin

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


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "host_club", "ruleset", "status"]
    list_filter = ["status", "ruleset", "host_club"]
    search_fields = ["name", "venue"]
    date_hierarchy = "date"
    inlines = [RegistrationInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "seed"]
    list_filter = ["status"]
    list_select_related = ["tournament"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "judge", "paper_only"]
    list_select_related = ["round__tournament", "judge"]
    list_filter = ["paper_only"]
    search_fields = ["round__tournament__name"]


class HandRevisionInline(admin.TabularInline):
    model = HandRevision
    extra = 0
    can_delete = False
    readonly_fields = ["revision", "data", "settlement", "deleted", "actor", "changed_at", "reason"]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Read-only: hands change only through the judge's page, which keeps the history."""

    list_display = ["__str__", "table", "deleted", "revision"]
    list_select_related = ["table__round__tournament"]
    list_filter = ["deleted"]
    inlines = [HandRevisionInline]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class SheetLineInline(admin.TabularInline):
    model = SheetLine
    extra = 0


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["table", "entered_actor", "entered_at", "confirmed_by", "confirmed_at"]
    list_select_related = ["table__round__tournament", "confirmed_by"]
    inlines = [SheetLineInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "tournament", "actor", "action", "detail"]
    list_filter = ["action"]
    list_select_related = ["tournament", "actor"]
    search_fields = ["detail"]
