"""Pieces to Chunks: close gaps, build the embedded text, ids, languages and metadata."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from structchunk.chunk.budget import Budget, contextualize
from structchunk.chunk.chunk import Chunk, ChunkIds
from structchunk.chunk.pack import CHARACTER_SPLIT, OVERSIZED, Packer, Piece
from structchunk.tree import Document, Node, NodeKind, carried_meta, trim_span

# Document-level facts every chunk of the document carries.


def close_gaps(packer: Packer, pieces: list[Piece]) -> list[Piece]:
    """Attach stray non-whitespace between pieces (quote markers, pipes) to a neighbour.

    The text goes to the next piece if it still fits, else to the previous one, else it
    becomes a piece of its own: nothing of the source is ever left out.
    """
    source = packer.source
    ordered = sorted(pieces, key=lambda piece: (piece.start, piece.end))
    result: list[Piece] = []
    cursor = 0
    for piece in ordered:
        if piece.start > cursor and not source[cursor:piece.start].isspace():
            gap_start, gap_end = trim_span(source, cursor, piece.start)
            extended = replace(piece, start=gap_start, open_titles=0)
            if packer.fits(extended):
                piece = extended
            elif result and not result[-1].suffix and packer.fits(
                    replace(result[-1], end=gap_end)):
                result[-1] = replace(result[-1], end=gap_end)
            else:
                result.extend(packer.split_words(Piece(gap_start, gap_end, piece.path)))
        result.append(piece)
        cursor = max(cursor, piece.end)
    if cursor < len(source) and not source[cursor:].isspace():
        gap_start, gap_end = trim_span(source, cursor, len(source))
        if result and not result[-1].suffix and packer.fits(replace(result[-1], end=gap_end)):
            result[-1] = replace(result[-1], end=gap_end)
        else:
            path = result[-1].path if result else ()
            result.extend(packer.split_words(Piece(gap_start, gap_end, path)))
    return result


def assemble(document: Document, pieces: list[Piece], packer: Packer, budget: Budget,
             language_at: Callable[[int], str | None], strategy: str) -> list[Chunk]:
    source = document.text
    source_id = document.source.source_id
    index = _NodeIndex(document)
    starts = [page.start for page in document.pages]
    ids = ChunkIds(source_id)
    chunks: list[Chunk] = []
    for number, piece in enumerate(pieces):
        content = source[piece.start:piece.end]
        body = piece.prefix + content + piece.suffix
        text = contextualize(packer.context_of(piece), body)
        kinds, metadata = index.describe(piece.start, piece.end)
        for key, value in document.carried.items():
            metadata.setdefault(key, value)
        metadata["strategy"] = strategy
        definitions = [title.text for title in piece.path if title.is_definition]
        if definitions:
            metadata["definitions"] = definitions
        if piece.flags:
            metadata["flags"] = sorted(piece.flags)
            if OVERSIZED in piece.flags or CHARACTER_SPLIT in piece.flags:
                metadata["oversized"] = True
        if starts:
            first = max(1, bisect_right(starts, piece.start))
            last = max(1, bisect_right(starts, max(piece.start, piece.end - 1)))
            metadata["pages"] = [page.number for page in document.pages[first - 1:last]]
        chunks.append(Chunk(
            text=text, content=content, start=piece.start, end=piece.end,
            heading_path=tuple(title.text for title in piece.path),
            kinds=kinds, language=language_at(piece.start),
            chunk_id=ids.next(content), index=number,
            size=budget.size(text), source=document.source.path, metadata=metadata))
    return chunks


class _NodeIndex:
    """Finds the nodes a span touches: enclosing ones give context metadata, covered ones
    give the chunk's kinds and per-node metadata collected into lists."""

    def __init__(self, document: Document) -> None:
        self.root = document.root
        self._ends: dict[int, list[int]] = {}
        # Per node id: the kinds in its subtree, or None when some node in it carries
        # metadata (then the subtree is walked, so values are collected in document order).
        self._kinds: dict[int, frozenset[NodeKind] | None] = {}

    def describe(self, start: int, end: int) -> tuple[tuple[str, ...], dict[str, Any]]:
        kinds: set[NodeKind] = set()
        metadata: dict[str, Any] = {}
        node = self.root
        while True:  # descend through the nodes that enclose the whole span
            _merge_meta(metadata, node, collect=False)
            inner = self.overlapping(node, start, end)
            if len(inner) == 1 and inner[0].start <= start and inner[0].end >= end:
                node = inner[0]
                kinds.add(node.kind)
                continue
            break
        stack = inner[::-1]  # popped in document order
        visited = 0
        while stack and visited < 10_000:
            child = stack.pop()
            visited += 1
            if child.start >= start and child.end <= end:
                below = self.subtree_kinds(child)
                if below is not None:  # covered whole and nothing to collect in it
                    kinds.update(below)
                    continue
            kinds.add(child.kind)
            _merge_meta(metadata, child, collect=True)
            stack.extend(reversed(self.overlapping(child, start, end)))
        return tuple(sorted(kind.value for kind in kinds)), metadata

    def subtree_kinds(self, node: Node) -> frozenset[NodeKind] | None:
        known = self._kinds
        if id(node) in known:
            return known[id(node)]
        stack: list[tuple[Node, bool]] = [(node, False)]
        while stack:  # post-order without recursion: trees may be deep
            current, expanded = stack.pop()
            if id(current) in known:
                continue
            if not expanded and current.children:
                stack.append((current, True))
                stack.extend((child, False) for child in current.children)
                continue
            kinds: set[NodeKind] | None = set() if not _carries_meta(current) else None
            for child in current.children:
                below = known[id(child)]
                if below is None or kinds is None:
                    kinds = None
                    break
                kinds.update(below)
            if kinds is not None:
                kinds.add(current.kind)
            known[id(current)] = frozenset(kinds) if kinds is not None else None
        return known[id(node)]

    def overlapping(self, node: Node, start: int, end: int) -> list[Node]:
        children = node.children
        if not children:
            return []
        ends = self._ends.get(id(node))
        if ends is None:
            ends = [child.end for child in children]
            self._ends[id(node)] = ends
        result = []
        for child in children[bisect_left(ends, start + 1):]:
            if child.start >= end:
                break
            if child.end > start:
                result.append(child)
        return result


def _carries_meta(node: Node) -> bool:
    return bool(carried_meta(node))


def _merge_meta(metadata: dict[str, Any], node: Node, collect: bool) -> None:
    """Enclosing nodes set a key; covered nodes add their values to it.

    A key holds one value where the chunk has one (`"section": "§ 623"`) and a list in
    document order where it spans several (`"absatz": ["1", "2"]`); values that are lists in
    the tree (references) always stay lists.
    """
    meta = carried_meta(node)
    if not meta:
        return
    for key, value in meta.items():
        existing = metadata.get(key)
        if not collect or existing is None:
            metadata[key] = list(value) if isinstance(value, list) else value
            continue
        values = value if isinstance(value, list) else [value]
        merged = existing if isinstance(existing, list) else [existing]
        additions = [item for item in values if item not in merged]
        if additions:
            metadata[key] = [*merged, *additions]


__all__ = ["assemble", "close_gaps"]
