from django.urls import path

from tournaments.views import (
    director,
    finishing,
    offline,
    online,
    players,
    printing,
    queue,
    ratings,
    rounds,
    seasons,
    setup,
    sheets,
    standings,
    table,
)

app_name = "tournaments"

urlpatterns = [
    # The judge's offline page (issue 16): the worker at the root so its scope may cover
    # /tables/; the notice under /tables/ so the worker can keep it.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("judge.webmanifest", offline.manifest, name="manifest"),
    path("tables/offline/", offline.offline_notice, name="offline"),
    path("tournaments/", setup.tournament_list, name="list"),
    path("ratings/", ratings.rating_list, name="ratings"),
    path("ratings/method/", ratings.rating_method, name="rating_method"),
    path("ratings/<slug:family>/", ratings.rating_list, name="ratings_game"),
    path("tournaments/new/", setup.tournament_create, name="create"),
    path("tournaments/<int:pk>/", setup.tournament_detail, name="detail"),
    path("tournaments/<int:pk>/edit/", setup.tournament_edit, name="edit"),
    path("tournaments/<int:pk>/registrations/", setup.registrations, name="registrations"),
    path("tournaments/<int:pk>/registrations/add/", setup.register_player, name="register"),
    path(
        "tournaments/<int:pk>/registrations/new-player/",
        setup.register_new_player,
        name="register_new",
    ),
    path("tournaments/<int:pk>/register-me/", online.register_me, name="register_me"),
    path("tournaments/<int:pk>/withdraw-me/", online.withdraw_me, name="withdraw_me"),
    path("my-registrations/", online.my_registrations, name="my_registrations"),
    path("registrations/<int:pk>/", setup.registration_update, name="registration_update"),
    path("tournaments/<int:pk>/finish/", finishing.tournament_finish, name="finish"),
    path("tournaments/<int:pk>/rounds/draw/", rounds.round_draw, name="draw"),
    path("tournaments/<int:pk>/rounds/plan/", rounds.round_plan_add, name="plan_add"),
    path("tournaments/<int:pk>/rounds/<int:number>/", rounds.round_detail, name="round"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/sheets.pdf",
        printing.round_sheets_pdf,
        name="round_sheets_pdf",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/seating.pdf",
        printing.seating_pdf,
        name="seating_pdf",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/cards.pdf",
        printing.table_cards_pdf,
        name="table_cards_pdf",
    ),
    path("tournaments/<int:pk>/score-cards.pdf", printing.drive_cards_pdf, name="drive_cards_pdf"),
    path(
        "tournaments/<int:pk>/movement.pdf", printing.drive_movement_pdf, name="drive_movement_pdf"
    ),
    path("tables/<int:table_id>/sheet.pdf", printing.table_sheet_pdf, name="table_sheet_pdf"),
    path("tournaments/<int:pk>/rounds/<int:number>/swap/", rounds.round_swap, name="swap"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/status/", rounds.round_status, name="round_status"
    ),
    path("tournaments/<int:pk>/hands.<str:fmt>", standings.hands_export, name="hands_export"),
    path("tournaments/<int:pk>/archive.json", standings.tournament_archive, name="archive"),
    path("players/merge/", players.player_merge, name="player_merge"),
    path("player-merges/", players.player_merges, name="player_merges"),
    path("player-merges/<int:pk>/undo/", players.player_unmerge, name="player_unmerge"),
    path(
        "player-merges/<int:pk>/confirm/", players.player_merge_confirm, name="player_merge_confirm"
    ),
    path("seasons/<int:pk>/leaderboard/", seasons.leaderboard, name="leaderboard"),
    path(
        "seasons/<int:pk>/leaderboard.<str:fmt>",
        seasons.leaderboard_export,
        name="leaderboard_export",
    ),
    path("tournaments/<int:pk>/dashboard/", director.dashboard, name="dashboard"),
    path("tournaments/<int:pk>/results/", director.results, name="results"),
    path("tournaments/<int:pk>/standings/", standings.standings, name="standings"),
    path(
        "tournaments/<int:pk>/standings.<str:fmt>",
        standings.standings_export,
        name="standings_export",
    ),
    path("tournaments/<int:pk>/ledger/", director.ledger, name="ledger"),
    path("tournaments/<int:pk>/ledger/apply/", director.ledger_apply, name="ledger_apply"),
    path(
        "hands/<int:hand_id>/penalties/<int:index>/cancel/",
        director.ledger_cancel,
        name="ledger_cancel",
    ),
    path("tables/<int:table_id>/judge/", rounds.table_judge, name="table_judge"),
    path("tables/<int:table_id>/qr.svg", rounds.table_qr, name="table_qr"),
    path("judge/<str:token>/", table.judge_link, name="judge_link"),
    path("tables/<int:table_id>/", table.table_page, name="table"),
    path("tables/<int:table_id>/hands/", table.hand_add, name="hand_add"),
    path("tables/<int:table_id>/hands/<int:number>/edit/", table.hand_edit, name="hand_edit"),
    path("tables/<int:table_id>/hands/<int:number>/delete/", table.hand_delete, name="hand_delete"),
    path(
        "tables/<int:table_id>/hands/<int:number>/history/", table.hand_history, name="hand_history"
    ),
    path("tables/<int:table_id>/sheet/", sheets.sheet_enter, name="sheet"),
    path("tables/<int:table_id>/hands/after/<int:number>/", queue.hands_after, name="hands_after"),
    path("tables/<int:table_id>/contact/", queue.ping, name="contact"),
    path("sheets/<int:sheet_id>/", sheets.sheet_review, name="sheet_review"),
    path("sheets/<int:sheet_id>/confirm/", sheets.sheet_confirm, name="sheet_confirm"),
    path("tables/<int:table_id>/reopen/", sheets.table_reopen, name="table_reopen"),
    path("my-tables/", table.my_tables, name="my_tables"),
]
