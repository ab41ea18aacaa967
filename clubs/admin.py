from django.contrib import admin

from clubs.models import Club, Membership, Player, Season


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["club"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name", "city", "country", "spjst_lodge", "founded"]
    list_filter = ["country"]
    search_fields = ["name", "short_name", "city"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "home_club", "member_number", "active"]
    list_filter = ["active", "home_club"]
    list_select_related = ["home_club"]
    search_fields = ["first_name", "last_name", "display_name", "member_number", "email"]
    autocomplete_fields = ["home_club"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
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
