"""The judge's QR code: drawn module for module as the qrcode library made it."""

import shutil
import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from reportlab.lib.units import cm
from reportlab.pdfgen.canvas import Canvas

from tests.printing.samples import URL
from tournaments.printing.qr import QrCode, dark_runs, qr_matrix

DPI = 288


@given(st.lists(st.lists(st.booleans(), min_size=5, max_size=5), min_size=1, max_size=5))
def test_the_runs_cover_exactly_the_dark_modules(rows):
    matrix = tuple(tuple(row) for row in rows)
    drawn = [[False] * 5 for _ in rows]
    for row, column, length in dark_runs(matrix):
        assert length > 0 and not any(drawn[row][column : column + length])
        drawn[row][column : column + length] = [True] * length
    assert tuple(tuple(row) for row in drawn) == matrix


def test_a_link_makes_a_square_code_with_its_three_finder_patterns():
    matrix = qr_matrix(URL)
    assert len(matrix) == len(matrix[0]) >= 21
    finder = (True,) * 7
    assert matrix[0][:7] == matrix[0][-7:] == matrix[-1][:7] == finder


def test_the_flowable_keeps_a_quiet_zone_of_four_modules():
    code = QrCode(URL, 3 * cm)
    modules = len(qr_matrix(URL))
    assert code.wrap(1000, 1000) == pytest.approx((3 * cm * (modules + 8) / modules,) * 2)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_the_printed_code_matches_the_matrix_module_for_module(tmp_path):
    code = QrCode(URL, 3 * cm)
    side = code.wrap(0, 0)[0]
    canvas = Canvas(str(tmp_path / "code.pdf"), pagesize=(side, side))
    code.drawOn(canvas, 0, 0)
    canvas.save()
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-gray", "-png", "-singlefile", "code.pdf", "code"],
        cwd=tmp_path,
        check=True,
    )
    image = Image.open(tmp_path / "code.png").convert("L")
    matrix = qr_matrix(URL)
    module = image.width / (len(matrix) + 8)
    seen = tuple(
        tuple(
            image.getpixel((int((4.5 + column) * module), int((4.5 + row) * module))) < 128
            for column in range(len(matrix))
        )
        for row in range(len(matrix))
    )
    assert seen == matrix
    assert image.getpixel((int(2 * module), int(2 * module))) > 128  # the quiet zone is white
