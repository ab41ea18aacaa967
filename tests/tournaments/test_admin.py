"""The admin shows the record of play but changes none of it: no edit of a confirmed sheet,
no reopened round, no deleted audit entry, for a director on staff and for a superuser."""

import logging

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.test import Client
from django.urls import reverse

from tests.tournaments.helpers import confirm_sheets
from tournaments import services
from tournaments.models import AuditEntry, Round, ScoreSheet, SheetLine, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["staff director", "superuser"])
def admin_user_client(request, director, django_user_model) -> Client:
    if request.param == "superuser":
        user = django_user_model.objects.create_superuser(username="root", password="pw")
    else:
        director.is_staff = True
        director.save()
        user = director
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def confirmed_sheet(round1, director) -> ScoreSheet:
    counts = {t.number: {1: 103, 2: 97, 3: 100, 4: 100} for t in round1.tables.all()}
    confirm_sheets(round1, director, counts)
    return ScoreSheet.objects.filter(table__round=round1).order_by("table__number").first()


def _chips(sheet: ScoreSheet) -> list:
    return list(sheet.lines.order_by("seat").values_list("chips", flat=True))


def test_a_confirmed_sheet_is_shown_but_its_chips_cannot_be_changed(
    admin_user_client, confirmed_sheet
):
    url = reverse("admin:tournaments_scoresheet_change", args=[confirmed_sheet.pk])
    page = admin_user_client.get(url)
    assert page.status_code == 200 and "103" in page.content.decode()
    lines = list(confirmed_sheet.lines.order_by("seat"))
    data = {
        "entered_actor": "someone else",
        "lines-TOTAL_FORMS": "4",
        "lines-INITIAL_FORMS": "4",
        **{f"lines-{i}-id": str(line.pk) for i, line in enumerate(lines)},
        **{f"lines-{i}-chips": "150" for i in range(4)},
    }
    response = admin_user_client.post(url, data)
    assert response.status_code == 403
    confirmed_sheet.refresh_from_db()
    assert _chips(confirmed_sheet) == [103, 97, 100, 100]
    assert confirmed_sheet.entered_actor == "test" and confirmed_sheet.confirmed


def test_a_confirmed_sheet_cannot_be_deleted(admin_user_client, confirmed_sheet):
    url = reverse("admin:tournaments_scoresheet_delete", args=[confirmed_sheet.pk])
    assert admin_user_client.post(url, {"post": "yes"}).status_code == 403
    changelist = reverse("admin:tournaments_scoresheet_changelist")
    admin_user_client.post(
        changelist,
        {"action": "delete_selected", "_selected_action": [confirmed_sheet.pk], "post": "yes"},
    )
    assert ScoreSheet.objects.filter(pk=confirmed_sheet.pk).exists()
    assert SheetLine.objects.filter(sheet=confirmed_sheet).count() == 4


def test_no_sheet_or_sheet_line_is_added_in_the_admin(admin_user_client, round1):
    response = admin_user_client.get(reverse("admin:tournaments_scoresheet_add"))
    assert response.status_code == 403
    assert not ScoreSheet.objects.exists()


def test_an_audit_entry_cannot_be_deleted_singly_or_in_bulk(admin_user_client, round1):
    entry = AuditEntry.objects.get(tournament=round1.tournament, action="draw")
    delete = reverse("admin:tournaments_auditentry_delete", args=[entry.pk])
    assert admin_user_client.post(delete, {"post": "yes"}).status_code == 403
    changelist = reverse("admin:tournaments_auditentry_changelist")
    page = admin_user_client.get(changelist)
    assert page.status_code == 200 and "delete_selected" not in page.content.decode()
    admin_user_client.post(
        changelist, {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"}
    )
    change = reverse("admin:tournaments_auditentry_change", args=[entry.pk])
    assert admin_user_client.post(change, {"action": "nothing", "detail": ""}).status_code == 403
    entry.refresh_from_db()
    assert entry.action == "draw" and AuditEntry.objects.count() == 2


def test_a_round_status_does_not_change_in_the_admin(admin_user_client, round1):
    url = reverse("admin:tournaments_round_change", args=[round1.pk])
    assert admin_user_client.get(url).status_code == 200
    data = {"tournament": round1.tournament_id, "number": 1, "seed": 7, "status": "closed"}
    assert admin_user_client.post(url, data).status_code == 403
    delete = reverse("admin:tournaments_round_delete", args=[round1.pk])
    assert admin_user_client.post(delete, {"post": "yes"}).status_code == 403
    round1.refresh_from_db()
    assert round1.status == Round.Status.PLAYING
    assert not AuditEntry.objects.filter(action__startswith="round close").exists()


def test_a_tables_judge_and_link_are_not_changed_in_the_admin(admin_user_client, table1):
    table1.judge_token = "s" * 43
    table1.save()
    url = reverse("admin:tournaments_table_change", args=[table1.pk])
    page = admin_user_client.get(url).content.decode()
    assert "s" * 43 not in page  # the private link is a secret
    assert admin_user_client.post(url, {"judge": "", "paper_only": "on"}).status_code == 403
    table1.refresh_from_db()
    assert table1.judge is not None and not table1.paper_only


def test_a_hand_is_viewable_but_not_added(admin_user_client, round1):
    assert admin_user_client.get(reverse("admin:tournaments_hand_changelist")).status_code == 200
    assert admin_user_client.get(reverse("admin:tournaments_hand_add")).status_code == 403


def test_the_tournament_status_is_not_edited_in_the_admin(admin_user_client, round1):
    tournament = round1.tournament
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = admin_user_client.get(url).content.decode()
    assert 'name="status"' not in page and "Running" in page


def test_a_tournament_with_a_round_cannot_be_deleted(admin_user_client, round1):
    tournament = round1.tournament
    delete = reverse("admin:tournaments_tournament_delete", args=[tournament.pk])
    assert admin_user_client.post(delete, {"post": "yes"}).status_code == 403
    changelist = reverse("admin:tournaments_tournament_changelist")
    admin_user_client.post(
        changelist,
        {"action": "delete_selected", "_selected_action": [tournament.pk], "post": "yes"},
    )
    assert Tournament.objects.filter(pk=tournament.pk).exists()
    assert AuditEntry.objects.filter(tournament=tournament).exists()


def test_deleting_a_tournament_with_registrations_asks_and_is_logged(
    admin_user_client, tournament, players, caplog
):
    for player in players[:3]:
        services.register(tournament=tournament, player=player)
    delete = reverse("admin:tournaments_tournament_delete", args=[tournament.pk])
    page = admin_user_client.get(delete).content.decode()
    assert "Are you sure" in page and "Registration" in page
    with caplog.at_level(logging.WARNING, logger="tournaments.admin"):
        response = admin_user_client.post(delete, {"post": "yes"})
    assert response.status_code == 302
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    entry = LogEntry.objects.get(action_flag=DELETION, object_id=str(tournament.pk))
    assert entry.object_repr == str(tournament)
    assert "Westfest Tarock" in caplog.text and "3 registrations" in caplog.text
