from django.urls import path

from clubs import signup, views

app_name = "clubs"

urlpatterns = [
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<int:pk>/", views.club_detail, name="club_detail"),
    path("clubs/<int:pk>/edit/", views.club_edit, name="club_edit"),
    path("players/sign-up/", signup.signup, name="signup"),
    path(
        "players/sign-up/<uidb64>/<token>/",
        signup.signup_confirm,
        name="signup_confirm",
    ),
    path("players/", views.player_list, name="player_list"),
    path("players/duplicates/", views.player_duplicates, name="player_duplicates"),
    path("players/new/", views.player_create, name="player_create"),
    path("players/<int:pk>/", views.player_detail, name="player_detail"),
    path("players/<int:pk>/edit/", views.player_edit, name="player_edit"),
    path("players/<int:pk>/active/", views.player_set_active, name="player_set_active"),
    path("players/<int:pk>/memberships/new/", views.membership_create, name="membership_create"),
    path("seasons/", views.season_list, name="season_list"),
    path("seasons/new/", views.season_create, name="season_create"),
    path("seasons/<int:pk>/edit/", views.season_edit, name="season_edit"),
]
