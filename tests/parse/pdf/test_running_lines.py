"""Running heads and page numbers: removed when they are running lines, never all of a page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import structchunk
from structchunk.tree import NodeKind
from tests.invariants import assert_chunks_valid
from tests.parse.pdf.conftest import save, write

SECTIONS = ("1.1. Topologische Räume", "1.2. Stetige Abbildungen", "1.3. Kompaktheit")
PROSE = ("Ein topologischer Raum ist eine Menge zusammen mit einer Familie offener Teilmengen, "
         "die unter Vereinigung und endlichem Durchschnitt abgeschlossen ist. ")
WORDS = ("Menge", "Familie", "Umgebung", "Basis", "Filter", "Netz", "Punkt", "Abschluss",
         "Inneres", "Rand", "Folge", "Grenzwert", "Topologie", "Raum", "Abbildung")


def prose(number: int) -> str:
    """A paragraph that differs from the others in its words, not only in its numbers."""
    words = WORDS[number % len(WORDS):] + WORDS[:number % len(WORDS)]
    return " ".join(f"Die {first} bestimmt {second} und {third}." for first, second, third
                    in zip(words, words[3:] + words[:3], words[7:] + words[:7], strict=True))


def thesis(new_pdf: Callable[..., Any], path: Path) -> Path:
    """Sections over several pages each; the page head names the current section and the
    page number, bold and larger than the body, on the outer side of the page."""
    pdf = new_pdf()
    current = {"title": SECTIONS[0]}

    def head() -> None:
        pdf.set_font("Sans", "B", 12)
        title = current["title"].upper()
        number = pdf.page_no()
        pdf.cell(0, 6, f"{number} {title}" if number % 2 == 0 else f"{title} {number}",
                 align="L" if number % 2 == 0 else "R")
        pdf.ln(14)

    pdf.header = head
    for section in SECTIONS:
        current["title"] = section
        pdf.add_page()
        write(pdf, section, size=15, bold=True, height=9)
        pdf.ln(3)
        for number in range(18):
            write(pdf, prose(number + 7 * SECTIONS.index(section)), size=10, height=5)
            pdf.ln(2)
    return save(pdf, path / "arbeit.pdf")


def test_section_running_heads_are_removed_and_never_headings(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    document = structchunk.parse(thesis(new_pdf, tmp_path))
    pages = document.metadata["page_count"]
    assert pages >= 6
    removed = [line["text"] for line in document.metadata["removed_lines"]]
    assert len(removed) == pages
    assert all(any(section.upper() in text for section in SECTIONS) for text in removed)
    titles = [node.title for node, _ in document.root.walk() if node.kind is NodeKind.SECTION]
    assert titles == list(SECTIONS)
    assert "TOPOLOGISCHE" not in document.text and "KOMPAKTHEIT" not in document.text
    chunks = structchunk.split(document, max_size=600)
    assert_chunks_valid(document.text, chunks, 600)
    assert {chunk.heading_path for chunk in chunks} == {(section,) for section in SECTIONS}


def test_a_document_whose_only_text_repeats_keeps_it(new_pdf: Callable[..., Any],
                                                     tmp_path: Path) -> None:
    pdf = new_pdf()
    for _ in range(6):
        pdf.add_page()
        pdf.set_y(15)
        write(pdf, "Muster – Sample", size=9)
    document = structchunk.parse(save(pdf, tmp_path / "label.pdf"))
    assert document.text.count("Muster – Sample") == 6
    assert document.metadata["removed_lines"] == []
    assert [line["page"] for line in document.metadata["kept_running_lines"]] == [1, 2, 3, 4, 5, 6]
    chunks = structchunk.split(document)
    assert chunks and all("Muster – Sample" in chunk.content for chunk in chunks)
    assert_chunks_valid(document.text, chunks, 1000)


def test_a_caption_repeated_on_most_pages_beside_a_page_number_stays(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf(footer="{page}")
    for _ in range(6):
        pdf.add_page()
        pdf.set_y(20)
        write(pdf, "Abbildung", size=9)
    document = structchunk.parse(save(pdf, tmp_path / "caption.pdf"))
    assert document.text.split() == ["Abbildung"] * 6
    assert [line["text"] for line in document.metadata["removed_lines"]] == [
        str(page) for page in range(1, 7)]


def test_a_document_of_page_numbers_only_keeps_them(new_pdf: Callable[..., Any],
                                                    tmp_path: Path) -> None:
    pdf = new_pdf(footer="{page}")
    pdf.add_page()
    pdf.add_page()
    document = structchunk.parse(save(pdf, tmp_path / "numbers.pdf"))
    assert document.text.split() == ["1", "2"]
    assert len(structchunk.split(document)) == 1


def test_only_numbers_in_the_head_or_foot_band_are_page_numbers(new_pdf: Callable[..., Any],
                                                                tmp_path: Path) -> None:
    pdf = new_pdf(footer="Seite {page}")
    for page in range(3):
        pdf.add_page()
        write(pdf, f"Kapitel {page + 1}", size=16, bold=True, height=9)
        write(pdf, PROSE * 4)
        pdf.set_y(240)  # a figure's axis labels, low on the page but above the foot band
        write(pdf, str(page + 4))
    document = structchunk.parse(save(pdf, tmp_path / "figure.pdf"))
    assert [line["text"] for line in document.metadata["removed_lines"]] == [
        "Seite 1", "Seite 2", "Seite 3"]
    assert [word for word in document.text.split() if word.isdigit()] == ["1", "4", "2", "5",
                                                                          "3", "6"]
