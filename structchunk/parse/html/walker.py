"""The page's elements to blocks of derived text: the one walk over the parsed HTML tree.

Inline markup (links, emphasis, `<code>`, images by their alt text) is flattened into the text
of the block holding it, with HTML's whitespace collapsing and `<br>` as a line break. Text
that stands directly in a `<div>` or `<section>` between blocks is a paragraph of its own.
A paragraph ending in a colon just before a list is the list's lead-in.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import regex
from selectolax.lexbor import LexborNode

from structchunk.parse.html.boilerplate import (
    NOT_TEXT,
    boilerplate,
    described,
    is_hidden,
)
from structchunk.parse.html.origins import Origins
from structchunk.parse.html.tables import read_grid
from structchunk.parse.rendered import DerivedText

HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_PARAGRAPHS = frozenset({"p", "address", "summary", "legend", "figcaption", "caption", "dt",
                         "hgroup"})
_LISTS = frozenset({"ul", "ol", "menu", "dir"})
BLOCK_TAGS = frozenset({
    "html", "body", "div", "section", "article", "main", "header", "footer", "nav", "aside",
    "ul", "ol", "menu", "dir", "li", "dl", "dt", "dd", "table", "pre", "blockquote", "figure",
    "hr", "details", "form", "fieldset", "center", "search", "tr", "td", "th", "thead",
    "tbody", "tfoot", *HEADINGS, *_PARAGRAPHS})
_SECTIONING = frozenset({"article", "section"})
_LAYOUT_MARKS = "h1, h2, h3, h4, h5, h6, table, pre, blockquote"
_CODE_CLASS = regex.compile(
    r"(?:^|\s)(?:lang(?:uage)?-|brush:\s*|highlight-source-|highlight-|sourceCode\s+)"
    r"([\w+#.-]+)", regex.IGNORECASE)
_SPACE = re.compile(r"[ \t\n\r\f]+")
# Inline elements that are text and nothing else: not looked at for `hidden` (it is set on
# containers such as spans and divs), which spares reading their attributes.
_PLAIN_INLINE = frozenset({"a", "code", "em", "strong", "b", "i", "kbd", "var", "samp", "q",
                           "cite", "abbr", "dfn", "sub", "sup", "small", "mark", "u", "s", "tt",
                           "time", "bdi", "bdo", "wbr", "strike", "ins", "del"})
MAX_DEPTH = 150  # deeper elements are read as the text they hold


class HtmlWalker:
    """Writes a page's blocks to a `DerivedText`, recording what it leaves out."""

    def __init__(self, out: DerivedText, origins: Origins | None, *, remove: bool,
                 marked_main: bool) -> None:
        self.out = out
        self.origins = origins
        self.remove = remove
        self.marked_main = marked_main
        self.removed: list[dict[str, str]] = []
        self.dropped: Counter[str] = Counter()
        self.top_level_headings = 0
        self._held: tuple[str, dict[str, Any] | None] | None = None
        self._level = 0  # the level of the last heading written in the current section
        self._shift = 0  # levels added to the headings of the current section
        self._section_open = False  # whether the current section has had its first heading

    # Blocks ---------------------------------------------------------------------------

    def blocks(self, node: LexborNode, inside: bool = False, depth: int = 0) -> None:
        """The blocks of a container; inline text between them becomes paragraphs."""
        run: list[str] = []
        for child in node.iter(include_text=True):
            tag = child.tag
            if tag == "-text":
                run.append(child.text_content or "")
            elif tag in BLOCK_TAGS and depth < MAX_DEPTH:
                self._flush(run, node)
                self.block(child, inside, depth + 1)
            elif tag is not None and not tag.startswith("-"):
                self._inline_into(child, run, depth + 1)
        self._flush(run, node)
        self._release()

    def block(self, node: LexborNode, inside: bool, depth: int) -> None:
        tag = node.tag or ""
        attrs = node.attributes
        if attrs and is_hidden(node, attrs):
            self.dropped["hidden"] += 1
            return
        reason = boilerplate(node, self.marked_main, inside, attrs) if self.remove else None
        if reason is not None:
            self.removed.append(described(node, reason, self.inline(node)))
            if tag == "header":
                self._release()
                for heading in node.css("h1, h2, h3, h4, h5, h6"):
                    self._heading(heading)
            return
        if tag in HEADINGS:
            self._heading(node)
        elif tag in _PARAGRAPHS:
            self._paragraph(self.inline(node), node)
        elif tag in _LISTS:
            self._list(node, inside, depth)
        elif tag == "dl":
            self._definitions(node, inside, depth)
        elif tag == "table":
            self._table(node, inside, depth)
        elif tag == "pre":
            self._release()
            self.out.code(node.text(deep=True) or "", code_language(node), self._origin(node))
        elif tag in ("blockquote", "aside"):
            self._release()
            with self.out.quote(self._origin(node)):
                self.blocks(node, inside, depth)
        elif tag in _SECTIONING:
            self._section(node, depth)
        elif tag != "hr":
            self.blocks(node, inside, depth)

    def _section(self, node: LexborNode, depth: int) -> None:
        """A `<section>` or `<article>`: an `<h1>` that opens it inside another section is
        ranked below the heading before it (the HTML outline), and its other headings with it;
        what follows the section continues under the heading in force before it."""
        saved = self._level, self._shift, self._section_open
        self._section_open = False
        self.blocks(node, True, depth)
        self._level, self._shift, self._section_open = saved

    def _heading(self, node: LexborNode) -> None:
        self._release()
        written = HEADINGS[node.tag or "h1"]
        if not self._section_open:
            self._section_open = True
            if written == 1 and self._level:
                self._shift = self._level  # the h1 of a nested section
        level = min(written + self._shift, 6)
        self._level = level
        self.top_level_headings += level == 1
        self.out.heading(self.inline(node), level, self._origin(node))

    def _list(self, node: LexborNode, inside: bool, depth: int) -> None:
        lead_in = self._take_lead_in()
        with self.out.items(node.tag == "ol", lead_in, self._origin(node)):
            for child in node.iter(include_text=True):
                tag = child.tag
                if tag == "-text" and not (child.text_content or "").strip():
                    continue
                if tag is None or tag == "-comment":
                    continue
                with self.out.item(self._origin(child) if tag == "li" else None):
                    if tag == "-text":
                        self.out.paragraph(_collapse(child.text_content or ""))
                    elif tag == "li":
                        self.blocks(child, inside, depth + 1)
                    else:
                        self.block(child, inside, depth + 1)

    def _definitions(self, node: LexborNode, inside: bool, depth: int) -> None:
        groups: list[tuple[list[LexborNode], list[LexborNode]]] = []
        for child in _definition_parts(node):
            if child.tag == "dt":
                if not groups or groups[-1][1]:
                    groups.append(([], []))
                groups[-1][0].append(child)
            else:
                if not groups:
                    groups.append(([], []))
                groups[-1][1].append(child)
        self._release()
        with self.out.definitions(self._origin(node)):
            for terms, definitions in groups:
                term = " / ".join(filter(None, (self.inline(term) for term in terms)))
                with self.out.term(term, self._origin(terms[0]) if terms else None):
                    for definition in definitions:
                        self.blocks(definition, inside, depth + 1)

    def _table(self, node: LexborNode, inside: bool, depth: int) -> None:
        self._release()
        if node.css_first("th") is None and node.css_first(_LAYOUT_MARKS) is not None:
            for cell in node.css("td"):  # a layout table: its cells are blocks of the page
                if _owning_table(cell) == node.mem_id:
                    self.blocks(cell, inside, depth + 1)
            return
        caption = next((child for child in node.iter() if child.tag == "caption"), None)
        if caption is not None:
            self._paragraph(self.inline(caption), caption)
            self._release()
        grid = read_grid(node, self.cell_text)
        self.out.table(grid.rows, grid.header_rows, self._origin(node),
                       [self._origin(row) for row in grid.row_nodes])

    # Paragraphs and lead-ins ------------------------------------------------------------

    def _flush(self, run: list[str], container: LexborNode) -> None:
        if run:
            text = _collapse("".join(run))
            run.clear()
            if text:
                self._paragraph(text, container)

    def _paragraph(self, text: str, node: LexborNode) -> None:
        self._release()
        if not text:
            return
        origin = self._origin(node)
        if text.endswith(":"):
            self._held = (text, origin)  # a lead-in, if a list follows
        else:
            self.out.paragraph(text, origin)

    def _take_lead_in(self) -> str | None:
        held, self._held = self._held, None
        return held[0] if held else None

    def _release(self) -> None:
        if self._held is not None:
            text, origin = self._held
            self._held = None
            self.out.paragraph(text, origin)

    # Inline text ------------------------------------------------------------------------

    def inline(self, node: LexborNode) -> str:
        parts: list[str] = []
        self._inline_into(node, parts, 0, own=False)
        return _collapse("".join(parts))

    def cell_text(self, cell: LexborNode) -> str:
        return " ".join(self.inline(cell).split())

    def _inline_into(self, node: LexborNode, parts: list[str], depth: int,
                     own: bool = True) -> None:
        """The visible text of `node` (or, with `own=False`, of its children) into parts."""
        if own:
            tag = node.tag or ""
            if tag in NOT_TEXT or (tag not in _PLAIN_INLINE and is_hidden(node)):
                self.dropped[tag if tag in NOT_TEXT else "hidden"] += 1
                return
            if tag == "br":
                parts.append("\x00")
                return
            if tag == "img":
                alt = (node.attributes.get("alt") or "").strip()
                if alt:
                    parts.append(f" {alt} ")
                return
            if depth > MAX_DEPTH:
                parts.append(node.text(deep=True) or "")
                return
        block = own and (node.tag or "") in BLOCK_TAGS
        if block:
            parts.append("\x00")
        for child in node.iter(include_text=True):
            child_tag = child.tag
            if child_tag == "-text":
                parts.append(child.text_content or "")
            elif child_tag is not None and not child_tag.startswith("-"):
                self._inline_into(child, parts, depth + 1)
        if block:
            parts.append("\x00")

    def _origin(self, node: LexborNode) -> dict[str, Any] | None:
        span = self.origins.of(node) if self.origins is not None else None
        return {"html": span} if span is not None else None


def code_language(pre: LexborNode) -> str | None:
    """The language a `<pre>` or the `<code>` in it names in its class or `data-lang`."""
    code = next((child for child in pre.iter() if child.tag == "code"), None)
    for node in (pre, code):
        if node is None:
            continue
        attrs = node.attributes
        if attrs.get("data-lang"):
            return attrs["data-lang"]
        match = _CODE_CLASS.search(attrs.get("class") or "")
        if match is not None:
            return match.group(1).lower()
    return None


def _collapse(text: str) -> str:
    """HTML whitespace collapsing; the `<br>` marks become line breaks."""
    if "\x00" not in text:
        return _collapsed(text)
    lines = (_collapsed(part) for part in text.split("\x00"))
    return "\n".join(line for line in lines if line)


def _collapsed(text: str) -> str:
    # str.split() is the fast path, where it splits only where HTML does (it would also split
    # at a no-break or an ideographic space, which HTML keeps).
    if text.isascii():
        return " ".join(text.split())
    return " ".join(_SPACE.split(text)).strip()


def _definition_parts(node: LexborNode) -> list[LexborNode]:
    parts: list[LexborNode] = []
    for child in node.iter():
        if child.tag in ("dt", "dd"):
            parts.append(child)
        elif child.tag == "div":  # HTML allows dt/dd groups wrapped in a div
            parts.extend(inner for inner in child.iter() if inner.tag in ("dt", "dd"))
    return parts


def _owning_table(cell: LexborNode) -> int | None:
    node = cell.parent
    while node is not None and node.tag != "table":
        node = node.parent
    return node.mem_id if node is not None else None
