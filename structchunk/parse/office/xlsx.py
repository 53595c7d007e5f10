"""Excel (XLSX) on openpyxl: each sheet a unit named by its sheet, its cells as tables.

Cell values are the values Excel last computed (`data_only`): a formula gives its result,
and a number or date is shown in its number format, as Excel displays it (`cellformat.py`).
The tables of a sheet are its defined tables (Insert > Table: their range and header row
count), then the remaining cells cut into blocks at fully empty rows; such a block's first
row is its header unless it holds numbers only, columns empty throughout the block are
dropped, and a block of a single cell is a paragraph (a title over a table). A merged
range's value stands in every row it covers, so each row of a split table keeps it.
`origin` is `{"sheet": name, "cells": "A1:D9"}` for a table and the cell range of each row
for its rows.
"""

from __future__ import annotations

import datetime
import io
import warnings
from typing import Any

import regex

from structchunk.parse.office.build import build
from structchunk.parse.office.cellformat import displayed
from structchunk.parse.office.ooxml import package_bytes
from structchunk.parse.office.package import check_package, reading, require
from structchunk.parse.office.records import (
    PARAGRAPH,
    TABLE,
    Block,
    Extracted,
    Table,
    Unit,
    clean,
)
from structchunk.tree import Document

WHAT = "an Excel workbook (.xlsx)"
Cells = dict[tuple[int, int], str]  # (row, column), 1-based -> text
# A number as a format shows it: sign or parentheses, a currency, grouping, percent.
_NUMBER = regex.compile(
    r"\(?[-+]?\p{Sc}?\s?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s?[%\p{Sc}°]?\)?")


def read(data: bytes, origin: str) -> Extracted:
    """One unit per worksheet with any value, in the workbook's order."""
    openpyxl = require("openpyxl", "Excel workbooks")
    package = check_package(data, origin, WHAT)
    units: list[Unit] = []
    empty: list[str] = []
    hidden: list[str] = []
    with reading(origin, WHAT), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # openpyxl warns of parts it skips (extensions)
        workbook = openpyxl.load_workbook(io.BytesIO(package_bytes(package, data)),
                                          data_only=True)
        for number, sheet in enumerate(workbook.worksheets, start=1):
            unit = _sheet(sheet, number)
            if not unit.blocks:
                empty.append(sheet.title)
                continue
            units.append(unit)
            if sheet.sheet_state != "visible":
                hidden.append(sheet.title)
    metadata: dict[str, Any] = {"sheet_count": len(workbook.worksheets)}
    if empty:
        metadata["empty_sheets"] = empty
    if hidden:
        metadata["hidden_sheets"] = hidden
    return Extracted(units, metadata)


def _sheet(sheet: Any, number: int) -> Unit:
    from openpyxl.utils.cell import range_boundaries

    cells = _cells(sheet)
    origin = {"sheet": sheet.title}
    blocks: list[Block] = []
    for table in sorted(sheet.tables.values(), key=lambda table: table.ref):
        min_col, min_row, max_col, max_row = range_boundaries(table.ref)
        header_rows = int(table.headerRowCount if table.headerRowCount is not None else 1)
        taken = {key: cells.pop(key) for key in list(cells)
                 if min_row <= key[0] <= max_row and min_col <= key[1] <= max_col}
        block = _block(taken, header_rows, origin, table.displayName or table.name)
        if block is not None:
            blocks.append(block)
    for group in _row_groups(cells):
        block = _block(group, 1 if _labels_first(group) else 0, origin, None)
        if block is not None:
            blocks.append(block)
    blocks.sort(key=lambda block: _first_cell(block))
    return Unit("sheet", number, sheet.title, blocks, origin)


def _cells(sheet: Any) -> Cells:
    """Every cell with a value as text, merged ranges filled with their first cell's value.

    The cells the sheet holds are read directly: walking rows and columns up to the sheet's
    extent would create a cell for every coordinate of a sheet formatted to its last column.
    A merged range's value stands in the first column of every row it covers (as
    `grid.flatten` treats a body cell merged down and across), down to the last row that
    holds a value (a merge down a whole column ends with the data)."""
    cells: Cells = {}
    stored = getattr(sheet, "_cells", None)
    found = stored.values() if isinstance(stored, dict) else (
        cell for row in sheet.iter_rows() for cell in row)
    for cell in found:
        text = _text(cell.value, cell.number_format)
        if text:
            cells[(cell.row, cell.column)] = text
    if not cells:
        return cells
    last_row = max(row for row, _ in cells)
    for merged in sheet.merged_cells.ranges:
        value = cells.get((merged.min_row, merged.min_col))
        if not value:
            continue
        for row in range(merged.min_row + 1, min(merged.max_row, last_row) + 1):
            cells[(row, merged.min_col)] = value
    return cells


def _text(value: Any, number_format: str | None) -> str:
    """A cell's text as Excel shows it: a number or date in its number format."""
    if value is None:
        return ""
    if isinstance(value, str):
        return clean(value).strip()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float, datetime.date, datetime.time)):
        return clean(displayed(value, number_format)).strip()
    return clean(str(value)).strip()


def _row_groups(cells: Cells) -> list[Cells]:
    """The cells cut into groups of consecutive non-empty rows."""
    groups: list[Cells] = []
    last_row = None
    for key in sorted(cells):
        if last_row is None or key[0] > last_row + 1:
            groups.append({})
        groups[-1][key] = cells[key]
        last_row = key[0]
    return groups


def _labels_first(cells: Cells) -> bool:
    """Whether a block's first row reads as column labels: some cell in it is not a number
    (a block of figures only has no header row to repeat)."""
    first = min(row for row, _ in cells)
    return any(not _NUMBER.fullmatch(text) for (row, _), text in cells.items() if row == first)


def _block(cells: Cells, header_rows: int, origin: dict[str, Any], name: str | None
           ) -> Block | None:
    from openpyxl.utils.cell import get_column_letter

    if not cells:
        return None
    rows = sorted({row for row, _ in cells})
    columns = sorted({column for _, column in cells})
    first, last = get_column_letter(columns[0]), get_column_letter(columns[-1])
    where = {**origin, "cells": f"{first}{rows[0]}:{last}{rows[-1]}"}
    if len(cells) == 1:
        return Block(PARAGRAPH, next(iter(cells.values())), origin=where)
    texts = [[cells.get((row, column), "") for column in columns] for row in rows]
    origins = [{**origin, "cells": f"{first}{row}:{last}{row}"} for row in rows]
    if name:
        where["table"] = name
    header_rows = min(header_rows, len(rows) - 1) if len(rows) > 1 else 0
    return Block(TABLE, table=Table(texts, header_rows, origins), origin=where)


def _first_cell(block: Block) -> tuple[int, int]:
    """Where a block starts on its sheet (row, column), so tables and groups keep their order."""
    from openpyxl.utils.cell import range_boundaries

    min_col, min_row, _, _ = range_boundaries(block.origin["cells"])
    return (min_row, min_col)


def parse_bytes(data: bytes, origin: str = "<bytes>", path: str | None = None,
                language: str | None = None, **options: Any) -> Document:
    """Parse an Excel workbook into a Document whose text is its derived text."""
    return build(read(data, origin), "xlsx", origin, path, language)
