"""DOCX edge cases on documents written with python-docx: headings, lists with their lead-in,
quotes, tracked changes, content controls, merged cells and repeat-header rows."""

from __future__ import annotations

from typing import Any

import pytest

import structchunk
from structchunk.tree import NodeKind
from tests.invariants import assert_chunks_valid
from tests.parse.office.make import W_NS, append_xml, docx_bytes

pytest.importorskip("docx")
from docx.oxml import parse_xml  # noqa: E402 - only where python-docx is installed


def _split(data: bytes, max_size: int = 1000) -> tuple[structchunk.Document, list[Any]]:
    document = structchunk.parse(data, format="docx")
    chunks = structchunk.split(document, max_size=max_size)
    assert_chunks_valid(document.text, chunks, max_size)
    return document, chunks


def test_heading_styles_nest_under_the_title() -> None:
    def build(document: Any) -> None:
        document.add_paragraph("Handbook", style="Title")
        document.add_heading("Setup", level=1)
        document.add_heading("Linux", level=2)
        document.add_paragraph("Install the package. " * 30)

    document, chunks = _split(docx_bytes(build), max_size=300)
    assert document.text.startswith("# Handbook\n\n## Setup\n\n### Linux\n\n")
    assert chunks[-1].heading_path == ("Handbook", "Setup", "Linux")


def test_lists_keep_their_lead_in_levels_and_numbering() -> None:
    def build(document: Any) -> None:
        document.add_paragraph("Do this:")
        document.add_paragraph("first", style="List Number")
        document.add_paragraph("inner", style="List Bullet 2")
        document.add_paragraph("second", style="List Number")
        document.add_paragraph("After the list.")

    document, _ = _split(docx_bytes(build))
    assert document.text == "Do this:\n1. first\n   - inner\n2. second\n\nAfter the list."
    lists = [node for node, _ in document.root.walk() if node.kind is NodeKind.LIST]
    assert document.content(lists[0].children[0]) == "Do this:"


def test_quotes_and_paragraph_indices_reach_the_chunks() -> None:
    def build(document: Any) -> None:
        document.add_paragraph("Plain.")
        document.add_paragraph("")  # an empty paragraph still counts
        document.add_paragraph("Said once.", style="Quote")

    document, chunks = _split(docx_bytes(build))
    assert document.text == "Plain.\n\n> Said once."
    assert chunks[0].metadata["origin"] == [{"paragraph": 0}, {"paragraph": 2}]


def test_tracked_insertions_and_content_controls_are_kept_deletions_dropped() -> None:
    def build(document: Any) -> None:
        paragraph = document.add_paragraph("Kept ")
        append_xml(paragraph, '<w:ins w:id="1" w:author="a"><w:r><w:t>inserted</w:t></w:r></w:ins>')
        append_xml(paragraph, '<w:del w:id="2" w:author="a"><w:r><w:delText>gone</w:delText>'
                              "</w:r></w:del>")
        document.element.body.insert(0, parse_xml(
            f'<w:sdt xmlns:w="{W_NS}"><w:sdtContent><w:p><w:r><w:t>In a control</w:t></w:r>'
            "</w:p></w:sdtContent></w:sdt>"))

    document, _ = _split(docx_bytes(build))
    assert document.text == "In a control\n\nKept inserted"


def test_merged_cells_are_flattened_and_header_rows_repeat_in_every_piece() -> None:
    def build(document: Any) -> None:
        table = document.add_table(rows=2 + 30, cols=3)
        table.cell(0, 0).merge(table.cell(0, 1)).text = "Place"
        table.cell(0, 2).text = "Count"
        for cell, text in zip(table.rows[1].cells, ("City", "Country", "People"), strict=True):
            cell.text = text
        for number in range(30):
            row = table.rows[2 + number].cells
            row[0].text, row[1].text, row[2].text = f"city {number}", "", str(number)
        table.cell(2, 1).merge(table.cell(31, 1)).text = "Freedonia"
        for row in table.rows[:2]:  # both first rows repeat on every page
            row._tr.get_or_add_trPr().append(parse_xml(f'<w:tblHeader xmlns:w="{W_NS}"/>'))

    document, chunks = _split(docx_bytes(build), max_size=250)
    lines = document.text.splitlines()
    assert lines[:3] == ["| Place | Place | Count |", "| City | Country | People |",
                         "| --- | --- | --- |"]
    assert lines[3] == "| city 0 | Freedonia | 0 |"
    assert lines[-1] == "| city 29 | Freedonia | 29 |"
    assert len(chunks) > 2
    for chunk in chunks:
        assert chunk.text.count("| City | Country | People |") == 1
        assert chunk.metadata["origin"][0] == {"table": 0}


def test_the_first_row_is_the_header_when_none_is_marked() -> None:
    def build(document: Any) -> None:
        table = document.add_table(rows=3, cols=2)
        for number, row in enumerate(table.rows):
            row.cells[0].text, row.cells[1].text = f"a{number}", f"b{number}"

    document, _ = _split(docx_bytes(build))
    assert document.text == "| a0 | b0 |\n| --- | --- |\n| a1 | b1 |\n| a2 | b2 |"


def test_footnotes_follow_the_body_with_their_marks_in_place() -> None:
    """mammoth's footnotes.docx: two notes, marks after "Ouch" and after the full stop."""
    from tests.conftest import corpus_root

    root = corpus_root()
    if root is None:
        pytest.skip("shared corpus not found")
    path = root / "formats/docx/mammoth-docx/footnotes.docx"
    document, chunks = _split(path.read_bytes())
    assert document.text == ("Ouch[1].[2]\n\n# Footnotes\n\n[1] A tachyon walks into a bar."
                             "\n\n[2] Fin.")
    assert {"footnote": "2"} in chunks[-1].metadata["origin"]
