"""The hierarchical strategy: small leaves are embedded, their parent section is the context.

Parents are hybrid chunks under a second, larger budget (`parent_size`), cut so that none
holds part of a section and part of another; leaves are hybrid chunks under the main budget,
cut at parent boundaries so every leaf lies inside one parent. Both levels are returned, in
document order (a parent, then its leaves), marked in `metadata["hierarchy"]`; each leaf
carries its parent's `parent_id` and has the parent's content as its context.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import replace

from structchunk.chunk.budget import Budget
from structchunk.chunk.build import final_pieces
from structchunk.chunk.chunk import Chunk, ChunkIds
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.enclosing import OUTLINE_KINDS, Outline
from structchunk.chunk.finish import assemble
from structchunk.chunk.pack import Packer, Piece
from structchunk.chunk.strategies.hybrid import HybridChunker
from structchunk.errors import BudgetError
from structchunk.tree import Document, trim_span

PARENT, LEAF = "parent", "leaf"


class HierarchicalChunker:
    """Leaves within the budget, parents within `parent_size` (default four budgets)."""

    name = "hierarchical"

    def __init__(self, parent_size: int | None = None) -> None:
        if parent_size is not None and (not isinstance(parent_size, int) or parent_size <= 0):
            raise BudgetError(f"parent_size must be a positive integer, got {parent_size!r}")
        self.parent_size = parent_size

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        """The leaf pieces (what is embedded)."""
        parents = self._parents(document, context)[1]
        return self._leaves(document, context, parents)[1]

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]:
        parent_packer, parents = self._parents(document, context)
        leaf_packer, leaves = self._leaves(document, context, parents)
        parent_context = self._parent_context(context)
        parent_chunks = assemble(document, parents, parent_packer, parent_context.budget,
                                 context.language_at, self.name)
        leaf_chunks = assemble(document, leaves, leaf_packer, context.budget,
                               context.language_at, self.name)
        ids = ChunkIds(document.source.source_id + "\x00" + PARENT)
        parent_chunks = [replace(chunk, chunk_id=ids.next(chunk.content),
                                 metadata={**chunk.metadata, "hierarchy": PARENT})
                         for chunk in parent_chunks]
        ordered: list[Chunk] = []
        position = 0
        for parent in parent_chunks:
            ordered.append(parent)
            while position < len(leaf_chunks) and leaf_chunks[position].start < parent.end:
                leaf = leaf_chunks[position]
                ordered.append(replace(
                    leaf, context=parent.content, context_start=parent.start,
                    context_end=parent.end,
                    metadata={**leaf.metadata, "hierarchy": LEAF,
                              "parent_id": parent.chunk_id}))
                position += 1
        return [replace(chunk, index=number) for number, chunk in enumerate(ordered)]

    def _parent_context(self, context: ChunkContext) -> ChunkContext:
        budget = context.budget
        size = self.parent_size or 4 * budget.max_size
        if size < budget.max_size:
            raise BudgetError(f"parent_size {size} is smaller than the budget "
                              f"{budget.max_size}: a parent must be able to hold its leaves")
        return replace(context, budget=Budget(max_size=size, length=budget.length,
                                              overlap=budget.overlap,
                                              overlap_size=budget.overlap_size))

    def _parents(self, document: Document, context: ChunkContext
                 ) -> tuple[Packer, list[Piece]]:
        parent_context = self._parent_context(context)
        raw = HybridChunker().chunk(document, parent_context)
        packer, pieces = final_pieces(document, raw, parent_context)
        outline = Outline(document)
        starts = sorted({node.start for node, _ in document.root.walk()
                         if node.kind in OUTLINE_KINDS})
        return packer, _settle(packer, _cut_at_sections(document, outline, pieces, starts))

    def _leaves(self, document: Document, context: ChunkContext, parents: list[Piece]
                ) -> tuple[Packer, list[Piece]]:
        packer, pieces = final_pieces(document, HybridChunker().chunk(document, context),
                                      context)
        boundaries = sorted({parent.start for parent in parents})
        return packer, _settle(packer, _cut(document, Outline(document), pieces, boundaries))


def _settle(packer: Packer, pieces: list[Piece]) -> list[Piece]:
    """Pieces within the budget: cut at words where needed, and sized with the context line
    they are built with (dropping an opening title can lengthen a shortened line)."""
    settled = []
    for piece in packer.enforce(pieces):
        if piece.open_titles and not packer.fits(piece):
            piece = replace(piece, open_titles=0)
        settled.append(piece)
    return settled


def _cut_at_sections(document: Document, outline: Outline, pieces: list[Piece],
                     starts: list[int]) -> list[Piece]:
    """Cut a piece where a section starts inside it but ends after it (a piece may hold
    whole sections, or lie inside one, but never hold part of one and part of another)."""
    ends: dict[int, int] = {}
    for node, _ in document.root.walk():
        if node.kind in OUTLINE_KINDS:
            ends[node.start] = max(node.end, ends.get(node.start, 0))
    cuts: list[int] = []
    for piece in pieces:
        cuts.extend(start for start in _inner(starts, piece)
                    if ends[start] > piece.end)
    return _cut(document, outline, pieces, sorted(set(cuts)))


def _inner(points: list[int], piece: Piece) -> list[int]:
    return points[bisect_right(points, piece.start):bisect_left(points, piece.end)]


def _cut(document: Document, outline: Outline, pieces: list[Piece],
         points: list[int]) -> list[Piece]:
    """Cut every piece at the given offsets that fall strictly inside it."""
    text = document.text
    result: list[Piece] = []
    for piece in pieces:
        inner = _inner(points, piece)
        if not inner:
            result.append(piece)
            continue
        bounds = [piece.start, *inner, piece.end]
        for number, (start, end) in enumerate(zip(bounds, bounds[1:], strict=False)):
            start, end = trim_span(text, start, end)
            if end <= start:
                continue
            if number == 0:  # a framed piece (table rows, code lines) keeps its frame
                result.append(replace(piece, start=start, end=end))
                continue
            path, opened = outline.titles(start, end)
            result.append(Piece(start, end, path, opened, piece.prefix, piece.suffix,
                                piece.flags))
    return result


__all__ = ["HierarchicalChunker", "LEAF", "PARENT"]
