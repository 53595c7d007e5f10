"""PDF on pypdf: the text layer rebuilt as plain text, with pages, headings and tables.

The Document's `source.text` is the extracted text, and every offset points into it. While
extracting, pypdf reports each piece of text with its font size and position; from those:

* headings are lines set larger than the body text (levels by size, largest first);
* paragraphs end where the vertical gap between lines is wider than the usual line spacing;
* tables are runs of lines whose pieces start at the same horizontal positions; they are
  written as Markdown rows (`| a | b |`) so a split table can repeat its header;
* running headers and footers (lines repeated at the top or bottom of most pages, and page
  numbers) are left out of the text and listed in `metadata["removed_lines"]`;
* words hyphenated across line ends are joined; control characters are dropped.

`metadata["page_starts"][i]` is the offset where page i + 1 begins. A law (many `§` headings)
is handed to the legal parser; anything else to the plain-text rule chain.
"""

from __future__ import annotations

import io
import logging
import math
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import regex
from pypdf import PasswordType, PdfReader
from pypdf.errors import DependencyError, FileNotDecryptedError, PdfReadError

from structchunk.decode import from_text
from structchunk.errors import PdfError
from structchunk.parse import legal
from structchunk.parse import text as plain_text
from structchunk.tree import Document

HEADING_RATIO = 1.15  # a line this much larger than the body text is a heading
PARAGRAPH_GAP = 1.4  # a gap this many usual line spacings wide ends a paragraph
EDGE_LINES = 2  # lines at the top and bottom of a page that may be running headers/footers

_CONTROL = regex.compile(r"[\p{Cc}\p{Cf}--[\n\t\u200d\u200c\u00ad]]", flags=regex.V1)
_SENTENCE_END = regex.compile(r"[.!?:;)\]]$")
_SPACES = regex.compile(r"[ \t\u00a0]+")
_PAGE_NUMBER = regex.compile(
    r"^(?:(?:seite|page|pagina|s\.|p\.)\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?"
    r"(?:\s*(?:/|von|of|de)\s*\d{1,4})?$", flags=regex.IGNORECASE)
_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi",
                            "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"})
# A hyphen before these words is a German suspended hyphen (`Kosten- und Lasten`), kept.
_KEEP_HYPHEN_BEFORE = frozenset({"und", "oder", "bzw", "sowie", "bis", "als", "noch", "or",
                                 "and", "to"})


@dataclass
class _Line:
    text: str = ""
    y: float | None = None
    size: float = 0.0
    cells: list[tuple[float, str]] = field(default_factory=list)

    def add(self, text: str, x: float | None, y: float | None, size: float) -> None:
        if text.strip() and x is not None:
            self.cells.append((x, text.strip()))
            if self.y is None:
                self.y = y
            self.size = max(self.size, size)
        self.text += text


@dataclass
class _Page:
    number: int
    lines: list[_Line]


def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, **options: Any) -> Document:
    """Parse a PDF. Options: `password` for encrypted files, `legal=False` to keep a law's
    text out of the legal parser, and the legal parser's own options (`short_titles`)."""
    with _pypdf_log() as log:
        pages, page_count = _read_pages(data, origin, options.get("password"), log)
    warnings = list(dict.fromkeys(log))
    empty = [page.number for page in pages if not any(line.text.strip() for line in page.lines)]
    if len(empty) == len(pages):
        raise PdfError("has no text layer (scanned pages need OCR before chunking)", origin)
    if empty:
        warnings.append(f"no text on page(s) {', '.join(map(str, empty))} (images only?)")
    metrics = _Metrics.of(pages)
    removed = _strip_running_lines(pages, metrics)
    layout = _Layout(pages, metrics)
    source = from_text(layout.text, origin, path)
    rest = {key: value for key, value in options.items() if key != "password"}
    if options.get("legal", True) and legal.looks_legal_text(source.text, language):
        document = legal.parse(source, language=language, **rest)
        metadata = dict(document.metadata)
    else:
        document = plain_text.parse_marked(source, layout.headings, layout.tables, language)
        metadata = {}
    metadata.update(page_starts=layout.page_starts, page_count=page_count,
                    removed_lines=removed, warnings=warnings)
    return Document(source=source, root=document.root, format="pdf",
                    language=document.language, metadata=metadata)


@contextmanager
def _pypdf_log() -> Iterator[list[str]]:
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


def _read_pages(data: bytes, origin: str, password: str | None, log: list[str]
                ) -> tuple[list[_Page], int]:
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
                       "(pip install cryptography)", origin) from err
    except FileNotDecryptedError as err:
        raise PdfError("is encrypted; pass password=... to read it", origin) from err
    except PdfReadError as err:
        raise PdfError(f"is damaged or truncated ({err})", origin) from err
    except Exception as err:  # pypdf internals raise plain errors on malformed files
        raise PdfError(f"cannot be read ({type(err).__name__}: {err})", origin) from err
    if count == 0:
        raise PdfError("has no pages (damaged or truncated?)", origin)
    pages = []
    for number in range(1, count + 1):
        try:
            pages.append(_Page(number, _page_lines(reader.pages[number - 1])))
        except DependencyError as err:
            raise PdfError(f"needs an optional package to decrypt: {err} "
                           "(pip install cryptography)", origin) from err
        except Exception as err:  # one bad page must not lose the others
            log.append(f"page {number}: text could not be extracted "
                       f"({type(err).__name__}: {err})")
            pages.append(_Page(number, []))
    return pages, count


def _page_lines(page: Any) -> list[_Line]:
    pieces: list[tuple[str, float | None, float | None, float]] = []

    def visit(text: str, cm: Sequence[float], tm: Sequence[float], font: Any,
              size: float) -> None:
        matrix = _multiply(tm, cm)
        scale = math.hypot(matrix[2], matrix[3]) or 1.0
        pieces.append((text, matrix[4], matrix[5], float(size or 0) * scale))

    extracted = page.extract_text(visitor_text=visit)
    if "".join(piece[0] for piece in pieces) != extracted:
        # pypdf rewrote the text after visiting it (right-to-left runs): keep its text, lose
        # the geometry for this page.
        pieces = [(extracted, None, None, 0.0)]
    lines = [_Line()]
    for text, x, y, size in pieces:
        for index, part in enumerate(_clean(text).split("\n")):
            if index:
                lines.append(_Line())
            lines[-1].add(part, x, y, size)
    for line in lines:
        text = _SPACES.sub(" ", line.text).strip()
        if text.endswith("\u00ad"):  # a soft hyphen at the line end marks a broken word
            text = text[:-1] + "-"
        line.text = text.replace("\u00ad", "")
    return [line for line in lines if line.text]


def _multiply(first: Sequence[float], second: Sequence[float]) -> tuple[float, ...]:
    a, b, c, d, e, f = (float(value) for value in first)
    g, h, i, j, k, m = (float(value) for value in second)
    return (a * g + b * i, a * h + b * j, c * g + d * i, c * h + d * j,
            e * g + f * i + k, e * h + f * j + m)


def _clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_LIGATURES)
    return _CONTROL.sub("", text.replace("\t", " "))


@dataclass(frozen=True)
class _Metrics:
    """The body text's font size and usual line spacing, over the whole document."""

    body_size: float
    spacing: float

    @classmethod
    def of(cls, pages: Sequence[_Page]) -> _Metrics:
        sizes: Counter[float] = Counter()
        for page in pages:
            for line in page.lines:
                sizes[_size_key(line)] += len(line.text)
        body = sizes.most_common(1)[0][0] if sizes else 0.0
        gaps = [above.y - below.y for page in pages
                for above, below in zip(page.lines, page.lines[1:], strict=False)
                if above.y is not None and below.y is not None and above.y > below.y
                and _size_key(above) == body and _size_key(below) == body]
        return cls(body, statistics.median(gaps) if gaps else 0.0)

    def is_heading(self, line: _Line) -> bool:
        return (self.body_size > 0 and line.size >= self.body_size * HEADING_RATIO
                and len(line.text) <= 200 and any(char.isalpha() for char in line.text))

    def apart(self, line: _Line, neighbour: _Line | None) -> bool:
        """Is `line` set apart from the body: smaller type, or a wide gap to `neighbour`?"""
        if self.body_size and line.size < self.body_size * 0.95:
            return True
        if neighbour is None or line.y is None or neighbour.y is None or not self.spacing:
            return neighbour is None
        return abs(line.y - neighbour.y) > self.spacing * PARAGRAPH_GAP


def _size_key(line: _Line) -> float:
    return round(line.size * 2) / 2


def _strip_running_lines(pages: list[_Page], metrics: _Metrics) -> list[dict[str, Any]]:
    """Drop page numbers, and lines repeated at the same height atop or below most pages.

    A repeated line counts only where it stands apart from the body (smaller type or a wide
    gap), so a sentence that happens to open several pages stays.
    """
    def key(line: _Line, digits: bool) -> tuple[str, int | None]:
        """The text (numbers blanked unless `digits`) and the height it sits at."""
        text = " ".join(line.text.lower().split())
        height = round(line.y / 4) if line.y is not None else None
        return (text if digits else regex.sub(r"\d+", "#", text)), height

    def edges(page: _Page) -> dict[int, _Line | None]:
        """Edge line index → its neighbour towards the body."""
        count = len(page.lines)
        found: dict[int, _Line | None] = {}
        for index in range(min(EDGE_LINES, count)):
            found[index] = page.lines[index + 1] if index + 1 < count else None
        for index in range(max(0, count - EDGE_LINES), count):
            found.setdefault(index, page.lines[index - 1] if index > 0 else None)
        return found

    with_text = [page for page in pages if page.lines]
    exact: Counter[tuple[str, int | None]] = Counter()
    numbered: Counter[tuple[str, int | None]] = Counter()
    for page in with_text:
        exact.update({key(page.lines[index], True) for index in edges(page)})
        numbered.update({key(page.lines[index], False) for index in edges(page)})
    needed = max(2, math.ceil(len(with_text) * 0.6))

    def running(line: _Line, neighbour: _Line | None) -> bool:
        if _PAGE_NUMBER.match(line.text):
            return True
        if len(with_text) < 2 or not metrics.apart(line, neighbour):
            return False
        # `Kapitel 2` atop a page is a heading, `Seite 2 von 9` a footer: numbers are ignored
        # only for lines no larger than the body text.
        return exact[key(line, True)] >= needed or (
            numbered[key(line, False)] >= needed and not metrics.is_heading(line))

    removed: list[dict[str, Any]] = []
    for page in with_text:
        rows = _table_rows(page.lines)
        drop = {index for index, neighbour in edges(page).items()
                if index not in rows and running(page.lines[index], neighbour)}
        removed.extend({"page": page.number, "text": page.lines[index].text}
                       for index in sorted(drop))
        page.lines = [line for index, line in enumerate(page.lines) if index not in drop]
    return removed


class _Layout:
    """Lines of all pages to one text: paragraph breaks, headings, tables, page offsets."""

    def __init__(self, pages: list[_Page], metrics: _Metrics) -> None:
        self.metrics = metrics
        self.spacing = metrics.spacing
        heading_sizes = sorted({_size_key(line) for page in pages for line in page.lines
                                if self._is_heading(line)}, reverse=True)
        self.heading_level = {size: index + 1 for index, size in enumerate(heading_sizes)}
        self.parts: list[str] = []
        self.length = 0
        self.line_number = 0
        self.page_starts: list[int] = []
        self.headings: dict[int, int] = {}
        self.tables: dict[int, int] = {}
        self.last: _Line | None = None
        for page in pages:
            self._page(page)
        self.page_starts.extend([self.length] * (len(pages) - len(self.page_starts)))

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def _is_heading(self, line: _Line) -> bool:
        return self.metrics.is_heading(line)

    def _write(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)
        self.line_number += text.count("\n")

    def _page(self, page: _Page) -> None:
        rows = _table_rows(page.lines)
        previous: _Line | None = None
        for index, line in enumerate(page.lines):
            if previous is None:
                if self.length:
                    self._write("\n" if self._continues(line, index in rows) else "\n\n")
                # A page without text starts where the next page with text does.
                self.page_starts.extend([self.length] * (page.number - len(self.page_starts)))
            elif index in rows or (index - 1) in rows:
                self._write("\n" if index in rows and (index - 1) in rows else "\n\n")
            elif self._joins_hyphenated(previous, line):
                self.parts[-1] = self.parts[-1][:-1]
                self.length -= 1
            else:
                self._write("\n\n" if self._breaks(previous, line) else "\n")
            if index in rows:
                self._row(line, rows[index], first=(index - 1) not in rows)
            else:
                if self._is_heading(line):
                    self.headings[self.line_number] = self.heading_level[_size_key(line)]
                self._write(line.text)
            previous = line
            self.last = None if index in rows else line

    def _continues(self, line: _Line, is_row: bool) -> bool:
        """Does a paragraph run on from the previous page into this first line?"""
        last = self.last
        return (last is not None and not is_row and not self._is_heading(last)
                and not self._is_heading(line) and not _SENTENCE_END.search(last.text)
                and line.text[:1].islower())

    def _breaks(self, above: _Line, below: _Line) -> bool:
        if self._is_heading(above) or self._is_heading(below):
            return not (self._is_heading(above) and self._is_heading(below)
                        and _size_key(above) == _size_key(below))
        if abs(above.size - below.size) > 0.1 * max(above.size, below.size, 1.0):
            return True
        if above.y is None or below.y is None or not self.spacing:
            return False
        gap = above.y - below.y
        return gap <= 0 or gap > self.spacing * PARAGRAPH_GAP

    def _joins_hyphenated(self, above: _Line, below: _Line) -> bool:
        if self._breaks(above, below) or self._is_heading(above):
            return False
        if len(above.text) < 2 or above.text[-1] != "-" or not above.text[-2].isalpha():
            return False
        word = regex.match(r"\w+", below.text)
        return bool(word) and below.text[0].islower() and word.group(0) not in (
            _KEEP_HYPHEN_BEFORE) and self.parts[-1].endswith("-")

    def _row(self, line: _Line, columns: list[float], first: bool) -> None:
        cells = [""] * len(columns)
        for x, text in line.cells:
            column = min(range(len(columns)), key=lambda index: abs(columns[index] - x))
            cells[column] = f"{cells[column]} {text}".strip()
        self._write("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
        if first:
            start = self.line_number
            self._write("\n| " + " | ".join("---" for _ in columns) + " |")
            self.tables[start] = self.line_number
        else:
            last_start = max(self.tables)
            self.tables[last_start] = self.line_number


def _table_rows(lines: list[_Line]) -> dict[int, list[float]]:
    """Line index → column positions, for runs of two or more lines with aligned pieces."""
    def columns(line: _Line) -> tuple[float, ...]:
        return tuple(sorted({round(x) for x, _text in line.cells}))

    rows: dict[int, list[float]] = {}
    index = 0
    while index < len(lines):
        shape = columns(lines[index])
        end = index
        while (len(shape) >= 2 and end + 1 < len(lines)
               and _aligned(shape, columns(lines[end + 1]))):
            end += 1
        if end > index:
            for row in range(index, end + 1):
                rows[row] = [float(x) for x in shape]
        index = end + 1
    return rows


def _aligned(first: tuple[float, ...], second: tuple[float, ...]) -> bool:
    return len(first) == len(second) and all(
        abs(a - b) <= 2 for a, b in zip(first, second, strict=True))
