"""PDF headings: the outline's tree when there is one, else size, weight and numbering."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import structchunk
from structchunk.tree import Document, NodeKind
from tests.invariants import assert_chunks_valid
from tests.parse.pdf.conftest import save, write

BODY = ("Die Untersuchung stützt sich auf Messungen aus drei Jahren, die im Labor wiederholt "
        "und mit den Angaben der Hersteller verglichen wurden. ")
OUTLINE = ((1, "Einleitung", "Einleitung"),
           (2, "Hintergrund der Untersuchung", "1.1 Hintergrund der Untersuchung"),
           (2, "Ziele", "1.2 Ziele"),
           (1, "Methode", "2 Methode"),
           (2, "Daten aus den Messreihen der Jahre 2019 bis 2021 und ihre Aufbereitung für "
               "die Auswertung",
            "2.1 Daten aus den Messreihen der Jahre 2019 bis 2021 und ihre Aufbereitung für "
            "die Auswertung"),
           (3, "Quellen", "Quellen"),
           (1, "Ergebnisse", "3 Ergebnisse"))


def sections(document: Document) -> list[tuple[int, str | None]]:
    return [(depth, node.title) for node, depth in document.root.walk()
            if node.kind is NodeKind.SECTION and node.title is not None]


def test_the_outline_gives_the_heading_tree_with_its_levels(new_pdf: Callable[..., Any],
                                                            tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "ENTWURF", size=20, bold=True, height=10)  # a stamp, in no outline
    for level, entry, shown in OUTLINE:
        if level == 1 and entry != "Einleitung":
            pdf.add_page()
        pdf.start_section(entry, level=level - 1)
        # Titles set like body text: only the outline tells they are headings.
        write(pdf, shown, size=11)
        pdf.ln(2)
        write(pdf, BODY * 4, size=11)
        pdf.ln(4)
    document = structchunk.parse(save(pdf, tmp_path / "bericht.pdf"))
    assert document.metadata["headings_from"] == "outline"
    assert sections(document) == [(level, shown) for level, _entry, shown in OUTLINE]
    chunks = structchunk.split(document, max_size=400)
    assert_chunks_valid(document.text, chunks, 400)
    assert any(chunk.heading_path == ("2 Methode", OUTLINE[4][2], "Quellen")
               for chunk in chunks)
    assert not any("ENTWURF" in chunk.heading_path for chunk in chunks)


def test_bold_numbered_headings_at_body_size(new_pdf: Callable[..., Any],
                                             tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "3 Modelle", size=16, bold=True, height=9)
    for title in ("3.1 LRS model", "3.2 Baseline"):
        pdf.ln(3)
        write(pdf, title, size=11, bold=True)
        write(pdf, BODY * 3, size=11)
        write(pdf, "Hervorgehoben wird nur ein Wort, kein Titel.", size=11)
    document = structchunk.parse(save(pdf, tmp_path / "modelle.pdf"))
    assert document.metadata["headings_from"] == "typography"
    assert sections(document) == [(1, "3 Modelle"), (2, "3.1 LRS model"), (2, "3.2 Baseline")]


def test_figure_labels_table_cells_and_data_rows_are_no_headings(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Auswertung", size=16, bold=True, height=9)
    write(pdf, BODY * 4, size=11)
    # A figure: a large label placed inside the drawing, away from the text margin.
    pdf.rect(60, 80, 110, 60)
    pdf.set_font("Sans", "", 14)
    pdf.set_xy(118, 100)
    pdf.cell(30, 6, "Temperatur")
    pdf.set_xy(10, 150)
    pdf.ln(4)
    write(pdf, BODY * 2, size=11)
    # Data rows of a spreadsheet export, set larger than the body.
    pdf.set_font("Sans", "", 13)
    for row in (("Nord", "2019", "1.204", "3.877"), ("Süd", "2020", "1.311", "4.020")):
        for cell in row:
            pdf.cell(40, 7, cell)
        pdf.ln(7)
    write(pdf, BODY * 2, size=11)
    document = structchunk.parse(save(pdf, tmp_path / "auswertung.pdf"))
    assert sections(document) == [(1, "Auswertung")]
    assert "Temperatur" in document.text and "Nord" in document.text


def test_an_outline_not_found_in_the_text_leaves_the_typography(new_pdf: Callable[..., Any],
                                                                tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    for number, (entry, shown) in enumerate((("Teil A", "1 Anfang"), ("Teil B", "2 Mitte"),
                                             ("Teil C", "3 Schluss")), 1):
        if number > 1:
            pdf.add_page()
        pdf.start_section(entry, level=0)  # bookmarks named unlike the titles on the pages
        write(pdf, shown, size=16, bold=True, height=9)
        write(pdf, BODY * 3, size=11)
    document = structchunk.parse(save(pdf, tmp_path / "fremd.pdf"))
    assert document.metadata["headings_from"] == "typography"
    assert sections(document) == [(1, "1 Anfang"), (1, "2 Mitte"), (1, "3 Schluss")]


def test_a_bold_body_size_line_is_a_heading_only_alone_and_not_ending_like_a_lead_in(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    body = BODY * 3
    for text, bold in ((body, False), ("Fristen und Termine", True), (body, False),
                       ("Bitte beachten Sie:", True), (body, False),
                       ("Erste fette Zeile\nZweite fette Zeile\nDritte fette Zeile", True),
                       (body, False), ("Schlussbemerkung", True)):
        write(pdf, text, bold=bold)
        pdf.ln(4)
    document = structchunk.parse(save(pdf, tmp_path / "fett.pdf"))
    assert [title for _depth, title in sections(document)] == ["Fristen und Termine",
                                                                "Schlussbemerkung"]
