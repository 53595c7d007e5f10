"""Shared tree-building steps: nest headings into sections, and claim stray text.

Every parser that finds headings (Markdown, plain text, legal text, PDF) hands its flat list of
top-level blocks to `sectionize`, so heading paths work the same way in every format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from structchunk.decode import Source
from structchunk.tree import Node, NodeKind, make_node, trim_span


def fill_gaps(source: Source, start: int, end: int, children: list[Node]) -> list[Node]:
    """Add TEXT nodes for uncovered stretches holding letters or digits.

    Markup-only gaps (blank quote markers, stray pipes) are left to the chunker, which attaches
    them to a neighbouring piece; real text is never left outside the tree.
    """
    result: list[Node] = []
    cursor = start
    for child in sorted(children, key=_START):
        if child.start > cursor:
            _claim(source, cursor, child.start, result)
        result.append(child)
        if child.end > cursor:
            cursor = child.end
    if end > cursor:
        _claim(source, cursor, end, result)
    return result


_START = attrgetter("start")


def _claim(source: Source, start: int, end: int, result: list[Node]) -> None:
    gap_start, gap_end = trim_span(source.text, start, end)
    if gap_end > gap_start and any(ch.isalnum() for ch in source.text[gap_start:gap_end]):
        result.append(make_node(source, NodeKind.TEXT, gap_start, gap_end))


@dataclass
class _OpenSection:
    level: int
    title: str | None
    children: list[Node] = field(default_factory=list)
    attrs: dict[str, object] = field(default_factory=dict)


def sectionize(source: Source, blocks: list[Node]) -> Node:
    """Nest top-level HEADING nodes into SECTION nodes by level.

    Content before the first heading becomes an untitled section of level 0; a document that
    skips levels (`#` then `###`) nests the deeper heading under the nearest shallower one.
    Front matter stays a direct child of the document.
    """
    document_children: list[Node] = []
    stack: list[_OpenSection] = []

    def close_until(level: int) -> None:
        while stack and (stack[-1].level >= level or stack[-1].level == 0):
            finished = stack.pop()
            node = _section_node(source, finished)
            if node is None:
                continue
            if stack:
                stack[-1].children.append(node)
            else:
                document_children.append(node)

    for block in blocks:
        if block.kind is NodeKind.HEADING:
            level = int(block.attrs.get("level", 1))
            close_until(level)
            extra = {key: value for key, value in block.attrs.items()
                     if key not in ("level", "title")}
            stack.append(_OpenSection(level, block.title, [block], extra))
        elif not stack and block.kind is NodeKind.FRONT_MATTER:
            document_children.append(block)
        else:
            if not stack:
                stack.append(_OpenSection(0, None))
            stack[-1].children.append(block)
    close_until(-1)
    end = len(source.text)
    return make_node(source, NodeKind.DOCUMENT, 0, end, document_children)


def _section_node(source: Source, section: _OpenSection) -> Node | None:
    if not section.children:
        return None
    start = section.children[0].start
    end = max(child.end for child in section.children)
    attrs: dict[str, Any] = {"level": section.level, **section.attrs}
    if section.title is not None:
        attrs["title"] = section.title
    return make_node(source, NodeKind.SECTION, start, end, section.children, **attrs)
