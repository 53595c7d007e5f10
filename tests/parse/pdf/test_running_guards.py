"""Running lines: a page number inside a footer still marks it; body text that repeats is
body text; a chunk's pages start at the page where the chunk starts."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from pathlib import Path
from typing import Any

import structchunk
from tests.invariants import assert_chunks_valid
from tests.parse.pdf.conftest import save, write

BODY = ("Dieser Vertrag regelt die Zusammenarbeit der Parteien. Jede Partei trägt ihre eigenen "
        "Kosten, soweit nichts anderes vereinbart ist. Änderungen bedürfen der Schriftform.")


def _chapters(pdf: Any, count: int, title: str, body: Callable[[int], str]) -> None:
    """One page per chapter: a large bold title (`{n}` is its number), then its body."""
    for number in range(1, count + 1):
        pdf.add_page()
        write(pdf, title.format(n=number), size=16, bold=True, height=9)
        write(pdf, body(number))


def test_a_footer_with_its_page_number_inside_other_text_is_removed(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf(footer="Beispiel GmbH – Seite {page} von 3 – Stand März")
    _chapters(pdf, 3, "Kapitel {n}",
              lambda n: f"Teil {n}. " + BODY.replace("Vertrag", f"Vertrag Nummer {n}"))
    document = structchunk.parse(save(pdf, tmp_path / "vertrag.pdf"))
    assert "Seite" not in document.text and "Beispiel GmbH" not in document.text
    removed = sorted((line["page"], line["text"]) for line in document.metadata["removed_lines"])
    assert removed == [(page, f"Beispiel GmbH – Seite {page} von 3 – Stand März")
                       for page in (1, 2, 3)]
    for number in range(1, 4):
        assert f"Vertrag Nummer {number} regelt" in document.text


def test_body_text_that_repeats_on_every_page_is_kept(new_pdf: Callable[..., Any],
                                                      tmp_path: Path) -> None:
    """A form letter: the same body paragraph on each page, under a real running head."""
    pdf = new_pdf(header="Musterkanzlei – Vertraulich")
    for number in range(1, 4):
        pdf.add_page()
        write(pdf, f"Empfänger {number}", size=11)
        pdf.ln(4)
        write(pdf, BODY)
    document = structchunk.parse(save(pdf, tmp_path / "serienbrief.pdf"))
    assert "Musterkanzlei" not in document.text
    assert document.text.count("Jede Partei trägt ihre eigenen") == 3
    for number in range(1, 4):
        assert f"Empfänger {number}" in document.text
    chunks = structchunk.split(document, max_size=300)
    assert_chunks_valid(document.text, chunks, 300)


def test_a_chunk_starting_at_a_page_start_gets_that_page_only_first(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf(footer="Seite {page}")
    _chapters(pdf, 4, "{n}. Abschnitt {n}", lambda n: f"Inhalt des Abschnitts {n}. " + BODY)
    document = structchunk.parse(save(pdf, tmp_path / "abschnitte.pdf"))
    starts = list(document.metadata["page_starts"])
    chunks = structchunk.split(document, max_size=400)
    assert_chunks_valid(document.text, chunks, 400)
    at_start = [chunk for chunk in chunks if chunk.start in starts[1:]]
    assert len(at_start) >= 2, "the test needs chunks that begin a page"
    for chunk in chunks:
        first = bisect_right(starts, chunk.start)
        last = bisect_right(starts, chunk.end - 1)
        assert chunk.metadata["pages"] == list(range(first, last + 1)), (
            chunk.start, chunk.metadata["pages"])
