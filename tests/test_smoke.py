from django.conf import settings


def test_settings_load_with_the_test_key():
    assert settings.SECRET_KEY


def test_every_page_links_the_favicon_and_the_files_are_in_static(client, db):
    from django.contrib.staticfiles import finders

    page = client.get("/").content.decode()
    assert 'rel="icon" href="/static/favicon.svg"' in page
    assert 'rel="icon" href="/static/favicon.ico"' in page
    assert finders.find("favicon.svg") and finders.find("favicon.ico")
    with open(finders.find("favicon.ico"), "rb") as icon:
        assert icon.read(4) == b"\x00\x00\x01\x00"  # an ICO file, as browsers expect there


def test_favicon_ico_at_the_root_leads_to_the_icon_not_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.ico"
