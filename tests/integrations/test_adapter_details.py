"""Details of the LangChain and LlamaIndex adapters a caller relies on: the format a loaded
file's name gives its text, the `oversized` mark, ids, the default tiktoken encoding, a
language named by its value, suggestions for misspelt options and a custom `id_func`."""

from __future__ import annotations

from typing import Any

import pytest

GO = "package main\n\nfunc main() {\n\tprintln(1)\n}\n\nfunc other() int {\n\treturn 2\n}\n"
PYTHON = "def first():\n    return 1\n\n\ndef second():\n    return 2\n"
PROSE = ("# Tides\n\nHigh water comes twice a day. The harbour master posts the times.\n\n"
         "## Spring tides\n\nThey follow the new and the full moon. Moorings need slack.\n")


def _splitter(**options: Any) -> Any:
    langchain = pytest.importorskip("structchunk.integrations.langchain")
    pytest.importorskip("langchain_text_splitters")
    return langchain.StructchunkTextSplitter(**options)


def test_a_loaded_source_file_is_chunked_as_code_of_its_language() -> None:
    chunks = _splitter(chunk_size=200).chunks(GO, path="cmd/tool.go")
    assert chunks and {chunk.metadata.get("code_language") for chunk in chunks} == {"go"}


def test_a_loaded_csv_file_is_read_as_a_table() -> None:
    csv = "name,age\nann,3\nbob,4\n"
    chunks = _splitter(chunk_size=200).chunks(csv, path="people.csv")
    assert "table" in chunks[0].kinds and "row" in chunks[0].kinds


def test_an_oversized_chunk_is_marked_in_the_document_metadata() -> None:
    splitter = _splitter(chunk_size=50)
    documents = splitter.create_documents(["a" * 300])
    assert documents and all(document.metadata["oversized"] is True for document in documents)


def test_documents_carry_their_chunk_id_as_their_id() -> None:
    documents = _splitter(chunk_size=60).create_documents([PROSE])
    assert len(documents) > 1
    assert [document.id for document in documents] == [
        document.metadata["chunk_id"] for document in documents]


def test_from_tiktoken_encoder_counts_cl100k_base_tokens_by_default() -> None:
    langchain = pytest.importorskip("structchunk.integrations.langchain")
    pytest.importorskip("langchain_text_splitters")
    splitter = langchain.StructchunkTextSplitter
    default = splitter.from_tiktoken_encoder(chunk_size=12)
    named = splitter(tokenizer="cl100k_base", chunk_size=12)
    assert default.split_text(PROSE) == named.split_text(PROSE)
    assert default.split_text(PROSE) != splitter(chunk_size=12).split_text(PROSE)  # not chars


def test_from_language_takes_a_plain_string_as_the_language() -> None:
    langchain = pytest.importorskip("structchunk.integrations.langchain")
    pytest.importorskip("langchain_text_splitters")
    splitter = langchain.StructchunkTextSplitter.from_language("python", chunk_size=40)
    chunks = splitter.chunks(PYTHON)
    assert {chunk.metadata.get("code_language") for chunk in chunks} == {"python"}


@pytest.mark.parametrize(("misspelt", "meant"), [("keep_separatr", "keep_separator"),
                                                 ("languag", "language")])
def test_a_misspelt_option_suggests_the_splitters_own_parameter(misspelt: str,
                                                                 meant: str) -> None:
    errors = pytest.importorskip("structchunk.errors")
    with pytest.raises(errors.OptionError) as raised:
        _splitter(**{misspelt: True})
    assert str(raised.value) == (f"StructchunkTextSplitter got an unknown option {misspelt!r}; "
                                 f"did you mean {meant!r}?")


def test_a_custom_id_func_gets_each_chunks_index_and_its_document() -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core import Document

    from structchunk.integrations.llamaindex import StructchunkNodeParser

    def named(index: int, parent: Any) -> str:
        return f"{parent.node_id}/{index}"

    parser = StructchunkNodeParser(chunk_size=60, id_func=named)
    nodes = parser.get_nodes_from_documents([Document(text=PROSE, id_="tides")])
    assert len(nodes) > 1
    assert [node.node_id for node in nodes] == [f"tides/{index}" for index in range(len(nodes))]
