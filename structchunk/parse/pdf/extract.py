"""Text pieces out of pypdf, with their position and font size, grouped into lines per page.

pypdf's `extract_text` decides reading order and spacing; its visitor reports each piece of
text with the text and current transformation matrices, from which the position and the size
on the page follow. Pages that fail are reported, not raised, so one bad page does not lose
the others.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import regex
from pypdf import PasswordType, PdfReader
from pypdf.errors import DependencyError, FileNotDecryptedError, PdfReadError

from structchunk.errors import PdfError, install_hint

# Control characters stand for glyphs without a Unicode mapping (a TeX math dot comes out as
# U+0001): a space keeps the words around them apart. NUL and format characters (zero-width
# space, direction marks) are dropped: NUL pads two-byte codes decoded one byte at a time.
GLYPH_WIDTH = 0.5  # a glyph's usual width in font sizes, where the font's widths are unknown

_CONTROL = regex.compile(r"[\p{Cc}--[\n\t\x00]]", flags=regex.V1)
_DROPPED = regex.compile(r"[\x00\p{Cf}--[\u200d\u200c\u00ad]]", flags=regex.V1)
_SPACES = regex.compile(r"[ \t\u00a0]+")
_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi",
                            "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"})


@dataclass
class Line:
    """One line of a page: its text, baseline height, largest font size and pieces by x."""

    text: str = ""
    y: float | None = None
    size: float = 0.0
    cells: list[tuple[float, str]] = field(default_factory=list)
    ends: list[float] = field(default_factory=list)  # right edge of each cell
    letters: int = 0  # letters and digits with geometry
    bold_letters: int = 0  # of those, set in a bold font

    def add(self, text: str, x: float | None, y: float | None, size: float,
            bold: bool = False, width: float | None = None) -> None:
        if text.strip() and x is not None:
            self.cells.append((x, text.strip()))
            self.ends.append(x + (width if width is not None
                                  else len(text.strip()) * size * GLYPH_WIDTH))
            if self.y is None:
                self.y = y
            self.size = max(self.size, size)
            letters = sum(char.isalnum() for char in text)
            self.letters += letters
            self.bold_letters += letters if bold else 0
        self.text += text

    @property
    def bold(self) -> bool:
        """Set in bold throughout (a bold heading), not only a bold word in a sentence."""
        return self.letters > 0 and self.bold_letters >= 0.9 * self.letters


@dataclass
class PageLines:
    """A page's lines in reading order, and its box (None where unknown)."""

    number: int
    lines: list[Line]
    bottom: float | None = None
    top: float | None = None
    left: float | None = None
    right: float | None = None


@contextmanager
def pypdf_log() -> Iterator[list[str]]:
    """Collect pypdf's logged warnings (they become `metadata["warnings"]`)."""
    messages: list[str] = []

    class _Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append(record.getMessage())

    logger = logging.getLogger("pypdf")
    handler = _Collect(logging.WARNING)
    logger.addHandler(handler)
    try:
        yield messages
    finally:
        logger.removeHandler(handler)


@dataclass
class Extraction:
    """What pypdf gave: pages in order, the page count, the pages that failed, the reader."""

    pages: list[PageLines]
    page_count: int
    failed: dict[int, str] = field(default_factory=dict)  # page number → the error
    reader: Any = None


def read_pages(data: bytes, origin: str, password: str | None) -> Extraction:
    if not data.lstrip()[:5] == b"%PDF-":
        raise PdfError("is not a PDF (no %PDF- header)", origin)
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and reader.decrypt(password or "") == PasswordType.NOT_DECRYPTED:
            raise PdfError("is encrypted; the password given is wrong" if password else
                           "is encrypted; pass password=... to read it", origin)
        count = len(reader.pages)
    except PdfError:
        raise
    except DependencyError as err:
        raise PdfError(f"needs an optional package to decrypt: {err} "
                       f"({install_hint('crypto')})", origin) from err
    except FileNotDecryptedError as err:
        raise PdfError("is encrypted; pass password=... to read it", origin) from err
    except PdfReadError as err:
        raise PdfError(f"is damaged or truncated ({err})", origin) from err
    except Exception as err:  # pypdf internals raise plain errors on malformed files
        raise PdfError(f"cannot be read ({type(err).__name__}: {err})", origin) from err
    if count == 0:
        raise PdfError("has no pages (damaged or truncated?)", origin)
    pages = []
    fonts: dict[Any, FontInfo] = {}
    failed: dict[int, str] = {}
    for number in range(1, count + 1):
        try:
            page = reader.pages[number - 1]
            pages.append(PageLines(number, page_lines(page, fonts), *page_bounds(page)))
        except DependencyError as err:
            raise PdfError(f"needs an optional package to decrypt: {err} "
                           f"({install_hint('crypto')})", origin) from err
        except Exception as err:  # one bad page must not lose the others
            failed[number] = f"{type(err).__name__}: {err}"
            pages.append(PageLines(number, []))
    return Extraction(pages, count, failed, reader)


@dataclass(frozen=True)
class FontInfo:
    """What line building needs of a font: bold or not, and its glyph widths."""

    bold: bool
    widths: Callable[[str], float] | None  # glyph widths in thousandths of the font size


def font_info(font: Any, fonts: dict[Any, FontInfo]) -> FontInfo:
    """The font's info, read once per font across pages (cached in `fonts`)."""
    # pypdf hands each page its own copy of a font dictionary; the name (with its subset
    # tag) identifies the font across pages.
    try:
        key: Any = (str(font.get("/BaseFont")), str(font.get("/Subtype")),
                    str(font.get("/FirstChar")))
    except Exception:  # not a dictionary
        key = id(font)
    info = fonts.get(key)
    if info is None:
        info = fonts[key] = FontInfo(is_bold(font), glyph_widths(font))
    return info


def glyph_widths(font: Any) -> Callable[[str], float] | None:
    """The font's own glyph widths (pypdf reads them for its layout mode), if readable."""
    if font is None:
        return None
    try:
        from pypdf.generic._font import Font

        measure: Callable[[str], float] = Font.from_font_resource(font).get_text_width
        measure("0")
    except Exception:  # no widths: the right edges of pieces are estimated
        return None
    return measure


def page_lines(page: Any, fonts: dict[Any, FontInfo] | None = None) -> list[Line]:
    pieces: list[tuple[str, float | None, float | None, float, bool, float | None]] = []
    known = {} if fonts is None else fonts

    def visit(text: str, cm: Sequence[float], tm: Sequence[float], font: Any,
              size: float) -> None:
        matrix = multiply_matrices(tm, cm)
        scale = math.hypot(matrix[2], matrix[3]) or 1.0
        info = font_info(font, known)
        width = None
        if info.widths is not None and "\n" not in text.strip():
            try:
                width = (info.widths(text.strip()) / 1000 * float(size or 0)
                         * (math.hypot(matrix[0], matrix[1]) or 1.0))
            except Exception:  # a glyph pypdf cannot measure: estimate instead
                width = None
        pieces.append((text, matrix[4], matrix[5], float(size or 0) * scale, info.bold,
                       width))

    extracted = page.extract_text(visitor_text=visit)
    if "".join(piece[0] for piece in pieces) != extracted:
        # pypdf rewrote the text after visiting it (right-to-left runs): keep its text, lose
        # the geometry for this page.
        pieces = [(extracted, None, None, 0.0, False, None)]
    lines = [Line()]
    for text, x, y, size, bold, width in pieces:
        for index, part in enumerate(clean(text).split("\n")):
            if index:
                lines.append(Line())
            lines[-1].add(part, x, y, size, bold, width)
    for line in lines:
        text = _SPACES.sub(" ", line.text).strip()
        if text.endswith("\u00ad"):  # a soft hyphen at the line end marks a broken word
            text = text[:-1] + "-"
        line.text = text.replace("\u00ad", "")
    return [line for line in lines if line.text]


_BOLD_NAME = regex.compile(r"bold|black|heavy|semibold|demi|cmbx|cmb\d|\bbd\b|[-,]b$|bd$",
                           flags=regex.IGNORECASE)
FORCE_BOLD = 1 << 18  # font descriptor flag


def is_bold(font: Any) -> bool:
    """Bold by the font's name (`CMBX12`, `Arial-BoldMT`, `DejaVuSans-Bold`) or descriptor."""
    if font is None:
        return False
    try:
        name = str(font.get("/BaseFont", "")).split("+")[-1]
        if _BOLD_NAME.search(name):
            return True
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        if descriptor is None:
            return False
        descriptor = descriptor.get_object()
        weight = float(descriptor.get("/FontWeight", 400))
        return weight >= 600 or bool(int(descriptor.get("/Flags", 0)) & FORCE_BOLD)
    except Exception:  # a damaged font dictionary says nothing about weight
        return False


def page_bounds(page: Any) -> tuple[float | None, ...]:
    """Bottom, top, left and right of the page's visible box."""
    try:
        box = page.cropbox
        bottom, top, left, right = (float(box.bottom), float(box.top), float(box.left),
                                    float(box.right))
    except Exception:  # a box pypdf cannot read: the page's bands and centre are unknown
        return None, None, None, None
    if bottom == top or left == right:
        return None, None, None, None
    return min(bottom, top), max(bottom, top), min(left, right), max(left, right)


def multiply_matrices(first: Sequence[float], second: Sequence[float]) -> tuple[float, ...]:
    """The product `first × second` of two PDF transformation matrices (six numbers each)."""
    a, b, c, d, e, f = (float(value) for value in first)
    g, h, i, j, k, m = (float(value) for value in second)
    return (a * g + b * i, a * h + b * j, c * g + d * i, c * h + d * j,
            e * g + f * i + k, e * h + f * j + m)


def clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_LIGATURES)
    return _CONTROL.sub(" ", _DROPPED.sub("", text.replace("\t", " ")))
