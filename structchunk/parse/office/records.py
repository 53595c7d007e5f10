"""What an office file holds, as plain records: the step between a reader library and the tree.

Each format's reader (`docx.py`, `pptx.py`, `xlsx.py`, `odt.py`) turns its file into a list of
`Unit`s (a slide, a sheet, or the whole body of a word-processing document), each a list of
`Block`s in reading order. The records know nothing of offsets; `build.py` appends them to the
derived text. Keeping the two steps apart lets every reader be tested on what it found, and
lets one builder give all four formats the same tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

HEADING = "heading"
PARAGRAPH = "paragraph"
ITEM = "item"  # a list item; consecutive items form one list
QUOTE = "quote"
CODE = "code"
TABLE = "table"
NOTES = "notes"  # a slide's speaker notes


@dataclass
class Table:
    """Rows of cell texts with merged cells already flattened (every covered cell holds the
    text of the cell that covers it), and how many leading rows are header rows."""

    rows: list[list[str]]
    header_rows: int = 1
    row_origins: list[dict[str, Any]] = field(default_factory=list)

    def width(self) -> int:
        return max((len(row) for row in self.rows), default=0)


@dataclass
class Block:
    """One block of text: its kind, its text (tabs and line breaks as in the file), a level
    (heading level, or list nesting from 0), whether a list item is numbered, the table for
    a TABLE block, and `origin`: where it is in the file (paragraph index, slide, sheet and
    cell range) for citations."""

    kind: str
    text: str = ""
    level: int = 0
    ordered: bool = False
    table: Table | None = None
    origin: dict[str, Any] = field(default_factory=dict)


@dataclass
class Unit:
    """A slide, a sheet or a document body: `kind` is "slide", "sheet" or "body"; `number`
    is 1-based; `name` is a sheet's name or a slide's title."""

    kind: str
    number: int
    name: str | None = None
    blocks: list[Block] = field(default_factory=list)
    origin: dict[str, Any] = field(default_factory=dict)


@dataclass
class Extracted:
    """A whole file: its units, what the reader reports about it, and problems it met."""

    units: list[Unit]
    metadata: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def blocks(self) -> list[Block]:
        return [block for unit in self.units for block in unit.blocks]


def clean(text: str) -> str:
    """Cell and paragraph text with control characters other than tab and newline dropped
    (vertical tabs and form feeds that Word and PowerPoint store as line breaks become one)."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char in "\t\n":
            out.append(char)
        elif char in "\v\f\r\x0b\x0c":
            out.append("\n")
        elif char.isprintable() or char == " " or not _is_control(char):
            out.append(char)
    return "".join(out)


def _is_control(char: str) -> bool:
    code = ord(char)
    return code < 0x20 or 0x7F <= code < 0xA0 or code in (0xFFFE, 0xFFFF)
