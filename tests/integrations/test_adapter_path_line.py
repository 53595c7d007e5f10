"""Both adapters pass `path_line` through: what they embed is what the API would embed."""

from __future__ import annotations

import pytest

import structchunk
from structchunk.errors import StructchunkError

pytest.importorskip("langchain_text_splitters")
pytest.importorskip("llama_index.core")

from llama_index.core.schema import Document as LlamaDocument  # noqa: E402

from structchunk.integrations.langchain import StructchunkTextSplitter  # noqa: E402
from structchunk.integrations.llamaindex import StructchunkNodeParser  # noqa: E402

TEXT = ("# Guide\n\n## Install\n\n" + " ".join(f"Step {i} of the install is done here."
                                              for i in range(12))
        + "\n\n## Use\n\nOpen it from the start menu, pick the file you want to read, and press "
          "the green button at the top to begin.\n")


@pytest.mark.parametrize("path_line", ["inside", "always", "never"])
def test_langchain_pages_are_the_api_texts(path_line: str) -> None:
    expected = [c.text for c in structchunk.split_text(TEXT, max_size=160,
                                                        path_line=path_line)]
    splitter = StructchunkTextSplitter(chunk_size=160, path_line=path_line,
                                       strip_whitespace=False)
    assert [d.page_content for d in splitter.create_documents([TEXT])] == expected


@pytest.mark.parametrize("path_line", ["inside", "always", "never"])
def test_llamaindex_nodes_are_the_api_texts(path_line: str) -> None:
    expected = [c.text for c in structchunk.split_text(TEXT, max_size=160,
                                                        path_line=path_line)]
    parser = StructchunkNodeParser(chunk_size=160, path_line=path_line)
    nodes = parser.get_nodes_from_documents([LlamaDocument(text=TEXT)])
    assert [node.get_content() for node in nodes] == expected


def test_the_shapes_differ_on_this_text() -> None:
    shapes = {tuple(c.text for c in structchunk.split_text(TEXT, max_size=160, path_line=p))
              for p in ("inside", "always", "never")}
    assert len(shapes) == 3


def test_an_unknown_shape_is_refused_by_both_adapters() -> None:
    with pytest.raises(StructchunkError, match="path_line"):
        StructchunkTextSplitter(chunk_size=160, path_line="sometimes")
    with pytest.raises(StructchunkError, match="path_line"):
        StructchunkNodeParser(chunk_size=160, path_line="sometimes")
