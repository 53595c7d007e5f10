"""PDF tables: columns aligned by left edge, right edge or centre, consistent over rows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import structchunk
from structchunk.tree import Document, Node, NodeKind
from tests.invariants import assert_chunks_valid
from tests.parse.pdf.conftest import save, write

PROSE = ("Die Tabelle fasst die Messwerte des Jahres zusammen; die Angaben stammen aus den "
         "Berichten der Stationen und wurden nicht nachträglich korrigiert. ")
ROWS = (("Station", "Höhe", "Niederschlag"), ("Nord", "12 m", "714 mm"),
        ("Bergstation West", "1.304 m", "1.980 mm"), ("Süd", "250 m", "688 mm"))


def tables(document: Document) -> list[Node]:
    return [node for node, _ in document.root.walk() if node.kind is NodeKind.TABLE]


def test_a_centred_table_becomes_a_table_with_its_header(new_pdf: Callable[..., Any],
                                                         tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Messwerte", size=16, bold=True, height=9)
    write(pdf, PROSE * 2)
    pdf.ln(3)
    pdf.set_font("Sans", "", 11)
    with pdf.table(text_align="CENTER", borders_layout="NONE") as table:
        for row in ROWS:
            cells = table.row()
            for cell in row:
                cells.cell(cell)
    pdf.ln(3)
    write(pdf, PROSE)
    document = structchunk.parse(save(pdf, tmp_path / "zentriert.pdf"))
    found = tables(document)
    assert len(found) == 1
    rows = [document.content(row) for row in found[0].children]
    assert rows == ["| " + " | ".join(ROWS[0]) + " |", "| --- | --- | --- |",
                    *("| " + " | ".join(row) + " |" for row in ROWS[1:])]
    assert found[0].attrs["header_rows"] == 2
    chunks = structchunk.split(document, max_size=120)
    assert_chunks_valid(document.text, chunks, 120)
    assert all("| Station | Höhe | Niederschlag |" in chunk.text
               for chunk in chunks if "Bergstation" in chunk.content)


def test_right_aligned_numbers_line_up(new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, PROSE)
    pdf.set_font("Sans", "", 11)
    for name, value, share in (("Posten", "Betrag", "Anteil"), ("Miete", "1.250,00", "41 %"),
                               ("Strom", "98,40", "3 %"), ("Versicherung", "1.702,15", "56 %")):
        pdf.cell(60, 7, name)
        pdf.cell(40, 7, value, align="R")
        pdf.cell(30, 7, share, align="R")
        pdf.ln(7)
    document = structchunk.parse(save(pdf, tmp_path / "rechts.pdf"))
    found = tables(document)
    assert len(found) == 1 and found[0].attrs["header_rows"] == 2
    assert document.content(found[0].children[-1]) == "| Versicherung | 1.702,15 | 56 % |"


def test_a_data_table_without_a_header_row_gets_none(new_pdf: Callable[..., Any],
                                                     tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    pdf.set_font("Sans", "", 10)
    for row in range(12):
        for value in (f"{2000 + row}", f"{row * 17 % 50},5", f"{row * 3}"):
            pdf.cell(40, 6, value, align="R")
        pdf.ln(6)
    document = structchunk.parse(save(pdf, tmp_path / "daten.pdf"))
    found = tables(document)
    assert len(found) == 1
    assert found[0].attrs["header_rows"] == 0
    assert len(found[0].children) == 12


def test_footnotes_set_in_columns_are_no_table(new_pdf: Callable[..., Any],
                                               tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, PROSE * 3)
    pdf.ln(4)
    pdf.set_font("Sans", "", 8)
    notes = (("1 Vgl. Bericht 2019, S. 4.", "2 Ebd., S. 12."),
             ("3 Angaben der Station Nord.", "4 Gerundet auf volle Meter."),
             ("5 Ohne Schneefall.", "6 Nach Korrektur der Messreihe."))
    for left, right in notes:
        pdf.cell(90, 4, left)
        pdf.cell(90, 4, right)
        pdf.ln(4)
    document = structchunk.parse(save(pdf, tmp_path / "fussnoten.pdf"))
    assert tables(document) == []
    assert "Vgl. Bericht 2019" in document.text and "Nach Korrektur" in document.text


def test_a_table_of_two_columns_is_a_table(new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Preise im Überblick, gültig ab dem ersten Januar des kommenden Jahres.")
    pdf.ln(4)
    pdf.set_font("Sans", "", 11)
    with pdf.table(first_row_as_headings=False) as table:
        for row in (("Tarif", "Preis"), ("Basis", "9 €"), ("Pro", "19 €"), ("Max", "29 €")):
            cells = table.row()
            for cell in row:
                cells.cell(cell)
    text = structchunk.parse(save(pdf, tmp_path / "zwei.pdf")).text
    assert text.endswith("| Tarif | Preis |\n| --- | --- |\n| Basis | 9 € |\n| Pro | 19 € |\n"
                         "| Max | 29 € |")


def test_a_header_row_with_an_empty_corner_heads_its_table(new_pdf: Callable[..., Any],
                                                           tmp_path: Path) -> None:
    """A cross table: the first row names the columns and leaves the corner empty, so it has
    one cell fewer than the rows below it."""
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Niederschlag je Station und Jahr, in Millimetern.")
    pdf.ln(4)
    pdf.set_font("Sans", "", 11)
    for year, north, south in (("", "Nord", "Süd"), ("2019", "714", "688"),
                               ("2020", "702", "655"), ("2021", "731", "690")):
        pdf.cell(40, 7, year)
        pdf.cell(40, 7, north)
        pdf.cell(40, 7, south)
        pdf.ln(7)
    document = structchunk.parse(save(pdf, tmp_path / "kreuz.pdf"))
    found = tables(document)
    assert len(found) == 1 and found[0].attrs["header_rows"] == 2
    assert [document.content(row) for row in found[0].children] == [
        "|  | Nord | Süd |", "| --- | --- | --- |", "| 2019 | 714 | 688 |",
        "| 2020 | 702 | 655 |", "| 2021 | 731 | 690 |"]
