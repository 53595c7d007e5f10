"""Derived text: the readable text of a format whose source is not itself good chunk content.

HTML and the office formats are markup or packages, not text a reader wants in a chunk. Their
parsers walk their own structure and hand each block to a `DerivedText` builder, which writes
the block into one text buffer, the way a reader sees it (`## Title` headings, `- ` and `1. `
list markers, `> ` quotes, `| a | b |` table rows, fenced code), and records a node of the
usual kinds (`structchunk/tree.py`) with its exact span in that text. `build()` returns a
`Document` whose `text` is the derived text, so `text[chunk.start:chunk.end] == chunk.content`
holds as for every other format, and the chunker needs to know nothing about the format.

Usage, in document order::

    text = DerivedText("page.html", path="page.html")
    text.heading("Install", level=1, origin={"html": (120, 160)})
    text.paragraph("Run the installer.", origin={"html": (161, 200)})
    with text.items(ordered=True, lead_in="Then:"):
        with text.item():
            text.paragraph("configure")
    text.table([["Name", "Size"], ["a", "1"]], header_rows=1)
    text.code("def f():\\n    pass", language="python")
    with text.unit("slide", 3):            # what it holds carries metadata["slide"] == 3
        text.heading("Slide title", level=1)
    text.page(2)                           # the next block starts page 2 (metadata["pages"])
    document = text.build("html", metadata={"removed": [...]})

* `origin` (optional on every block and container) says where the block came from in the
  original: `{"html": (start, end)}`, `{"paragraph": 12}`, `{"slide": 3}`,
  `{"sheet": "Q1", "cells": "A1:D20"}`, `{"cell": 4}`. Every chunk that touches the block gets
  it in `metadata["origin"]`, a list of such mappings in document order.
* Headings are nested into sections by `parse/sections.py:sectionize`, per unit. A heading
  asked for inside a list, an item or a quote is written as a paragraph (a section cannot
  start inside a list).
* Tables take their cells already flattened (a col/row span repeated in the cells it covers);
  the first `header_rows` rows are header, followed by a `| --- |` delimiter row, so a table
  cut between rows repeats them. Cell text is written on one line, `|` escaped.
* Code is a fenced block whose body is cut at definitions by tree-sitter, as fenced code in
  Markdown (only at the top level or in a unit, where its lines carry no quote or list prefix).
* Blank blocks are skipped, empty containers dropped; nothing is written twice.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import regex

from structchunk.decode import Source, from_text
from structchunk.parse.code import code_meta, outline, resolve_code_language
from structchunk.parse.sections import sectionize
from structchunk.tree import Document, Node, NodeKind, Page, make_node

Origin = Mapping[str, Any]
_BLANK_LINES = regex.compile(r"\n[^\S\n]*(?:\n[^\S\n]*)+")
_SPACE = regex.compile(r"\s+")


@dataclass
class _Block:
    """A node before the text is complete (lines and the Source are known only at the end)."""

    kind: NodeKind
    start: int = -1
    end: int = -1
    children: list[_Block] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Open:
    """An open container: its block, the line prefix of its lines and how children are
    separated (a blank line, or a line break in lists)."""

    block: _Block
    marker: str = ""  # written before the container's first line (`- `, `1. `, `> `)
    indent: str = ""  # written before its later lines
    tight: bool = False  # children separated by a line break, not a blank line
    child_marker: str | None = None  # every direct child's first line (`: ` of a definition)
    started: bool = False


class DerivedText:
    """Builds a derived text and its tree block by block; see the module docstring."""

    def __init__(self, origin: str, path: str | None = None) -> None:
        self.origin = origin
        self.path = path
        self._parts: list[str] = []
        self._length = 0
        self._top: list[_Block] = []
        self._stack: list[_Open] = []
        self._units: list[_Block] = []
        self._pages: list[tuple[int, int]] = []
        self._pending_page: int | None = None
        self._first_line = ""  # the last block's first line and line starts, as written
        self._line_starts: list[int] = []

    # Leaves -------------------------------------------------------------------------

    def heading(self, text: str, level: int, origin: Origin | None = None) -> None:
        """A heading of `level` 1-6, written `#`-marked; a section opens at it."""
        title = " ".join(text.split())
        if not title:
            return
        if any(not _is_unit(open_.block) for open_ in self._stack):
            self.paragraph(title, origin)
            return
        level = min(max(int(level), 1), 6)
        block = self._leaf(NodeKind.HEADING, "#" * level + " " + title, origin)
        block.attrs.update(level=level, title=title)

    def paragraph(self, text: str, origin: Origin | None = None) -> None:
        """Prose; line breaks inside are kept, runs of blank lines become one line break."""
        text = _BLANK_LINES.sub("\n", text.strip())
        if text:
            self._leaf(NodeKind.PARAGRAPH, "\n".join(line.strip() for line in text.split("\n")),
                       origin)

    def code(self, text: str, language: str | None = None, origin: Origin | None = None
             ) -> None:
        """A code block in `language` (a name, alias or fence word; None when unknown)."""
        body = text.strip("\n").rstrip()
        if not body.strip():
            return
        name = resolve_code_language(language) if language else None
        fence = "`" * max(3, _longest_run(body, "`") + 1)
        fence_open = fence + (name or (language or "").strip().split(" ")[0])
        indent = "".join(open_.indent for open_ in self._stack)
        prefixed = bool(indent) or any(open_.marker for open_ in self._stack)
        block = self._leaf(NodeKind.CODE, f"{fence_open}\n{body}\n{fence}", origin)
        # As in Markdown, the opening fence is the block's first line with its prefix.
        block.attrs.update(language=name, fence_open=self._first_line,
                           fence_close=(indent + fence).strip(),
                           body_start=self._line_starts[1] + len(indent),
                           body_end=self._line_starts[-1] - 1, _prefixed=prefixed)

    def table(self, rows: Sequence[Sequence[str]], header_rows: int = 0,
              origin: Origin | None = None, row_origins: Sequence[Origin | None] = ()
              ) -> None:
        """A table of rows of cell texts (spans already flattened); the first `header_rows`
        rows are its header. `row_origins[i]` is where row i came from, if known."""
        cells = [[_cell(value) for value in row] for row in rows]
        keep = [index for index, row in enumerate(cells) if any(row)]
        if not keep:
            return
        width = max(len(cells[index]) for index in keep)
        header_rows = sum(1 for index in keep if index < header_rows)
        block = self._open_leaf(NodeKind.TABLE, origin)
        for number, index in enumerate(keep):
            row = cells[index] + [""] * (width - len(cells[index]))
            line = "| " + " | ".join(row) + " |"
            row_origin = row_origins[index] if index < len(row_origins) else None
            self._row(block, line, number < header_rows, row_origin, number > 0)
            if number == header_rows - 1:
                self._row(block, "|" + " --- |" * width, True, None, True)
        block.attrs["header_rows"] = header_rows + (1 if header_rows else 0)
        self._close_leaf(block)

    # Containers ---------------------------------------------------------------------

    @contextmanager
    def items(self, ordered: bool = False, lead_in: str | None = None,
              origin: Origin | None = None) -> Iterator[None]:
        """A list; open each item with `item()` inside. `lead_in` is the sentence that
        introduces it, kept in the list so it travels with its first items."""
        block = _Block(NodeKind.LIST, attrs={"ordered": ordered, "_count": 0})
        with self._container(_Open(block, tight=True), origin):
            if lead_in:
                self.paragraph(lead_in)
            yield

    @contextmanager
    def item(self, origin: Origin | None = None) -> Iterator[None]:
        """An item of the innermost list: its blocks (paragraphs, nested lists) go inside."""
        parent = self._stack[-1].block if self._stack else None
        if parent is None or parent.kind is not NodeKind.LIST:
            raise ValueError("item() is used inside items() or definitions()")
        if parent.attrs.get("definitions"):
            raise ValueError("a definition list takes term(), not item()")
        parent.attrs["_count"] += 1
        marker = f"{parent.attrs['_count']}. " if parent.attrs["ordered"] else "- "
        with self._container(_Open(_Block(NodeKind.ITEM), marker, " " * len(marker),
                                   tight=True), origin):
            yield

    @contextmanager
    def definitions(self, origin: Origin | None = None) -> Iterator[None]:
        """A definition list; open each term with `term(text)` inside."""
        block = _Block(NodeKind.LIST, attrs={"ordered": False, "definitions": True})
        with self._container(_Open(block, tight=True), origin):
            yield

    @contextmanager
    def term(self, text: str, origin: Origin | None = None) -> Iterator[None]:
        """A term of a definition list; the blocks inside are its definitions (`: ` each)."""
        with self._container(_Open(_Block(NodeKind.ITEM), tight=True), origin) as open_:
            self.paragraph(text)
            open_.child_marker, open_.indent = ": ", "  "
            yield

    @contextmanager
    def quote(self, origin: Origin | None = None) -> Iterator[None]:
        """A block quote; its lines are written with `> `."""
        with self._container(_Open(_Block(NodeKind.QUOTE), "> ", "> "), origin):
            yield

    @contextmanager
    def unit(self, key: str, value: Any, origin: Origin | None = None) -> Iterator[None]:
        """A slide, sheet or similar unit at the top level: every chunk of what it holds
        carries `metadata[key] = value`, and no chunk holds text of two units (the node's
        `unit` flag, `tree.is_unit`)."""
        if self._stack:
            raise ValueError("unit() is used at the top level only")
        block = _Block(NodeKind.SECTION, attrs={"_unit": True, "meta": {key: value}})
        with self._container(_Open(block), origin):
            yield

    def page(self, number: int) -> None:
        """The next block written starts page `number` (chunks get `metadata["pages"]`);
        text written before the first call is page 1."""
        self._pending_page = number

    # The result ---------------------------------------------------------------------

    @property
    def text(self) -> str:
        return "".join(self._parts)

    def build(self, format: str, language: str | None = None,
              metadata: Mapping[str, Any] | None = None,
              carried: Mapping[str, Any] | None = None) -> Document:
        """The Document: derived text, sectionized tree, pages; `metadata` describes the
        document, `carried` is what every chunk carries."""
        if self._stack:
            raise ValueError("build() with a container still open")
        source = from_text(self.text, self.origin, self.path)
        blocks: list[Node] = []
        for block in self._top:
            if _is_unit(block):
                inner = sectionize(source, [_node(source, child) for child in block.children])
                attrs = {key: value for key, value in block.attrs.items()
                         if not key.startswith("_")}
                blocks.append(make_node(source, NodeKind.SECTION, block.start, block.end,
                                        inner.children, level=0, unit=True, **attrs))
            else:
                blocks.append(_node(source, block))
        root = sectionize(source, blocks)  # a unit is one section in the heading it follows
        marks = self._pages
        if marks and marks[0][1] > 0 and marks[0][0] > 1:
            marks = [(1, 0), *marks]  # the text before the first mark is page 1
        pages = tuple(Page(number, start) for number, start in marks)
        return Document(source=source, root=root, format=format, language=language,
                        metadata=dict(metadata or {}), pages=pages, carried=dict(carried or {}))

    # Writing ------------------------------------------------------------------------

    def _leaf(self, kind: NodeKind, text: str, origin: Origin | None) -> _Block:
        block = self._open_leaf(kind, origin)
        block.start, block.end = self._write(text.split("\n"), first_child=True)
        self._close_leaf(block)
        return block

    def _open_leaf(self, kind: NodeKind, origin: Origin | None) -> _Block:
        block = _Block(kind)
        if origin:
            block.attrs["meta"] = {"origin": [dict(origin)]}
        return block

    def _close_leaf(self, block: _Block) -> None:
        siblings = self._stack[-1].block.children if self._stack else self._top
        siblings.append(block)

    def _row(self, table: _Block, line: str, header: bool, origin: Origin | None,
             later: bool) -> None:
        row = _Block(NodeKind.ROW, attrs={"header": header})
        if origin:
            row.attrs["meta"] = {"origin": [dict(origin)]}
        row.start, row.end = self._write([line], first_child=not later, tight=later)
        if table.start < 0:
            table.start = row.start
        table.end = row.end
        table.children.append(row)

    def _write(self, lines: list[str], first_child: bool, tight: bool = False
               ) -> tuple[int, int]:
        """Write a block's lines after the separator its place needs; return the span of its
        text. As in Markdown, a block starts where its first line does (its prefixes `> `,
        `- `, `: ` included, indentation not), and so does every container opening on that
        line: the markers lie inside the first block, never between blocks."""
        if self._length:
            self._emit("\n" if tight else self._separator())
        if self._pending_page is not None:
            self._pages.append((self._pending_page, self._length))
            self._pending_page = None
        first = ""
        stack = self._stack
        for depth, open_ in enumerate(stack):
            piece = open_.indent if open_.started else open_.marker
            if open_.child_marker is not None and open_.block.children and (
                    first_child if depth == len(stack) - 1 else not stack[depth + 1].started):
                piece = open_.child_marker  # the first line of a new definition
            first += piece
        start = self._length + len(first) - len(first.lstrip(" "))
        for open_ in stack:
            if open_.block.start < 0:
                open_.block.start = start
        self._emit(first)
        self._first_line = first.lstrip(" ") + lines[0]
        indent = "".join(open_.indent for open_ in self._stack)
        self._emit(lines[0])
        self._line_starts = [start]
        for line in lines[1:]:
            self._line_starts.append(self._length + 1)
            self._emit("\n" + (indent + line if line.strip() else indent.rstrip()))
        for open_ in stack:
            open_.started = True
        return start, self._length

    def _separator(self) -> str:
        """What ends the previous block: a line break inside a list or an item, else a blank
        line, prefixed as the lines of the innermost container that already holds a block."""
        stack = self._stack
        for depth in range(len(stack) - 1, -1, -1):
            if stack[depth].block.children:
                if stack[depth].tight:
                    return "\n"
                return "\n" + "".join(open_.indent for open_ in stack[:depth + 1]).rstrip() + "\n"
        return "\n\n"

    def _emit(self, text: str) -> None:
        if text:
            self._parts.append(text)
            self._length += len(text)

    @contextmanager
    def _container(self, open_: _Open, origin: Origin | None) -> Iterator[_Open]:
        if origin:
            meta = open_.block.attrs.setdefault("meta", {})
            meta["origin"] = [dict(origin)]
        self._stack.append(open_)
        try:
            yield open_
        finally:
            self._stack.pop()
        block = open_.block
        if block.children:
            block.end = max(child.end for child in block.children)
            self._close_leaf(block)


def _is_unit(block: _Block) -> bool:
    return bool(block.attrs.get("_unit"))


def _node(source: Source, block: _Block) -> Node:
    """The finished node of a block, its code outlined now that the Source exists."""
    attrs = {key: value for key, value in block.attrs.items() if not key.startswith("_")}
    if block.kind is NodeKind.CODE:
        return _code_node(source, block, attrs)
    children = [_node(source, child) for child in block.children]
    return make_node(source, block.kind, block.start, block.end, children, **attrs)


def _code_node(source: Source, block: _Block, attrs: dict[str, Any]) -> Node:
    body_start, body_end = attrs["body_start"], attrs["body_end"]
    language = attrs["language"]
    units: list[Node] = []
    fallback = None
    if not block.attrs["_prefixed"]:
        units, fallback = outline(source, body_start, body_end, language)
    meta = {**attrs.get("meta", {}), **code_meta(language, fallback)}
    if meta:
        attrs["meta"] = meta
    if fallback:
        attrs["code_fallback"] = fallback
    return make_node(source, NodeKind.CODE, block.start, block.end, units, **attrs)


def _cell(value: str) -> str:
    return _SPACE.sub(" ", str(value)).strip().replace("|", "\\|")


def _longest_run(text: str, character: str) -> int:
    if character not in text:  # most code has no backtick: no pattern to run
        return 0
    runs = regex.findall(regex.escape(character) + "+", text)
    return max((len(run) for run in runs), default=0)


__all__ = ["DerivedText", "Origin"]
