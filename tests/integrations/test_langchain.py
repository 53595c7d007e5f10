from __future__ import annotations

import pytest

pytest.importorskip("langchain_text_splitters")

from structchunk.integrations.langchain import StructchunkTextSplitter  # noqa: E402

TEXT = "# Guide\n\n## Prices\n\n| a | b |\n|---|---|\n" + "".join(
    f"| row {i} | {i} € |\n" for i in range(80))


def test_split_text_returns_embedded_texts_with_heading_path_and_header() -> None:
    splitter = StructchunkTextSplitter(chunk_size=300)
    pieces = splitter.split_text(TEXT)
    assert len(pieces) > 2
    assert all(len(piece) <= 300 for piece in pieces)
    assert all("Guide" in piece and "Prices" in piece for piece in pieces)
    assert all(piece.startswith("Guide > Prices\n\n") for piece in pieces[1:])
    assert all("| a | b |\n|---|---|" in piece for piece in pieces)


def test_documents_carry_exact_offsets() -> None:
    splitter = StructchunkTextSplitter(chunk_size=300)
    documents = splitter.create_documents([TEXT], [{"source": "guide.md"}])
    for document in documents:
        start, end = document.metadata["start_index"], document.metadata["end_index"]
        assert TEXT[start:end] == document.metadata["content"]
        assert document.metadata["source"] == "guide.md"


def test_verbatim_mode_returns_source_slices() -> None:
    splitter = StructchunkTextSplitter(chunk_size=300, embed_context=False)
    assert all(piece in TEXT for piece in splitter.split_text(TEXT))
