"""Visible-text spans of a file as each format's own reference reader sees them.

A span is a text a reader takes as one piece: a paragraph, a list item, a table row, a code
block. The spans come from a library other than the parser under test (BeautifulSoup for
HTML, python-docx, python-pptx, openpyxl, odfpy, docutils, the notebook's JSON), so a parser
that loses or splits one cannot hide it by also leaving it out of its own tree. Each reader
returns the spans' texts in document order; `tests/parse/formats/test_spans_corpus.py` finds
them in the chunks by their words.
"""

from __future__ import annotations

import io
import json
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import regex

# A Han or kana character is a word of its own (no spaces between words in those scripts),
# as in benchmarks/formats.py.
WORD = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}]|[^\W\p{Han}\p{Hiragana}\p{Katakana}]+")
_NOT_SHOWN = ("script", "style", "noscript", "template", "svg", "math", "select", "button",
              "textarea", "input", "nav", "footer")
_HTML_SPANS = ("p", "li", "tr", "pre", "dt", "dd", "blockquote", "h1", "h2", "h3", "h4", "h5",
               "h6")
_FENCE = regex.compile(r"^\s*(```|~~~)")


def html_spans(path: Path) -> Iterator[str]:
    """BeautifulSoup's text of the main content's paragraphs, items, rows and code blocks."""
    from bs4 import BeautifulSoup

    from structchunk.parse.html.charset import decode_html

    text = decode_html(path.read_bytes(), str(path), str(path)).text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        soup = BeautifulSoup(text, "lxml")
    main = soup.find("main") or soup.find(attrs={"role": "main"})
    articles = soup.find_all("article")
    root = main or (articles[0] if len(articles) == 1 else soup.body or soup)
    for element in root.find_all(_NOT_SHOWN):
        element.decompose()
    for element in root.find_all(_HTML_SPANS):
        yield str(element.get_text(" "))


def docx_spans(path: Path) -> Iterator[str]:
    """python-docx's paragraphs and table rows (each merged cell once)."""
    import docx

    document = docx.Document(io.BytesIO(path.read_bytes()))
    for paragraph in document.paragraphs:
        yield paragraph.text
    for table in document.tables:
        yield from _rows(table.rows)


def pptx_spans(path: Path) -> Iterator[str]:
    """python-pptx's paragraphs of every text frame (groups included), table rows and the
    paragraphs of the speaker notes."""
    import pptx

    def shapes(group: Any) -> Iterator[str]:
        for shape in group:
            if shape.shape_type is not None and shape.shape_type.name == "GROUP":
                yield from shapes(shape.shapes)
            elif getattr(shape, "has_table", False) and shape.has_table:
                yield from _rows(shape.table.rows)
            elif shape.has_text_frame:
                yield from (paragraph.text for paragraph in shape.text_frame.paragraphs)

    for slide in pptx.Presentation(io.BytesIO(path.read_bytes())).slides:
        yield from shapes(slide.shapes)
        if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
            yield from (p.text for p in slide.notes_slide.notes_text_frame.paragraphs)


def xlsx_spans(path: Path) -> Iterator[str]:
    """openpyxl's rows of text: rows whose values are all strings (a number's digits depend
    on the format it is shown in, which openpyxl does not apply)."""
    import openpyxl

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        workbook = openpyxl.load_workbook(io.BytesIO(path.read_bytes()), data_only=True)
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows(values_only=True):
            values = [value for value in row if value is not None]
            if values and all(isinstance(value, str) for value in values):
                yield " ".join(values)


def odt_spans(path: Path) -> Iterator[str]:
    """odfpy's paragraphs and headings (`text:p`, `text:h`) outside tables, and table rows."""
    from odf import table as odf_table
    from odf import teletype
    from odf import text as odf_text
    from odf.opendocument import load

    document = load(io.BytesIO(path.read_bytes()))
    for element in document.getElementsByType(odf_text.P) + document.getElementsByType(
            odf_text.H):
        yield teletype.extractText(element)
    for row in document.getElementsByType(odf_table.TableRow):
        yield teletype.extractText(row)


def rst_spans(path: Path) -> Iterator[str]:
    """docutils' paragraphs, list items and literal blocks, as written in the source
    (`rawsource`); Sphinx's own directives are not known to docutils and give none."""
    from docutils import nodes
    from docutils.core import publish_doctree

    settings = {"report_level": 5, "halt_level": 5, "warning_stream": io.StringIO(),
                "file_insertion_enabled": False, "raw_enabled": False}
    tree = publish_doctree(path.read_text(encoding="utf-8"), source_path=str(path),
                           settings_overrides=settings)
    for node in tree.findall(lambda node: isinstance(
            node, (nodes.paragraph, nodes.list_item, nodes.literal_block))):
        yield node.rawsource


def notebook_spans(path: Path) -> Iterator[str]:
    """The notebook's cells from its JSON: each code cell whole, each markdown cell's
    blank-line separated blocks (a fenced block whole)."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    for cell in cells:
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        if cell.get("cell_type") == "code":
            yield text
        elif cell.get("cell_type") == "markdown":
            yield from _markdown_blocks(text)


def _markdown_blocks(text: str) -> Iterator[str]:
    block: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        if not line.strip() and not fenced:
            if block:
                yield "\n".join(block)
            block = []
        else:
            block.append(line)
    if block:
        yield "\n".join(block)


def _rows(rows: Any) -> Iterator[str]:
    for row in rows:
        seen: set[int] = set()
        texts = []
        for cell in row.cells:
            if id(cell._tc) not in seen:
                seen.add(id(cell._tc))
                texts.append(cell.text)
        yield " ".join(texts)


READERS: dict[str, tuple[str, Callable[[Path], Iterator[str]]]] = {
    "html": ("bs4", html_spans), "docx": ("docx", docx_spans), "pptx": ("pptx", pptx_spans),
    "xlsx": ("openpyxl", xlsx_spans), "odt": ("odf", odt_spans), "rst": ("docutils", rst_spans),
    "ipynb": ("json", notebook_spans)}
"""Suffix -> (the module the reader needs, the reader)."""
