"""OpenDocument text (ODT) on lxml: `content.xml` walked into records.

ODF text is plain XML (`text:h` with its outline level, `text:p`, `text:list`, `table:table`),
so it is read with lxml directly rather than through odfpy, which builds its own DOM in pure
Python, about 15 times slower on the shared corpus, and has not been released since 2020.
The parser resolves no entity and loads no DTD or network resource (odfpy's own test files
include one that tries). Lists are numbered or bulleted as their list style says; paragraphs
styled as quotations or preformatted text are quotes and code; a "Title" paragraph is the
top heading. The table of contents and other generated indexes repeat the headings and are
left out, as are tracked deletions, comments and footnote marks; footnotes and text boxes
follow the paragraph that holds them. Tables keep their `table:table-header-rows` (the first
row when there are none); spanned and repeated cells are flattened.

`origin` of a block: `paragraph` (the index of the paragraph or heading in the body, in
document order, 0-based; list items count) or `table` and `row`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from structchunk.errors import ParseError
from structchunk.parse.office.build import build
from structchunk.parse.office.grid import Cell, flatten
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
from structchunk.tree import Document

WHAT = "an OpenDocument text (.odt)"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
TABLE_NS = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_MAX_REPEAT = 1024  # repeated rows or columns written out at most this often
_INDEXES = frozenset(TEXT + name for name in (
    "table-of-content", "alphabetical-index", "illustration-index", "table-index",
    "object-index", "user-index", "bibliography"))
_SKIPPED_INLINE = frozenset({
    TEXT + "note-citation", TEXT + "tracked-changes", TEXT + "change", TEXT + "change-start",
    TEXT + "change-end", OFFICE + "annotation", OFFICE + "annotation-end",
    TEXT + "bookmark", TEXT + "bookmark-start", TEXT + "bookmark-end",
    TEXT + "soft-page-break", TEXT + "reference-mark", TEXT + "sequence-decls",
    TEXT + "variable-decls", TEXT + "user-field-decls"})
_CODE_STYLES = frozenset({"preformatted text", "source text", "code"})
# Elements whose blocks are read as if they stood in their parent.
_CONTAINERS = frozenset({TEXT + "section", DRAW + "frame", DRAW + "text-box", TEXT + "note-body",
                         TEXT + "index-body"})


@dataclass
class _Walk:
    styles: dict[str, str]  # automatic and named paragraph style -> named parent, lowercase
    numbered: dict[str, set[int]]  # list style -> levels (1-based) that are numbered
    blocks: list[Block] = field(default_factory=list)
    paragraphs: int = 0
    tables: int = 0
    indexes: int = 0


def read(data: bytes, origin: str) -> Extracted:
    """The body of the document as one unit of blocks."""
    etree = require("lxml.etree", "OpenDocument files")
    package = check_package(data, origin, WHAT)
    with reading(origin, WHAT):
        parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True,
                                 huge_tree=True)
        try:
            content = etree.fromstring(package.read("content.xml"), parser)
        except KeyError as err:
            raise ParseError(f"is not {WHAT} (it has no content.xml)", origin) from err
        try:
            styles = etree.fromstring(package.read("styles.xml"), parser)
        except KeyError:
            styles = None
        walk = _Walk(*_styles(content, styles))
        body = content.find(f"{OFFICE}body/{OFFICE}text")
        if body is None:
            raise ParseError(f"is not {WHAT} (its body holds no text document)", origin)
        _body(walk, body)
    metadata: dict[str, Any] = {"paragraph_count": walk.paragraphs,
                                "table_count": walk.tables}
    if walk.indexes:
        metadata["removed"] = [f"{walk.indexes} generated index(es) (table of contents)"]
    return Extracted([Unit("body", 1, None, _with_title_levels(walk.blocks))], metadata)


def _styles(*roots: Any) -> tuple[dict[str, str], dict[str, set[int]]]:
    parents: dict[str, tuple[str, str | None]] = {}
    numbered: dict[str, set[int]] = {}
    for root in roots:
        if root is None:
            continue
        for style in root.iter(STYLE + "style"):
            name = style.get(STYLE + "name", "")
            shown = style.get(STYLE + "display-name") or name.replace("_20_", " ")
            parents[name] = (shown.lower(), style.get(STYLE + "parent-style-name"))
        for list_style in root.iter(TEXT + "list-style"):
            levels = {int(level.get(TEXT + "level", "1") or 1)
                      for level in list_style.iter(TEXT + "list-level-style-number")}
            numbered[list_style.get(STYLE + "name", "")] = levels
    resolved: dict[str, str] = {}
    for name in parents:
        shown, parent = parents[name]
        seen = {name}
        # An automatic style (P1) stands for the named style it derives from.
        while parent in parents and parent not in seen and shown[:1] in ("p", "t") \
                and shown[1:].isdigit():
            seen.add(parent)
            shown, parent = parents[parent]
        resolved[name] = shown
    return resolved, numbered


def _body(walk: _Walk, body: Any) -> None:
    for child in body:
        tag = child.tag
        if tag == TEXT + "h":
            _paragraph(walk, child, heading=True)
        elif tag == TEXT + "p":
            _paragraph(walk, child)
        elif tag == TEXT + "list":
            _list(walk, child, 0, child.get(TEXT + "style-name"))
        elif tag == TABLE_NS + "table":
            _table(walk, child)
        elif tag in _INDEXES:
            walk.indexes += 1
        elif tag in _CONTAINERS:
            _body(walk, child)


def _paragraph(walk: _Walk, element: Any, heading: bool = False,
               item: tuple[int, bool] | None = None) -> None:
    index = walk.paragraphs
    walk.paragraphs += 1
    extras: list[Any] = []
    text = clean(_inline(element, extras)).strip()
    origin = {"paragraph": index}
    if text:
        style = walk.styles.get(element.get(TEXT + "style-name", ""), "")
        if heading:
            level = _int(element.get(TEXT + "outline-level")) or 1
            walk.blocks.append(Block(HEADING, text, level, origin=origin))
        elif item is not None:
            walk.blocks.append(Block(ITEM, text, item[0], item[1], origin=origin))
        elif style == "title":
            walk.blocks.append(Block(HEADING, text, 0, origin=origin))
        elif "quotation" in style or "quote" in style:
            walk.blocks.append(Block(QUOTE, text, origin=origin))
        elif style in _CODE_STYLES:
            walk.blocks.append(Block(CODE, text, origin=origin))
        else:
            walk.blocks.append(Block(PARAGRAPH, text, origin=origin))
    for extra in extras:  # footnote bodies and text boxes follow their paragraph
        _body(walk, extra)


def _inline(element: Any, extras: list[Any]) -> str:
    """The text of a paragraph's content, with spaces, tabs and line breaks as shown."""
    parts = [element.text or ""]
    for child in element:
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIPPED_INLINE:
            pass
        elif tag == TEXT + "s":
            parts.append(" " * min(_int(child.get(TEXT + "c")) or 1, _MAX_REPEAT))
        elif tag == TEXT + "tab":
            parts.append("\t")
        elif tag == TEXT + "line-break":
            parts.append("\n")
        elif tag == TEXT + "note":
            extras.extend(child.iter(TEXT + "note-body"))
        elif tag == DRAW + "frame":
            extras.extend(child.iter(DRAW + "text-box"))
        elif not tag.startswith(DRAW):
            parts.append(_inline(child, extras))
        parts.append(child.tail or "")
    return "".join(parts)


def _list(walk: _Walk, element: Any, level: int, style: str | None) -> None:
    style = element.get(TEXT + "style-name") or style
    ordered = level + 1 in walk.numbered.get(style or "", set())
    for entry in element:
        if entry.tag not in (TEXT + "list-item", TEXT + "list-header"):
            continue
        for child in entry:
            if child.tag == TEXT + "p":
                _paragraph(walk, child, item=(level, ordered))
            elif child.tag == TEXT + "h":
                _paragraph(walk, child, heading=True)
            elif child.tag == TEXT + "list":
                _list(walk, child, level + 1, style)
            elif child.tag == TABLE_NS + "table":
                _table(walk, child)


def _table(walk: _Walk, element: Any) -> None:
    index = walk.tables
    walk.tables += 1
    rows: list[list[Cell]] = []
    headers = 0
    for row, header in _rows(element):
        cells = _row(row)
        repeat = min(_int(row.get(TABLE_NS + "number-rows-repeated")) or 1, _MAX_REPEAT)
        if not any(cell.text for cell in cells):
            repeat = 1  # the empty rows that pad a table out to its page
        for _ in range(repeat):
            rows.append(cells)
            headers += header and len(rows) == headers + 1
    if not rows:
        return
    header_rows = headers or (1 if len(rows) > 1 else 0)
    texts = flatten(rows, header_rows)
    if not any(text.strip() for row in texts for text in row):
        return
    origins = [{"table": index, "row": number} for number in range(len(texts))]
    walk.blocks.append(Block(TABLE, table=Table(texts, header_rows, origins),
                             origin={"table": index}))


def _rows(element: Any, header: bool = False) -> list[tuple[Any, bool]]:
    found: list[tuple[Any, bool]] = []
    for child in element:
        tag = child.tag
        if tag == TABLE_NS + "table-row":
            found.append((child, header))
        elif tag == TABLE_NS + "table-header-rows":
            found.extend(_rows(child, True))
        elif tag in (TABLE_NS + "table-rows", TABLE_NS + "table-row-group"):
            found.extend(_rows(child, header))
    return found


def _row(row: Any) -> list[Cell]:
    cells: list[Cell] = []
    spanned = 0  # covered cells still to come of a cell spanning columns to the right
    for cell in row:
        repeat = min(_int(cell.get(TABLE_NS + "number-columns-repeated")) or 1, _MAX_REPEAT)
        if cell.tag == TABLE_NS + "covered-table-cell":
            for _ in range(repeat):
                if spanned:
                    spanned -= 1
                else:
                    cells.append(Cell(None))
        elif cell.tag == TABLE_NS + "table-cell":
            span = _int(cell.get(TABLE_NS + "number-columns-spanned")) or 1
            text = _cell_text(cell)
            for _ in range(repeat if text else min(repeat, 64)):
                cells.append(Cell(text, span))
            spanned = span - 1
    return cells


def _cell_text(cell: Any) -> str:
    lines = []
    for paragraph in cell.iter(TEXT + "p", TEXT + "h"):
        line = clean(_inline(paragraph, [])).strip()
        if line:
            lines.append(line)
    return "\n".join(lines)


def _with_title_levels(blocks: list[Block]) -> list[Block]:
    if any(block.kind == HEADING and block.level == 0 for block in blocks):
        for block in blocks:
            if block.kind == HEADING:
                block.level += 1
    return blocks


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, **options: Any) -> Document:
    """Parse an OpenDocument text into a Document whose text is its derived text."""
    return build(read(data, origin), "odt", origin, path, language)
