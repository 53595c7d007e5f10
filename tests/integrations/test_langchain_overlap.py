"""LangChain's meaning of `chunk_overlap` by default: every page repeats the tail of the text
before it, cut at a word, within the budget, declared in metadata; offsets stay verbatim."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("langchain_text_splitters")

from structchunk.errors import OptionError  # noqa: E402
from structchunk.integrations.langchain import StructchunkTextSplitter  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[2] / "corpus_samples"
NAMES = ("long_handbook.md", "structured_pricing.md")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("verbatim", [False, True], ids=["embedded", "verbatim"])
def test_every_neighbour_pair_overlaps_by_default(name: str, verbatim: bool) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    splitter = StructchunkTextSplitter(chunk_size=500, chunk_overlap=100,
                                       embed_context=not verbatim, strip_whitespace=False)
    documents = splitter.create_documents([text])
    assert len(documents) > 5
    for before, after in zip(documents, documents[1:], strict=False):
        start, end = after.metadata["start_index"], after.metadata["end_index"]
        tail_start = after.metadata["overlap_start"]
        tail = text[tail_start:start]
        assert tail.strip(), "no overlap at a boundary"
        assert len(tail) <= 100
        assert before.metadata["start_index"] <= tail_start < before.metadata["end_index"]
        assert tail_start == 0 or text[tail_start - 1].isspace()  # starts at a word
        assert after.page_content.endswith(tail + text[start:end])
        if verbatim:
            assert after.page_content == text[tail_start:end]
    assert all(len(d.page_content) <= 500 for d in documents)
    assert "overlap_start" not in documents[0].metadata


def test_the_overlap_counts_in_the_budget_unit() -> None:
    text = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")

    def words(piece: str) -> int:
        return len(piece.split())

    documents = StructchunkTextSplitter(chunk_size=60, chunk_overlap=10,
                                        length_function=words).create_documents([text])
    assert all(words(d.page_content) <= 60 for d in documents)
    for document in documents[1:]:
        tail = text[document.metadata["overlap_start"]:document.metadata["start_index"]]
        assert 1 <= words(tail) <= 10


def test_structchunk_style_keeps_section_boundaries_clean() -> None:
    text = (SAMPLES / "structured_pricing.md").read_text(encoding="utf-8")
    documents = StructchunkTextSplitter(chunk_size=500, chunk_overlap=100,
                                        overlap_style="structchunk").create_documents([text])
    assert not any("overlap_start" in d.metadata for d in documents)


def test_an_unknown_overlap_style_is_refused() -> None:
    with pytest.raises(OptionError, match="overlap_style 'lc'"):
        StructchunkTextSplitter(chunk_overlap=10, overlap_style="lc")
