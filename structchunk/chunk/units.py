"""Sentence-sized units from the hybrid pieces: what sentence_window embeds and semantic groups.

Prose is cut into its sentences; a table or code block (or a piece of one) stays one unit, so
rows keep their header and code its fences. A sentence over the budget is cut at words.
"""

from __future__ import annotations

from dataclasses import replace

from structchunk.chunk.context import ChunkContext
from structchunk.chunk.enclosing import Outline
from structchunk.chunk.pack import Packer, Piece, respan
from structchunk.chunk.prose import ProseSplitter
from structchunk.chunk.strategies.hybrid import HybridChunker
from structchunk.tree import Document, NodeKind, trim_span

_WHOLE_KINDS = (NodeKind.TABLE, NodeKind.CODE)


def sentence_units(document: Document, context: ChunkContext) -> list[Piece]:
    packer = Packer(document.text, context.budget, context.path_line)
    prose = ProseSplitter(packer, context)
    if document.source_file is not None:
        kept = [(0, len(document.text))]
    else:
        kept = sorted((node.start, node.end) for node, _ in document.root.walk()
                      if node.kind in _WHOLE_KINDS)
    outline = Outline(document)
    units: list[Piece] = []
    for piece in HybridChunker().chunk(document, context):
        if piece.prefix or piece.suffix:
            units.append(piece)
            continue
        for unit in _split_piece(packer, prose, piece, kept):
            # A sentence of a merged piece gets the full path of the section it is in.
            path, opened = outline.titles(unit.start, unit.end)
            if path != unit.path:
                titled = replace(unit, path=path, open_titles=opened)
                unit = titled if packer.fits(titled) else unit
            units.append(unit)
    return units


def _split_piece(packer: Packer, prose: ProseSplitter, piece: Piece,
                 kept: list[tuple[int, int]]) -> list[Piece]:
    """Sentences of the prose stretches of `piece`; table and code stretches stay whole."""
    source = packer.source
    result: list[Piece] = []
    cursor = piece.start
    for kept_start, kept_end in kept:
        if kept_end <= cursor or kept_start >= piece.end:
            continue
        result.extend(_sentences(packer, prose, piece, cursor, max(cursor, kept_start)))
        start, end = trim_span(source, max(cursor, kept_start), min(piece.end, kept_end))
        if end > start:
            result.append(respan(piece, start, end))
        cursor = min(piece.end, kept_end)
    result.extend(_sentences(packer, prose, piece, cursor, piece.end))
    # the first unit opens what the piece opens, past the whitespace the piece starts with
    if result and result[0].start == trim_span(source, piece.start, piece.end)[0]:
        result[0] = replace(result[0], open_titles=piece.open_titles)
    return result


def _sentences(packer: Packer, prose: ProseSplitter, piece: Piece, start: int,
               end: int) -> list[Piece]:
    start, end = trim_span(packer.source, start, end)
    if end <= start:
        return []
    units: list[Piece] = []
    for sentence in prose.sentences(replace(piece, start=start, end=end)):
        if packer.fits(sentence):
            units.append(sentence)
        else:
            units.extend(packer.split_words(sentence))
    return units


__all__ = ["sentence_units"]
