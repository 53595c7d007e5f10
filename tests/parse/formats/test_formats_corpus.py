"""Every HTML page, notebook and reStructuredText file of the shared corpus's formats folder:
no crash, the invariants, heading paths where the file has headings, paragraphs, items and
rows whole in one chunk, and split tables repeating their header."""

from __future__ import annotations

from pathlib import Path

import pytest

import structchunk
from structchunk import Chunk, Document, NodeKind
from tests.conftest import corpus_root
from tests.invariants import assert_chunks_valid, assert_units_whole

MAX_SIZE = 1000
_SUFFIXES = {".html": "html", ".ipynb": "notebook", ".rst": "rst"}


def _files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    folder = root / "formats"
    return sorted(path for path in folder.rglob("*") if path.suffix in _SUFFIXES)


FILES = _files()
pytestmark = pytest.mark.skipif(not FILES, reason="shared corpus not found")


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_corpus_file_chunks_whole(path: Path) -> None:
    document = structchunk.parse(path)
    assert document.format == _SUFFIXES[path.suffix]
    chunks = structchunk.split(document, max_size=MAX_SIZE)
    assert_chunks_valid(document.text, chunks, MAX_SIZE)
    headings = [node for node, _ in document.root.walk() if node.kind is NodeKind.HEADING]
    if headings:
        assert any(chunk.heading_path for chunk in chunks), "headings but no heading path"
    units = _units(document)
    if units:
        assert_units_whole(document.text, chunks, units)
    _assert_headers_repeated(document, chunks)


def _units(document: Document) -> list[tuple[int, int]]:
    """Paragraphs, innermost items and rows that leave room for a heading path."""
    units = []
    for node, _ in document.root.walk():
        small = node.end - node.start <= MAX_SIZE // 2
        inner_item = node.kind is NodeKind.ITEM and not any(
            child.kind is NodeKind.LIST for child in node.children)
        if small and (node.kind in (NodeKind.PARAGRAPH, NodeKind.ROW) or inner_item):
            units.append((node.start, node.end))
    return units


def _assert_headers_repeated(document: Document, chunks: list[Chunk]) -> None:
    """Every chunk holding body rows of a table with a header carries the header."""
    for node, _ in document.root.walk():
        if node.kind is not NodeKind.TABLE or not node.attrs.get("header_rows"):
            continue
        rows = [row for row in node.children if row.kind is NodeKind.ROW]
        header = [row for row in rows if row.attrs.get("header")]
        body = [row for row in rows if not row.attrs.get("header")]
        first = document.text[header[0].start:header[0].end] if header else ""
        if not first or len(document.text[header[0].start:header[-1].end]) > MAX_SIZE // 5:
            continue
        for chunk in chunks:
            if any(chunk.start <= row.start and row.end <= chunk.end for row in body):
                assert first in chunk.text, (chunk.index, first[:60])
