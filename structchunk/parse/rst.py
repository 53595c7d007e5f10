"""reStructuredText: sections found by docutils, blocks read from the lines, spans verbatim.

docutils knows the section structure, which in reStructuredText is decided by the order in
which underline styles first appear, not by the characters themselves; its doctree gives each
title's level and the line of its underline. It does not keep character offsets for the rest
of the text, and Sphinx's own directives (`confval`, `versionadded`, ...) are unknown to it,
so the blocks are read from the lines, where reStructuredText marks them by indentation:

- a directive (`.. note::`) and its indented body is a quote whose body is read again as
  blocks; `.. code-block:: lang` (`code`, `sourcecode`) is code in that language, cut by
  tree-sitter, each piece repeating the directive line and its options;
- `.. list-table::` is a table of its `* -` rows (`:header-rows:` of them repeated in every
  piece), and grid and simple tables are tables of their lines;
- a paragraph ending in `::` is followed by its indented literal block, as code;
- bullet and enumerated items are lists; a line followed at once by an indented block is a
  definition list item (its term, then its description), and adjacent ones are a definition
  list; an indented block alone is a quote.

Every chunk's content is a verbatim slice of the file.
"""

from __future__ import annotations

import copy
import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import regex

from structchunk.decode import Source
from structchunk.parse.code import code_meta, outline, resolve_code_language
from structchunk.parse.sections import fill_gaps, sectionize
from structchunk.tree import Document, Node, NodeKind, make_node, trim_span

_DIRECTIVE = regex.compile(r"\.\.\s+(?:\|[^|]+\|\s+)?([\w:.+-]+)::(?:\s+(.*))?$")
_CODE_DIRECTIVES = frozenset({"code-block", "code", "sourcecode"})
_OPTION = regex.compile(r":[\w-]+:(?:\s|$)")
_BULLET = regex.compile(r"(?:[-*+\u2022\u2023\u2043]|(?:\d+|#|[A-Za-z]|[ivxlcIVXLC]+)[.)]"
                        r"|\((?:\d+|#|[A-Za-z]|[ivxlcIVXLC]+)\))(?:\s+|$)")
_GRID_BORDER = regex.compile(r"\+(?:[-=]+\+)+\s*$")
_SIMPLE_BORDER = regex.compile(r"=+(?:\s+=+)+\s*$")
_TRANSITION = regex.compile(r"([=\-`:.'\"~^_*+#<>])\1{3,}\s*$")
_ADORNMENT = regex.compile(r"([!-/:-@\[-`{-~])\1+\s*$")
_LIST_TABLE_ROW = regex.compile(r"\*\s+-(?:\s|$)")
_HEADER_ROWS = regex.compile(r":header-rows:\s*(\d+)")


@dataclass(frozen=True)
class _Title:
    first: int  # 0-based line of the overline or the title text
    last: int  # 0-based line of the underline
    level: int
    title: str


def parse(source: Source, language: str | None = None, **_options: Any) -> Document:
    titles, warning = _titles(source)
    reader = _Reader(source, {title.first: title for title in titles})
    blocks = reader.blocks(0, len(source.line_starts), top=True)
    blocks = fill_gaps(source, 0, len(source.text), blocks)
    metadata: dict[str, Any] = {"warnings": [warning]} if warning else {}
    root = _preface_into_first_section(source, sectionize(source, blocks))
    return Document(source=source, root=root, format="rst",
                    language=language, metadata=metadata)


def _preface_into_first_section(source: Source, root: Node) -> Node:
    """Labels, comments, file-wide fields and one-line directives (`.. _target:`,
    `:tocdepth: 2`, `.. highlight:: rst`) before the first title belong to the section it
    opens, as they do in the rendered page."""
    children = root.children
    if len(children) < 2 or children[0].kind is not NodeKind.SECTION \
            or children[0].attrs.get("level") != 0 or children[1].kind is not NodeKind.SECTION:
        return root
    preface, first = children[0], children[1]
    if not all(node.kind is NodeKind.TEXT or (source.text.startswith((":", ".."), node.start)
                                             and node.start_line == node.end_line)
               for node in preface.children):
        return root
    merged = make_node(source, NodeKind.SECTION, preface.start, first.end,
                       [*preface.children, *first.children], **first.attrs)
    return make_node(source, NodeKind.DOCUMENT, root.start, root.end,
                     [merged, *children[2:]])


def _titles(source: Source) -> tuple[list[_Title], str | None]:
    """The section titles docutils finds, with their levels and lines."""
    import docutils.utils
    from docutils import nodes

    parser, settings = _docutils()
    document = docutils.utils.new_document(source.origin, copy.copy(settings))
    lines = source.text.splitlines()
    try:
        parser.parse(_title_skeleton(lines), document)
    except Exception as err:  # docutils raises its own and plain errors on odd input
        return [], f"docutils could not read the sections ({type(err).__name__}); " \
                   "the text is read without them"
    titles = []
    for section in document.findall(nodes.section):
        title = section.next_node(nodes.title)
        if title is None or not title.line or title.line - 2 < 0:
            continue
        text_line = title.line - 2
        level = sum(1 for _ in _ancestors(section, nodes.section))
        first = text_line
        if text_line > 0 and _is_adornment(lines[text_line - 1], lines[title.line - 1]):
            first = text_line - 1
        titles.append(_Title(first, title.line - 1, level, " ".join(title.astext().split())))
    return titles, None


@lru_cache(maxsize=1)
def _docutils() -> tuple[Any, Any]:
    """docutils' parser and settings, quiet and safe: no file inclusion, no raw output, no
    messages (a Sphinx directive is unknown to docutils, which is not an error here)."""
    import docutils.frontend
    import docutils.parsers.rst

    settings = docutils.frontend.get_default_settings(docutils.parsers.rst.Parser)
    settings.report_level = settings.halt_level = 5
    settings.warning_stream = io.StringIO()
    settings.file_insertion_enabled = settings.raw_enabled = False
    return docutils.parsers.rst.Parser(), settings


def _title_skeleton(lines: list[str]) -> str:
    """The lines that can make a title (an adornment line and the lines beside it), the
    others blank: docutils decides titles and their levels from these alone, as from the
    whole file, at a small part of the cost (its inline and directive parsing are most of it),
    and its line numbers stay those of the file."""
    adorned = [bool(_ADORNMENT.match(line)) for line in lines]
    kept = []
    for number, line in enumerate(lines):
        near = adorned[number] or (number + 1 < len(lines) and adorned[number + 1]) or (
            number > 0 and adorned[number - 1])
        kept.append(line if near and not line.startswith((" ", "\t")) else "")
    return "\n".join(kept)


def _ancestors(node: Any, kind: type) -> list[Any]:
    found = []
    while node is not None:
        if isinstance(node, kind):
            found.append(node)
        node = node.parent
    return found


def _is_adornment(line: str, underline: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and stripped == underline.strip() and len(set(stripped)) == 1


class _Reader:
    """Reads blocks from lines [lo, hi) by their indentation."""

    def __init__(self, source: Source, titles: dict[int, _Title]) -> None:
        self.source = source
        self.titles = titles
        self.lines = [source.text[source.line_start(i):source.line_end(i)]
                      for i in range(len(source.line_starts))]

    def blocks(self, lo: int, hi: int, top: bool = False) -> list[Node]:
        nodes: list[Node] = []
        line = lo
        while line < hi:
            if not self.lines[line].strip():
                line += 1
                continue
            title = self.titles.get(line) if top else None
            if title is not None and title.last < hi:
                nodes.append(self._node(NodeKind.HEADING, line, title.last,
                                        level=title.level, title=title.title))
                line = title.last + 1
                continue
            end = self._block_end(line, hi, top)
            nodes.extend(self._block(line, end))
            line = end
        return _grouped_items(self.source, nodes)

    def _block_end(self, line: int, hi: int, top: bool) -> int:
        """The end of the block starting at `line`: its lines up to a blank line, then every
        following line that is blank or more indented than its first line."""
        indent = _indent(self.lines[line])
        end = line + 1
        while end < hi and self.lines[end].strip() and not (top and end in self.titles) \
                and not self._starts_item_at(end, indent):
            end += 1
        last = end
        while end < hi:
            text = self.lines[end]
            if text.strip():
                if _indent(text) <= indent or (top and end in self.titles):
                    break
                last = end + 1
            end += 1
        return last

    def _starts_item_at(self, line: int, indent: int) -> bool:
        text = self.lines[line]
        return _indent(text) == indent and bool(_BULLET.match(text.strip()))

    def _block(self, first: int, end: int) -> list[Node]:
        head = self.lines[first].strip()
        directive = _DIRECTIVE.match(head)
        if directive is not None:
            return [self._directive(first, end, directive.group(1).lower(),
                                    (directive.group(2) or "").strip())]
        if _GRID_BORDER.match(head) or _SIMPLE_BORDER.match(head):
            return [self._table_of_lines(first, end, grid=head.startswith("+"))]
        if _TRANSITION.match(head) and end == first + 1:
            return [self._node(NodeKind.BREAK, first, first)]
        if head.startswith(".."):
            return [self._node(NodeKind.TEXT, first, end - 1)]  # a comment or target
        if _BULLET.match(head):
            return [self._item(first, end)]
        if self._is_term(first, end):
            term = self._node(NodeKind.PARAGRAPH, first, first)
            return [self._container(NodeKind.ITEM, first, end,
                                    [term, *self.blocks(first + 1, end)])]
        paragraph_end = first
        while paragraph_end + 1 < end and self.lines[paragraph_end + 1].strip():
            paragraph_end += 1
        nodes = [self._node(NodeKind.PARAGRAPH, first, paragraph_end)]
        if paragraph_end + 1 < end:
            if self.lines[paragraph_end].rstrip().endswith("::"):
                nodes.append(self._code(paragraph_end + 1, end, None, None))
            else:
                inner = self.blocks(paragraph_end + 1, end)
                nodes.append(self._container(NodeKind.QUOTE, paragraph_end + 1, end, inner))
        return nodes

    def _is_term(self, first: int, end: int) -> bool:
        """Whether the line `first` is the term of a definition list item: the next line is
        more indented, with no blank line between. Field lists (`:name: value`), option lists
        (`-v  text`) and a paragraph that announces a literal block (`::`) are not terms."""
        if first + 1 >= end or not self.lines[first + 1].strip():
            return False
        head = self.lines[first].strip()
        if head.startswith((":", "-")) or head.endswith("::"):
            return False
        return _indent(self.lines[first + 1]) > _indent(self.lines[first])

    def _directive(self, first: int, end: int, name: str, argument: str) -> Node:
        options_end = first + 1
        while options_end < end and _OPTION.match(self.lines[options_end].strip()):
            options_end += 1
        if name in _CODE_DIRECTIVES:
            language = resolve_code_language(argument.split()[0] if argument else None)
            return self._code(options_end, end, language, (first, options_end - 1))
        if name == "list-table":
            return self._list_table(first, end, options_end)
        children = self.blocks(options_end, end)
        return self._container(NodeKind.QUOTE, first, end, children)

    def _code(self, first: int, end: int, language: str | None,
              fence: tuple[int, int] | None) -> Node:
        source = self.source
        body_start, body_end = trim_span(source.text, source.line_start(first),
                                         source.line_end(end - 1))
        start = source.line_start(fence[0]) + _indent(self.lines[fence[0]]) if fence \
            else body_start
        units, fallback = outline(source, body_start, body_end, language)
        attrs: dict[str, Any] = {"language": language, "body_start": body_start,
                                 "body_end": body_end}
        if fence is not None:
            attrs["fence_open"] = source.text[start:source.line_end(fence[1])]
        meta = code_meta(language, fallback)
        if meta:
            attrs["meta"] = meta
        return make_node(source, NodeKind.CODE, start, max(start, body_end), units, **attrs)

    def _list_table(self, first: int, end: int, body: int) -> Node:
        header_match = _HEADER_ROWS.search("\n".join(self.lines[first + 1:body]))
        header_count = int(header_match.group(1)) if header_match else 0
        starts = [line for line in range(body, end)
                  if _LIST_TABLE_ROW.match(self.lines[line].strip())]
        rows = []
        for number, row_start in enumerate(starts):
            row_end = starts[number + 1] if number + 1 < len(starts) else end
            if number == 0 and header_count:
                row_start = first  # the directive is repeated with the header
            rows.append(self._node(NodeKind.ROW, row_start, row_end - 1,
                                   header=number < header_count))
        return self._table(first, end, rows)

    def _table_of_lines(self, first: int, end: int, grid: bool) -> Node:
        """Grid tables: a row from each border line to the next; simple tables: a row per
        line. The header is what stands above the `=` border line under it."""
        lines = range(first, end)
        if grid:
            borders = [line for line in lines if _GRID_BORDER.match(self.lines[line].strip())]
            header_end = next((line for line in borders[1:] if "=" in self.lines[line]), None)
        else:
            borders = list(lines)
            marks = [line for line in lines if _SIMPLE_BORDER.match(self.lines[line].strip())]
            header_end = marks[1] if len(marks) >= 3 else None
        rows = []
        for number, row_start in enumerate(borders):
            row_end = borders[number + 1] if number + 1 < len(borders) else end
            if grid and number + 2 == len(borders):
                row_end = end  # the closing border belongs to the last row
            elif grid and number + 1 == len(borders):
                break
            header = header_end is not None and (
                row_end <= header_end if grid else row_start <= header_end)
            rows.append(self._node(NodeKind.ROW, row_start, row_end - 1, header=header))
        return self._table(first, end, rows)

    def _table(self, first: int, end: int, rows: list[Node]) -> Node:
        rows = [row for row in rows if row.end > row.start]
        header_rows = sum(1 for row in rows if row.attrs.get("header"))
        start, stop = self._span(first, end - 1)
        rows = fill_gaps(self.source, start, stop, rows)
        return make_node(self.source, NodeKind.TABLE, start, stop, rows,
                         header_rows=header_rows)

    def _item(self, first: int, end: int) -> Node:
        paragraph_end = first
        while paragraph_end + 1 < end and self.lines[paragraph_end + 1].strip():
            paragraph_end += 1
        children = [self._node(NodeKind.PARAGRAPH, first, paragraph_end)]
        children.extend(self.blocks(paragraph_end + 1, end))
        return self._container(NodeKind.ITEM, first, end, children)

    def _container(self, kind: NodeKind, first: int, end: int, children: list[Node]) -> Node:
        start, stop = self._span(first, end - 1)
        return make_node(self.source, kind, start, stop,
                         fill_gaps(self.source, start, stop, children))

    def _node(self, kind: NodeKind, first: int, last: int, **attrs: Any) -> Node:
        start, end = self._span(first, last)
        return make_node(self.source, kind, start, end, **attrs)

    def _span(self, first: int, last: int) -> tuple[int, int]:
        return trim_span(self.source.text, self.source.line_start(first),
                         self.source.line_end(last))


def _grouped_items(source: Source, nodes: list[Node]) -> list[Node]:
    """Runs of adjacent items become lists: bullet and enumerated items one kind, definition
    list items (whose term is no bullet) the other."""
    result: list[Node] = []
    run: list[Node] = []
    for node in [*nodes, None]:
        if node is not None and node.kind is NodeKind.ITEM and (
                not run or _is_term_item(source, node) == _is_term_item(source, run[0])):
            run.append(node)
            continue
        if run:
            result.append(_list_of(source, run))
            run = []
        if node is not None and node.kind is NodeKind.ITEM:
            run.append(node)
        elif node is not None:
            result.append(node)
    return result


def _list_of(source: Source, items: list[Node]) -> Node:
    if _is_term_item(source, items[0]):
        return make_node(source, NodeKind.LIST, items[0].start, items[-1].end, items,
                         ordered=False, definitions=True)
    return make_node(source, NodeKind.LIST, items[0].start, items[-1].end, items,
                     ordered=source.text[items[0].start] not in "-*+\u2022")


def _is_term_item(source: Source, item: Node) -> bool:
    return _BULLET.match(source.text, item.start) is None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))
