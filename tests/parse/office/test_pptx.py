"""PPTX edge cases on decks written with python-pptx: slides as units, titles as headings,
bullets as lists, speaker notes kept and marked, tables with merged cells."""

from __future__ import annotations

from typing import Any

import pytest

import structchunk
from structchunk.parse.office.build import NOTES_HEADING
from tests.invariants import assert_chunks_valid
from tests.parse.office.make import pptx_bytes

pytest.importorskip("pptx")


def _table(slide: Any, rows: list[tuple[str, str]], top: float) -> Any:
    """A two-column table of the given cell texts on a slide, `top` inches down."""
    from pptx.util import Inches

    table = slide.shapes.add_table(len(rows), 2, Inches(1), Inches(top), Inches(6),
                                   Inches(2)).table
    for row, (left, right) in enumerate(rows):
        table.cell(row, 0).text, table.cell(row, 1).text = left, right
    return table


def _text_box(presentation: Any, text: str, width: float) -> None:
    """A slide of the blank layout holding one text box: no title placeholder."""
    from pptx.util import Inches

    slide = presentation.slides.add_slide(presentation.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(width), Inches(1))
    box.text_frame.text = text


def _deck(presentation: Any) -> None:

    first = presentation.slides.add_slide(presentation.slide_layouts[1])
    first.shapes.title.text = "Roadmap"
    body = first.placeholders[1].text_frame
    body.text = "Ship the parser"
    inner = body.add_paragraph()
    inner.text, inner.level = "with tests", 1
    first.notes_slide.notes_text_frame.text = "Mention the deadline."
    second = presentation.slides.add_slide(presentation.slide_layouts[5])
    second.shapes.title.text = "Numbers"
    table = _table(second, [("", ""), ("Q1", "10"), ("Q2", "12")], top=2)
    table.cell(0, 0).merge(table.cell(0, 1))
    table.cell(0, 0).text = "Quarter"
    _text_box(presentation, "Questions", width=4)


def test_slides_are_units_with_titles_bullets_tables_and_marked_notes() -> None:
    document = structchunk.parse(pptx_bytes(_deck), format="pptx")
    assert document.text == (
        "# Roadmap\n\n- Ship the parser\n  - with tests\n\n"
        f"## {NOTES_HEADING}\n\nMention the deadline.\n\n"
        "# Numbers\n\n| Quarter | Quarter |\n| --- | --- |\n| Q1 | 10 |\n| Q2 | 12 |\n\n"
        "# Questions")
    chunks = structchunk.split(document, max_size=80)
    assert_chunks_valid(document.text, chunks, 80)
    notes = next(chunk for chunk in chunks if "deadline" in chunk.content)
    assert notes.heading_path == ("Roadmap", NOTES_HEADING)
    assert {"slide": 1, "notes": True} in notes.metadata["origin"]
    assert notes.metadata["slide"] == 1
    table = next(chunk for chunk in chunks if "Q2" in chunk.content)
    assert table.metadata["slide"] == 2 and table.heading_path == ("Numbers",)
    assert {"slide": 2, "table": 0, "row": 2} in table.metadata["origin"]
    assert chunks[-1].metadata["slide"] == 3  # an untitled slide's short first line


def test_speaker_notes_can_be_left_out() -> None:
    document = structchunk.parse(pptx_bytes(_deck), format="pptx", speaker_notes=False)
    assert "deadline" not in document.text and NOTES_HEADING not in document.text


def _small_slides(presentation: Any) -> None:

    for number in range(1, 4):
        slide = presentation.slides.add_slide(presentation.slide_layouts[1])
        slide.shapes.title.text = f"Topic {number}"
        slide.placeholders[1].text_frame.text = f"Point {number} of the talk"
    untitled = presentation.slides.add_slide(presentation.slide_layouts[6])
    _table(untitled, [("Region", "Sales"), ("North", "10"), ("South", "12")], top=1)
    _text_box(presentation, "A sentence that is no title, since it ends in a full stop.",
              width=6)


def test_every_slide_is_a_chunk_of_its_own_even_when_small() -> None:
    document = structchunk.parse(pptx_bytes(_small_slides), format="pptx")
    chunks = structchunk.split(document, max_size=1000)
    assert_chunks_valid(document.text, chunks, 1000)
    assert [chunk.metadata["slide"] for chunk in chunks] == [1, 2, 3, 4, 5]
    assert [chunk.heading_path for chunk in chunks][:3] == [
        ("Topic 1",), ("Topic 2",), ("Topic 3",)]


def test_a_slide_too_big_for_the_budget_is_cut_inside_under_its_title() -> None:
    def deck(presentation: Any) -> None:
        for number in (1, 2):
            slide = presentation.slides.add_slide(presentation.slide_layouts[1])
            slide.shapes.title.text = f"Long {number}"
            frame = slide.placeholders[1].text_frame
            frame.text = f"Opening point {number} of several words."
            for item in range(12):
                frame.add_paragraph().text = f"Point {item} of slide {number} in words."

    document = structchunk.parse(pptx_bytes(deck), format="pptx")
    chunks = structchunk.split(document, max_size=200)
    assert_chunks_valid(document.text, chunks, 200)
    for number in (1, 2):
        own = [chunk for chunk in chunks if chunk.metadata["slide"] == number]
        assert len(own) > 1
        assert all(chunk.heading_path == (f"Long {number}",) for chunk in own)


def test_slides_without_a_title_get_one_so_every_chunk_has_a_path() -> None:
    document = structchunk.parse(pptx_bytes(_small_slides), format="pptx")
    chunks = structchunk.split(document, max_size=1000)
    assert all(chunk.heading_path for chunk in chunks)
    table_slide = next(chunk for chunk in chunks if "North" in chunk.content)
    assert table_slide.heading_path == ("Region | Sales",)
    assert chunks[-1].heading_path == ("Slide 5",)
