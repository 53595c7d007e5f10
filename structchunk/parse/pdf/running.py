"""Running headers and footers: page numbers and lines repeated at the edges of most pages."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import regex

from structchunk.parse.pdf.extract import Line, Page
from structchunk.parse.pdf.metrics import Metrics
from structchunk.parse.pdf.tables import table_rows

EDGE_LINES = 2  # lines at the top and bottom of a page that may be running headers/footers

_PAGE_NUMBER = regex.compile(
    r"^(?:(?:seite|page|pagina|s\.|p\.)\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?"
    r"(?:\s*(?:/|von|of|de)\s*\d{1,4})?$", flags=regex.IGNORECASE)


def strip_running_lines(pages: list[Page], metrics: Metrics) -> list[dict[str, Any]]:
    """Drop page numbers, and lines repeated at the same height atop or below most pages.

    A repeated line counts only where it stands apart from the body (smaller type or a wide
    gap), so a sentence that happens to open several pages stays.
    """
    def key(line: Line, digits: bool) -> tuple[str, int | None]:
        """The text (numbers blanked unless `digits`) and the height it sits at."""
        text = " ".join(line.text.lower().split())
        height = round(line.y / 4) if line.y is not None else None
        return (text if digits else regex.sub(r"\d+", "#", text)), height

    def edges(page: Page) -> dict[int, Line | None]:
        """Edge line index → its neighbour towards the body."""
        count = len(page.lines)
        found: dict[int, Line | None] = {}
        for index in range(min(EDGE_LINES, count)):
            found[index] = page.lines[index + 1] if index + 1 < count else None
        for index in range(max(0, count - EDGE_LINES), count):
            found.setdefault(index, page.lines[index - 1] if index > 0 else None)
        return found

    with_text = [page for page in pages if page.lines]
    exact: Counter[tuple[str, int | None]] = Counter()
    numbered: Counter[tuple[str, int | None]] = Counter()
    for page in with_text:
        exact.update({key(page.lines[index], True) for index in edges(page)})
        numbered.update({key(page.lines[index], False) for index in edges(page)})
    needed = max(2, math.ceil(len(with_text) * 0.6))

    def running(line: Line, neighbour: Line | None) -> bool:
        if _PAGE_NUMBER.match(line.text):
            return True
        if len(with_text) < 2 or not metrics.apart(line, neighbour):
            return False
        # `Kapitel 2` atop a page is a heading, `Seite 2 von 9` a footer: numbers are ignored
        # only for lines no larger than the body text.
        return exact[key(line, True)] >= needed or (
            numbered[key(line, False)] >= needed and not metrics.is_heading(line))

    removed: list[dict[str, Any]] = []
    for page in with_text:
        rows = table_rows(page.lines)
        drop = {index for index, neighbour in edges(page).items()
                if index not in rows and running(page.lines[index], neighbour)}
        removed.extend({"page": page.number, "text": page.lines[index].text}
                       for index in sorted(drop))
        page.lines = [line for index, line in enumerate(page.lines) if index not in drop]
    return removed
