from django.urls import path

from api.conditional import endpoint
from api.views import docs, tournaments

app_name = "api"

urlpatterns = [
    path("schema/", docs.schema, name="schema"),
    path("docs/", docs.docs_page, name="docs"),
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
]
