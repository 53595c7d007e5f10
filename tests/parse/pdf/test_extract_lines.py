"""From pypdf's pieces of text to lines: characters cleaned, pieces placed and measured, bold
fonts told apart, page boxes read, on stand-ins for pypdf's pages and font dictionaries."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from structchunk.parse.pdf import extract
from structchunk.parse.pdf.extract import FORCE_BOLD, Line, clean, page_lines


def test_clean_unifies_line_ends_ligatures_tabs_and_control_characters() -> None:
    assert clean("a\r\nb\rc\nd") == "a\nb\nc\nd"
    assert clean("\ufb01nden \ufb00 \ufb02 \ufb03 \ufb04 \ufb05 \ufb06") == (
        "finden ff fl ffi ffl st st")
    assert clean("a\tb") == "a b"
    assert clean("x\x01y\x7fz") == "x y z"
    assert clean("x\x00y\u200bz\u200ew") == "xyzw"
    assert clean("a\u200db\u200cc\u00add") == "a\u200db\u200cc\u00add"


def test_a_piece_with_a_place_is_a_cell_measured_or_estimated() -> None:
    built = Line()
    built.add(" Nord ", 72.0, 700.0, 10.0, width=30.0)
    built.add("  ", 110.0, 650.0, 12.0)
    built.add("Süd", 120.0, 690.0, 11.0)
    built.add("ohne Ort", None, 600.0, 20.0)
    assert built.cells == [(72.0, "Nord"), (120.0, "Süd")]
    assert built.ends == [102.0, 120.0 + 3 * 11.0 * 0.5]
    assert built.y == 700.0 and built.size == 11.0
    assert built.text == " Nord   Südohne Ort"
    assert (built.letters, built.bold_letters) == (7, 0)


def test_a_line_is_bold_when_nine_tenths_of_its_letters_are() -> None:
    mostly = Line()
    mostly.add("ABCDEFGHI", 72.0, 700.0, 10.0, bold=True)
    mostly.add("j.", 150.0, 700.0, 10.0)
    assert (mostly.letters, mostly.bold_letters) == (10, 9) and mostly.bold
    less = Line()
    less.add("ABCDEFGH", 72.0, 700.0, 10.0, bold=True)
    less.add("ij", 150.0, 700.0, 10.0)
    assert not less.bold
    assert not Line(text="Fett").bold
    marks = Line()
    marks.add("– –", 72.0, 700.0, 10.0, bold=True)
    assert not marks.bold


class Font(dict):  # type: ignore[type-arg]
    """A font dictionary as pypdf gives it: `get`, `in`, and `get_object` on its parts."""

    def get_object(self) -> Font:
        return self


@pytest.mark.parametrize("name", ["/CMBX12", "/ABCDEF+Arial-BoldMT", "/DejaVuSans-Bold",
                                  "/Helvetica-Black", "/Myriad-Semibold", "/Times,B",
                                  "/Futura-Heavy", "/Garamond-Demi", "/CMB10", "/ArialBd",
                                  "/Font Bd Regular"])
def test_bold_fonts_by_name(name: str) -> None:
    assert extract.is_bold(Font({"/BaseFont": name}))


@pytest.mark.parametrize("name", ["/Helvetica", "/ABCDEF+CMR10", "/Bodoni", "/Embedded",
                                  "/CMBright"])
def test_regular_fonts_by_name(name: str) -> None:
    assert not extract.is_bold(Font({"/BaseFont": name}))


def test_bold_fonts_by_weight_or_flag_in_the_descriptor() -> None:
    def font(**descriptor: Any) -> Font:
        entries = {f"/{key}": value for key, value in descriptor.items()}
        return Font({"/BaseFont": "/F1", "/FontDescriptor": Font(entries)})

    assert extract.is_bold(font(FontWeight=600))
    assert not extract.is_bold(font(FontWeight=599))
    assert extract.is_bold(font(Flags=FORCE_BOLD | 32))
    assert not extract.is_bold(font(Flags=32))
    assert not extract.is_bold(font())
    composite = Font({"/BaseFont": "/F2", "/DescendantFonts": [
        Font({"/FontDescriptor": Font({"/FontWeight": 700})})]})
    assert extract.is_bold(composite)
    assert not extract.is_bold(Font({"/BaseFont": "/F3"}))
    assert not extract.is_bold(Font({"/FontDescriptor": Font({"/FontWeight": "fett"})}))
    assert not extract.is_bold(None)


def test_fonts_are_read_once_per_name() -> None:
    fonts: dict[Any, Any] = {}
    first = extract.font_info(Font({"/BaseFont": "/ABC+Bold", "/Subtype": "/Type1"}), fonts)
    again = extract.font_info(Font({"/BaseFont": "/ABC+Bold", "/Subtype": "/Type1"}), fonts)
    other = extract.font_info(Font({"/BaseFont": "/ABC+Bold", "/Subtype": "/TrueType"}),
                               fonts)
    assert first is again and first.bold and other is not first and len(fonts) == 2
    assert extract.font_info(None, fonts).bold is False
    assert extract.glyph_widths(None) is None
    assert extract.glyph_widths("kein Font") is None


class Box:
    def __init__(self, bottom: float, top: float, left: float, right: float) -> None:
        self.bottom, self.top, self.left, self.right = bottom, top, left, right


class FakePage:
    """A page whose `extract_text` reports the given pieces to the visitor."""

    def __init__(self, pieces: list[tuple[str, list[float], float]], text: str | None = None,
                 box: Any = None) -> None:
        self.pieces = pieces
        self.text = text
        self._box = box

    @property
    def cropbox(self) -> Any:
        if self._box is None:
            raise KeyError("/CropBox")
        return self._box

    def extract_text(self, visitor_text: Callable[..., None]) -> str:
        for text, tm, size in self.pieces:
            visitor_text(text, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], tm, None, size)
        return self.text if self.text is not None else "".join(p[0] for p in self.pieces)


def test_page_boxes_are_read_in_order_and_unreadable_ones_are_unknown() -> None:
    assert extract.page_bounds(FakePage([], box=Box(0, 842, 0, 595))) == (0.0, 842.0, 0.0, 595.0)
    assert extract.page_bounds(FakePage([], box=Box(842, 0, 595, 0))) == (0.0, 842.0, 0.0, 595.0)
    assert extract.page_bounds(FakePage([], box=Box(10, 10, 0, 595))) == (None,) * 4
    assert extract.page_bounds(FakePage([], box=Box(0, 842, 5, 5))) == (None,) * 4
    assert extract.page_bounds(FakePage([])) == (None,) * 4


def test_matrices_multiply_as_pdf_transformations() -> None:
    assert extract.multiply_matrices([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]) == (
        25.0, 28.0, 57.0, 64.0, 100.0, 112.0)


def test_pieces_become_lines_with_place_and_size() -> None:
    pieces = [("Titel\n", [2.0, 0.0, 0.0, 2.0, 72.0, 700.0], 9.0),
              ("Erste Zeile mit Trenn\u00ad", [1.0, 0.0, 0.0, 1.0, 72.0, 680.0], 10.0),
              ("\nstrich und wei\u00adter ", [1.0, 0.0, 0.0, 1.0, 72.0, 668.0], 10.0),
              ("rechts", [1.0, 0.0, 0.0, 1.0, 300.0, 668.0], 10.0),
              ("\n \t \n", [1.0, 0.0, 0.0, 1.0, 72.0, 650.0], 10.0)]
    found = page_lines(FakePage(pieces))
    assert [(each.text, each.y, each.size) for each in found] == [
        ("Titel", 700.0, 18.0), ("Erste Zeile mit Trenn-", 680.0, 10.0),
        ("strich und weiter rechts", 668.0, 10.0)]
    assert found[2].cells == [(72.0, "strich und wei\u00adter"), (300.0, "rechts")]


def test_a_piece_scaled_only_by_its_matrix_gets_that_size() -> None:
    pieces = [("Groß\n", [0.0, 12.0, 12.0, 0.0, 72.0, 700.0], 1.0),
              ("Ohne", [0.0, 0.0, 0.0, 0.0, 72.0, 690.0], 10.0)]
    assert [each.size for each in page_lines(FakePage(pieces))] == [12.0, 10.0]


def test_text_that_pypdf_rewrote_keeps_its_text_without_geometry() -> None:
    pieces = [("abc", [1.0, 0.0, 0.0, 1.0, 72.0, 700.0], 10.0)]
    found = page_lines(FakePage(pieces, text="cba\nfed"))
    assert [(each.text, each.y, each.cells) for each in found] == [("cba", None, []),
                                                                   ("fed", None, [])]


def test_a_font_with_widths_measures_pieces_at_their_scale() -> None:
    font = Font({"/BaseFont": "/ABC+Sans", "/Subtype": "/TrueType", "/FirstChar": 32})
    key = ("/ABC+Sans", "/TrueType", "32")
    fonts = {key: extract.FontInfo(False, lambda text: 250.0 * len(text))}

    class Measured(FakePage):
        def extract_text(self, visitor_text: Callable[..., None]) -> str:
            for text, tm, size in self.pieces:
                visitor_text(text, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], tm, font, size)
            return "".join(piece[0] for piece in self.pieces)

    pieces = [("abcd", [2.0, 0.0, 0.0, 2.0, 100.0, 700.0], 10.0),  # 4 * 0.25 * 10 * 2
              ("\nzwei\nteile", [1.0, 0.0, 0.0, 1.0, 50.0, 680.0], 10.0),  # estimated
              ("\nef", [0.0, 0.0, 0.0, 1.0, 70.0, 660.0], 10.0),  # no x scale: 1
              ("\ngh", [0.0, 3.0, 0.0, 1.0, 80.0, 640.0], None)]  # no size: no width
    found = page_lines(Measured(pieces), fonts)
    assert [(each.text, each.ends) for each in found] == [
        ("abcd", [120.0]), ("zwei", [70.0]), ("teile", [75.0]), ("ef", [75.0]),
        ("gh", [80.0])]
    assert len(fonts) == 1


def test_a_real_font_gives_its_glyph_widths(new_pdf: Callable[..., Any],
                                            tmp_path: Path) -> None:
    from pypdf import PdfReader

    from tests.parse.pdf.conftest import save, write

    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Breite")
    reader = PdfReader(save(pdf, tmp_path / "breite.pdf"))
    resources = reader.pages[0]["/Resources"]["/Font"]
    font = next(iter(resources.values())).get_object()
    widths = extract.glyph_widths(font)
    assert widths is not None and widths("Breite") > widths("B") > 0
    info = extract.font_info(font, {})
    assert info.widths is not None and info.widths("Breite") == widths("Breite")


def test_a_font_s_own_descriptor_comes_before_its_descendant_s() -> None:
    font = Font({"/BaseFont": "/F4", "/FontDescriptor": Font({"/FontWeight": 400}),
                 "/DescendantFonts": [Font({"/FontDescriptor": Font({"/FontWeight": 700})})]})
    assert not extract.is_bold(font)
