"""Neighbouring pieces that fit together share a chunk, across section boundaries.

The walk cuts a section at its blocks and packs them greedily, so a section's last paragraph
is often left alone after a full piece, and a short section stands alone beside a long one:
chunks far below the budget that hold little to be found and still compete for the top k.
Where two neighbours fit together (so one of them is under half the budget) and share a
title (the document's at least) they become one chunk under their common path. The second
piece must open with its own headings (they are in its content); the first gives up the
titles its content does not show, so the chunk's heading path stays true of all it holds.
Titles that identify what a reader cites are never given up: a code definition (a
function's tail stays named by its function) and a numbered provision (every piece of a
split § keeps its number).

Measured on the natural questions (docs/benchmarks.md, "Natural questions"): joining whole
pieces pays with both BM25 and all-MiniLM-L6-v2; taking the heading and first blocks of a
long next section into a small piece, as a splitter that ignores structure does, did not.
"""

from __future__ import annotations

from collections.abc import Sequence

from structchunk.chunk.pack import CUT_FLAGS, Packer, Piece, Title
from structchunk.tree import Document, Node, NodeKind, carried_meta, overlapping


def filled(packer: Packer, document: Document, pieces: Sequence[Piece]) -> list[Piece]:
    """`pieces` with each joined to the one before it where they fit together."""
    result: list[Piece] = []
    for piece in pieces:
        if result:
            joined = _joined(document, result[-1], piece)
            if joined is not None and packer.fits(joined):
                result[-1] = joined
                continue
        result.append(piece)
    return result


def _joined(document: Document, first: Piece, second: Piece) -> Piece | None:
    """`first` and `second` as one piece under their common path, or None where their frames,
    cuts or titles forbid it (the size is not checked)."""
    if first.suffix or second.prefix or (first.flags | second.flags) & CUT_FLAGS:
        return None
    if second.start < first.end or first.visible_end or second.visible > second.start:
        return None  # held text that is not embedded stays at the edge of its chunk
    common = _common_prefix(first.path, second.path)
    if not common or len(second.path) - len(common) > second.open_titles:
        return None  # a chunk keeps at least one title (the document's) above what it holds
    dropped = first.path[len(common):]
    hidden = dropped[:max(0, len(dropped) - first.open_titles)]
    if any(title.is_definition for title in dropped) or (
            hidden and _names_provision(document, first.start, hidden)):
        return None
    return Piece(first.start, second.end, common, max(0, first.open_titles - len(dropped)),
                 first.prefix, second.suffix, first.flags | second.flags, first.visible, 0)


def _names_provision(document: Document, offset: int, titles: Sequence[Title]) -> bool:
    """Whether one of `titles` is the heading of a numbered provision (a § of a statute)
    among the sections around `offset`."""
    wanted = {title.text for title in titles}
    node: Node = document.root
    while True:
        around = overlapping(node, offset, offset + 1)
        if not around:
            return False
        node = around[0]
        if node.kind is NodeKind.SECTION and node.title in wanted and carried_meta(
                node).get("section"):
            return True


def _common_prefix(first: tuple[Title, ...], second: tuple[Title, ...]) -> tuple[Title, ...]:
    length = 0
    for left, right in zip(first, second, strict=False):
        if left != right:
            break
        length += 1
    return first[:length]


__all__ = ["filled"]
