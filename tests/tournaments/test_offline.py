"""The installable judge page's server side (issue 16): the worker, the manifest, the
offline notice, and which table pages the phone may keep (tournaments.offline)."""

import json
import re
import uuid

import pytest
from django.conf import settings
from django.core.management import call_command
from django.templatetags.static import static
from django.test import override_settings

from tournaments.offline import OFFLINE_HEADER
from tournaments.views.offline import JUDGE_MODULES

pytestmark = pytest.mark.django_db


def test_the_worker_is_javascript_with_the_pages_assets(anon_client):
    response = anon_client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert "/static/css/site.css" in body
    # Every module of the judge's page (main.js imports the others): kept for offline use.
    modules = sorted((settings.BASE_DIR / "static" / "js" / "judge").glob("*.js"))
    assert len(modules) > 1
    for module in modules:
        assert f'"/static/js/judge/{module.name}"' in body
    assert "htmx-2.min.js" in body
    assert '"/tables/offline/"' in body
    assert "{%" not in body and "{{" not in body


def test_in_production_the_worker_keeps_every_module_the_page_imports(anon_client, tmp_path):
    """With hashed names (config.storage, as in production) the modules import each
    other under those names, which the worker keeps: the page works offline."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "config.storage.StaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", "--noinput", verbosity=0)
        body = anon_client.get("/sw.js").content.decode()
        page = static("js/judge/main.js")
    assets = json.loads(re.search(r"const ASSETS = (.*);", body).group(1))
    assert re.fullmatch(r"/static/js/judge/main\.[0-9a-f]{12}\.js", page) and page in assets
    seen, todo = set(), [page]
    while todo:
        url = todo.pop()
        seen.add(url)
        code = (tmp_path / url.removeprefix("/static/")).read_text(encoding="utf-8")
        for imported in re.findall(r'from "\./([^"]+)"', code):
            todo.append(url.rsplit("/", 1)[0] + "/" + imported)
    assert len(seen) == len(JUDGE_MODULES)
    assert seen <= set(assets)


def test_the_manifest_names_the_app_and_its_icons(anon_client):
    response = anon_client.get("/judge.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Tarock judge"
    assert data["start_url"] == "/my-tables/"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512", "any"}


def test_the_offline_notice_names_nobody(anon_client):
    response = anon_client.get("/tables/offline/")
    assert response.status_code == 200
    assert b"No connection" in response.content


def test_the_table_page_links_the_manifest_and_may_be_kept_for_its_session(judge_client, table1):
    response = judge_client.get(f"/tables/{table1.pk}/")
    assert b'rel="manifest" href="/judge.webmanifest"' in response.content
    assert b'data-worker="/sw.js"' in response.content
    key = response[OFFLINE_HEADER]
    assert len(key) == 32
    # The key is the session's, not the session id itself, and changes with the session.
    assert judge_client.session.session_key not in key
    assert judge_client.get(f"/tables/{table1.pk}/")[OFFLINE_HEADER] == key
    judge_client.post("/accounts/logout/")


def test_another_session_has_another_key(judge_client, link_client, table1):
    judge_key = judge_client.get(f"/tables/{table1.pk}/")[OFFLINE_HEADER]
    link_key = link_client.get(f"/tables/{table1.pk}/")[OFFLINE_HEADER]
    assert judge_key != link_key


def test_a_refused_table_page_is_not_marked(other_judge_client, anon_client, table1):
    response = other_judge_client.get(f"/tables/{table1.pk}/")
    assert response.status_code == 403
    assert OFFLINE_HEADER not in response
    assert OFFLINE_HEADER not in anon_client.get(f"/tables/{table1.pk}/")


def test_the_logout_form_forgets_the_kept_pages(judge_client):
    page = judge_client.get("/").content.decode()
    assert "data-logout" in page
    assert "/static/js/logout.js" in page


def test_the_table_page_announces_every_module_main_imports_so_they_load_at_once(
    judge_client, table1
):
    page = judge_client.get(table1.get_absolute_url()).content.decode()
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    assert preloaded == [static(f"js/judge/{name}.js") for name in JUDGE_MODULES if name != "main"]
    assert f'<script type="module" src="{static("js/judge/main.js")}"></script>' in page


def test_a_judges_page_reloaded_unchanged_is_a_304_and_a_changed_one_is_sent(judge_client, table1):
    """A reload asks again (no-cache, never a shared cache) and costs no page when the
    page says the same; its CSRF token, masked afresh each time, is not a change."""
    from tournaments import hand_store
    from tournaments.access import TableAccess

    url = f"/tables/{table1.pk}/"
    first = judge_client.get(url)
    assert first["Cache-Control"] == "private, no-cache"
    again = judge_client.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    sheet = judge_client.get(f"{url}sheet/")
    assert (
        judge_client.get(f"{url}sheet/", headers={"if-none-match": sheet["ETag"]}).status_code
        == 304
    )
    # A hand saved: the page says something else, so it is sent whole.
    access = TableAccess(table1, None, "link", False, browser="elsewhere")
    hand = {"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59}
    hand_store.add_hand(access=access, data=hand, submission=uuid.uuid4(), expected_version=0)
    changed = judge_client.get(url, headers={"if-none-match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


@pytest.mark.parametrize("page", ["tournaments:table", "tournaments:sheet"])
def test_the_queues_addresses_are_the_tables_own(judge_client, table1, page):
    # Written under the table's page address, reversed once (_judge_offline.html).
    from django.urls import reverse

    body = judge_client.get(reverse(page, args=[table1.pk])).content.decode()
    for attribute, name, args in (
        ("data-save", "hand_add", []),
        ("data-sheet-url", "sheet", []),
        ("data-after", "hands_after", [0]),
        ("data-contact", "contact", []),
    ):
        url = reverse(f"tournaments:{name}", args=[table1.pk, *args])
        assert f'{attribute}="{url}"' in body
    if page == "tournaments:table":
        for name in ("sheet", "table_sheet_pdf"):
            assert f'href="{reverse(f"tournaments:{name}", args=[table1.pk])}"' in body


def test_the_judges_head_is_the_same_from_the_process_copy(judge_client, table1):
    # Rendered once per process (judge_tags.judge_head); under DEBUG every time.
    first = judge_client.get(f"/tables/{table1.pk}/").content.decode()
    with override_settings(DEBUG=True):
        fresh = judge_client.get(f"/tables/{table1.pk}/").content.decode()
    head = first[first.index('<link rel="manifest"') : first.index("</head>")]
    assert head in fresh and f'src="{static("js/judge/main.js")}"' in head
