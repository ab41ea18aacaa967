"""The admin of clubs, players, memberships, seasons and club roles.

A club's director sees and changes only his own clubs' rows here (`ClubScopedAdmin`, also
used by the tournaments' admin); the federation sees every club's. Seasons and club roles
are the federation's (the Club directors group holds no permission on them).
"""

from django.contrib import admin

from accounts.roles import directed_clubs, is_federation
from clubs.models import Club, ClubRole, Membership, Player, Season
from clubs.permissions import directs_club, grant, visible_clubs


class ClubScopedAdmin:
    """Rows of a club's director's own clubs only, for him; the federation sees all.

    `club_path` is the lookup from the model to its club ("pk" for the club itself).
    """

    club_path = "club"

    def club_id_of(self, obj) -> int | None:
        """The id of the club `obj` belongs to, along `club_path`."""
        *steps, last = self.club_path.split("__")
        for step in steps:
            obj = getattr(obj, step)
        return obj.pk if last == "pk" else getattr(obj, f"{last}_id")

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if is_federation(request.user):
            return queryset
        return queryset.filter(**{f"{self.club_path}__in": directed_clubs(request.user)})

    def _may(self, request, obj) -> bool:
        return obj is None or directs_club(request.user, self.club_id_of(obj))

    def has_view_permission(self, request, obj=None) -> bool:
        return super().has_view_permission(request, obj) and self._may(request, obj)

    def has_change_permission(self, request, obj=None) -> bool:
        return super().has_change_permission(request, obj) and self._may(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return super().has_delete_permission(request, obj) and self._may(request, obj)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        # A club's director files things under his own clubs only.
        if db_field.related_model is Club:
            kwargs["queryset"] = visible_clubs(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["club"]


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin, admin.ModelAdmin):
    club_path = "pk"
    list_display = ["name", "short_name", "city", "country", "spjst_lodge", "founded"]
    list_filter = ["country"]
    search_fields = ["name", "short_name", "city"]


@admin.register(Player)
class PlayerAdmin(ClubScopedAdmin, admin.ModelAdmin):
    club_path = "home_club"
    list_display = ["display_name", "home_club", "member_number", "active"]
    list_filter = ["active", "home_club"]
    list_select_related = ["home_club"]
    search_fields = ["first_name", "last_name", "display_name", "member_number", "email"]
    autocomplete_fields = ["home_club"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(ClubScopedAdmin, admin.ModelAdmin):
    list_display = ["player", "club", "date_from", "date_to"]
    list_filter = ["club"]
    list_select_related = ["player", "club"]
    search_fields = ["player__first_name", "player__last_name", "club__name"]
    autocomplete_fields = ["player", "club"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "end_date", "club"]
    list_filter = ["club"]
    list_select_related = ["club"]
    search_fields = ["name"]
    date_hierarchy = "start_date"


@admin.register(ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    """Granted as `manage.py grant` does, so the role's group (the admin's model
    permissions) follows; a role is added or deleted, never changed into another."""

    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]
    list_select_related = ["user", "club"]
    search_fields = ["user__username", "club__name", "club__short_name"]
    autocomplete_fields = ["club"]

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def save_model(self, request, obj, form, change) -> None:
        grant(obj.user, obj.role, obj.club)

    def delete_model(self, request, obj) -> None:
        grant(obj.user, obj.role, obj.club, revoke=True)

    def delete_queryset(self, request, queryset) -> None:
        for role in queryset.select_related("user", "club"):
            self.delete_model(request, role)
