"""Records to a Document: every office reader's blocks written through the derived-text
builder (`parse/rendered.py`), so DOCX, PPTX, XLSX and ODT get one kind of tree.

Flat records become the builder's containers here: consecutive list items a list (nested by
their level, led in by the paragraph before them when it ends in a colon), consecutive quote
paragraphs one quote, consecutive code paragraphs one code block. A table of one row is a
layout table (a box around text, a banner): its cells are written as paragraphs, so a long
cell is packed by its sentences like any prose rather than cut at words as one oversized
row. A slide or sheet is a unit (`metadata["slide"]`, `metadata["sheet"]` on its chunks)
whose name is its heading; a slide's speaker notes are a section of their own under the
heading "Speaker notes", so a chunk of notes says so in its heading path as well as in its
origin (`"notes": True`).
"""

from __future__ import annotations

from structchunk.parse.office.records import (
    CODE,
    HEADING,
    ITEM,
    NOTES,
    PARAGRAPH,
    QUOTE,
    TABLE,
    Block,
    Extracted,
)
from structchunk.parse.rendered import DerivedText
from structchunk.tree import Document

NOTES_HEADING = "Speaker notes"
_LEAD_IN_ENDS = (":", "：")


def build(extracted: Extracted, format: str, origin: str, path: str | None,
          language: str | None = None) -> Document:
    text = DerivedText(origin, path)
    for unit in extracted.units:
        if unit.kind == "body":
            _blocks(text, unit.blocks)
            continue
        key = unit.kind
        value = unit.name if unit.kind == "sheet" else unit.number
        with text.unit(key, value, origin=unit.origin or None):
            if unit.kind == "sheet" and unit.name:
                text.heading(unit.name, 1, origin=unit.origin or None)
            _blocks(text, unit.blocks)
    metadata = dict(extracted.metadata)
    if extracted.warnings:
        metadata["warnings"] = list(extracted.warnings)
    return text.build(format, language=language, metadata=metadata)


def _blocks(text: DerivedText, blocks: list[Block]) -> None:
    index = 0
    while index < len(blocks):
        block = blocks[index]
        kind = block.kind
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if kind == PARAGRAPH and following is not None and following.kind == ITEM \
                and block.text.rstrip().endswith(_LEAD_IN_ENDS):
            run = _run(blocks, index + 1, ITEM)
            _list(text, run, block)
            index += 1 + len(run)
        elif kind in (ITEM, QUOTE, CODE):
            run = _run(blocks, index, kind)
            if kind == ITEM:
                _list(text, run, None)
            else:
                _quote_or_code(text, run)
            index += len(run)
        else:
            _leaf(text, block)
            index += 1


def _leaf(text: DerivedText, block: Block) -> None:
    origin = block.origin or None
    if block.kind == HEADING:
        text.heading(block.text, block.level, origin=origin)
    elif block.kind == TABLE and block.table is not None:
        table = block.table
        if len(table.rows) == 1:  # a layout table (a box, a banner): its cells are prose
            row_origin = table.row_origins[0] if table.row_origins else origin
            for cell in table.rows[0]:
                text.paragraph(cell, origin=row_origin or None)
            return
        text.table(table.rows, table.header_rows, origin=origin, row_origins=table.row_origins)
    elif block.kind == NOTES:
        text.heading(NOTES_HEADING, 2, origin=origin)
        text.paragraph(block.text, origin=origin)
    else:
        text.paragraph(block.text, origin=origin)


def _run(blocks: list[Block], start: int, kind: str) -> list[Block]:
    end = start
    while end < len(blocks) and blocks[end].kind == kind:
        end += 1
    return blocks[start:end]


def _list(text: DerivedText, items: list[Block], lead_in: Block | None) -> None:
    """Items nested by level: the items deeper than the shallowest that follow an item form
    a list inside it. A lead-in paragraph is written inside the list, with its origin."""
    base = min(item.level for item in items)
    origin = lead_in.origin if lead_in is not None and lead_in.origin else None
    with text.items(items[0].ordered, lead_in.text if lead_in else None, origin=origin):
        index = 0
        while index < len(items):
            end = index + 1
            while end < len(items) and items[end].level > base:
                end += 1
            with text.item(origin=items[index].origin or None):
                text.paragraph(items[index].text)
                if end > index + 1:
                    _list(text, items[index + 1:end], None)
            index = end


def _quote_or_code(text: DerivedText, run: list[Block]) -> None:
    if run[0].kind == CODE:
        text.code("\n".join(block.text for block in run), None,
                  origin=run[0].origin or None)
        return
    with text.quote():
        for block in run:
            text.paragraph(block.text, origin=block.origin or None)


__all__ = ["NOTES_HEADING", "build"]
