"""Where a span sits in the document's outline: its innermost section and the titles above it.

Strategies that look beyond a chunk (a sentence's window, a leaf's parent, a semantic group)
use this so that what they gather never crosses a section boundary.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

from structchunk.chunk.pack import Piece, Title
from structchunk.tree import TITLED_KINDS, Document, Node, NodeKind, overlapping

# Nodes that open a level of the outline: a section under a heading, a unit of code.
OUTLINE_KINDS = TITLED_KINDS


class Outline:
    """Answers, for a span, the chain of outline nodes (sections, definitions) holding it."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self._starts: dict[int, list[int]] = {}

    def chain(self, start: int, end: int) -> list[Node]:
        """Outline nodes enclosing `[start, end)`, outermost first."""
        chain: list[Node] = []
        node = self.document.root
        while node.children:
            child = self._child_holding(node, start, end)
            if child is None:
                break
            if child.kind in OUTLINE_KINDS:
                chain.append(child)
            node = child
        return chain

    def section_span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the innermost section holding `[start, end)` (the whole text if none)."""
        chain = self.chain(start, end)
        if chain:
            return chain[-1].start, chain[-1].end
        return 0, len(self.document.text)

    def titles(self, start: int, end: int) -> tuple[tuple[Title, ...], int]:
        """The heading path of `[start, end)`, and how many of its titles open at `start`."""
        path: list[Title] = []
        opened = 0
        for node in self.chain(start, end):
            if node.title:
                path.append(Title(node.title, node.kind is NodeKind.DEFINITION))
                opened = opened + 1 if node.start == start else 0
        return tuple(path), opened

    def _child_holding(self, node: Node, start: int, end: int) -> Node | None:
        starts = self._starts.get(id(node))
        if starts is None:
            starts = [child.start for child in node.children]
            self._starts[id(node)] = starts
        position = bisect_right(starts, start) - 1
        if position < 0:
            return None
        child = node.children[position]
        return child if child.end >= end else None


__all__ = ["OUTLINE_KINDS", "Outline"]


def under_its_sections(document: Document, piece: Piece) -> Piece:
    """`piece` (the rest of a merged piece) under the sections it lies inside: a rest that
    starts within a provision below the merged piece's common path carries it too."""
    start_titles = section_titles_at(document, piece.start)
    end_titles = section_titles_at(document, piece.end - 1)
    known = [title.text for title in piece.path]
    if known and known[-1] in start_titles:
        below = start_titles.index(known[-1]) + 1
    elif len(known) <= 1:  # nothing, or only a document title the tree does not hold
        below = 0
    else:
        return piece
    extra = []
    for left, right in zip(start_titles[below:], end_titles[below:], strict=False):
        if left != right:
            break
        extra.append(Title(left))
    return replace(piece, path=piece.path + tuple(extra)) if extra else piece


def section_titles_at(document: Document, offset: int) -> list[str]:
    """The titles of the sections around `offset`, outermost first."""
    titles: list[str] = []
    node = document.root
    while True:
        around = overlapping(node, offset, offset + 1)
        if not around:
            return titles
        inner = around[0]
        if inner.kind is NodeKind.SECTION and inner.title:
            titles.append(inner.title)
        node = inner
