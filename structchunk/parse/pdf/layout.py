"""Lines of all pages to one text: paragraph breaks, hyphenation, headings, tables, pages.

The text is what the Document's offsets point into; headings and tables are reported by line
number for the plain-text parser to build nodes from.
"""

from __future__ import annotations

import regex

from structchunk.lang.grammars import words_in_any_language
from structchunk.parse.pdf.extract import Line, PageLines
from structchunk.parse.pdf.headings import Headings
from structchunk.parse.pdf.metrics import PARAGRAPH_GAP, Metrics
from structchunk.parse.pdf.tables import Table, aligned, cells, table_rows

_SENTENCE_END = regex.compile(r"[.!?:;)\]]$")
# A hyphen before these words is a suspended hyphen (`Kosten- und Lasten`), kept: the
# `[words] after_suspended_hyphen` lists of the language grammars.
_KEEP_HYPHEN_BEFORE = "after_suspended_hyphen"


class Layout:
    """Lines of all pages to one text: paragraph breaks, headings, tables, page offsets."""

    def __init__(self, pages: list[PageLines], metrics: Metrics, headings: Headings) -> None:
        self.metrics = metrics
        self.spacing = metrics.spacing
        self.heading_of = headings
        self.parts: list[str] = []
        self.length = 0
        self.line_number = 0
        self.page_starts: list[int] = []
        self.headings: dict[int, int] = {}
        self.tables: dict[int, int] = {}
        self.last: Line | None = None
        self.open_table: Table | None = None  # the table the last page with text ended in
        for page in pages:
            self._page(page)
        self.page_starts.extend([self.length] * (len(pages) - len(self.page_starts)))

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def _is_heading(self, line: Line) -> bool:
        return self.heading_of.is_heading(line)

    def _write(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)
        self.line_number += text.count("\n")

    def _page(self, page: PageLines) -> None:
        rows = table_rows(page.lines)
        previous: Line | None = None
        continued = False
        for index, line in enumerate(page.lines):
            table = rows.get(index)
            same_table = table is not None and rows.get(index - 1) is table
            if previous is None:
                # A table that runs on from the previous page continues it, header and all.
                continued = table is not None and self._continues_table(table)
                if self.length:
                    self._write("\n" if continued or self._continues(line, table is not None)
                                else "\n\n")
                # A page without text starts where the next page with text does.
                self.page_starts.extend([self.length] * (page.number - len(self.page_starts)))
            elif table is not None or (index - 1) in rows:
                self._write("\n" if same_table else "\n\n")
            elif self._joins_hyphenated(previous, line):
                self.parts[-1] = self.parts[-1][:-1]
                self.length -= 1
            else:
                self._write("\n\n" if self._breaks(previous, line) else "\n")
            if table is not None:
                first = not same_table and not (continued and index == table.first)
                self._row(line, table, first)
            else:
                level = self.heading_of.level(line)
                if level is not None:
                    self.headings[self.line_number] = level
                self._write(line.text)
            previous = line
            self.last = None if table is not None else line
        if page.lines:
            self.open_table = rows.get(len(page.lines) - 1)

    def _continues_table(self, table: Table) -> bool:
        open_table = self.open_table
        return (open_table is not None and table.first == 0
                and len(open_table.columns) == len(table.columns)
                and all(aligned(above, below) for above, below
                        in zip(open_table.columns, table.columns, strict=True)))

    def _continues(self, line: Line, is_row: bool) -> bool:
        """Does a paragraph run on from the previous page into this first line?"""
        last = self.last
        return (last is not None and not is_row and not self._is_heading(last)
                and not self._is_heading(line) and not _SENTENCE_END.search(last.text)
                and line.text[:1].islower())

    def _breaks(self, above: Line, below: Line) -> bool:
        if self._is_heading(above) or self._is_heading(below):
            # A title wrapped over lines: consecutive lines of one level are one heading.
            return self.heading_of.level(above) != self.heading_of.level(below)
        if abs(above.size - below.size) > 0.1 * max(above.size, below.size, 1.0):
            return True
        if above.y is None or below.y is None or not self.spacing:
            return False
        gap = above.y - below.y
        return gap <= 0 or gap > self.spacing * PARAGRAPH_GAP

    def _joins_hyphenated(self, above: Line, below: Line) -> bool:
        if self._breaks(above, below) or self._is_heading(above):
            return False
        if len(above.text) < 2 or above.text[-1] != "-" or not above.text[-2].isalpha():
            return False
        word = regex.match(r"\w+", below.text)
        return bool(word) and below.text[0].islower() and word.group(0) not in (
            words_in_any_language(_KEEP_HYPHEN_BEFORE))

    def _row(self, line: Line, table: Table, first: bool) -> None:
        texts = [""] * len(table.columns)
        for span, text in cells(line):
            column = table.column_of(span)
            texts[column] = f"{texts[column]} {text}".strip()
        self._write("| " + " | ".join(text.replace("|", "\\|") for text in texts) + " |")
        if first:
            start = self.line_number
            if table.header:
                self._write("\n| " + " | ".join("---" for _ in table.columns) + " |")
            self.tables[start] = self.line_number
        else:
            last_start = max(self.tables)
            self.tables[last_start] = self.line_number
