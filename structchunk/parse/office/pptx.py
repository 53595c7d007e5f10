"""PowerPoint (PPTX) on python-pptx: each slide a unit, its title the heading, notes kept.

A slide gives its title (the title placeholder, else a first text that is short and no
sentence, else the header of the table it opens with, else "Slide N") as a level-1 heading,
then the text of its other shapes in the file's order, groups included; the slide number,
date and footer placeholders, which repeat on every slide, are left out. The paragraphs of a
body or content placeholder and bulleted paragraphs elsewhere are list items with their
indent level, other text is paragraphs; tables keep their first row as header with merged
cells flattened; a chart gives its title. The speaker notes follow as a NOTES block, which
the builder marks as notes. A slide never shares a chunk with another (`tree.is_unit`).
`origin` is `{"slide": n}` (1-based), with `"notes": True` on the notes and
`"table"`/`"row"` on table rows.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from structchunk.options import FormatOptions, is_bool, option
from structchunk.parse.office.build import build
from structchunk.parse.office.grid import Cell, flatten
from structchunk.parse.office.ooxml import package_bytes
from structchunk.parse.office.package import check_package, guarded, reading, require
from structchunk.parse.office.records import (
    HEADING,
    ITEM,
    NOTES,
    PARAGRAPH,
    TABLE,
    Block,
    Extracted,
    Table,
    Unit,
    clean,
)
from structchunk.tree import Document

WHAT = "a PowerPoint presentation (.pptx)"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_BULLETS = (_A + "buChar", _A + "buAutoNum")
_LIST_PLACEHOLDERS = frozenset({"BODY", "OBJECT", "VERTICAL_BODY", "VERTICAL_OBJECT"})
_MAX_TITLE = 80  # characters of a first line taken as the title of an untitled slide
# Placeholders that repeat on every slide (the number, the date, the footer): left out.
_RUNNING_PLACEHOLDERS = frozenset({"SLIDE_NUMBER", "DATE", "FOOTER", "HEADER"})


def read(data: bytes, origin: str, notes: bool = True) -> Extracted:
    """One unit per slide, in the presentation's order; `notes=False` leaves notes out."""
    pptx = require("pptx", "PowerPoint presentations")
    package = check_package(data, origin, WHAT)
    units: list[Unit] = []
    hidden: list[int] = []
    with reading(origin, WHAT):
        presentation = pptx.Presentation(io.BytesIO(package_bytes(package, data)))
        for number, slide in enumerate(presentation.slides, start=1):
            units.append(_slide(slide, number, notes))
            if slide.element.get("show") in ("0", "false"):
                hidden.append(number)
    metadata: dict[str, Any] = {"slide_count": len(units)}
    if hidden:
        metadata["hidden_slides"] = hidden
    return Extracted(units, metadata)


def _slide(slide: Any, number: int, notes: bool) -> Unit:
    origin = {"slide": number}
    blocks: list[Block] = []
    title_shape = guarded(lambda: slide.shapes.title, None)
    title = _frame_text(title_shape) if title_shape is not None else ""
    if title:
        blocks.append(Block(HEADING, title, 1, origin=dict(origin)))
    tables = [0]
    for shape in slide.shapes:
        if title_shape is not None and shape.shape_id == title_shape.shape_id:
            continue
        _shape(shape, blocks, origin, tables)
    if not title:
        title = _title_from_first_line(blocks) or _stand_in_title(blocks, number)
    if notes:
        text = guarded(lambda: _notes_text(slide), "")
        if text:
            blocks.append(Block(NOTES, text, origin={**origin, "notes": True}))
    return Unit("slide", number, title or None, blocks, origin)


def _shape(shape: Any, blocks: list[Block], origin: dict[str, Any], tables: list[int]) -> None:
    if guarded(lambda: shape.shape_type is not None and shape.shape_type.name == "GROUP",
               False):
        for inner in shape.shapes:
            _shape(inner, blocks, origin, tables)
        return
    if guarded(lambda: shape.has_table, False):
        table = _table(shape.table, origin, tables[0])
        tables[0] += 1
        if table is not None:
            blocks.append(table)
        return
    if guarded(lambda: shape.has_chart, False):
        title = guarded(lambda: _chart_title(shape.chart), "")
        if title:
            blocks.append(Block(PARAGRAPH, title, origin=dict(origin)))
        return
    if not guarded(lambda: shape.has_text_frame, False):
        return
    placeholder = guarded(lambda: shape.placeholder_format.type.name, None) \
        if guarded(lambda: shape.is_placeholder, False) else None
    if placeholder in _RUNNING_PLACEHOLDERS:
        return
    as_list = placeholder in _LIST_PLACEHOLDERS
    for paragraph in shape.text_frame.paragraphs:
        text = clean(paragraph.text).strip()
        if not text:
            continue
        properties = paragraph._p.pPr
        bullet = properties is not None and any(
            properties.find(tag) is not None for tag in _BULLETS)
        no_bullet = properties is not None and properties.find(_A + "buNone") is not None
        kind_of = ITEM if (as_list and not no_bullet) or bullet else PARAGRAPH
        ordered = properties is not None and properties.find(_A + "buAutoNum") is not None
        blocks.append(Block(kind_of, text, paragraph.level if kind_of == ITEM else 0,
                            ordered, origin=dict(origin)))


def _title_from_first_line(blocks: list[Block]) -> str:
    """A slide without a title placeholder whose first text is short and no sentence (a text
    box set as a title, perhaps broken over two lines) gets that text as its heading, so its
    chunks have a heading path."""
    if not blocks or blocks[0].kind != PARAGRAPH:
        return ""
    first = blocks[0]
    title = " ".join(first.text.split())
    if len(title) > _MAX_TITLE or title.endswith((".", ";", ",")):
        return ""
    first.kind, first.level, first.text = HEADING, 1, title
    return title


def _stand_in_title(blocks: list[Block], number: int) -> str:
    """The heading of a slide with no title of its own and no short first line: the header
    of the table it opens with, else "Slide N", so that every chunk of a presentation has a
    heading path and a slide of figures is found by what its columns hold."""
    if not blocks:
        return ""
    first = blocks[0]
    header = first.table.rows[0] if first.kind == TABLE and first.table is not None and \
        first.table.header_rows else []
    cells = list(dict.fromkeys(" ".join(cell.split()) for cell in header))
    title = " | ".join(cell for cell in cells if cell)
    if not title or len(title) > _MAX_TITLE:
        title = f"Slide {number}"
    blocks.insert(0, Block(HEADING, title, 1, origin={"slide": number}))
    return title


def _table(table: Any, origin: dict[str, Any], index: int) -> Block | None:
    rows: list[list[Cell]] = []
    for row in table.rows:
        cells: list[Cell] = []
        for cell in row.cells:
            tc = cell._tc
            if tc.get("hMerge") in ("1", "true"):
                continue
            span = int(tc.get("gridSpan", "1") or 1)
            text = None if tc.get("vMerge") in ("1", "true") else clean(cell.text).strip()
            cells.append(Cell(text, span))
        rows.append(cells)
    header_rows = 1 if len(rows) > 1 else 0
    texts = flatten(rows, header_rows)
    if not any(text.strip() for row in texts for text in row):
        return None
    origins = [{**origin, "table": index, "row": number} for number in range(len(texts))]
    return Block(TABLE, table=Table(texts, header_rows, origins),
                 origin={**origin, "table": index})


def _frame_text(shape: Any) -> str:
    if not guarded(lambda: shape.has_text_frame, False):
        return ""
    lines = [clean(paragraph.text).strip() for paragraph in shape.text_frame.paragraphs]
    return " ".join(line for line in lines if line)


def _notes_text(slide: Any) -> str:
    if not slide.has_notes_slide:
        return ""
    frame = slide.notes_slide.notes_text_frame
    if frame is None:
        return ""
    lines = [clean(paragraph.text).strip() for paragraph in frame.paragraphs]
    return "\n".join(line for line in lines if line)


def _chart_title(chart: Any) -> str:
    if not chart.has_title or not chart.chart_title.has_text_frame:
        return ""
    return clean(chart.chart_title.text_frame.text).strip()


@dataclass(frozen=True)
class PptxOptions(FormatOptions):
    """`speaker_notes`: keep each slide's speaker notes, marked as such (True, the default)."""

    format = "pptx"
    speaker_notes: bool = option(True, "True or False", is_bool)


def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, *, speaker_notes: bool = True,
                **options: Any) -> Document:
    """Parse a presentation into a Document whose text is its derived text; slides are units
    (`metadata["slide"]`). `speaker_notes=False` leaves the notes out."""
    return build(read(data, origin, speaker_notes), "pptx", origin, path, language)
