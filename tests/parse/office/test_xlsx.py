"""XLSX edge cases on workbooks written with openpyxl: sheets as units named by their sheet,
blocks cut at empty rows, defined tables, merged ranges, cell ranges in the origins."""

from __future__ import annotations

from typing import Any

import pytest

import structchunk
from tests.invariants import assert_chunks_valid
from tests.parse.office.make import xlsx_bytes

pytest.importorskip("openpyxl")


def _workbook(workbook: Any) -> None:
    from openpyxl.worksheet.table import Table

    sheet = workbook.active
    sheet.title = "Sales"
    sheet["A1"] = "Quarterly sales"
    sheet.append([])
    sheet.append(["Region", "Q1", "Q2"])
    for number in range(40):
        sheet.append([f"region {number}", number, number * 2.5])
    sheet.merge_cells("E3:F3")
    sheet["E3"] = "Note"
    sheet["E4"] = "x"
    people = workbook.create_sheet("People")
    people.append(["Name", "Born"])
    people.append(["Ada", 1815])
    people.append(["Alan", 1912])
    people.add_table(Table(displayName="Staff", ref="A1:B3"))
    workbook.create_sheet("Empty")


def test_sheets_tables_and_cell_ranges_reach_the_chunks() -> None:
    document = structchunk.parse(xlsx_bytes(_workbook), format="xlsx")
    assert document.text.startswith(
        "# Sales\n\nQuarterly sales\n\n| Region | Q1 | Q2 | Note |\n"
        "| --- | --- | --- | --- |\n| region 0 | 0 | 0 | x |\n| region 1 | 1 | 2.5 |")
    assert document.text.endswith("# People\n\n| Name | Born |\n| --- | --- |\n"
                                  "| Ada | 1815 |\n| Alan | 1912 |")
    assert document.metadata["empty_sheets"] == ["Empty"]
    chunks = structchunk.split(document, max_size=200)
    assert_chunks_valid(document.text, chunks, 200)
    sales = [chunk for chunk in chunks if chunk.metadata["sheet"] == "Sales"]
    assert len(sales) > 2
    for chunk in sales[1:]:
        assert chunk.heading_path == ("Sales",)
        assert chunk.text.count("| Region | Q1 | Q2 | Note |") == 1
    last = chunks[-1]
    assert last.metadata["sheet"] == "People" and last.heading_path == ("People",)
    assert {"sheet": "People", "cells": "A1:B3", "table": "Staff"} in last.metadata["origin"]
    assert {"sheet": "People", "cells": "A3:B3"} in last.metadata["origin"]


def test_a_sheet_formatted_to_its_last_column_is_read_by_its_values() -> None:
    """Styled empty cells far out and a merge across the whole row cost nothing."""
    def build(workbook: Any) -> None:
        from openpyxl.styles import Font

        sheet = workbook.active
        sheet.append(["Name", "Value"])
        sheet.append(["a", 1])
        sheet.cell(row=200_000, column=16_000).font = Font(bold=True)
        sheet["A4"] = "Total"
        sheet.merge_cells("A4:XFD4")
        sheet["D1"] = "Kind"
        sheet["D2"] = "merged down"
        sheet.merge_cells("D2:D1048576")

    document = structchunk.parse(xlsx_bytes(build), format="xlsx")
    assert document.text.startswith(
        "# Sheet\n\n| Name | Value | Kind |\n| --- | --- | --- |\n| a | 1 | merged down |\n"
        "|  |  | merged down |\n| Total |  | merged down |")
    assert document.text.count("merged down") == 3  # filled down to the last row of data


def test_a_block_of_figures_only_has_no_header_row() -> None:
    def build(workbook: Any) -> None:
        for row in ((1, 2.5), (3, 4), (5, 6)):
            workbook.active.append(row)

    document = structchunk.parse(xlsx_bytes(build), format="xlsx")
    assert document.text == "# Sheet\n\n| 1 | 2.5 |\n| 3 | 4 |\n| 5 | 6 |"


def test_every_sheet_is_a_chunk_of_its_own_even_when_small() -> None:
    def workbook(book: Any) -> None:
        book.active.title = "Prices"
        book.active.append(["Item", "Price"])
        book.active.append(["Tea", "3"])
        other = book.create_sheet("Stock")
        other.append(["Item", "Count"])
        other.append(["Tea", "40"])

    document = structchunk.parse(xlsx_bytes(workbook), format="xlsx")
    chunks = structchunk.split(document, max_size=1000)
    assert [chunk.metadata["sheet"] for chunk in chunks] == ["Prices", "Stock"]
