"""The judge's link as a QR code, drawn as vector squares so it prints sharp at any size.

The qrcode library makes the matrix; it is drawn as a PDF form XObject named after the
link, so each code sits in the PDF as one object a test (or a later page) can find, and
as an SVG path for the round page (`svg_path`).
"""

import functools
import hashlib
from collections.abc import Iterator

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.platypus import Flowable

# A scanner wants four empty modules around the code; the flowable keeps them clear.
QUIET_MODULES = 4
# Choosing the best of the eight masks costs five times as long as making the code, and
# 64 sheets would spend most of a second on it; every mask scans, so one is fixed.
MASK_PATTERN = 0

Matrix = tuple[tuple[bool, ...], ...]


@functools.lru_cache(maxsize=512)
def qr_matrix(url: str) -> Matrix:
    """The code's dark (True) and light modules, top row first, without the quiet zone.

    Cached: a table's card and its score sheet carry the same link.
    """
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK_PATTERN)
    code.add_data(url)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def dark_runs(matrix: Matrix) -> Iterator[tuple[int, int, int]]:
    """Each horizontal run of dark modules as (row, first column, length).

    One rectangle a run, not a square a module: fewer seams between squares on screen,
    and a smaller PDF.

    >>> list(dark_runs(((True, True, False), (False, False, True))))
    [(0, 0, 2), (1, 2, 1)]
    """
    for row, modules in enumerate(matrix):
        start = None
        for column, dark in enumerate((*modules, False)):
            if dark and start is None:
                start = column
            elif not dark and start is not None:
                yield row, start, column - start
                start = None


def svg_path(matrix: Matrix) -> str:
    """The dark runs as one SVG path in module units, shifted by the quiet zone.

    A screen's code is this path in a viewBox `len(matrix) + 2 * QUIET_MODULES` wide:
    a few kilobytes where a square a module would be four times as many.

    >>> svg_path(((True, True, False),))
    'M4 4h2v1h-2z'
    """
    return "".join(
        f"M{column + QUIET_MODULES} {row + QUIET_MODULES}h{length}v1h-{length}z"
        for row, column, length in dark_runs(matrix)
    )


def form_name(url: str, size: float) -> str:
    """The form XObject's name: one per link and size, so a code drawn twice is stored once."""
    return f"qr{hashlib.sha1(url.encode()).hexdigest()[:16]}-{size:.0f}"


class QrCode(Flowable):
    """A QR code `size` points wide (quiet zone not counted) for reportlab's layout."""

    def __init__(self, url: str, size: float) -> None:
        super().__init__()
        self.url = url
        self.size = size
        self.matrix = qr_matrix(url)
        self.quiet = QUIET_MODULES * size / len(self.matrix)

    def __repr__(self) -> str:
        return f"QrCode({self.url!r}, size={self.size:.1f})"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        side = self.size + 2 * self.quiet
        return side, side

    def draw(self) -> None:
        name = form_name(self.url, self.size)
        if not self.canv.hasForm(name):
            self._define_form(name)
        self.canv.saveState()
        self.canv.translate(self.quiet, self.quiet)
        self.canv.doForm(name)
        self.canv.restoreState()

    def _define_form(self, name: str) -> None:
        canvas, rows = self.canv, len(self.matrix)
        canvas.beginForm(name, 0, 0, self.size, self.size)
        canvas.setFillColorRGB(0, 0, 0)
        # In module units the runs are whole numbers, written straight into the stream:
        # reportlab's path objects format each number in Python, a third of a sheet's time.
        canvas.scale(self.size / rows, self.size / rows)
        # PDF's y grows upwards; the matrix's first row is the top of the code.
        runs = (
            f"{column} {rows - 1 - row} {length} 1 re"
            for row, column, length in dark_runs(self.matrix)
        )
        canvas.addLiteral("\n".join(runs) + "\nf")
        canvas.endForm()
