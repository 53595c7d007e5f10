"""docs/integrations.md shows the tokenizer and both adapters; its examples run in
tests/docs/test_doc_examples.py with every other page's."""

from __future__ import annotations

from tests.docs.examples import REPO, examples

DOC = REPO / "docs" / "integrations.md"


def test_the_page_has_tokenizer_langchain_and_llamaindex_examples() -> None:
    blocks = [example.body for example in examples(DOC) if example.lang == "python"]
    assert any("tokenizer=" in block for block in blocks)
    assert any("StructchunkTextSplitter" in block for block in blocks)
    assert any("StructchunkNodeParser" in block for block in blocks)
