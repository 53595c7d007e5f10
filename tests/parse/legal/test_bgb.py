"""The BGB from the shared corpus (legal/de/bgb.md), as Markdown and as plain text.

Skipped when the corpus is absent (set STRUCTCHUNK_CORPUS, or keep it at ../shared/corpus).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import regex

import structchunk
from structchunk import Chunk
from structchunk.tree import Document, Node, NodeKind
from tests.conftest import load_spans
from tests.invariants import assert_chunks_valid

MAX_SIZE = 1000
_PROVISION_HEADING = regex.compile(r"(?m)^#{1,6} (?:\(XXXX\) )?(§§?) ?(\d+[a-z]*"
                                   r"(?: (?:bis|und) \d+[a-z]*)?)(?: (.*?))?[ \t]*$")


@pytest.fixture(scope="module")
def bgb_path(corpus: Path) -> Path:
    return corpus / "legal" / "de" / "bgb.md"


@pytest.fixture(scope="module")
def legal_spans(corpus: Path) -> list[dict]:
    return [case for case in load_spans(corpus / "spans.jsonl")
            if case["doc"] == "legal/de/bgb.md"]


@cache
def parsed(path: Path) -> Document:
    return structchunk.parse(path)


@cache
def chunked(path: Path) -> tuple[Chunk, ...]:
    chunks = structchunk.split(parsed(path), max_size=MAX_SIZE)
    assert_chunks_valid(path.read_text(encoding="utf-8"), chunks, MAX_SIZE)
    return tuple(chunks)


@cache
def plain_copy(directory: Path, source: Path) -> Path:
    """The same law without Markdown heading marks."""
    text = regex.sub(r"(?m)^#{1,6} ", "", source.read_text(encoding="utf-8"))
    path = directory / "bgb.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def plain_path(tmp_path_factory: pytest.TempPathFactory, bgb_path: Path) -> Path:
    return plain_copy(tmp_path_factory.mktemp("bgb"), bgb_path)


def provisions(document: Document) -> list[Node]:
    return [node for node, _path in document.walk()
            if node.kind is NodeKind.SECTION and "section" in node.attrs.get("meta", {})]


def units(document: Document) -> list[tuple[str, str | None, int]]:
    """(number, title, Absatz count) per provision, in order."""
    return [(node.attrs["meta"]["section"], node.attrs["meta"].get("title"),
             sum(1 for child in node.children if "absatz" in child.attrs.get("meta", {})))
            for node in provisions(document)]


def test_every_provision_heading_is_a_section_with_number_and_title(bgb_path: Path) -> None:
    document = parsed(bgb_path)
    assert document.metadata["law"] == "BGB"
    expected = []
    for match in _PROVISION_HEADING.finditer(document.text):
        title = (match.group(3) or "").strip()
        expected.append((f"{match.group(1)} {match.group(2)}", title or None))
    found = [(number, title) for number, title, _count in units(document)]
    assert len(found) > 1100
    assert found == expected
    by_number = {node.attrs["meta"]["section"]: node for node in provisions(document)}
    section = by_number["§ 623"]
    assert section.title == "§ 623 Schriftform der Kündigung"
    assert section.attrs["meta"] == {"law": "BGB", "section": "§ 623",
                                     "title": "Schriftform der Kündigung"}
    assert by_number["§ 31a"].title.startswith("§ 31a Haftung von Organmitgliedern")
    assert by_number["§§ 3 bis 6"].attrs["meta"]["repealed"] is True


def test_heading_path_of_a_provision_lists_its_divisions(bgb_path: Path) -> None:
    paths = {node.attrs["meta"]["section"]: path for node, path in parsed(bgb_path).walk()
             if node.kind is NodeKind.SECTION and "section" in node.attrs.get("meta", {})}
    assert paths["§ 623"] == (
        "Bürgerliches Gesetzbuch (BGB)", "Buch 2 - Recht der Schuldverhältnisse",
        "Abschnitt 8 - Einzelne Schuldverhältnisse",
        "Titel 8 - Dienstvertrag und ähnliche Verträge", "Untertitel 1 - Dienstvertrag")
    assert paths["§ 21"][-1] == "Kapitel 1 - Allgemeine Vorschriften"


def test_each_legal_span_is_exactly_one_absatz_node(bgb_path: Path, legal_spans: list[dict]
                                                    ) -> None:
    document = parsed(bgb_path)
    by_number = {node.attrs["meta"]["section"]: node for node in provisions(document)}
    for case in legal_spans:
        section = by_number[case["section"]]
        absaetze = [child for child in section.children
                    if child.attrs.get("meta", {}).get("absatz") == case["absatz"]]
        assert len(absaetze) == 1, case["id"]
        node = absaetze[0]
        assert (node.start, node.end) == (case["char_start"],
                                          case["char_start"] + len(case["span"])), case["id"]
        assert document.text[node.start:node.end] == case["span"]
        if case["kind"] == "legal_section":
            assert section.attrs["meta"]["title"] == case["title"]


def test_references_at_line_starts_are_not_sections(bgb_path: Path) -> None:
    document = parsed(bgb_path)
    starts = {node.start for node in provisions(document)}
    text = document.text
    wrapped = [match.start() for match in regex.finditer(r"(?m)^§ \d", text)]
    assert len(wrapped) >= 7
    assert not starts.intersection(wrapped)
    numbers = [node.attrs["meta"]["section"] for node in provisions(document)]
    assert len(numbers) == len(set(numbers))
    paragraph = next(node for node, _ in document.walk()
                     if node.start == text.index("§ 556d ist nicht anzuwenden"))
    assert paragraph.kind is NodeKind.PARAGRAPH
    assert paragraph.attrs["meta"]["references"] == ["§ 556d", "§ 556e"]


def test_legal_spans_survive_whole_with_number_and_title_in_context(
        bgb_path: Path, legal_spans: list[dict]) -> None:
    chunks = chunked(bgb_path)
    for case in legal_spans:
        holders = [chunk for chunk in chunks if case["span"] in chunk.content]
        assert len(holders) == 1, case["id"]
        chunk = holders[0]
        assert case["section"] in chunk.text, case["id"]
        if case.get("title"):
            assert case["title"] in chunk.text, case["id"]
        sections = chunk.metadata["section"]
        assert case["section"] in (sections if isinstance(sections, list) else [sections])


def test_a_provision_that_fits_is_one_chunk(bgb_path: Path) -> None:
    holders = [chunk for chunk in chunked(bgb_path)
               if "Die Beendigung von Arbeitsverhältnissen durch Kündigung" in chunk.content]
    assert len(holders) == 1
    assert "§ 623 Schriftform der Kündigung" in holders[0].text


def test_plain_text_copy_has_the_same_provisions(bgb_path: Path, plain_path: Path) -> None:
    plain = parsed(plain_path)
    assert plain.format == "legal"
    assert units(plain) == units(parsed(bgb_path))


def test_plain_text_copy_keeps_every_legal_span_whole(plain_path: Path,
                                                      legal_spans: list[dict]) -> None:
    chunks = chunked(plain_path)
    for case in legal_spans:
        holders = [chunk for chunk in chunks if case["span"] in chunk.content]
        assert len(holders) == 1, case["id"]
        assert case["section"] in holders[0].text, case["id"]
        if case.get("title"):
            assert case["title"] in holders[0].text, case["id"]
