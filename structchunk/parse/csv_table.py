"""CSV and TSV files: one table whose first record is its header, repeated in every piece.

The content stays the verbatim file; records are read with the standard library's `csv`
module (quoted fields may hold line breaks, so a record can span lines) and each becomes a
row spanning its lines. A file with a single record, or a first record that looks like data
(every field a number), has no header row.
"""

from __future__ import annotations

import csv
from typing import Any

import regex

from structchunk.decode import Source
from structchunk.errors import ParseError
from structchunk.parse.sections import fill_gaps, sectionize
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span

_NUMBER = regex.compile(r"\s*[-+]?\d[\d.,]*\s*")
csv.field_size_limit(1 << 30)


def parse(source: Source, language: str | None = None, **_options: Any) -> Document:
    delimiter = "\t" if (source.path or "").lower().endswith(".tsv") else _delimiter(source)
    lines = source.text.splitlines(keepends=True)
    reader = csv.reader(lines, delimiter=delimiter)
    rows: list[Node] = []
    first_line = 0
    try:
        for number, record in enumerate(reader):
            last_line = reader.line_num - 1
            start, end = trim_span(source.text, source.line_start(first_line),
                                   source.line_end(last_line))
            first_line = reader.line_num
            if end > start:
                header = number == 0 and not all(_NUMBER.fullmatch(field) for field in record)
                rows.append(make_node(source, NodeKind.ROW, start, end, header=header))
    except csv.Error as err:
        raise ParseError(f"is not valid CSV at line {reader.line_num} ({err})",
                         source.origin) from err
    if len(rows) < 2:
        rows = [make_node(source, NodeKind.ROW, row.start, row.end, header=False)
                for row in rows]
    blocks: list[Node] = []
    if rows:
        table = make_node(source, NodeKind.TABLE, rows[0].start, rows[-1].end,
                          fill_gaps(source, rows[0].start, rows[-1].end, rows),
                          header_rows=sum(1 for row in rows if row.attrs.get("header")))
        blocks.append(table)
    root = sectionize(source, fill_gaps(source, 0, len(source.text), blocks))
    return Document(source=source, root=root, format="csv", language=language)


def _delimiter(source: Source) -> str:
    try:
        return csv.Sniffer().sniff(source.text[:4096], delimiters=",;\t|").delimiter
    except csv.Error:
        return ","
