"""Word (DOCX) on python-docx: the body's paragraphs and tables as records, in order.

python-docx opens the package and gives the styles, the numbering and the body element; the
body is walked here because python-docx's own paragraph text leaves out text that Word shows:
runs inside tracked insertions, content controls, simple fields and smart tags, and text
boxes (`wordml.py`). Deleted runs and field codes stay out; footnotes and endnotes follow the
body under headings of their own, their marks written `[n]` where they stand. Headings come
from the paragraph style ("Heading N", "Title") or an outline level on the paragraph or its
style; list items from numbering on the paragraph or its style (numbered or bulleted by the
numbering's format); quotes and code from their style names. Tables keep their
repeat-header rows (the first row when none is marked); merged cells are flattened by
`grid.flatten`.

`origin` of a block: `paragraph` (the index of the body's paragraph, counting those inside
content controls, 0-based) or `table` (the index of the body's table) and `row`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import regex

from structchunk.parse.office.build import build
from structchunk.parse.office.grid import Cell, flatten
from structchunk.parse.office.ooxml import MC, W, package_bytes
from structchunk.parse.office.package import check_package, reading, require
from structchunk.parse.office.records import (
    CODE,
    HEADING,
    ITEM,
    PARAGRAPH,
    QUOTE,
    TABLE,
    Block,
    Extracted,
    Table,
    Unit,
    clean,
)
from structchunk.parse.office.wordml import notes, paragraph_text
from structchunk.tree import Document

WHAT = "a Word document (.docx)"
_HEADING_STYLE = regex.compile(r"^(?:heading|überschrift|titre|título|titolo|kop)\s*(\d)$")
_NUMBERED_STYLE = regex.compile(r"^list(?: bullet| number| continue)? ([2-9])$")
_CODE_STYLES = frozenset({"code", "source code", "html preformatted", "macro text",
                          "preformatted text", "code block"})


@dataclass(frozen=True)
class _Style:
    name: str
    outline: int | None  # 0-based outline level, None for body text
    numbered: bool  # the style carries numbering (a list style)
    list_level: int | None = None  # the numbering level the style gives, if it gives one
    num_id: str | None = None  # the numbering the style carries


@dataclass
class _Walk:
    styles: dict[str, _Style]
    formats: dict[tuple[str, int], str]  # (numId, ilvl) -> numFmt
    style_levels: dict[str, int]  # paragraph style id -> the numbering level linked to it
    blocks: list[Block] = field(default_factory=list)
    paragraphs: int = 0
    tables: int = 0


def read(data: bytes, origin: str) -> Extracted:
    """The document's body as one unit of blocks."""
    docx = require("docx", "Word documents")
    package = check_package(data, origin, WHAT)
    with reading(origin, WHAT):
        document = docx.Document(io.BytesIO(package_bytes(package, data)))
        walk = _Walk(_styles(document), *_numbering(document))
        _body(walk, document.element.body, nested=False)
        walk.blocks.extend(notes(document))
    blocks = _with_title_levels(walk.blocks)
    metadata: dict[str, Any] = {"paragraph_count": walk.paragraphs, "table_count": walk.tables}
    return Extracted([Unit("body", 1, None, blocks)], metadata)


def _styles(document: Any) -> dict[str, _Style]:
    """Paragraph styles by id, with outline level and numbering inherited along `basedOn`."""
    raw: dict[str, tuple[str, str | None, int | None, bool]] = {}
    list_levels: dict[str, int] = {}
    num_ids: dict[str, str] = {}
    for style in document.styles.element.iter(W + "style"):
        style_id = style.get(W + "styleId")
        if not style_id:
            continue
        name = style.find(W + "name")
        based = style.find(W + "basedOn")
        level = style.find(f"{W}pPr/{W}outlineLvl")
        ilvl = style.find(f"{W}pPr/{W}numPr/{W}ilvl")
        if ilvl is not None:
            list_levels[style_id] = _int(ilvl.get(W + "val")) or 0
        num_id = style.find(f"{W}pPr/{W}numPr/{W}numId")
        if num_id is not None and num_id.get(W + "val"):
            num_ids[style_id] = num_id.get(W + "val")
        raw[style_id] = (
            (name.get(W + "val") if name is not None else style_id) or style_id,
            based.get(W + "val") if based is not None else None,
            _int(level.get(W + "val")) if level is not None else None,
            style.find(f"{W}pPr/{W}numPr/{W}numId") is not None)
    styles: dict[str, _Style] = {}
    for style_id, (name, based, level, numbered) in raw.items():
        seen = {style_id}
        while based in raw and based not in seen and (level is None or not numbered):
            seen.add(based)
            _, parent, parent_level, parent_numbered = raw[based]
            level = level if level is not None else parent_level
            numbered = numbered or parent_numbered
            based = parent
        outline = level if level is not None and 0 <= level < 9 else None
        styles[style_id] = _Style(name.lower(), outline, numbered, list_levels.get(style_id),
                                  num_ids.get(style_id))
    return styles


def _numbering(document: Any) -> tuple[dict[tuple[str, int], str], dict[str, int]]:
    """The number format of every (numId, level) ("bullet", "decimal", "none", ...), and the
    level each linked paragraph style stands for (a `w:pStyle` in a level)."""
    try:
        numbering = document.part.numbering_part.element
    except (KeyError, NotImplementedError, AttributeError):
        return {}, {}
    abstract: dict[str, dict[int, str]] = {}
    style_levels: dict[str, int] = {}
    for definition in numbering.iter(W + "abstractNum"):
        levels = {}
        for level in definition.iter(W + "lvl"):
            fmt = level.find(W + "numFmt")
            number = _int(level.get(W + "ilvl")) or 0
            levels[number] = fmt.get(W + "val", "decimal") if fmt is not None else "decimal"
            linked = _val(level, W + "pStyle")
            if linked:
                style_levels[linked] = number
        abstract[definition.get(W + "abstractNumId", "")] = levels
    formats: dict[tuple[str, int], str] = {}
    for num in numbering.iter(W + "num"):
        ref = num.find(W + "abstractNumId")
        if ref is None:
            continue
        for level, fmt in abstract.get(ref.get(W + "val", ""), {}).items():
            formats[(num.get(W + "numId", ""), level)] = fmt
    return formats, style_levels


def _body(walk: _Walk, body: Any, nested: bool) -> None:
    """Paragraphs and tables of a body, a content control or a text box, in order."""
    for child in body:
        tag = child.tag
        if tag == W + "p":
            _paragraph(walk, child)
        elif tag == W + "tbl":
            _table(walk, child)
        elif tag in (W + "sdt", W + "sdtContent", W + "customXml"):
            _body(walk, child, nested)
        elif tag == MC + "AlternateContent":
            choice = child.find(MC + "Choice")
            if choice is not None:
                _body(walk, choice, nested)


def _paragraph(walk: _Walk, p: Any) -> None:
    index = walk.paragraphs
    walk.paragraphs += 1
    boxes: list[Any] = []
    text = clean(paragraph_text(p, boxes)).strip()
    if text:
        walk.blocks.append(_classify(walk, p, text, {"paragraph": index}))
    for box in boxes:  # a text box's paragraphs follow the paragraph that anchors it
        _body(walk, box, nested=True)


def _classify(walk: _Walk, p: Any, text: str, origin: dict[str, Any]) -> Block:
    properties = p.find(W + "pPr")
    style_id = _val(properties, W + "pStyle")
    style = walk.styles.get(style_id or "", _Style((style_id or "").lower(), None, False))
    name = style.name
    heading = _HEADING_STYLE.match(name)
    outline = _int(_val(properties, W + "outlineLvl"))
    if outline is None or not 0 <= outline < 9:
        outline = style.outline
    if name == "title":
        return Block(HEADING, text, 0, origin=origin)
    if heading or outline is not None:
        level = int(heading.group(1)) if heading else (outline or 0) + 1
        return Block(HEADING, text, max(1, level), origin=origin)
    num_id = _val(properties, f"{W}numPr/{W}numId") or style.num_id
    if num_id not in (None, "0") or name.startswith(("list bullet", "list number")):
        level = _list_level(walk, properties, style_id, style)
        fmt = walk.formats.get((num_id or "", level))
        ordered = name.startswith("list number") if fmt is None else fmt not in (
            "bullet", "none")
        return Block(ITEM, text, level, ordered, origin=origin)
    if "quote" in name:
        return Block(QUOTE, text, origin=origin)
    if name in _CODE_STYLES:
        return Block(CODE, text, origin=origin)
    return Block(PARAGRAPH, text, origin=origin)


def _list_level(walk: _Walk, properties: Any, style_id: str | None, style: _Style) -> int:
    """The paragraph's own level; else, for Word's built-in "List Bullet 2" styles (each
    linked to level 0 of a numbering of its own, indented by the style), the number in the
    name; else the level the style links to in the numbering or gives itself; else the top."""
    level = _int(_val(properties, f"{W}numPr/{W}ilvl"))
    if level is None:
        numbered_style = _NUMBERED_STYLE.match(style.name)
        if numbered_style:
            level = int(numbered_style.group(1)) - 1
    if level is None:
        level = walk.style_levels.get(style_id or "", style.list_level)
    return max(0, min(level or 0, 8))


def _table(walk: _Walk, table: Any) -> None:
    index = walk.tables
    walk.tables += 1
    rows: list[list[Cell]] = []
    headers = 0
    for row in _children(table, W + "tr"):
        header = _val(row, f"{W}trPr/{W}tblHeader", "true")
        if len(rows) == headers and header not in (None, "0", "false", "off"):
            headers += 1
        skip = _int(_val(row, f"{W}trPr/{W}gridBefore")) or 0
        cells: list[Cell] = []
        for tc in _children(row, W + "tc"):
            span = _int(_val(tc, f"{W}tcPr/{W}gridSpan")) or 1
            merge = _val(tc, f"{W}tcPr/{W}vMerge", "continue")
            text = None if merge == "continue" and rows else _cell_text(tc)
            cells.append(Cell(text, span, skip if not cells else 0))
        rows.append(cells)
    if not rows:
        return
    header_rows = headers or (1 if len(rows) > 1 else 0)
    texts = flatten(rows, header_rows)
    if not any(text.strip() for row in texts for text in row):
        return
    origins = [{"table": index, "row": number} for number in range(len(texts))]
    walk.blocks.append(Block(TABLE, table=Table(texts, header_rows, origins),
                             origin={"table": index}))


def _cell_text(tc: Any) -> str:
    """A cell's paragraphs, nested tables and text boxes, one line each."""
    lines: list[str] = []
    for element in tc.iter(W + "p"):
        boxes: list[Any] = []
        # Paragraphs of text boxes are reached by iter() too, so their boxes are not read twice.
        line = clean(paragraph_text(element, boxes)).strip()
        if line:
            lines.append(line)
    return "\n".join(lines)


def _children(element: Any, tag: str) -> list[Any]:
    """Children with `tag`, looking through content controls and custom XML around them."""
    found = []
    for child in element:
        if child.tag == tag:
            found.append(child)
        elif child.tag in (W + "sdt", W + "sdtContent", W + "customXml"):
            found.extend(_children(child, tag))
    return found


def _with_title_levels(blocks: list[Block]) -> list[Block]:
    """A "Title" paragraph is level 1 and the headings go one level down, so the title stays
    in the path of the whole document; without a title the levels are the styles' own."""
    if not any(block.kind == HEADING and block.level == 0 for block in blocks):
        return blocks
    for block in blocks:
        if block.kind == HEADING:
            block.level += 1
    return blocks


def _val(element: Any, path: str, default: str | None = None) -> str | None:
    """`w:val` of the element at `path` below `element`; `default` when it has none."""
    if element is None:
        return None
    found = element.find(path)
    if found is None:
        return None
    return found.get(W + "val", default)


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, **options: Any) -> Document:
    """Parse a Word document into a Document whose text is its derived text."""
    return build(read(data, origin), "docx", origin, path, language)
