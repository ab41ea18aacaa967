"""The package stands alone: no Django and its own font (its docstring examples run with
every module's, through pytest's --doctest-modules)."""

import subprocess
import sys
from pathlib import Path

from tests.printing.samples import reader, sheet
from tournaments.printing import score_sheets_pdf
from tournaments.printing.fonts import FONT_DIR

ROOT = Path(__file__).resolve().parents[2]


def test_printing_imports_no_django():
    code = "import sys, tournaments.printing; print(sorted(m for m in sys.modules if m.startswith('django')))"
    imported = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert imported.stdout.strip() == "[]"


def test_the_font_and_its_licence_ship_with_the_repository():
    assert FONT_DIR == ROOT / "tournaments" / "fonts"
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVu-LICENSE.txt"):
        assert (FONT_DIR / name).is_file()


def test_the_pdf_embeds_dejavu_sans():
    fonts = reader(score_sheets_pdf([sheet()])).pages[0]["/Resources"]["/Font"]
    names = {str(fonts[name].get_object()["/BaseFont"]) for name in fonts}
    assert any(name.endswith("+DejaVuSans") for name in names)
    assert any(name.endswith("+DejaVuSans-Bold") for name in names)
