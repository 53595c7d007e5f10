"""The one structural tree every parser builds and the chunker walks.

Every node knows its exact `[start, end)` span in `Source.text` and its 1-based lines.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from operator import attrgetter
from typing import Any

from structchunk.decode import Source
from structchunk.node_data import (
    EMPTY_META,
    BlockData,
    CodeData,
    DefinitionData,
    HeadingData,
    ListData,
    NodeData,
    RowData,
    TableData,
    TextData,
    as_mapping,
)

try:  # 4-byte integers in the compiled build's nodes; plain ints where mypyc is absent
    from mypy_extensions import i32
except ImportError:  # pragma: no cover - an install without mypy's extensions
    i32 = int  # type: ignore[misc]


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


@dataclass(frozen=True, slots=True)
class Node:
    """A span of the source with a kind, children in source order and its kind's typed data.

    `data` is the frozen record of the node's kind (`structchunk.node_data`): `HeadingData`
    (heading, section), `CodeData`, `TableData`, `RowData`, `ListData`, `DefinitionData`,
    `TextData`, `BlockData` for the rest; None when a node has nothing beyond its span. The
    chunker reads it through `code_data`, `row_data`, `definition_data`, `carried_meta` and
    `is_unit` below, which return the stored record without rebuilding it.
    """

    kind: NodeKind
    start: i32
    end: i32
    start_line: i32
    end_line: i32
    children: tuple[Node, ...] = ()
    data: NodeData | None = None

    @property
    def title(self) -> str | None:
        value = getattr(self.data, "title", None)
        return str(value) if value is not None else None

    @property
    def attrs(self) -> Mapping[str, Any]:
        """The data's fields that differ from their defaults, as a read-only mapping (built
        at each read: for a parser copying a node, not for the chunker)."""
        return as_mapping(self.data)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

    def walk(self, depth: int = 0) -> Iterator[tuple[Node, int]]:
        """Pre-order traversal yielding (node, depth); iterative so deep trees are safe."""
        stack: list[tuple[Node, int]] = [(self, depth)]
        while stack:
            node, level = stack.pop()
            yield node, level
            stack.extend((child, level + 1) for child in reversed(node.children))


_UNTITLED_UNIT = DefinitionData(None)
_LEADING_COMMENTS = DefinitionData(None, leading_comments=True)
_NOT_HEADER = RowData(False)


def code_data(node: Node) -> CodeData:
    """A CODE node's record (every CODE node has one: make_node fills the body span); for the
    DOCUMENT of a source file, which is cut as one unfenced block, an unfenced record."""
    data = node.data
    if type(data) is CodeData:
        return data
    return CodeData(None, body_start=node.start, body_end=node.end)


def row_data(node: Node) -> RowData:
    data = node.data
    return data if type(data) is RowData else _NOT_HEADER


def definition_data(node: Node) -> DefinitionData:
    """A unit's record; for any other node one of two shared records saying only whether it
    is the comment block leading a unit."""
    data = node.data
    if type(data) is DefinitionData:
        return data
    return _LEADING_COMMENTS if type(data) is TextData and data.leading_comments \
        else _UNTITLED_UNIT


def is_unit(node: Node) -> bool:
    """Whether a node is a unit of its source (a slide, a sheet): a chunk holds text of one
    unit only, so a citation names one slide and a small slide is not packed with the next."""
    data = node.data
    return type(data) is HeadingData and data.unit


def carried_meta(node: Node) -> Mapping[str, Any]:
    """What a node gives the chunks that touch it (a legal unit's law, section and Absatz;
    a code block's language): the only node metadata that reaches chunks."""
    data = node.data
    meta = data.meta if data is not None else None
    return meta if meta else EMPTY_META


_DATA_BY_KIND: dict[NodeKind, type[Any]] = {
    NodeKind.HEADING: HeadingData, NodeKind.SECTION: HeadingData, NodeKind.CODE: CodeData,
    NodeKind.TABLE: TableData, NodeKind.ROW: RowData, NodeKind.LIST: ListData,
    NodeKind.DEFINITION: DefinitionData, NodeKind.TEXT: TextData}
"""The record each kind holds; every other kind holds a `BlockData` or nothing."""


def data_class(kind: NodeKind) -> type[Any]:
    """The record class a node of `kind` holds."""
    return _DATA_BY_KIND.get(kind, BlockData)


# A frozen dataclass's __init__ sets every field through `object.__setattr__`; in the pure
# build make_node, which builds every node of every tree, fills the slots through their member
# descriptors instead, at about half the cost per node. Compiled by mypyc, Node is a native
# class whose attributes are not slots and whose constructor is a C call that stores its
# numbers unboxed: make_node calls it. The node is the same frozen Node either way.
_SLOTTED = type(vars(Node)["start"]).__name__ == "member_descriptor"
_NEW = object.__new__
_SETTERS: tuple[Any, ...] = tuple(
    vars(Node)[name].__set__ for name in (
        "kind", "start", "end", "start_line", "end_line", "children", "data"))
assert [item.name for item in fields(Node)] == [
    "kind", "start", "end", "start_line", "end_line", "children", "data"], "make_node sets them"
_SET_KIND, _SET_START, _SET_END, _SET_START_LINE, _SET_END_LINE, _SET_CHILDREN, _SET_DATA = (
    _SETTERS)


def make_node(source: Source, kind: NodeKind, start: int, end: int,
              children: tuple[Node, ...] | list[Node] = (), data: NodeData | None = None,
              near_line: int = -1, **values: Any) -> Node:
    """Build a node, deriving its line numbers from the source's line table.

    `near_line`, the 0-based line a parser expects `start` on, is checked before the table is
    searched (a parser reading lines knows them). Its data is either `data`, a record of the
    kind's class, or built here from `values`, the record's fields by name: a name the
    record lacks raises TypeError, so a misspelt field fails where it is written."""
    if values:
        if data is not None:
            raise TypeError("make_node takes data= or the data's fields, not both")
        data = _record(kind, start, end, values)
        if kind is NodeKind.SECTION and children and children[0].kind is NodeKind.HEADING \
                and children[0].data == data:
            data = children[0].data  # a section and the heading opening it: one record
    elif data is None:
        if kind is NodeKind.CODE:
            data = CodeData(None, body_start=start, body_end=end)
    elif type(data) is not data_class(kind):
        raise TypeError(f"a {kind.value} node holds {data_class(kind).__name__}, "
                        f"not {type(data).__name__}")
    elif type(data) is CodeData and data.body_start < 0:
        raise TypeError("a code node's data needs its body span")
    starts = source.line_starts
    count = len(starts)
    if 0 <= near_line < count and starts[near_line] <= start and (
            near_line + 1 == count or start < starts[near_line + 1]):
        first = near_line + 1
    else:
        first = bisect_right(starts, start)
    # Most nodes end on the line they start on (a heading, a row): then the line number is
    # not looked up again, and in the pure build both fields hold the same int object.
    last = bisect_right(starts, end - 1) if end - 1 > start and first < count and (
        starts[first] < end) else first
    kids = children if type(children) is tuple else tuple(children)
    if not _SLOTTED:
        return Node(kind, start, end, first, last, kids, data)
    node = _NEW(Node)
    _SET_KIND(node, kind)
    _SET_START(node, start)
    _SET_END(node, end)
    _SET_START_LINE(node, first)
    _SET_END_LINE(node, last)
    _SET_CHILDREN(node, kids)
    _SET_DATA(node, data)
    return node


# Records made only of flags and small numbers (a table row's `header`, a list's `ordered`)
# repeat from node to node: one record serves every node that has the same, so a table of
# 20,000 rows holds two records, not 20,000.
_SHARED: dict[tuple[Any, ...], Any] = {}
_SMALL_VALUES = (bool, int, type(None))


def _record(kind: NodeKind, start: int, end: int, values: dict[str, Any]) -> NodeData:
    cls = data_class(kind)
    if cls is CodeData:
        values.setdefault("body_start", start)
        values.setdefault("body_end", end)
    for value in values.values():
        if type(value) not in _SMALL_VALUES or (type(value) is int and not -64 < value < 64):
            return cls(**values)
    key = (cls, *((name, type(value), value) for name, value in values.items()))  # True != 1
    shared = _SHARED.get(key)
    if shared is None:
        if len(_SHARED) >= 1024:
            _SHARED.clear()
        shared = _SHARED[key] = cls(**values)
    return shared


def overlapping(node: Node, start: int, end: int) -> list[Node]:
    """The children of `node` that overlap [start, end), found by bisecting its children (in
    source order, not overlapping) on their ends and starts: only the children between the
    two bisections are looked at, so finding the blocks of a chunk in a section of thousands
    costs a few steps, not a pass over the section."""
    children = node.children
    if not children:
        return []
    first = bisect_left(children, start + 1, key=_END)
    stop = bisect_left(children, end, lo=first, key=_START)
    return [child for child in children[first:stop] if child.end > start]


_END = attrgetter("end")
_START = attrgetter("start")


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

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A document that is one source file: its programming language and, when there is no
    grammar for it, why its units are unknown (the chunker then cuts between lines)."""

    code_language: str | None
    fallback: str | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)


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

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt(self)

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
                            if key in _PRETTY_FIELDS)
            lines.append(f"{'  ' * depth}{node.kind.value} L{node.start_line}-{node.end_line} "
                         f"[{node.start}:{node.end}]{extra} {label}")
        return "\n".join(lines)


_PRETTY_FIELDS = ("level", "language", "header_rows", "numbering", "name")


def _preview(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")


def _rebuilt(record: Any) -> tuple[Any, ...]:
    """How pickle rebuilds a record of this module: its class called with its fields.
    Compiled by mypyc, the frozen records are native classes that pickle no other way, and
    parsed documents are sent to worker processes (process pools, Ray Data)."""
    return (type(record), tuple(getattr(record, item.name) for item in fields(record)))
