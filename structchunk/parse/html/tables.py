"""An HTML table as rows of cell texts, spans flattened and header rows counted.

A cell with `colspan`/`rowspan` is repeated in every position it covers, so each row reads
whole on its own line, as a reader of the rendered table sees it. Header rows are the rows of
`<thead>`, else the leading rows made only of `<th>` cells.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

# A span larger than this is read as 1: a page's `colspan="1000"` must not make a huge grid.
MAX_SPAN = 100


@dataclass
class Grid:
    rows: list[list[str]]
    header_rows: int
    row_nodes: list[LexborNode]


def table_rows(table: LexborNode) -> list[tuple[LexborNode, bool]]:
    """The table's own rows (not those of nested tables) with whether each is in `<thead>`."""
    rows: list[tuple[LexborNode, bool]] = []
    for child in table.iter():
        if child.tag in ("thead", "tbody", "tfoot"):
            rows.extend((row, child.tag == "thead") for row in child.iter() if row.tag == "tr")
        elif child.tag == "tr":
            rows.append((child, False))
    return rows


def read_grid(table: LexborNode, cell_text: Callable[[LexborNode], str]) -> Grid:
    """Rows of cell texts with spans flattened; the number of header rows."""
    pending: dict[int, tuple[str, int]] = {}  # column -> (text, rows still to cover)
    grid: list[list[str]] = []
    nodes: list[LexborNode] = []
    in_head: list[bool] = []
    all_th: list[bool] = []
    for row, head in table_rows(table):
        cells = [cell for cell in row.iter() if cell.tag in ("td", "th")]
        values: list[str] = []
        column = 0
        for cell in cells:
            column = _fill_pending(values, pending, column)
            text = cell_text(cell)
            width = _span(cell, "colspan")
            height = _span(cell, "rowspan")
            for _ in range(width):
                values.append(text)
                if height > 1:
                    pending[column] = (text, height - 1)
                column += 1
        _fill_pending(values, pending, column, to_end=True)
        if not values:
            continue
        grid.append(values)
        nodes.append(row)
        in_head.append(head)
        all_th.append(bool(cells) and all(cell.tag == "th" for cell in cells))
    header = sum(1 for _ in _leading(in_head)) or sum(1 for _ in _leading(all_th))
    if header == len(grid):
        header = 0  # a table of header cells only is read as data
    return Grid(grid, header, nodes)


def _fill_pending(values: list[str], pending: dict[int, tuple[str, int]], column: int,
                  to_end: bool = False) -> int:
    """Cells of rows above that span down into this row, at `column` and after it."""
    while column in pending or (to_end and any(key >= column for key in pending)):
        if column not in pending:
            values.append("")
            column += 1
            continue
        text, left = pending[column]
        values.append(text)
        if left > 1:
            pending[column] = (text, left - 1)
        else:
            del pending[column]
        column += 1
    return column


def _leading(flags: list[bool]) -> list[bool]:
    count = 0
    for flag in flags:
        if not flag:
            break
        count += 1
    return flags[:count]


def _span(cell: LexborNode, name: str) -> int:
    value = (cell.attributes.get(name) or "1").strip()
    try:
        span = int(value)
    except ValueError:
        return 1
    return span if 1 <= span <= MAX_SPAN else 1
