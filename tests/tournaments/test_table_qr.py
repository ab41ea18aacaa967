"""The judge link's QR code on the round page: the paper sheet's code, small, revalidated."""

import re

from django.urls import reverse

from tournaments.printing.qr import QUIET_MODULES, qr_matrix

TOKEN = "a-judge-link-token"


def _modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules the SVG's path draws, as (row, column) without the quiet zone."""
    path = re.search(r'<path d="([^"]+)"', svg)[1]
    dark = set()
    for column, row, length in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path):
        for offset in range(int(length)):
            dark.add((int(row) - QUIET_MODULES, int(column) - QUIET_MODULES + offset))
    return dark


def _qr(client, table):
    return client.get(reverse("tournaments:table_qr", args=[table.pk]))


def test_the_code_draws_the_judge_link_module_for_module(director_client, table1):
    table1.judge_token = TOKEN
    table1.save(update_fields=["judge_token"])
    response = _qr(director_client, table1)
    link = "http://testserver" + reverse("tournaments:judge_link", args=[TOKEN])
    matrix = qr_matrix(link)
    expected = {(r, c) for r, row in enumerate(matrix) for c, dark in enumerate(row) if dark}
    assert _modules(response.text) == expected
    side = len(matrix) + 2 * QUIET_MODULES
    assert f'viewBox="0 0 {side} {side}"' in response.text
    # A run a path segment: a few kilobytes, not the 16 KB of a square a module.
    assert len(response.content) < 6000


def test_an_unchanged_code_is_revalidated_and_kept_from_shared_caches(director_client, table1):
    table1.judge_token = TOKEN
    table1.save(update_fields=["judge_token"])
    first = _qr(director_client, table1)
    assert first["Cache-Control"] == "private, no-cache"
    again = director_client.get(
        reverse("tournaments:table_qr", args=[table1.pk]),
        headers={"if-none-match": first["ETag"]},
    )
    assert again.status_code == 304


def test_a_revoked_link_has_no_code(director_client, table1):
    assert _qr(director_client, table1).status_code == 404


def test_the_round_page_fetches_a_code_only_when_it_is_scrolled_to(director_client, table1):
    table1.judge_token = TOKEN
    table1.save(update_fields=["judge_token"])
    page = director_client.get(table1.round.get_absolute_url()).text
    qr = reverse("tournaments:table_qr", args=[table1.pk])
    assert f'<img src="{qr}" loading="lazy"' in page
