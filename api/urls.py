"""The read API's URLs, under /api/v1/ (config/urls.py). Their names are kept stable:
the embeddable widget and other sites' scripts use them."""

from django.urls import path

from api.conditional import endpoint
from api.views import clubs, docs, ratings, tournaments, widget

app_name = "api"

urlpatterns = [
    path("schema/", docs.schema, name="schema"),
    path("docs/", docs.docs_page, name="docs"),
    path("clubs/", endpoint(clubs.ClubList), name="club_list"),
    path("clubs/<int:pk>/", endpoint(clubs.ClubDetail), name="club"),
    path("players/", endpoint(clubs.PlayerList), name="player_list"),
    path("players/<int:pk>/", endpoint(clubs.PlayerDetail), name="player"),
    path(
        "players/<int:pk>/statistics/",
        endpoint(clubs.PlayerStatistics),
        name="player_statistics",
    ),
    path("seasons/", endpoint(clubs.SeasonList), name="season_list"),
    path("seasons/<int:pk>/", endpoint(clubs.SeasonDetail), name="season"),
    path("seasons/<int:pk>/leaderboard/", endpoint(clubs.Leaderboard), name="leaderboard"),
    path("tournaments/", endpoint(tournaments.TournamentList), name="tournament_list"),
    path("tournaments/<int:pk>/", endpoint(tournaments.TournamentDetail), name="tournament"),
    path("tournaments/<int:pk>/rounds/", endpoint(tournaments.RoundList), name="round_list"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/",
        endpoint(tournaments.RoundDetail),
        name="round",
    ),
    path("tournaments/<int:pk>/standings/", endpoint(tournaments.Standings), name="standings"),
    path("tournaments/<int:pk>/results/", endpoint(tournaments.Results), name="results"),
    path("ratings/", endpoint(ratings.RatingFamilies), name="rating_families"),
    path("ratings/<slug:family>/", endpoint(ratings.RatingList), name="ratings"),
    path("rulings/", endpoint(ratings.Rulings), name="rulings"),
    path("widget/words/", endpoint(widget.WidgetWords), name="widget_words"),
]
