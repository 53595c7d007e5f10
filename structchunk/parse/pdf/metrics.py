"""The body text's font size and line spacing: the yardstick for headings and paragraphs."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from structchunk.parse.pdf.extract import Line, PageLines

HEADING_RATIO = 1.15  # a line this much larger than the body text is a heading
PARAGRAPH_GAP = 1.4  # a gap this many usual line spacings wide ends a paragraph


@dataclass(frozen=True)
class Metrics:
    """The body text's font size and usual line spacing, over the whole document."""

    body_size: float
    spacing: float

    @classmethod
    def of(cls, pages: Sequence[PageLines]) -> Metrics:
        sizes: Counter[float] = Counter()
        for page in pages:
            for line in page.lines:
                sizes[size_key(line)] += len(line.text)
        body = sizes.most_common(1)[0][0] if sizes else 0.0
        gaps = [above.y - below.y for page in pages
                for above, below in zip(page.lines, page.lines[1:], strict=False)
                if above.y is not None and below.y is not None and above.y > below.y
                and size_key(above) == body and size_key(below) == body]
        return cls(body, statistics.median(gaps) if gaps else 0.0)

    def is_heading(self, line: Line) -> bool:
        return (self.body_size > 0 and line.size >= self.body_size * HEADING_RATIO
                and len(line.text) <= 200 and any(char.isalpha() for char in line.text))

    def apart(self, line: Line, neighbour: Line | None) -> bool:
        """Is `line` set apart from the body: smaller type, or a wide gap to `neighbour`?"""
        if self.body_size and line.size < self.body_size * 0.95:
            return True
        if neighbour is None or line.y is None or neighbour.y is None or not self.spacing:
            return neighbour is None
        return abs(line.y - neighbour.y) > self.spacing * PARAGRAPH_GAP


def size_key(line: Line) -> float:
    return round(line.size * 2) / 2
