"""The typeface every document is set in: DejaVu Sans, shipped in `tournaments/fonts/`.

The 14 standard PDF fonts have no č, ř, ů or ž, so names like "Jiří Dvořák" would print
as boxes. DejaVu Sans has them; it is embedded (subset) in each PDF, so the printer needs
nothing, and it is read from the repository so the server needs no system font either.
"""

import functools
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"


@functools.cache
def register_fonts() -> None:
    """Register the regular and bold faces with reportlab, once per process."""
    pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    # No italic is shipped: <i> in a paragraph falls back to the upright face.
    pdfmetrics.registerFontFamily(
        REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
    )
