"""Tables: runs of lines whose pieces stand in the same columns, consistently over the rows.

A line's pieces are merged into cells where the gap between them is narrower than a column
gap (about a font size); lines of two or more cells are rows. Consecutive rows belong to one
table when each cell lines up with a column by its left edge, its right edge or its centre
(left-aligned text, right-aligned numbers, centred LaTeX and office cells); a row with empty
cells continues the table when its cells line up with columns. A run is called a table only
when it is consistent: at least two rows (three for two columns), cells that read as data
rather than prose (short, not ending sentences: footnotes set in columns are no table), and
most rows filled. The first row is a header when none of its cells is a number; a table whose
first row is data (a spreadsheet export, or the continuation on the next page) has none.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

import regex

from structchunk.parse.pdf.extract import Line

ALIGN = 0.5  # font sizes (at least 3 points): column edges or centres this close line up
CELL_GAP = 0.9  # font sizes: a narrower gap between two pieces is inside one cell
MAX_CELL = 60  # characters: the mean cell of a table is shorter (prose is longer)
SENTENCE_SHARE = 0.5  # more cells than this ending a sentence make prose, not a table
FILLED_SHARE = 0.5  # at least this share of the rows has every column filled

_NUMERIC = regex.compile(r"^[\p{Sc}%+\-–−±~≈<>()\s]*\d[\d\s.,:/%\p{Sc}+\-–−()']*$")
_SENTENCE_END = regex.compile(r"[.!?;]$")

Span = tuple[float, float]  # left and right edge


@dataclass
class Table:
    """Rows `first`..`last` (line indices of a page), column spans, and whether row one is a
    header."""

    first: int
    last: int
    columns: list[Span]
    header: bool

    def column_of(self, cell: Span) -> int:
        """The column a cell belongs to: the one it overlaps most, else the nearest centre."""
        def score(index: int) -> tuple[float, float]:
            left, right = self.columns[index]
            overlap = min(right, cell[1]) - max(left, cell[0])
            return (overlap, -abs((left + right) / 2 - (cell[0] + cell[1]) / 2))
        return max(range(len(self.columns)), key=score)


def cells(line: Line) -> list[tuple[Span, str]]:
    """The line's pieces merged into cells, left to right."""
    pieces = sorted(zip(((x, end) for (x, _text), end in zip(line.cells, line.ends,
                                                              strict=True)),
                        (text for _x, text in line.cells), strict=True))
    merged: list[tuple[Span, str]] = []
    gap = CELL_GAP * max(line.size, 4.0)
    for (left, right), text in pieces:
        if merged and left - merged[-1][0][1] < gap:
            (first, last), joined = merged[-1]
            merged[-1] = ((first, max(last, right)), f"{joined} {text}")
        else:
            merged.append(((left, right), text))
    return merged


def find_tables(lines: list[Line]) -> list[Table]:
    """The tables among a page's lines, in order."""
    shapes = [cells(line) for line in lines]
    tables: list[Table] = []
    index = 0
    while index < len(lines):
        if len(shapes[index]) < 2:
            index += 1
            continue
        columns = [span for span, _text in shapes[index]]
        slack = max(3.0, ALIGN * lines[index].size)
        end = index
        while end + 1 < len(lines):
            following = [span for span, _text in shapes[end + 1]]
            if len(following) < 2:
                break
            if len(following) > len(columns) and all(
                    row_fits(following, [span for span, _ in shapes[row]], slack)
                    for row in range(index, end + 1)):
                columns = following  # the rows so far had empty cells
            elif not row_fits(columns, following, slack):
                break
            end += 1
        table = judge_table(shapes[index:end + 1], index, columns)
        if table is not None:
            tables.append(table)
        index = end + 1
    return tables


def table_rows(lines: list[Line]) -> dict[int, Table]:
    """Line index → the table it is a row of."""
    return {row: table for table in find_tables(lines)
            for row in range(table.first, table.last + 1)}


def aligned(first: Span, second: Span, slack: float = 3.0) -> bool:
    """Do two cells line up by their left edges, right edges or centres? Right edges come
    from the font's widths (or an estimate), so `slack` allows for some error."""
    return (abs(first[0] - second[0]) <= slack or abs(first[1] - second[1]) <= slack
            or abs((first[0] + first[1]) / 2 - (second[0] + second[1]) / 2) <= slack)


def row_fits(columns: list[Span], row: list[Span], slack: float) -> bool:
    """Does each cell of `row` line up with its own column, in order?"""
    if len(row) > len(columns):
        return False
    column = 0
    for span in row:
        while column < len(columns) and not aligned(columns[column], span, slack):
            column += 1
        if column == len(columns):
            return False
        column += 1
    return True


def judge_table(rows: list[list[tuple[Span, str]]], first: int, columns: list[Span]
           ) -> Table | None:
    """A run of aligned rows is a table only when it is consistent over its rows."""
    if len(rows) < (3 if len(columns) == 2 else 2):
        return None
    texts = [text for row in rows for _span, text in row]
    if statistics.mean(len(text) for text in texts) > MAX_CELL:
        return None
    if sum(bool(_SENTENCE_END.search(text)) for text in texts) > len(texts) * SENTENCE_SHARE:
        return None
    if sum(len(row) == len(columns) for row in rows) < len(rows) * FILLED_SHARE:
        return None
    header = not any(_NUMERIC.match(text) for _span, text in rows[0])
    return Table(first, first + len(rows) - 1, columns, header)
