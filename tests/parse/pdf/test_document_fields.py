"""What a parsed PDF document carries besides its text: pages, warnings in full, the language
asked for, the path, and the plain-text heading rules that typography leaves on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import structchunk
from structchunk import PdfError
from structchunk.tree import NodeKind, Page
from tests.parse.pdf.conftest import save, write
from tests.parse.pdf.test_pdf import fail_page

BODY = "Die Parteien vereinbaren Folgendes über die Lieferung von Waren. "


def contract(new_pdf: Callable[..., Any], path: Path, empty: tuple[int, ...] = (2,)) -> Path:
    """Text on the first and the last page, figures only on the pages `empty`."""
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Vertrag über die Lieferung", size=16, bold=True, height=9)
    write(pdf, BODY * 3)
    pdf.ln(4)
    write(pdf, "ALLGEMEINE BESTIMMUNGEN")
    pdf.ln(4)
    write(pdf, "Die Lieferung erfolgt frei Haus. " * 4)
    for _ in empty:
        pdf.add_page()
        pdf.rect(20, 20, 50, 50)
    pdf.add_page()
    write(pdf, "Schlussbestimmungen gelten weiter. " * 3)
    return save(pdf, path)


def test_pages_without_text_are_named_in_a_warning_and_start_with_the_next(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    path = contract(new_pdf, tmp_path / "vertrag.pdf", empty=(2, 3))
    document = structchunk.parse(path)
    assert document.warnings == ("no text on page(s) 2, 3 (images only?)",)
    assert document.metadata["warnings"] == ["no text on page(s) 2, 3 (images only?)"]
    last = document.text.index("Schlussbestimmungen")
    assert document.metadata["page_starts"] == [0, last, last, last]
    assert document.pages == (Page(1, 0), Page(2, last), Page(3, last), Page(4, last))
    assert document.metadata["page_count"] == 4
    assert document.metadata["removed_lines"] == []
    assert "kept_running_lines" not in document.metadata
    assert "lost_pages" not in document.metadata and document.carried == {}


def test_the_document_keeps_format_path_and_the_language_asked_for(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    path = contract(new_pdf, tmp_path / "vertrag.pdf")
    document = structchunk.parse(path, language="fr")
    assert document.format == "pdf" and document.language == "fr"
    assert document.source.path == str(path) and document.source.origin == str(path)
    assert document.text.startswith("Vertrag über die Lieferung\n\nDie Parteien")


def test_plain_text_heading_rules_apply_to_a_pdf_without_an_outline(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    """A line in capitals at body size is a heading by the plain-text rules; typography
    alone would not see it."""
    document = structchunk.parse(contract(new_pdf, tmp_path / "vertrag.pdf"))
    assert document.metadata["headings_from"] == "typography"
    assert [(node.title, depth) for node, depth in document.root.walk()
            if node.kind is NodeKind.SECTION] == [("Vertrag über die Lieferung", 1),
                                                  ("ALLGEMEINE BESTIMMUNGEN", 2)]


def test_lost_pages_are_named_in_full_in_the_error_and_the_warning(
        new_pdf: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = contract(new_pdf, tmp_path / "vertrag.pdf")
    fail_page(monkeypatch, 2)
    with pytest.raises(PdfError) as raised:
        structchunk.parse(path)
    assert str(raised.value) == (f"{path}: page(s) 3 could not be extracted (ValueError: bad "
                                 "content stream) (strict=False keeps the others)")
    document = structchunk.parse(path, strict=False)
    assert document.warnings == (
        "page(s) 3 could not be extracted (ValueError: bad content stream); the text has none "
        "of them", "no text on page(s) 2 (images only?)")
    assert document.carried == {"lost_pages": [3]}
    assert document.metadata["lost_pages"] == [3]
    assert document.text.endswith("Die Lieferung erfolgt frei Haus.")


def test_a_document_whose_pages_all_fail_has_no_text(new_pdf: Callable[..., Any],
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, BODY)
    path = save(pdf, tmp_path / "eins.pdf")
    fail_page(monkeypatch, 0)
    with pytest.raises(PdfError) as raised:
        structchunk.parse(path, strict=False)
    assert str(raised.value) == (f"{path}: page(s) 1 could not be extracted (ValueError: bad "
                                 "content stream); no page has text")


def test_every_refusal_names_the_file_and_the_problem_in_full(
        new_pdf: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from pypdf import PdfReader, PdfWriter
    from pypdf.errors import FileNotDecryptedError

    from structchunk.parse.pdf import parse_bytes

    with pytest.raises(PdfError) as raised:
        parse_bytes(b"plain words")
    assert str(raised.value) == "<bytes>: is not a PDF (no %PDF- header)"
    empty = io.BytesIO()
    PdfWriter().write(empty)
    with pytest.raises(PdfError) as raised:
        structchunk.parse(empty.getvalue())
    assert str(raised.value) == "<bytes>: has no pages (damaged or truncated?)"
    path = tmp_path / "geheim.pdf"
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, BODY)
    pdf.set_encryption(owner_password="owner", user_password="secret")
    save(pdf, path)
    with pytest.raises(PdfError) as raised:
        structchunk.parse(path, password="falsch")
    assert str(raised.value) == f"{path}: is encrypted; the password given is wrong"

    def refuses(self: object, password: str) -> None:
        raise FileNotDecryptedError("File has not been decrypted")

    monkeypatch.setattr(PdfReader, "decrypt", refuses)
    with pytest.raises(PdfError) as raised:
        structchunk.parse(path)
    assert str(raised.value) == f"{path}: is encrypted; pass password=... to read it"


def test_a_file_with_a_wrong_cross_reference_offset_is_read(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    """Files written by careless tools often point `startxref` at the wrong byte: the reader
    rebuilds the table instead of refusing the file."""
    import re

    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Verschobene Tabelle der Querverweise.")
    data = bytes(pdf.output())
    pointer = re.search(rb"startxref\s+(\d+)", data)
    assert pointer is not None
    moved = data[:pointer.start(1)] + str(int(pointer.group(1)) + 7).encode() + data[
        pointer.end(1):]
    document = structchunk.parse(moved)
    assert document.text == "Verschobene Tabelle der Querverweise."
