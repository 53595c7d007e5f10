"""Running heads and footers: page numbers and lines at the page edges that repeat.

A line at the top or bottom of a page is a running line when it stands apart from the body
(smaller type or a wide gap) and one of these holds:

* its text, or its text with numbers blanked (`Seite 3 von 9`), recurs at the same height on
  most pages;
* it is a page number in the head or foot band of the page (a lone digit in a figure is not);
* it belongs to a row of lines at one height in the head or foot band of most pages (same
  geometry), and its text varies the way running heads do: a number that follows the page
  number, text shared with other pages of that row (the current chapter), or the title of a
  heading of the body (`4 1.1. TOPOLOGISCHE RÄUME` over a section `1.1. Topologische Räume`).

Removal never empties a page: when every line of a page would go, its lines other than a
bare page number stay (all of them if there are no others), and the decision is recorded.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import regex

from structchunk.lang.grammars import words_in_any_language
from structchunk.parse.pdf.extract import Line, PageLines
from structchunk.parse.pdf.metrics import Metrics
from structchunk.parse.pdf.tables import table_rows

EDGE_LINES = 2  # lines at the top and bottom of a page that may be running headers/footers
BAND = 0.15  # share of the page height at the top and at the bottom where running lines sit
REPEATED = 0.6  # share of the pages on which a text must recur at one height
SAME_PLACE = 0.5  # share of the pages that must have a line at one height in a band

_LEADING_NUMBER = regex.compile(r"\s*(\d{1,4})\b(?![.,]\d)")
_TRAILING_NUMBER = regex.compile(r"(?<![\d.,])(\d{1,4})\s*$")
_NUMBER = regex.compile(r"\d+")
_NOT_WORD = regex.compile(r"[\W\d_]+")


@lru_cache(maxsize=4)
def page_number_pattern(page: frozenset[str], page_of: frozenset[str]) -> regex.Pattern[str]:
    """`Seite 3 von 9`, `- 12 -`, `iv`: the words are the `[words] page` and `page_of` lists
    of the language grammars."""
    return regex.compile(
        rf"^(?:(?:{alternatives_pattern(page)})\s*)?[-–—]?\s*(?:\d{{1,4}}|(?-i:[ivxlc]{{1,7}}))\s*[-–—]?"
        rf"(?:\s*(?:/|{alternatives_pattern(page_of)})\s*\d{{1,4}})?$", flags=regex.IGNORECASE)


def alternatives_pattern(words: frozenset[str]) -> str:
    """A regex alternation of the words, longest first so `seite` wins over `se`; never
    matching when there are none."""
    return "|".join(regex.escape(word) for word in sorted(words, key=lambda w: (-len(w), w))
                    ) or "(?!)"


def is_page_number(text: str) -> bool:
    """Whether a line reads as a page number in any language the grammars know."""
    pattern = page_number_pattern(words_in_any_language("page"),
                                   words_in_any_language("page_of"))
    return pattern.match(text) is not None


@dataclass
class RunningLines:
    """What was removed, and what was kept because removing it would have emptied a page."""

    removed: list[dict[str, Any]] = field(default_factory=list)
    kept: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Candidate:
    """A line at a page edge that may be a running line, with its band and neighbour."""

    page: PageLines
    index: int
    neighbour: Line | None  # the next line towards the body
    band: str | None  # "top", "bottom", or None outside the bands (or unknown geometry)

    @property
    def line(self) -> Line:
        return self.page.lines[self.index]


def strip_running_lines(pages: list[PageLines], metrics: Metrics) -> RunningLines:
    """Remove running lines from `pages` in place; report what was removed and kept."""
    with_text = [page for page in pages if page.lines]
    candidates = [candidate for page in with_text for candidate in _edges(page)]
    rows_by_page = {page.number: table_rows(page.lines) for page in with_text}
    candidates = [candidate for candidate in candidates
                  if candidate.index not in rows_by_page[candidate.page.number]]
    judge = Judge(with_text, candidates, metrics)
    result = RunningLines()
    drops: dict[int, set[int]] = defaultdict(set)
    for candidate in candidates:
        if judge.running(candidate):
            drops[candidate.page.number].add(candidate.index)
    for page in with_text:
        drop = drops.get(page.number, set())
        if drop and len(drop) == len(page.lines):
            # Never empty a page: keep its lines, bare page numbers only if nothing else.
            keep = {index for index in drop if not is_page_number(page.lines[index].text)}
            keep = keep or set(drop)
            result.kept.extend({"page": page.number, "text": page.lines[index].text}
                               for index in sorted(keep))
            drop -= keep
        result.removed.extend({"page": page.number, "text": page.lines[index].text}
                              for index in sorted(drop))
        page.lines = [line for index, line in enumerate(page.lines) if index not in drop]
    return result


def _edges(page: PageLines) -> list[Candidate]:
    """The first and last EDGE_LINES lines of a page, each with its neighbour to the body."""
    count = len(page.lines)
    found: dict[int, Line | None] = {}
    for index in range(min(EDGE_LINES, count)):
        found[index] = page.lines[index + 1] if index + 1 < count else None
    for index in range(max(0, count - EDGE_LINES), count):
        found.setdefault(index, page.lines[index - 1] if index > 0 else None)
    return [Candidate(page, index, neighbour, edge_band(page, page.lines[index], index))
            for index, neighbour in found.items()]


def edge_band(page: PageLines, line: Line, index: int) -> str | None:
    """`top` or `bottom` when the line lies in the page's head or foot band, else None."""
    if line.y is None or page.top is None or page.bottom is None:
        # No geometry: only the very first and last lines may be a page's head or foot.
        if index == 0:
            return "top"
        return "bottom" if index == len(page.lines) - 1 else None
    margin = (page.top - page.bottom) * BAND
    if line.y >= page.top - margin:
        return "top"
    return "bottom" if line.y <= page.bottom + margin else None


def text_key(line: Line, digits: bool) -> str:
    """The line's text as repeats are compared: spaces folded, numbers blanked unless
    `digits` (so `Seite 3 von 9` matches `Seite 4 von 9`)."""
    text = " ".join(line.text.lower().split())
    return text if digits else _NUMBER.sub("#", text)


def line_height(line: Line) -> int | None:
    """The line's height on the page in 4-point steps, so a repeat may move a little."""
    return round(line.y / 4) if line.y is not None else None


def edge_numbers(text: str) -> set[int]:
    """Numbers at the start or the end of a line (where running heads put the page number)."""
    return {int(number) for match in (_LEADING_NUMBER.match(text), _TRAILING_NUMBER.search(text))
            if match for number in match.groups()}


def words_only(text: str) -> str:
    """Letters only, case folded: `4 1.1. TOPOLOGISCHE RÄUME` → `topologischeräume`."""
    return _NOT_WORD.sub("", text).casefold()


class Judge:
    """Decides which candidates are running lines, from what recurs across the pages."""

    def __init__(self, pages: list[PageLines], candidates: list[Candidate], metrics: Metrics
                 ) -> None:
        self.metrics = metrics
        self.many_pages = len(pages) >= 2
        self.exact: Counter[tuple[str, int | None]] = Counter()
        self.numbered: Counter[tuple[str, int | None]] = Counter()
        for page in pages:
            edges = [c for c in candidates if c.page is page]
            self.exact.update({(text_key(c.line, True), line_height(c.line)) for c in edges})
            self.numbered.update({(text_key(c.line, False), line_height(c.line)) for c in edges})
        self.needed = max(2, math.ceil(len(pages) * REPEATED))
        # Rows of lines at one height in a band, on most pages: a running head's geometry.
        rows: dict[tuple[str, int | None], list[Candidate]] = defaultdict(list)
        for candidate in candidates:
            if candidate.band and candidate.line.y is not None and self._apart(candidate):
                rows[(candidate.band, line_height(candidate.line))].append(candidate)
        place_needed = max(2, math.ceil(len(pages) * SAME_PLACE))
        self.rows = {key: row for key, row in rows.items()
                     if len({c.page.number for c in row}) >= place_needed}
        self.row_offsets = {key: self.page_offset(row) for key, row in self.rows.items()}
        self.row_texts = {key: Counter(words_only(c.line.text) for c in row)
                          for key, row in self.rows.items()}
        edge_lines = {(c.page.number, c.index) for c in candidates}
        self.body_titles = {words_only(line.text) for page in pages
                            for index, line in enumerate(page.lines)
                            if (page.number, index) not in edge_lines and metrics.is_heading(line)}
        self.body_titles.discard("")
        self.number_offsets = self.page_offset(
            [c for c in candidates if c.band and is_page_number(c.line.text)])

    def _apart(self, candidate: Candidate) -> bool:
        return self.metrics.apart(candidate.line, candidate.neighbour)

    @staticmethod
    def page_offset(row: list[Candidate]) -> int | None:
        """The difference between printed and physical page numbers most lines agree on."""
        offsets: Counter[int] = Counter()
        for candidate in row:
            offsets.update({number - candidate.page.number
                            for number in edge_numbers(candidate.line.text)})
        if not offsets:
            return None
        offset, count = offsets.most_common(1)[0]
        return offset if count >= 2 else None

    def running(self, candidate: Candidate) -> bool:
        line = candidate.line
        if is_page_number(line.text):
            return self.is_page_number(candidate)
        if not self.many_pages or not self._apart(candidate):
            return False
        # `Kapitel 2` atop a page is a heading, `Seite 2 von 9` a footer: numbers are ignored
        # only for lines no larger than the body text.
        if self.exact[(text_key(line, True), line_height(line))] >= self.needed or (
                self.numbered[(text_key(line, False), line_height(line))] >= self.needed
                and not self.metrics.is_heading(line)):
            return True
        return self._varying_head(candidate)

    def is_page_number(self, candidate: Candidate) -> bool:
        """A page number stands in a band, apart from the body, in step with the pages."""
        if candidate.band is None:
            return False
        if not self.many_pages:
            return True
        numbers = edge_numbers(candidate.line.text)
        if numbers and self.number_offsets is not None:
            return self.number_offsets + candidate.page.number in numbers
        return self._apart(candidate)

    def _varying_head(self, candidate: Candidate) -> bool:
        """A line of a running-head row whose text varies as running heads do."""
        key = (candidate.band, line_height(candidate.line))
        if candidate.band is None or key not in self.rows:
            return False
        text = candidate.line.text
        offset = self.row_offsets[key]
        if offset is not None and offset + candidate.page.number in edge_numbers(text):
            return True
        words = words_only(text)
        if not words:
            return False
        return self.row_texts[key][words] >= 2 or words in self.body_titles
