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
    its rows were a tuple. The rows of the table read last are kept (`_LAST`): the walks of
    chunking read a table's children several times in a row (a bisection, then the rows it
    found), and one table's nodes are a few hundred bytes; the rows of another table are made
    again, equal to those made before but not the same objects."""

    __slots__ = ("source", "first", "size", "headers")

    def __init__(self, source: Source, first: int, size: int, headers: int) -> None:
        self.source = source
        self.first = first
        self.size = size
        self.headers = headers

    def rows(self) -> tuple[Node, ...]:
        """Every row node, made now unless this table was the last one read."""
        global _LAST
        last = _LAST  # one read of the pair: another thread may replace it
        if last[0] is self:
            return last[1]
        text, starts, first, headers = self.source.text, self.source.line_starts, self.first, \
            self.headers
        count = len(starts)
        made = []
        for index in range(self.size):
            # `row_span` by slicing: the line with its break, stripped (a break is whitespace,
            # and `str.strip` strips what `str.isspace` says, as `trim_span` does).
            line = first + index
            start = starts[line]
            whole = text[start:starts[line + 1] if line + 1 < count else len(text)]
            kept = whole.lstrip()
            end = start + len(kept.rstrip()) + len(whole) - len(kept)
            made.append(Node(NodeKind.ROW, start + len(whole) - len(kept), end, line + 1,
                             line + 1, (), HEADER_ROW if index < headers else BODY_ROW))
        rows = tuple(made)
        _LAST = (self, rows)
        return rows

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Node: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Node, ...]: ...

    def __getitem__(self, index: int | slice) -> Node | tuple[Node, ...]:
        return self.rows()[index]

    def __iter__(self) -> Iterator[Node]:
        return iter(self.rows())

    def __reversed__(self) -> Iterator[Node]:
        return reversed(self.rows())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TableRows):
            return self.rows() == other.rows()
        if isinstance(other, tuple):
            return self.rows() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.rows())

    def __repr__(self) -> str:
        return repr(self.rows())

    def __reduce__(self) -> tuple[Any, ...]:
        return (TableRows, (self.source, self.first, self.size, self.headers))


_LAST: tuple[TableRows | None, tuple[Node, ...]] = (None, ())
