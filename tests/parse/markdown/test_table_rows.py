"""A table's rows held as a run of lines read as the same nodes the builder made one by one."""

from __future__ import annotations

import pickle

import pytest

from structchunk.decode import from_text
from structchunk.parse.markdown import builder
from structchunk.parse.markdown.table_rows import BODY_ROW, HEADER_ROW, TableRows
from structchunk.tree import Node, NodeKind, make_node, trim_span
from tests.conftest import SAMPLES, corpus_root

pytest.importorskip("pyromark")

_TABLE = ("Intro.\n\n| size | price |\n|---|---:|\n| 1 | 3 EUR |\n  | 2 | 4 EUR |  \r\n"
          "| 3 | 5 EUR |\n\n> | a | b |\n> |---|---|\n> | 1 | 2 |\n\n- | x |\n  |---|\n  | y |\n")


def _tables(text: str, backend: str) -> list[Node]:
    document = builder.parse(from_text(text), markdown_backend=backend)
    return [node for node, _ in document.root.walk() if node.kind is NodeKind.TABLE]


def _rows_one_by_one(text: str, table: Node) -> tuple[Node, ...]:
    """The rows as the builder made them before: a node per line, found by make_node."""
    source = from_text(text)
    headers = table.data.header_rows  # type: ignore[union-attr]
    first = table.children[0].start_line - 1
    return tuple(make_node(source, NodeKind.ROW,
                           *trim_span(text, source.line_start(line), source.line_end(line)),
                           (), HEADER_ROW if line - first < headers else BODY_ROW)
                 for line in range(first, first + len(table.children)))


@pytest.mark.parametrize("backend", ["pyromark", "markdown-it"])
def test_rows_are_read_as_the_nodes_made_one_by_one(backend: str) -> None:
    tables = _tables(_TABLE, backend)
    assert len(tables) == 3
    for table in tables:
        rows = table.children
        assert isinstance(rows, TableRows)
        expected = _rows_one_by_one(_TABLE, table)
        assert tuple(rows) == expected and rows == expected and expected == rows
        assert hash(rows) == hash(expected)
        assert list(reversed(rows)) == list(reversed(expected))
        assert rows[-1] == expected[-1] and rows[1:] == expected[1:]
        assert [row.end_line for row in rows] == [row.start_line for row in rows]
        with pytest.raises(IndexError):
            rows[len(rows)]
        assert pickle.loads(pickle.dumps(table)) == table
    first = tables[0].children
    assert [_TABLE[row.start:row.end] for row in first] == [
        "| size | price |", "|---|---:|", "| 1 | 3 EUR |", "| 2 | 4 EUR |", "| 3 | 5 EUR |"]
    assert [row.data.header for row in first] == [True, True, False, False, False]  # type: ignore[union-attr]


def test_a_table_of_another_shape_keeps_a_tuple() -> None:
    source = from_text("| a |\n|---|\nstray words\n| b |\n\n| c |\n")
    rows = [(0, True), (1, True), (2, False)]
    assert isinstance(builder._compact(source, 0, 23, rows), TableRows)
    assert builder._compact(source, 0, 29, rows) is None  # "| b |" would be claimed
    assert builder._compact(source, 0, 29, [(0, True), (1, True), (3, False)]) is None
    assert builder._compact(source, 0, 11, [(0, True), (1, False)]) is not None
    assert builder._compact(source, 0, 11, [(0, False), (1, True)]) is None  # head after body
    assert builder._compact(source, 0, 36, [(3, False), (4, False), (5, False)]) is None  # blank


def _nodes(text: str) -> list[tuple[object, ...]]:
    document = builder.parse(from_text(text), markdown_backend="pyromark")
    return [(node.kind, depth, node.start, node.end, node.start_line, node.end_line,
             node.data) for node, depth in document.root.walk()]


def test_every_corpus_tree_is_the_tree_of_rows_made_one_by_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = corpus_root()
    files = sorted(root.rglob("*.md")) if root is not None else []
    texts = [path.read_bytes().decode("utf-8", "replace")
             for path in [*files, *sorted(SAMPLES.rglob("*.md"))]]
    texts = [text for text in texts if "|" in text]
    compact = [_nodes(text) for text in texts]
    assert sum(isinstance(node.children, TableRows) for text in texts[:40]
               for node in _tables(text, "pyromark")) > 0
    monkeypatch.setattr(builder, "_compact", lambda *_args: None)  # the pure build's calls
    assert [_nodes(text) for text in texts] == compact
