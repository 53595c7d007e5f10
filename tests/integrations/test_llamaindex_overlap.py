"""LlamaIndex's `chunk_overlap` means what it means in the LangChain adapter: every node after
the first of a document repeats the tail of the text before its chunk, cut at a word, within
`chunk_size`, declared by `overlap_start`; `start_char_idx`/`end_char_idx` stay verbatim."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("llama_index.core")
pytest.importorskip("langchain_text_splitters")

from llama_index.core import Document  # noqa: E402
from llama_index.core.schema import MetadataMode, TextNode  # noqa: E402

from structchunk.errors import BudgetError, OptionError  # noqa: E402
from structchunk.integrations.langchain import StructchunkTextSplitter  # noqa: E402
from structchunk.integrations.llamaindex import StructchunkNodeParser  # noqa: E402
from structchunk.tokens import resolve_tokenizer  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[2] / "corpus_samples"
NAMES = ("long_handbook.md", "structured_pricing.md")


def _nodes(parser: StructchunkNodeParser, *texts: str) -> list[TextNode]:
    nodes = parser.get_nodes_from_documents([Document(text=text) for text in texts])
    assert all(isinstance(node, TextNode) for node in nodes)
    return [node for node in nodes if isinstance(node, TextNode)]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("verbatim", [False, True], ids=["embedded", "verbatim"])
def test_every_neighbour_node_repeats_the_tail_before_it(name: str, verbatim: bool) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    parser = StructchunkNodeParser(chunk_size=500, chunk_overlap=100,
                                   embed_context=not verbatim)
    nodes = _nodes(parser, text)
    assert len(nodes) > 5
    assert "overlap_start" not in nodes[0].metadata
    for before, after in zip(nodes, nodes[1:], strict=False):
        start, end = after.start_char_idx, after.end_char_idx
        assert start is not None and end is not None and before.start_char_idx is not None
        tail_start = after.metadata["overlap_start"]
        tail = text[tail_start:start]
        assert tail.strip() and len(tail) <= 100
        assert before.start_char_idx <= tail_start < start
        assert tail_start == 0 or text[tail_start - 1].isspace()  # starts at a word
        assert after.text.endswith(tail + text[start:end])
        if verbatim:
            assert after.text == text[tail_start:end]
    assert all(len(node.text) <= 500 for node in nodes)


def test_a_node_and_a_langchain_page_of_the_same_text_are_the_same() -> None:
    text = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")
    for embed_context in (True, False):
        nodes = _nodes(StructchunkNodeParser(chunk_size=400, chunk_overlap=80,
                                             embed_context=embed_context), text)
        documents = StructchunkTextSplitter(
            chunk_size=400, chunk_overlap=80, embed_context=embed_context,
            strip_whitespace=False).create_documents([text])
        assert [node.text for node in nodes] == [d.page_content for d in documents]
        assert [(node.start_char_idx, node.end_char_idx, node.metadata.get("overlap_start"))
                for node in nodes] == [
            (d.metadata["start_index"], d.metadata["end_index"], d.metadata.get("overlap_start"))
            for d in documents]


def test_no_tail_crosses_from_one_document_into_the_next() -> None:
    first = "# One\n\n" + "The first document has words of its own. " * 12
    second = "# Two\n\n" + "The second one starts over from nothing. " * 12
    documents = [Document(text=first), Document(text=second)]
    nodes = StructchunkNodeParser(chunk_size=200, chunk_overlap=40
                                  ).get_nodes_from_documents(documents)
    opening = [node for node in nodes if node.ref_doc_id == documents[1].doc_id][0]
    assert isinstance(opening, TextNode)
    assert "overlap_start" not in opening.metadata
    assert "first document" not in opening.text
    assert sum("overlap_start" not in node.metadata for node in nodes) == 2
    assert len(nodes) > 4


def test_the_tail_counts_in_tokens_with_a_tokenizer() -> None:
    text = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")
    count = resolve_tokenizer("cl100k_base")
    nodes = _nodes(StructchunkNodeParser(chunk_size=120, chunk_overlap=30,
                                         tokenizer="cl100k_base"), text)
    assert len(nodes) > 5
    assert all(count(node.text) <= 120 for node in nodes)
    for node in nodes[1:]:
        tail = text[node.metadata["overlap_start"]:node.start_char_idx]
        assert 1 <= count(tail) <= 30


def test_the_tail_start_is_bookkeeping_kept_out_of_what_is_embedded() -> None:
    text = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")
    node = _nodes(StructchunkNodeParser(chunk_size=300, chunk_overlap=50), text)[3]
    assert "overlap_start" in node.metadata
    assert "overlap_start" not in node.get_content(MetadataMode.EMBED)
    assert "overlap_start" not in node.get_content(MetadataMode.LLM)


def test_structchunk_style_repeats_only_sentences_and_declares_no_tail() -> None:
    text = (SAMPLES / "structured_pricing.md").read_text(encoding="utf-8")
    nodes = _nodes(StructchunkNodeParser(chunk_size=500, chunk_overlap=100,
                                         overlap_style="structchunk", embed_context=False), text)
    assert not any("overlap_start" in node.metadata for node in nodes)
    assert all(node.text == text[node.start_char_idx:node.end_char_idx] for node in nodes)


def test_a_style_set_after_construction_is_used() -> None:
    text = (SAMPLES / "long_handbook.md").read_text(encoding="utf-8")
    parser = StructchunkNodeParser(chunk_size=400, chunk_overlap=80)
    assert any("overlap_start" in node.metadata for node in _nodes(parser, text))
    parser.overlap_style = "structchunk"
    assert not any("overlap_start" in node.metadata for node in _nodes(parser, text))


@pytest.mark.parametrize("build", [
    lambda **options: StructchunkNodeParser(**options),
    lambda **options: StructchunkTextSplitter(**options)], ids=["llamaindex", "langchain"])
def test_refusals_name_the_adapter(build: Callable[..., object]) -> None:
    with pytest.raises(OptionError, match=r"Structchunk\w+: overlap_style 'lc' is not one of "
                                          r"langchain, structchunk"):
        build(chunk_size=100, chunk_overlap=10, overlap_style="lc")
    with pytest.raises(BudgetError, match=r"Structchunk\w+: chunk_overlap \(100\) must be "
                                          r"smaller than chunk_size \(100\)"):
        build(chunk_size=100, chunk_overlap=100)
    build(chunk_size=100, chunk_overlap=99)  # one unit left for the chunk itself
