"""Plain text: paragraphs, headings recognised from their typography, and lists.

One rule chain per line (see `structchunk.parse.rules`): underlined and overlined headings
(`====`, `----`), thematic breaks, numbered headings (`1.`, `1.2`, `2.3.1 Title`), all-caps
headings, list items (bullets, `1.`, `1)`, `a)`, `(1)`) and paragraphs. A paragraph keeps its
hard-wrapped lines together; it ends at a blank line or where a rule that may interrupt a
paragraph starts. Heading levels follow the order in which heading styles first appear, as in
reStructuredText, so a document's own conventions decide the nesting.

Laws (many `§ N` lines at the start of blocks) are routed to the legal format by the format
table (`parse/formats.py`), so this parser never sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import regex

from structchunk.decode import Source
from structchunk.parse.rules import (
    Block,
    LineState,
    NamedRule,
    RuleChain,
    build_lists,
    paragraph_rule,
)
from structchunk.parse.sections import fill_gaps, sectionize
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span

MAX_HEADING_LENGTH = 100

_ADORNMENT = regex.compile(r"^([=\-~^*+#_`'\":.])\1{2,}$")
_BREAK = regex.compile(r"^([-*_=~])(?:[ \t]*\1){2,}$")
_NUMBERED = regex.compile(r"^(?P<number>\d{1,3}(?:\.\d{1,3})*)(?P<dot>\.?)[ \t]+(?P<title>\S.*)$")
_ITEM = regex.compile(
    r"^(?:(?P<bullet>[-*+•‣◦▪–])|(?P<number>\d{1,3})(?P<close>[.)])|(?P<letter>[a-z])\)"
    r"|\((?P<paren>\d{1,3}|[a-z])\))(?P<gap>[ \t]+)(?=\S)")
_HEADING_END = regex.compile(r"[.,;:!?]$")
_LIST_LEAD = regex.compile(r"[.,;:!?]$")


class TextParser:
    """The plain-text rule chain; rules are methods so configuration lives on the instance."""

    def __init__(self, max_heading_length: int = MAX_HEADING_LENGTH, marked: bool = False
                 ) -> None:
        self.max_heading_length = max_heading_length
        interrupting = frozenset({"paragraph"})
        self.chain = RuleChain([
            NamedRule("underline_heading", self.underline_heading, interrupting),
            NamedRule("overline_heading", self.overline_heading),
            NamedRule("break", self.thematic_break, interrupting),
            NamedRule("numbered_heading", self.numbered_heading),
            NamedRule("caps_heading", self.caps_heading),
            NamedRule("item", self.item, interrupting),
            paragraph_rule(),
        ])
        if marked:
            # Text from a layout (PDF) arrives with its headings and tables already known.
            self.chain.insert_before("underline_heading", NamedRule(
                "marked_heading", self.marked_heading, interrupting))
            self.chain.insert_before("underline_heading", NamedRule(
                "marked_table", self.marked_table, interrupting))

    def marked_heading(self, state: LineState, line: int, silent: bool) -> bool:
        marks: Mapping[int, int] = state.memory.get("headings", {})
        level = marks.get(line)
        if level is None or silent:
            return level is not None
        last = line
        while last + 1 < state.end_line and marks.get(last + 1) == level:
            last += 1
        title = " ".join(state.stripped(number) for number in range(line, last + 1))
        state.push("heading", line, last, level=level, title=title)
        return True

    def marked_table(self, state: LineState, line: int, silent: bool) -> bool:
        last = state.memory.get("tables", {}).get(line)
        if last is None or silent:
            return last is not None
        # A header row is followed by its Markdown separator; a table without one has none.
        header = last > line + 1 and set(state.stripped(line + 1)) <= set("|-: ")
        state.push("table", line, int(last), header_rows=2 if header else 0)
        return True

    def underline_heading(self, state: LineState, line: int, silent: bool) -> bool:
        text = state.stripped(line)
        if (line + 1 >= state.end_line or not self._heading_text(text)
                or _ADORNMENT.match(text) or state.indent(line) > 3):
            return False
        underline = state.stripped(line + 1)
        if not _ADORNMENT.match(underline) or len(underline) * 2 < len(text):
            return False
        if not silent:
            state.push("heading", line, line + 1, style=f"under{underline[0]}", title=text)
        return True

    def overline_heading(self, state: LineState, line: int, silent: bool) -> bool:
        over = state.stripped(line)
        if line + 2 >= state.end_line or not _ADORNMENT.match(over):
            return False
        text, under = state.stripped(line + 1), state.stripped(line + 2)
        if not self._heading_text(text) or under[:1] != over[0] or not _ADORNMENT.match(under):
            return False
        if not silent:
            state.push("heading", line, line + 2, style=f"over{over[0]}", title=text)
        return True

    def thematic_break(self, state: LineState, line: int, silent: bool) -> bool:
        if not _BREAK.match(state.stripped(line)):
            return False
        if not silent:
            state.push("break", line, line)
        return True

    def numbered_heading(self, state: LineState, line: int, silent: bool) -> bool:
        """`2.3.1 Title`; a single `1.` only as a one-line block, else it is a list item."""
        match = _NUMBERED.match(state.stripped(line))
        if silent or match is None or not self._heading_text(match.group("title")):
            return False
        number = match.group("number")
        depth = number.count(".") + 1
        alone = state.is_blank(line + 1) and (line == 0 or state.is_blank(line - 1))
        if depth == 1 and not alone:
            return False
        # `1 Introduction` without a dot is a heading only in a document that starts so.
        if (depth == 1 and not match.group("dot") and not state.memory.get("bare_numbers")
                and not self._starts_bare_numbering(state, number)):
            return False
        state.push("heading", line, line, style=f"number{depth}", title=state.stripped(line),
                   numbering=number, marker=match.group("dot") or " ")
        return True

    def _starts_bare_numbering(self, state: LineState, number: str) -> bool:
        if number != "1":
            return False
        state.memory["bare_numbers"] = True
        return True

    def caps_heading(self, state: LineState, line: int, silent: bool) -> bool:
        text = state.stripped(line)
        if silent or not self._heading_text(text) or _ITEM.match(text):
            return False
        cased = [char for char in text if char.isalpha() and (char.isupper() or char.islower())]
        if len(cased) < 3 or any(char.islower() for char in cased):
            return False
        state.push("heading", line, line, style="caps", title=text)
        return True

    def item(self, state: LineState, line: int, silent: bool) -> bool:
        text = state.stripped(line)
        match = _ITEM.match(text)
        if match is None:
            return False
        marker, number = _marker(match)
        if silent:
            if match.group("bullet"):
                return True
            previous = state.memory.get("numbers", {}).get(marker)
            return (_next(previous) == number or number in ("1", "a")) and bool(
                _LIST_LEAD.search(state.stripped(line - 1)) or previous is not None)
        indent = state.indent(line)
        state.memory.setdefault("numbers", {})[marker] = number
        state.push("item", line, state.block_end(line), depth=indent, marker=marker,
                   ordered=match.group("bullet") is None, number=number,
                   content_indent=indent + match.end())
        return True

    def _heading_text(self, text: str) -> bool:
        if not text or len(text) > self.max_heading_length or _HEADING_END.search(text):
            return False
        first = text[0]
        return first.isupper() or first.isdigit() or (first.isalpha() and not first.islower()
                                                      ) or first in "\"'“„«(["


def _marker(match: regex.Match[str]) -> tuple[str, str]:
    if match.group("bullet"):
        return f"bullet{match.group('bullet')}", ""
    if match.group("number"):
        return f"number{match.group('close')}", match.group("number")
    if match.group("letter"):
        return "letter)", match.group("letter")
    paren = match.group("paren")
    return ("(number)" if paren.isdigit() else "(letter)"), paren


def _next(previous: str | None) -> str | None:
    if previous is None:
        return None
    if previous.isdigit():
        return str(int(previous) + 1)
    return chr(ord(previous) + 1) if len(previous) == 1 and previous < "z" else None


@lru_cache(maxsize=1)
def _parser() -> TextParser:
    return TextParser()


def parse(source: Source, language: str | None = None, **options: Any) -> Document:
    """Plain text to the tree (a law in plain text is routed to the legal format instead)."""
    blocks = _parser().chain.run(LineState(source))
    nodes = _tree(source, blocks)
    root = sectionize(source, fill_gaps(source, 0, len(source.text), nodes))
    return Document(source=source, root=root, format="text", language=language)


def parse_marked(source: Source, headings: Mapping[int, int], tables: Mapping[int, int],
                 language: str | None = None, typographic: bool = True) -> Document:
    """Text whose headings (0-based line → level) and tables (first → last line) are known.

    Typographic headings found besides the marked ones nest below the marked levels; with
    `typographic=False` (the marks come from the author's own outline) there are none.
    """
    state = LineState(source)
    state.memory.update(headings=headings, tables=tables)
    blocks = _marked_parser(typographic).chain.run(state)
    nodes = _tree(source, blocks)
    root = sectionize(source, fill_gaps(source, 0, len(source.text), nodes))
    return Document(source=source, root=root, format="text", language=language)


@lru_cache(maxsize=2)
def _marked_parser(typographic: bool) -> TextParser:
    parser = TextParser(marked=True)
    if not typographic:
        parser.chain.disable("underline_heading", "overline_heading", "numbered_heading",
                             "caps_heading")
    return parser


def _tree(source: Source, blocks: list[Block]) -> list[Node]:
    """The one place blocks become nodes: demote list-like headings, level, nest lists."""
    blocks = _demote_numbered_runs(blocks)
    fixed = max((int(block.attrs["level"]) for block in blocks
                 if block.kind == "heading" and "level" in block.attrs), default=0)
    levels: dict[str, int] = {}
    for block in blocks:
        if block.kind == "heading" and "level" not in block.attrs:
            levels.setdefault(str(block.attrs["style"]), fixed + len(levels) + 1)

    def leaf(block: Block) -> Node:
        if block.kind == "heading":
            level = block.attrs.get("level") or levels[str(block.attrs["style"])]
            attrs: dict[str, Any] = {"level": level, "title": block.attrs["title"]}
            if block.attrs.get("numbering"):
                attrs["numbering"] = block.attrs["numbering"]
            return make_node(source, NodeKind.HEADING, block.start, block.end, **attrs)
        if block.kind == "table":
            return _table(source, block)
        kind = NodeKind.BREAK if block.kind == "break" else NodeKind.PARAGRAPH
        return make_node(source, kind, block.start, block.end)

    return build_lists(source, blocks, leaf)


def _table(source: Source, block: Block) -> Node:
    header_rows = int(block.attrs.get("header_rows", 0))
    rows = []
    for number, line in enumerate(range(block.first_line, block.last_line + 1)):
        start, end = trim_span(source.text, source.line_start(line), source.line_end(line))
        if end > start:
            rows.append(make_node(source, NodeKind.ROW, start, end, header=number < header_rows))
    return make_node(source, NodeKind.TABLE, block.start, block.end, rows,
                     header_rows=min(header_rows, len(rows)))


def _demote_numbered_runs(blocks: list[Block]) -> list[Block]:
    """`1. Milk`, `2. Eggs` as consecutive one-line blocks are a loose list, not headings."""
    result = list(blocks)
    index = 0
    while index < len(result):
        end = index
        style = result[index].attrs.get("style") if result[index].kind == "heading" else None
        while (style is not None and str(style).startswith("number") and end + 1 < len(result)
               and result[end + 1].kind == "heading"
               and result[end + 1].attrs.get("style") == style):
            end += 1
        if end > index:
            for position in range(index, end + 1):
                block = result[position]
                marker = str(block.attrs.get("marker", "."))
                number = str(block.attrs.get("numbering", ""))
                result[position] = Block(
                    "item", block.start, block.end, block.first_line, block.last_line,
                    block.indent, {"depth": block.indent, "marker": f"number{marker}",
                                   "ordered": True, "number": number,
                                   "content_indent": block.indent + len(number) + 2})
        index = end + 1
    return result
