"""A Markdown table's rows held as a run of lines, made nodes only when they are read.

In Markdown with a small table in every section most nodes are table rows (a node per 20
characters, about 2.5 bytes per character as nodes and the table's tuple). A table whose rows
are whole consecutive lines, the header rows first, is told by its first row's line, its
number of rows and of header rows: `TableRows` is that table's `children`, a sequence that
builds each row node as it is read, the same node the builder made before (span trimmed from
the line, the shared header or body record). A table of any other shape keeps a tuple.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from structchunk.decode import Source
from structchunk.node_data import RowData
from structchunk.parse.markdown.line_search import line_end, line_start
from structchunk.tree import Node, NodeKind, trim_span

# The records every row holds: one each for all rows alike.
HEADER_ROW, BODY_ROW = RowData(True), RowData(False)


def row_span(text: str, starts: Sequence[int], line: int) -> tuple[int, int]:
    """A row's span: its 0-based line without the surrounding whitespace."""
    return trim_span(text, line_start(text, starts, line), line_end(text, starts, line))


class TableRows(Sequence[Node]):
    """The rows of a table on lines `first` to `first + size - 1` of `source`, the first
    `headers` of them header rows (the delimiter row among them), as a read-only sequence.

    Equal to the tuple of the same nodes and hashed as it, so a tree compares as it did when
    its rows were a tuple; each read builds new nodes (equal, not the same objects)."""

    __slots__ = ("source", "first", "size", "headers")

    def __init__(self, source: Source, first: int, size: int, headers: int) -> None:
        self.source = source
        self.first = first
        self.size = size
        self.headers = headers

    def row(self, index: int) -> Node:
        """The row node at 0-based `index` (no bounds check: the callers check)."""
        line = self.first + index
        start, end = row_span(self.source.text, self.source.line_starts, line)
        return Node(NodeKind.ROW, start, end, line + 1, line + 1, (),
                    HEADER_ROW if index < self.headers else BODY_ROW)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Node: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Node, ...]: ...

    def __getitem__(self, index: int | slice) -> Node | tuple[Node, ...]:
        if isinstance(index, slice):
            return tuple([self.row(position) for position in range(*index.indices(self.size))])
        position = index + self.size if index < 0 else index
        if not 0 <= position < self.size:
            raise IndexError("table row index out of range")
        return self.row(position)

    def __iter__(self) -> Iterator[Node]:
        for position in range(self.size):
            yield self.row(position)

    def __reversed__(self) -> Iterator[Node]:
        for position in range(self.size - 1, -1, -1):
            yield self.row(position)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TableRows | tuple):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (TableRows, (self.source, self.first, self.size, self.headers))

