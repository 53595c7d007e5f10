"""PDF fixtures: small documents written with fpdf2 and a Unicode TTF font found locally.

fpdf2 is a test-only dependency; without it, or without a DejaVu font on the machine, the PDF
tests are skipped.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

FONT_NAMES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


def _font_dirs() -> list[Path]:
    folders = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
               Path.home() / ".fonts", Path("/Library/Fonts"), Path("C:/Windows/Fonts")]
    for package in ("matplotlib", "fpdf"):
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.origin is not None:
            folders.append(Path(spec.origin).parent)
    return [folder for folder in folders if folder.is_dir()]


def find_fonts() -> tuple[Path, Path] | None:
    for folder in _font_dirs():
        regular = next(folder.rglob(FONT_NAMES[0]), None)
        if regular is not None:
            bold = regular.with_name(FONT_NAMES[1])
            return regular, bold if bold.is_file() else regular
    return None


@pytest.fixture(scope="session")
def new_pdf() -> Callable[..., Any]:
    """A factory for FPDF documents with the DejaVu font registered as 'Sans'."""
    fpdf = pytest.importorskip("fpdf")
    fonts = find_fonts()
    if fonts is None:
        pytest.skip("no DejaVuSans.ttf font found for writing test PDFs")
    regular, bold = fonts

    def make(**header_footer: str) -> Any:
        pdf = fpdf.FPDF()
        pdf.add_font("Sans", "", str(regular))
        pdf.add_font("Sans", "B", str(bold))
        pdf.set_auto_page_break(True, margin=22)
        header = header_footer.get("header")
        footer = header_footer.get("footer")
        if header:
            def draw_header() -> None:
                pdf.set_font("Sans", "", 8)
                pdf.cell(0, 5, header, align="C")
                pdf.ln(10)
            pdf.header = draw_header
        if footer:
            def draw_footer() -> None:
                pdf.set_y(-15)
                pdf.set_font("Sans", "", 8)
                pdf.cell(0, 5, footer.format(page=pdf.page_no()), align="C")
            pdf.footer = draw_footer
        return pdf

    return make


def write(pdf: Any, text: str, size: float = 11, bold: bool = False, height: float = 6
          ) -> None:
    pdf.set_font("Sans", "B" if bold else "", size)
    pdf.multi_cell(0, height, text, new_x="LMARGIN", new_y="NEXT", align="L")


def save(pdf: Any, path: Path) -> Path:
    pdf.output(str(path))
    return path


def line(*pieces: tuple[float, str] | str, y: float | None = None, size: float = 11.0,
         bold: bool = False, width: float | None = None) -> Any:
    """A page line as the extractor builds it: pieces at x positions (a bare string stands at
    x = 72), one baseline height, one font size; `width` sets each piece's measured width
    (else the extractor's estimate from the font size)."""
    from structchunk.parse.pdf.extract import Line

    built = Line()
    texts = []
    for piece in pieces:
        x, text = (72.0, piece) if isinstance(piece, str) else piece
        built.add(text, x, y, size, bold, width)
        texts.append(text)
    built.text = " ".join(texts)
    return built
