"""Which lines are headings, and at which level: the outline first, then the typography.

With an outline whose titles are found in the text, those lines are the headings and the
outline gives their levels; typographic headings set smaller than every outline heading nest
below them (an outline often stops at the second level). Without one, a heading is a line
that stands out from the body text:

* set larger than the body, at a text margin or centred (a larger word inside a figure sits
  elsewhere), or
* bold at body size, when numbered (`3.1 LRS model`) or standing alone between gaps.

Lines that read as data are never headings: more digits than letters (a spreadsheet row),
pieces spread over three or more columns (a table row), or a sentence end (`,` `;`).
Levels follow the style: larger first, bold before regular, then the depth of the numbering.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import regex

from structchunk.parse.pdf.extract import Line, PageLines
from structchunk.parse.pdf.metrics import HEADING_RATIO, PARAGRAPH_GAP, Metrics, size_key
from structchunk.parse.pdf.tables import cells

MAX_HEADING = 200  # characters
MAX_BOLD_HEADING = 100  # characters of an unnumbered bold heading at body size
MARGIN_SLACK = 6.0  # points between a heading's left edge and a text margin
CENTRE_SLACK = 0.06  # share of the page width a centred heading's middle may be off
GLYPH_WIDTH = 0.5  # a glyph's usual width, in font sizes (to estimate a line's width)

_NUMBERED = regex.compile(
    r"^(?P<number>\d{1,3}(?:\.\d{1,3})*\.?|[A-Z]\.|(?:[IVX]{1,5})\.|\d{1,3}\))\s+\S")
_SENTENCE_PAUSE = regex.compile(r"[,;]$")

Style = tuple[float, bool, int]  # size, bold, numbering depth


def numbering_depth(text: str) -> int | None:
    """1 for `3` or `A.`, 2 for `3.1`, ...; None for a line without a section number."""
    match = _NUMBERED.match(text)
    if match is None:
        return None
    number = match.group("number").rstrip(".)")
    return number.count(".") + 1 if number[:1].isdigit() else 1


class Headings:
    """`level(line)` for every line of the document, None for lines that are no heading."""

    def __init__(self, pages: Sequence[PageLines], metrics: Metrics,
                 outline: dict[int, int] | None = None) -> None:
        self.metrics = metrics
        self.margins = self._margins(pages)
        styles: dict[int, Style] = {}
        for page in pages:
            for index, line in enumerate(page.lines):
                style = self._style(page, index)
                if style is not None:
                    styles[id(line)] = style
        self.levels: dict[int, int] = {}
        self.source = "typography"
        lines = {id(line): line for page in pages for line in page.lines}
        if outline:
            self.source = "outline"
            self.levels.update(outline)
            deepest = max(outline.values())
            shown = [self._order(self._own_style(lines[key])) for key in outline if key in lines]
            floor = max(shown) if shown else None
            below = {key: style for key, style in styles.items()
                     if key not in outline and floor is not None
                     and self._order(style)[:2] > floor[:2]}
            self._rank(below, start=deepest)
        else:
            self._rank(styles, start=0)

    def level(self, line: Line) -> int | None:
        return self.levels.get(id(line))

    def is_heading(self, line: Line) -> bool:
        return id(line) in self.levels

    # -- typography -----------------------------------------------------------------------

    def _rank(self, styles: dict[int, Style], start: int) -> None:
        # An unnumbered heading ranks with the numbered ones of its size and weight.
        shallowest: dict[tuple[float, bool], int] = {}
        for size, bold, depth in styles.values():
            if depth:
                shallowest[(size, bold)] = min(shallowest.get((size, bold), depth), depth)
        settled = {key: (size, bold, depth or shallowest.get((size, bold), 0))
                   for key, (size, bold, depth) in styles.items()}
        order = sorted({self._order(style) for style in settled.values()})
        rank = {style: start + number + 1 for number, style in enumerate(order)}
        for line_id, style in settled.items():
            self.levels[line_id] = rank[self._order(style)]

    @staticmethod
    def _order(style: Style) -> tuple[float, int, int]:
        size, bold, depth = style
        return (-size, 0 if bold else 1, depth)

    def _own_style(self, line: Line) -> Style:
        return (size_key(line), line.bold, numbering_depth(line.text) or 0)

    def _style(self, page: PageLines, index: int) -> Style | None:
        line = page.lines[index]
        text = line.text
        body = self.metrics.body_size
        if body <= 0 or not text or len(text) > MAX_HEADING or _SENTENCE_PAUSE.search(text):
            return None
        letters = sum(char.isalpha() for char in text)
        digits = sum(char.isdigit() for char in text)
        if letters == 0 or digits > letters or self._columns(line):
            return None
        depth = numbering_depth(text)
        if line.size >= body * HEADING_RATIO:
            if depth is None and not self._placed_as_heading(page, line):
                return None
            return (size_key(line), line.bold, depth or 0)
        if line.bold and line.size >= body * 0.95:
            above = page.lines[index - 1] if index else None
            below = page.lines[index + 1] if index + 1 < len(page.lines) else None
            if depth is not None or (len(text) <= MAX_BOLD_HEADING and text[0].isupper()
                                     and not text.endswith((".", ":"))
                                     and self._alone(line, above, below)):
                return (size_key(line), True, depth or 0)
        return None

    def _alone(self, line: Line, above: Line | None, below: Line | None) -> bool:
        """A gap (or a change of style) on both sides: the line is a block of its own."""
        def apart(other: Line | None) -> bool:
            if other is None or other.bold != line.bold or size_key(other) != size_key(line):
                return True
            if other.y is None or line.y is None or not self.metrics.spacing:
                return False
            return abs(other.y - line.y) > self.metrics.spacing * PARAGRAPH_GAP
        return apart(above) and apart(below)

    @staticmethod
    def _columns(line: Line) -> bool:
        """Pieces spread over three or more columns: a table or data row."""
        return len(cells(line)) >= 3

    def _margins(self, pages: Sequence[PageLines]) -> list[float]:
        """Left edges where body lines usually start (one or more columns)."""
        starts: Counter[int] = Counter()
        for page in pages:
            for line in page.lines:
                if line.cells and size_key(line) == self.metrics.body_size:
                    starts[round(min(x for x, _text in line.cells))] += 1
        total = sum(starts.values())
        return [float(x) for x, count in starts.items() if count >= max(3, total * 0.02)]

    def _placed_as_heading(self, page: PageLines, line: Line) -> bool:
        if not line.cells or not self.margins:
            return True
        left = min(x for x, _text in line.cells)
        if any(abs(left - margin) <= MARGIN_SLACK for margin in self.margins):
            return True
        if page.left is None or page.right is None:
            return True
        width = page.right - page.left
        middle = left + len(line.text) * line.size * GLYPH_WIDTH / 2
        return abs(middle - (page.left + page.right) / 2) <= width * CENTRE_SLACK
