"""The one structural tree every parser builds and the chunker walks.

Every node knows its exact `[start, end)` span in `Source.text` and its 1-based lines.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from types import MappingProxyType
from typing import Any

from structchunk.decode import Source


class NodeKind(str, Enum):
    DOCUMENT = "document"
    SECTION = "section"
    HEADING = "heading"
    PARAGRAPH = "paragraph"
    LIST = "list"
    ITEM = "item"
    TABLE = "table"
    ROW = "row"
    CODE = "code"
    DEFINITION = "definition"  # a unit of code: function, method, class, impl block
    QUOTE = "quote"
    FRONT_MATTER = "front_matter"
    HTML = "html"
    BREAK = "break"  # thematic break
    TEXT = "text"  # text no other rule claimed; keeps "nothing is lost" true


# Kinds the chunker may descend into when a node does not fit.
TITLED_KINDS = frozenset({NodeKind.SECTION, NodeKind.DEFINITION})
"""The kinds whose title joins the heading path of what lies inside them (a section under a
heading, a unit of code); the one list every walk of the outline reads."""

CONTAINER_KINDS = frozenset({NodeKind.DOCUMENT, NodeKind.SECTION, NodeKind.LIST, NodeKind.ITEM,
                             NodeKind.QUOTE, NodeKind.DEFINITION})

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Node:
    """A span of the source with a kind, children in source order and a few typed attributes.

    attrs used by the parsers: `title`, `level`, `numbering` (section, heading); `language`,
    `fence_open`, `fence_close`, `body_start`, `body_end` (code); `header_rows` (table: leading
    rows that are header); `header` (row); `ordered` (list); `name`, `leading_comments`
    (definition); `meta` (what chunks touching the node carry); `unit` (section: a slide or
    sheet that never shares a chunk with what lies outside it). The chunker reads them only
    through the typed views below (`code_data`, `row_data`, `definition_data`,
    `carried_meta`, `is_unit`), so this docstring and those functions are the whole contract.
    """

    kind: NodeKind
    start: int
    end: int
    start_line: int
    end_line: int
    children: tuple[Node, ...] = ()
    attrs: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    @property
    def title(self) -> str | None:
        value = self.attrs.get("title")
        return str(value) if value is not None else None

    def walk(self, depth: int = 0) -> Iterator[tuple[Node, int]]:
        """Pre-order traversal yielding (node, depth); iterative so deep trees are safe."""
        stack: list[tuple[Node, int]] = [(self, depth)]
        while stack:
            node, level = stack.pop()
            yield node, level
            stack.extend((child, level + 1) for child in reversed(node.children))


@dataclass(frozen=True, slots=True)
class CodeData:
    """A CODE node: its language, and for a fenced block the fences and the body between."""

    language: str | None
    fence_open: str | None
    fence_close: str | None
    body_start: int
    body_end: int


@dataclass(frozen=True, slots=True)
class RowData:
    """A ROW node of a table: whether it is a header row (header and delimiter rows)."""

    header: bool


@dataclass(frozen=True, slots=True)
class DefinitionData:
    """A DEFINITION node (a unit of code): its title and whether its first child is the
    comment block that leads it."""

    title: str | None
    leading_comments: bool


def code_data(node: Node) -> CodeData:
    attrs = node.attrs
    fence_open, fence_close = attrs.get("fence_open"), attrs.get("fence_close")
    return CodeData(attrs.get("language"),
                    None if fence_open is None else str(fence_open),
                    None if fence_close is None else str(fence_close),
                    int(attrs.get("body_start", node.start)), int(attrs.get("body_end", node.end)))


def row_data(node: Node) -> RowData:
    return RowData(bool(node.attrs.get("header")))


def definition_data(node: Node) -> DefinitionData:
    return DefinitionData(node.title, bool(node.attrs.get("leading_comments")))


def is_unit(node: Node) -> bool:
    """Whether a node is a unit of its source (a slide, a sheet): a chunk holds text of one
    unit only, so a citation names one slide and a small slide is not packed with the next."""
    return bool(node.attrs.get("unit"))


def carried_meta(node: Node) -> Mapping[str, Any]:
    """What a node gives the chunks that touch it (a legal unit's law, section and Absatz;
    a code block's language): the only node metadata that reaches chunks."""
    meta = node.attrs.get("meta")
    return meta if meta else _EMPTY


# A frozen dataclass's __init__ sets every field through `object.__setattr__`; make_node,
# which builds every node of every tree, fills the slots through their descriptors instead,
# at about half the cost per node. The node is the same frozen Node either way.
_NEW = object.__new__
_SET_KIND, _SET_START, _SET_END, _SET_START_LINE, _SET_END_LINE, _SET_CHILDREN, _SET_ATTRS = (
    Node.__dict__[name].__set__ for name in (
        "kind", "start", "end", "start_line", "end_line", "children", "attrs"))
assert [item.name for item in fields(Node)] == [
    "kind", "start", "end", "start_line", "end_line", "children", "attrs"], "make_node sets them"


def make_node(source: Source, kind: NodeKind, start: int, end: int,
              children: tuple[Node, ...] | list[Node] = (), **attrs: Any) -> Node:
    """Build a node, deriving its line numbers from the source's line table."""
    starts = source.line_starts
    node = _NEW(Node)
    _SET_KIND(node, kind)
    _SET_START(node, start)
    _SET_END(node, end)
    first = bisect_right(starts, start)
    _SET_START_LINE(node, first)
    _SET_END_LINE(node, bisect_right(starts, end - 1) if end - 1 > start else first)
    _SET_CHILDREN(node, children if type(children) is tuple else tuple(children))
    _SET_ATTRS(node, (_shared(attrs) or MappingProxyType(attrs)) if attrs else _EMPTY)
    return node


# Attributes made only of flags and small numbers (a table row's `header`, a list's `ordered`)
# repeat from node to node: one read-only mapping serves every node that has them, so a table
# of 20,000 rows holds two mappings, not 20,000.
_SHARED_ATTRS: dict[tuple[tuple[str, type, Any], ...], Mapping[str, Any]] = {}
_SMALL_VALUES = (bool, int, type(None))


def _shared(attrs: dict[str, Any]) -> Mapping[str, Any] | None:
    for value in attrs.values():
        if type(value) not in _SMALL_VALUES or (type(value) is int and not -64 < value < 64):
            return None
    key = tuple((name, type(value), value) for name, value in attrs.items())  # True is not 1
    shared = _SHARED_ATTRS.get(key)
    if shared is None:
        if len(_SHARED_ATTRS) >= 1024:
            _SHARED_ATTRS.clear()
        shared = _SHARED_ATTRS[key] = MappingProxyType(attrs)
    return shared


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink [start, end) to exclude surrounding whitespace (empty spans collapse to start)."""
    if start < end and not text[start].isspace() and not text[end - 1].isspace():
        return start, end  # the usual case: nothing to trim
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


@dataclass(frozen=True, slots=True)
class Page:
    """A page of a paged source (a PDF): its 1-based number and the offset where it begins."""

    number: int
    start: int


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A document that is one source file: its programming language and, when there is no
    grammar for it, why its units are unknown (the chunker then cuts between lines)."""

    code_language: str | None
    fallback: str | None = None


@dataclass(frozen=True)
class Document:
    """A parsed source: its text, format, language and the root node.

    The chunker reads only the typed fields: `pages` (a paged source's page starts),
    `source_file` (set when the whole document is one source file) and `carried` (metadata
    every chunk of the document carries, such as the law's name or pages lost in
    extraction). `metadata` is what the parser reports about the document as a whole.
    """

    source: Source
    root: Node
    format: str
    language: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    pages: tuple[Page, ...] = ()
    source_file: SourceFile | None = None
    carried: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.source.text

    @property
    def title(self) -> str | None:
        """The document's own title (front matter, a source file's path), which roots every
        heading path; None when the parser found none."""
        title = self.metadata.get("title")
        return str(title) if title else None

    @property
    def warnings(self) -> tuple[str, ...]:
        """Problems met while reading (a legacy encoding, a PDF page without text), in order."""
        return self.source.warnings + tuple(self.metadata.get("warnings", ()))

    def content(self, node: Node) -> str:
        return self.source.text[node.start:node.end]

    def walk(self) -> Iterator[tuple[Node, tuple[str, ...]]]:
        """Yield every node with the path of titles (sections, code definitions) above it."""
        stack: list[tuple[Node, tuple[str, ...]]] = [(self.root, ())]
        while stack:
            node, path = stack.pop()
            yield node, path
            titled = node.kind in TITLED_KINDS and node.title
            inner = path + (node.title,) if titled and node.title else path
            stack.extend((child, inner) for child in reversed(node.children))

    def pretty(self, max_preview: int = 50) -> str:
        """An indented outline: kind, lines, span, and a title or a preview of the text."""
        lines = []
        for node, depth in self.root.walk():
            label = node.title or _preview(self.content(node), max_preview)
            extra = "".join(f" {key}={value!r}" for key, value in node.attrs.items()
                            if key in ("level", "language", "header_rows", "numbering", "name"))
            lines.append(f"{'  ' * depth}{node.kind.value} L{node.start_line}-{node.end_line} "
                         f"[{node.start}:{node.end}]{extra} {label}")
        return "\n".join(lines)


def _preview(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")
