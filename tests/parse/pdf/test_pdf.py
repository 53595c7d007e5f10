"""PDF: text with pages, headings by font size, tables, running lines, and clear errors."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import structchunk
from structchunk import PdfError
from structchunk.errors import install_hint
from structchunk.parse.pdf import extract as pdf_extract
from structchunk.tree import Document, NodeKind
from tests.invariants import assert_chunks_valid
from tests.parse.pdf.conftest import save, write

TOPICS = ("Kündigung", "Vergütung", "Urlaub")


def report(new_pdf: Callable[..., Any], path: Path) -> Path:
    """Three pages, each with a chapter heading, prose of varying length and a table."""
    pdf = new_pdf(header="Musterverlag GmbH – Vertraulich", footer="Seite {page}")
    for number, topic in enumerate(TOPICS, 1):
        pdf.add_page()
        write(pdf, f"{number}. {topic}", size=18, bold=True, height=10)
        for paragraph in range(number + 1):
            write(pdf, f"Absatz {paragraph + 1} über {topic}. Die Kündigung bedarf gemäß "
                       f"§ 623 BGB der Schriftform. Das Arbeits-\nverhältnis endet mit Ablauf "
                       f"der Frist, Kosten- und Lastenverteilung bleiben unberührt. " * number)
            pdf.ln(5)
        write(pdf, f"{number}.1 Tarife für {topic}", size=14, bold=True, height=8)
        pdf.set_font("Sans", "", 11)
        with pdf.table() as table:
            for row in (("Tarif", "Preis", "Laufzeit"), ("Basis", f"{number + 8} €", "12 Monate"),
                        ("Pro", f"{number + 18} €", "24 Monate")):
                cells = table.row()
                for cell in row:
                    cells.cell(cell)
    return save(pdf, path / "bericht.pdf")


@pytest.fixture(scope="module")
def report_path(new_pdf: Callable[..., Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    return report(new_pdf, tmp_path_factory.mktemp("pdf"))


@pytest.fixture(scope="module")
def document(report_path: Path) -> Document:
    return structchunk.parse(report_path)


def test_format_is_detected_by_suffix_and_by_header(report_path: Path) -> None:
    assert structchunk.parse(report_path).format == "pdf"
    assert structchunk.parse(report_path.read_bytes()).format == "pdf"


def test_page_starts_point_at_each_page_text(document: Document) -> None:
    starts = document.metadata["page_starts"]
    assert len(starts) == document.metadata["page_count"] == 3
    for number, (start, topic) in enumerate(zip(starts, TOPICS, strict=True), 1):
        assert document.text[start:].startswith(f"{number}. {topic}")


def test_headings_by_font_size_nest(document: Document) -> None:
    outline = [(depth, node.title) for node, depth in document.root.walk()
               if node.kind is NodeKind.SECTION]
    assert outline == [(1, "1. Kündigung"), (2, "1.1 Tarife für Kündigung"),
                       (1, "2. Vergütung"), (2, "2.1 Tarife für Vergütung"),
                       (1, "3. Urlaub"), (2, "3.1 Tarife für Urlaub")]


def test_tables_become_table_nodes_with_a_header(document: Document) -> None:
    tables = [node for node, _ in document.root.walk() if node.kind is NodeKind.TABLE]
    assert len(tables) == 3
    rows = [document.content(row) for row in tables[1].children]
    assert rows == ["| Tarif | Preis | Laufzeit |", "| --- | --- | --- |",
                    "| Basis | 10 € | 12 Monate |", "| Pro | 20 € | 24 Monate |"]
    assert tables[1].attrs["header_rows"] == 2


def test_running_header_and_footer_are_removed_and_recorded(document: Document) -> None:
    removed = document.metadata["removed_lines"]
    assert {(line["page"], line["text"]) for line in removed} == {
        (page, text) for page in (1, 2, 3)
        for text in ("Musterverlag GmbH – Vertraulich", f"Seite {page}")}
    assert "Musterverlag" not in document.text
    assert "Seite 1" not in document.text


def test_hyphenated_words_are_joined_but_suspended_hyphens_stay(document: Document) -> None:
    assert "Arbeitsverhältnis endet" in document.text
    assert "Arbeits-\n" not in document.text
    assert "Kosten- und" in document.text


def test_paragraphs_are_separated(document: Document) -> None:
    paragraphs = [document.content(node) for node, _ in document.root.walk()
                  if node.kind is NodeKind.PARAGRAPH]
    assert [paragraph.split(" über ")[0] for paragraph in paragraphs] == [
        "Absatz 1", "Absatz 2", "Absatz 1", "Absatz 2", "Absatz 3", "Absatz 1", "Absatz 2",
        "Absatz 3", "Absatz 4"]


def test_chunks_carry_pages_and_exact_offsets(report_path: Path, document: Document) -> None:
    chunks = structchunk.split(document, max_size=500)
    assert_chunks_valid(document.text, chunks, 500)
    starts = document.metadata["page_starts"]
    for chunk in chunks:
        pages = chunk.metadata["pages"]
        assert pages and pages == sorted(pages)
        assert starts[pages[0] - 1] <= chunk.start
        if pages[-1] < len(starts):
            assert chunk.end <= starts[pages[-1]]
    assert any(chunk.metadata["pages"] == [3] and "Urlaub" in chunk.content
               for chunk in chunks)


def test_a_law_in_a_pdf_gets_its_provisions(new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf(footer="{page}")
    pdf.add_page()
    write(pdf, "Mustergesetz (MustG)", size=16, bold=True, height=10)
    for number in range(1, 9):
        pdf.ln(3)
        write(pdf, f"§ {number} Regelung Nummer {number}", size=12, bold=True, height=8)
        for absatz in range(1, 4):
            write(pdf, f"({absatz}) Die Regelung {number} gilt gemäß § {number + 10} BGB für "
                       "alle Verträge, die nach dem Inkrafttreten geschlossen werden. "
                       "Abweichende Vereinbarungen sind unwirksam.")
            pdf.ln(2)
    document = structchunk.parse(save(pdf, tmp_path / "gesetz.pdf"))
    assert document.format == "pdf"
    assert document.metadata["law"] == "MustG"
    provisions = [node for node, _ in document.root.walk()
                  if node.kind is NodeKind.SECTION and "section" in node.attrs.get("meta", {})]
    assert [node.attrs["meta"]["section"] for node in provisions] == [
        f"§ {number}" for number in range(1, 9)]
    assert all(sum("absatz" in child.attrs.get("meta", {}) for child in node.children) == 3
               for node in provisions)
    chunks = structchunk.split(document, max_size=400)
    holders = [chunk for chunk in chunks if "(2) Die Regelung 8 gilt" in chunk.content]
    assert len(holders) == 1
    assert "§ 8 Regelung Nummer 8" in holders[0].text
    assert holders[0].metadata["pages"] == [document.metadata["page_count"]]
    assert not any(line["text"].startswith("(") for line in document.metadata["removed_lines"])


def encrypted(new_pdf: Callable[..., Any], path: Path, user_password: str) -> Path:
    from fpdf.enums import EncryptionMethod

    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Vertraulicher Inhalt nach § 1.")
    pdf.set_encryption(owner_password="owner", user_password=user_password,
                       encryption_method=EncryptionMethod.RC4)
    return save(pdf, path)


def test_encrypted_pdf_needs_its_password(new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    path = encrypted(new_pdf, tmp_path / "geheim.pdf", "secret")
    with pytest.raises(PdfError, match=r"geheim\.pdf: is encrypted; pass password="):
        structchunk.parse(path)
    with pytest.raises(PdfError, match="password given is wrong"):
        structchunk.parse(path, password="wrong")
    assert structchunk.parse(path, password="secret").text == "Vertraulicher Inhalt nach § 1."


def test_owner_only_encryption_opens_with_the_empty_password(new_pdf: Callable[..., Any],
                                                             tmp_path: Path) -> None:
    path = encrypted(new_pdf, tmp_path / "owner.pdf", "")
    assert structchunk.parse(path).text == "Vertraulicher Inhalt nach § 1."


def test_missing_crypto_dependency_is_a_clear_error(new_pdf: Callable[..., Any], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from pypdf import PdfReader
    from pypdf.errors import DependencyError

    def needs_aes(self: object, password: str) -> None:
        raise DependencyError("cryptography>=3.1 is required for AES algorithm")

    path = encrypted(new_pdf, tmp_path / "aes.pdf", "secret")
    monkeypatch.setattr(PdfReader, "decrypt", needs_aes)
    with pytest.raises(PdfError) as raised:
        structchunk.parse(path)
    assert str(raised.value) == (f"{path}: needs an optional package to decrypt: cryptography"
                                 f">=3.1 is required for AES algorithm ({install_hint('crypto')})")


def test_truncated_and_corrupt_files_are_clear_errors(report_path: Path, tmp_path: Path
                                                      ) -> None:
    data = report_path.read_bytes()
    truncated = tmp_path / "halb.pdf"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(PdfError, match=r"halb\.pdf: is damaged or truncated"):
        structchunk.parse(truncated)
    garbage = tmp_path / "kaputt.pdf"
    garbage.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 8)
    with pytest.raises(PdfError, match=r"kaputt\.pdf"):
        structchunk.parse(garbage)
    with pytest.raises(PdfError, match="not a PDF"):
        structchunk.parse(b"plain words", format="pdf")


def test_errors_inside_pypdf_name_the_file(report_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("/Root")

    monkeypatch.setattr(pdf_extract, "PdfReader", broken)
    with pytest.raises(PdfError, match=r"bericht\.pdf: cannot be read \(KeyError"):
        structchunk.parse(report_path)


def fail_page(monkeypatch: pytest.MonkeyPatch, broken: int) -> None:
    """Make pypdf fail on one page (0-based), as on a damaged content stream."""
    from pypdf import PageObject

    original = PageObject.extract_text

    def flaky(self: PageObject, *args: Any, **kwargs: Any) -> str:
        if self.page_number == broken:
            raise ValueError("bad content stream")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(PageObject, "extract_text", flaky)


def test_a_page_that_fails_is_an_error_naming_file_and_page(
        report_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fail_page(monkeypatch, 1)
    with pytest.raises(PdfError, match=r"bericht\.pdf: page\(s\) 2 could not be extracted "
                                       r"\(ValueError: bad content stream\)"):
        structchunk.parse(report_path)
    with pytest.raises(PdfError, match="page"):
        structchunk.split(report_path)


def test_without_strict_lost_pages_are_recorded(report_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    fail_page(monkeypatch, 1)
    document = structchunk.parse(report_path, strict=False)
    assert any("page(s) 2 could not be extracted" in warning for warning in document.warnings)
    assert document.metadata["lost_pages"] == [2]
    starts = document.metadata["page_starts"]
    assert len(starts) == 3 and starts[1] == starts[2]
    assert "Vergütung" not in document.text and "Urlaub" in document.text
    chunks = structchunk.split(report_path, strict=False, max_size=400)
    assert chunks and all(chunk.metadata["lost_pages"] == [2] for chunk in chunks)


def test_cli_reads_encrypted_and_damaged_files(new_pdf: Callable[..., Any], report_path: Path,
                                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from structchunk.cli.main import main

    path = encrypted(new_pdf, tmp_path / "geheim.pdf", "secret")
    assert main(["split", str(path)]) == 1
    assert "pass password=" in capsys.readouterr().err
    assert main(["split", "--password", "secret", str(path)]) == 0
    assert "Vertraulicher Inhalt" in capsys.readouterr().out
    fail_page(monkeypatch, 1)
    assert main(["split", str(report_path)]) == 1
    assert "page(s) 2 could not be extracted" in capsys.readouterr().err
    assert main(["split", "--no-strict", str(report_path)]) == 0
    captured = capsys.readouterr()
    assert "warning" in captured.err and "page(s) 2" in captured.err
    assert '"lost_pages": [2]' in captured.out


def test_no_text_layer_is_a_clear_error(new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    pdf.rect(20, 20, 80, 40)
    with pytest.raises(PdfError, match="has no text layer"):
        structchunk.parse(save(pdf, tmp_path / "scan.pdf"))


def test_control_characters_and_ligatures_are_cleaned() -> None:
    assert pdf_extract.clean("a\x07b\x00c\u200bd\ufb01e\tf\r\ng") == "a bcdfie f\ng"
    # a TeX math dot without a Unicode mapping comes out as U+0001: it separates words
    assert pdf_extract.clean("x\x01y and\x0cz") == "x y and z"


def test_a_line_end_hyphen_joins_only_a_word_broken_before_a_lowercase_letter(
        new_pdf: Callable[..., Any], tmp_path: Path) -> None:
    pdf = new_pdf()
    pdf.add_page()
    write(pdf, "Die Vertrags-\nparteien und die Arbeits-\nVerträge, die 2-\nteiligen "
               "Zahlungen, Kosten-\nund Lastenverteilung, ein A-\nbschnitt, zuletzt Ende-\n"
               "- Strich.")
    text = structchunk.parse(save(pdf, tmp_path / "trennung.pdf")).text
    assert text == ("Die Vertragsparteien und die Arbeits-\nVerträge, die 2-\nteiligen "
                    "Zahlungen, Kosten-\nund Lastenverteilung, ein Abschnitt, zuletzt Ende-\n"
                    "- Strich.")
