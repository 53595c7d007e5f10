"""Every office file of the shared corpus: read without error, every chunk within the
invariants, headings in the heading paths, table rows whole with their header, slides and
sheets in the metadata, and python-docx's words kept."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import regex

import structchunk
from structchunk.tree import Document, NodeKind
from tests.invariants import assert_chunks_valid, assert_units_whole
from tests.parse.office.corpus import docx_reference_text, office_files, shown

MAX_SIZE = 1000
FILES = office_files()
pytestmark = pytest.mark.skipif(not FILES, reason="shared corpus not found")


@pytest.mark.parametrize("path", FILES, ids=shown)
def test_every_office_file_chunks_within_the_invariants(path: Path) -> None:
    document = structchunk.parse(path)
    assert document.format == path.suffix[1:]
    chunks = structchunk.split(document, max_size=MAX_SIZE)
    assert_chunks_valid(document.text, chunks, MAX_SIZE)
    _headings_reach_the_paths(document, chunks)
    _rows_whole_with_their_header(document, chunks)
    unit = {"pptx": "slide", "xlsx": "sheet"}.get(document.format)
    if unit:
        assert all(unit in chunk.metadata for chunk in chunks), path
        shared = [chunk.index for chunk in chunks if isinstance(chunk.metadata[unit], list)]
        assert not shared, f"chunks {shared} hold text of more than one {unit}"
    for chunk in chunks:
        assert chunk.metadata.get("origin"), (chunk.index, chunk.content[:60])


def _headings_reach_the_paths(document: Document, chunks: list[structchunk.Chunk]) -> None:
    """A chunk that starts after a heading of its slide or sheet (or, without units, of the
    document) has a heading path, unless it opens with a heading of its own (then its titles
    are in its content)."""
    units = [node for node, _ in document.root.walk()
             if {"slide", "sheet"} & set(node.attrs.get("meta", ()))] or [document.root]
    for unit in units:
        headings = [node.start for node, _ in unit.walk() if node.kind is NodeKind.HEADING]
        if not headings:
            continue
        for chunk in chunks:
            if headings[0] < chunk.start < unit.end and not chunk.content.startswith("#"):
                assert chunk.heading_path, (chunk.index, chunk.content[:60])


def _rows_whole_with_their_header(document: Document, chunks: list[structchunk.Chunk]
                                  ) -> None:
    for node, _ in document.root.walk():
        if node.kind is not NodeKind.TABLE or not node.attrs.get("header_rows"):
            continue
        header = document.text[node.children[0].start:node.children[0].end]
        rows = [(row.start, row.end) for row in node.children
                if not row.attrs.get("header") and row.end - row.start < MAX_SIZE // 2]
        if not rows or len(header) > MAX_SIZE // 2:
            continue
        assert_units_whole(document.text, chunks, rows)
        for chunk in chunks:
            if any(chunk.start <= start and end <= chunk.end for start, end in rows):
                assert header in chunk.text, (chunk.index, header)


def test_docx_keeps_the_words_python_docx_reads() -> None:
    """At least 99% of the words of python-docx's own paragraph and cell text, per word."""
    pytest.importorskip("docx")
    expected: Counter[str] = Counter()
    kept = 0
    for path in (path for path in FILES if path.suffix == ".docx"):
        try:
            reference = docx_reference_text(path.read_bytes())
        except KeyError:  # Strict OOXML, which python-docx cannot open
            continue
        words = Counter(_words(reference))
        ours = Counter(_words(structchunk.parse(path).text))
        expected += words
        kept += sum(min(count, ours[word]) for word, count in words.items())
    assert expected
    assert kept / sum(expected.values()) >= 0.99


def _words(text: str) -> list[str]:
    return regex.findall(r"\w+", text)
