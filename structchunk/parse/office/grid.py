"""Table grids with merged cells flattened, shared by the four office readers.

A reader gives each row as the cells that start in it, in column order: a cell's text and how
many grid columns it spans, or `text=None` for a cell that continues the one above it (a
vertical merge). `flatten` returns a rectangle of texts in which a vertically merged cell's
text stands in every row it covers, so each row of a split table reads whole on its own, and a
horizontally merged cell's text stands in every column it covers in the header rows when it
is short (a group heading over its columns) but only in its first column otherwise (a caption
row across the table, a form's long question, is not repeated in every column).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_REPEATED = 40  # characters: a longer spanned header (a form's question) stands once


@dataclass(frozen=True)
class Cell:
    """A cell that starts in a row: its text (None: continued from the cell above), how many
    grid columns it spans, and the columns skipped before it (Word's `gridBefore`)."""

    text: str | None
    span: int = 1
    skip: int = 0


def flatten(rows: list[list[Cell]], header_rows: int) -> list[list[str]]:
    """The rows as texts, one per grid column, all rows as wide as the widest."""
    grid: list[list[str]] = []
    for number, row in enumerate(rows):
        header = number < header_rows
        above = grid[-1] if grid else []
        texts: list[str] = []
        for cell in row:
            texts.extend([""] * cell.skip)
            column = len(texts)
            span = max(1, cell.span)
            if cell.text is None:
                texts.extend(above[column:column + span])
                texts.extend([""] * (column + span - len(texts)))
                continue
            texts.append(cell.text)
            repeated = header and len(cell.text) <= MAX_REPEATED
            texts.extend([cell.text if repeated else ""] * (span - 1))
        grid.append(texts)
    width = max((len(texts) for texts in grid), default=0)
    for texts in grid:
        texts.extend([""] * (width - len(texts)))
    return _without_empty_columns(grid)


def _without_empty_columns(grid: list[list[str]]) -> list[list[str]]:
    """Columns empty in every row (a spacer column, a ragged grid's padding) are dropped."""
    if not grid:
        return grid
    keep = [column for column in range(len(grid[0]))
            if any(texts[column].strip() for texts in grid)]
    if len(keep) == len(grid[0]):
        return grid
    return [[texts[column] for column in keep] for texts in grid]
