"""Tables: runs of lines whose pieces stand in the same columns."""

from __future__ import annotations

from structchunk.parse.pdf.extract import Line


def table_rows(lines: list[Line]) -> dict[int, list[float]]:
    """Line index → column positions, for runs of two or more lines with aligned pieces."""
    def columns(line: Line) -> tuple[float, ...]:
        return tuple(sorted({round(x) for x, _text in line.cells}))

    rows: dict[int, list[float]] = {}
    index = 0
    while index < len(lines):
        shape = columns(lines[index])
        end = index
        while (len(shape) >= 2 and end + 1 < len(lines)
               and _aligned(shape, columns(lines[end + 1]))):
            end += 1
        if end > index:
            for row in range(index, end + 1):
                rows[row] = [float(x) for x in shape]
        index = end + 1
    return rows


def _aligned(first: tuple[float, ...], second: tuple[float, ...]) -> bool:
    return len(first) == len(second) and all(
        abs(a - b) <= 2 for a, b in zip(first, second, strict=True))
