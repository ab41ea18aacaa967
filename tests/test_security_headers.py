"""Every page carries a Content-Security-Policy that forbids inline code and a
Permissions-Policy that switches off features the site never uses; the site's templates
hold nothing that policy would block."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent


def _directives(response) -> dict[str, list[str]]:
    policy = response.headers["Content-Security-Policy"]
    return {
        name: values
        for name, *values in (part.split() for part in policy.split(";") if part.strip())
    }


def test_pages_allow_scripts_and_styles_from_the_site_only(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    directives = _directives(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response.headers["Content-Security-Policy"]


def test_pages_switch_off_camera_microphone_and_location(client):
    response = client.get(reverse("scoring:calculator", args=["spjst"]))
    policy = response.headers["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in policy


def test_the_login_page_and_the_admin_carry_the_policy(client, admin_client):
    assert "script-src 'self'" in client.get(reverse("login")).headers["Content-Security-Policy"]
    response = admin_client.get(reverse("admin:index"))
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_htmx_is_told_not_to_inject_its_indicator_style(client):
    response = client.get(reverse("scoring:calculator", args=["spjst"]))
    assert """<meta name="htmx-config" content='{"includeIndicatorStyles": false}'>""" in (
        response.text
    )
    assert ".htmx-request .htmx-indicator" in (ROOT / "static/css/site.css").read_text()


def test_a_qr_code_opened_on_its_own_may_run_and_style_nothing(director_client, table1):
    table1.judge_token = "a-judge-link-token"
    table1.save(update_fields=["judge_token"])
    response = director_client.get(reverse("tournaments:table_qr", args=[table1.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    directives = _directives(response)
    assert directives["default-src"] == ["'none'"]
    assert "style-src" not in directives and "script-src" not in directives


INLINE = {
    "an inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),
    "an inline event handler": re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE),
    "a style attribute": re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE),
    "a <style> element": re.compile(r"<style\b", re.IGNORECASE),
    "a javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
}


def test_no_template_holds_code_the_policy_would_block():
    found = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for what, pattern in INLINE.items()
        if pattern.search(path.read_text())
    ]
    assert found == []
