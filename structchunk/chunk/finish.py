"""Pieces to Chunks: close gaps, build the embedded text, ids, languages and metadata."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from structchunk.chunk import repairs
from structchunk.chunk.budget import Budget, contextualize
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.hygiene import front_matter_metadata
from structchunk.chunk.ids import ChunkIds
from structchunk.chunk.links import DefinitionLinks
from structchunk.chunk.pack import (
    CHARACTER_SPLIT,
    OVERSIZED,
    Packer,
    Piece,
    Title,
    embedded_body,
    respan,
)
from structchunk.nfc import nfc
from structchunk.tree import Document, Node, NodeKind, carried_meta, overlapping, trim_span

# Document-level facts every chunk of the document carries.


def close_gaps(packer: Packer, pieces: list[Piece]) -> list[Piece]:
    """Attach stray non-whitespace between pieces (quote markers, pipes) to a neighbour.

    The text goes to the next piece if it still fits, else to the previous one, else it
    becomes a piece of its own: nothing of the source is ever left out. Each gap closed is
    told to `repairs.watch()`.
    """
    source = packer.source
    ordered = sorted(pieces, key=lambda piece: (piece.start, piece.end))
    result: list[Piece] = []
    cursor = 0
    for piece in ordered:
        if piece.start > cursor and not source[cursor:piece.start].isspace():
            gap_start, gap_end = trim_span(source, cursor, piece.start)
            extended = respan(piece, gap_start, piece.end)
            if packer.fits(extended):
                piece = extended
                how = "next"
            elif result and not result[-1].suffix and packer.fits(
                    replace(result[-1], end=gap_end)):
                result[-1] = replace(result[-1], end=gap_end)
                how = "previous"
            else:
                result.extend(_alone(packer, Piece(gap_start, gap_end, piece.path)))
                how = "own"
            repairs.note(repairs.GAP, source, gap_start, gap_end, how)
        result.append(piece)
        cursor = max(cursor, piece.end)
    if cursor < len(source) and not source[cursor:].isspace():
        gap_start, gap_end = trim_span(source, cursor, len(source))
        if result and not result[-1].suffix and packer.fits(replace(result[-1], end=gap_end)):
            result[-1] = replace(result[-1], end=gap_end)
            how = "previous"
        else:
            path = result[-1].path if result else ()
            result.extend(_alone(packer, Piece(gap_start, gap_end, path)))
            how = "own"
        repairs.note(repairs.GAP, source, gap_start, gap_end, how)
    return result


def _alone(packer: Packer, gap: Piece) -> list[Piece]:
    """A gap as pieces of its own: whole when it fits, else cut at words (and flagged)."""
    return [gap] if packer.fits(gap) else packer.split_words(gap)


def assemble(document: Document, pieces: list[Piece], packer: Packer, budget: Budget,
             language_at: Callable[[int], str | None], strategy: str) -> list[Chunk]:
    source = document.text
    # One NFC pass serves the source's id and tells whether each content needs its own.
    normalised = nfc(source)
    ids = ChunkIds(document.source.id_given_nfc(normalised), nfc_source=normalised == source)
    index = _NodeIndex(document)
    pages = document.pages
    starts = [page.start for page in pages]
    carried = {**front_matter_of(document), **document.carried}
    links = DefinitionLinks(document)  # empty (false) without numbered provisions
    path_of = document.source.path
    counts_characters = budget.counts_characters
    heading_paths: dict[int, tuple[tuple[Title, ...], tuple[str, ...]]] = {}
    chunks: list[Chunk] = []
    for number, piece in enumerate(pieces):
        start, end = piece.start, piece.end
        content = source[start:end]
        body = embedded_body(source, piece)
        # Without a path line the embedded text is often the content itself: one string
        # then serves both fields instead of two equal copies (a byte per character).
        text = contextualize(packer.context_of(piece), content if body == content else body)
        kinds, metadata = index.describe(start, end)
        for key, value in carried.items():
            metadata.setdefault(key, value)
        metadata["strategy"] = strategy
        if links:
            links.annotate(metadata, content)
        path = piece.path
        known = heading_paths.get(id(path))
        if known is None or known[0] is not path:
            known = (path, tuple(title.text for title in path))
            heading_paths[id(path)] = known
        if any(title.is_definition for title in path):
            metadata["definitions"] = [title.text for title in path if title.is_definition]
        if piece.flags:
            metadata["flags"] = sorted(piece.flags)
            if OVERSIZED in piece.flags or CHARACTER_SPLIT in piece.flags:
                metadata["oversized"] = True
        if starts:
            first = max(1, bisect_right(starts, start))
            last = max(1, bisect_right(starts, max(start, end - 1)))
            metadata["pages"] = [page.number for page in pages[first - 1:last]]
        chunks.append(Chunk(
            text=text, content=content, start=start, end=end, heading_path=known[1],
            kinds=kinds, language=language_at(start), chunk_id=ids.next(content),
            index=number, size=len(text) if counts_characters else budget.size(text),
            source=path_of, metadata=metadata,
            # The context given, as `__post_init__` would set it: three attribute writes
            # through `object.__setattr__` a chunk fewer.
            context=content, context_start=start, context_end=end))
    return chunks


def front_matter_of(document: Document) -> dict[str, str]:
    """The scalar keys of the document's front matter: metadata of every chunk."""
    first = document.root.children[:1]
    if not first or first[0].kind is not NodeKind.FRONT_MATTER:
        return {}
    return front_matter_metadata(document.text[first[0].start:first[0].end])


class _NodeIndex:
    """Finds the nodes a span touches: enclosing ones give context metadata, covered ones
    give the chunk's kinds and per-node metadata collected into lists.

    Kinds are bit masks (one bit per NodeKind), so the kinds below a node are one integer
    and a union is one `|`. Nothing is kept from one chunk to the next: children are found
    by bisecting the tree's own tuples, and the kinds below a covered node are summed for
    that chunk only. Chunks do not overlap, so each node is summed about once either way,
    and a per-document index of every node (the bounds of each node's children, a mask per
    node) took about 4 bytes per character of a Markdown file with a small table in every
    section, at the peak of `split()`.
    """

    def __init__(self, document: Document) -> None:
        self.root = document.root

    def describe(self, start: int, end: int) -> tuple[tuple[str, ...], dict[str, Any]]:
        kinds = 0
        metadata: dict[str, Any] = {}
        node = self.root
        while True:  # descend through the nodes that enclose the whole span
            _merge_meta(metadata, node, collect=False)
            inner = overlapping(node, start, end)
            if len(inner) == 1 and inner[0].start <= start and inner[0].end >= end:
                node = inner[0]
                kinds |= _BIT[node.kind]
                continue
            break
        stack = inner[::-1]  # popped in document order
        known: dict[int, int | None] = {}  # masks of this chunk's covered subtrees
        visited = 0
        while stack and visited < 10_000:
            child = stack.pop()
            visited += 1
            if child.start >= start and child.end <= end:
                below = _subtree_kinds(child, known)
                if below is not None:  # covered whole and nothing to collect in it
                    kinds |= below
                    continue
            kinds |= _BIT[child.kind]
            _merge_meta(metadata, child, collect=True)
            stack.extend(reversed(overlapping(child, start, end)))
        return _names(kinds), metadata


def _subtree_kinds(node: Node, known: dict[int, int | None]) -> int | None:
    """The kinds in `node`'s subtree, or None when some node in it carries metadata (then
    the caller walks it, so values are collected in document order). `known` holds the
    answers for the nodes below that were summed on the way, by id (never a leaf's: a
    table's rows are made anew at each read, and a freed row's id may be another's)."""
    if not node.children:
        return _leaf_kinds(node)
    found = known.get(id(node), _UNKNOWN)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:  # post-order without recursion: trees may be deep
        current, expanded = stack.pop()
        if id(current) in known:
            continue
        if not expanded and current.children:
            stack.append((current, True))
            stack.extend((child, False) for child in current.children if child.children)
            continue
        kinds = _leaf_kinds(current)
        if kinds is not None:
            for child in current.children:
                below = known[id(child)] if child.children else _leaf_kinds(child)
                if below is None:
                    kinds = None
                    break
                kinds |= below
        known[id(current)] = kinds
    return known[id(node)]


def _leaf_kinds(node: Node) -> int | None:
    """A node's own kind bit, or None when it carries metadata."""
    return None if _carries_meta(node) else _BIT[node.kind]


_UNKNOWN = object()
_BIT = {kind: 1 << number for number, kind in enumerate(NodeKind)}


@lru_cache(maxsize=1024)
def _names(mask: int) -> tuple[str, ...]:
    """The kinds of a mask as sorted names."""
    return tuple(sorted(kind.value for kind, bit in _BIT.items() if mask & bit))


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
