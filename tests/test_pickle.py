"""Parsed documents and chunks survive pickling, in the pure and the compiled build alike:
they cross process boundaries in folder runs, process pools and Ray Data."""

from __future__ import annotations

import pickle

import structchunk
from structchunk.decode import from_text
from structchunk.parse.markdown import builder as markdown

_TEXT = ("# Guide\n\nIntro paragraph.\n\n## Steps\n\nBefore you start:\n\n1. one\n2. two\n\n"
         "| a | b |\n|---|---|\n| 1 | 2 |\n\n```python\ndef f():\n    return 1\n```\n")


def _shape(document: structchunk.Document) -> list[tuple]:
    return [(node.kind, depth, node.start, node.end, node.start_line, node.end_line, node.data)
            for node, depth in document.root.walk()]


def test_a_parsed_document_pickles_to_the_same_tree() -> None:
    document = markdown.parse(from_text(_TEXT))
    copy = pickle.loads(pickle.dumps(document))
    assert _shape(copy) == _shape(document)
    assert copy.root == document.root
    assert copy.text == document.text


def test_chunks_pickle_to_equal_chunks() -> None:
    chunks = structchunk.split_text(_TEXT, format="markdown", max_size=80)
    assert len(chunks) > 1
    assert pickle.loads(pickle.dumps(chunks)) == chunks
