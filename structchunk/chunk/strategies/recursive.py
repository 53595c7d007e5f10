"""The recursive strategy: separator-based splitting (paragraphs, lines, words, characters).

The common baseline, with offsets kept. `overlap_size` is counted in the budget's unit
(characters or tokens) and repeats the text before each chunk in its embedded text, from a
word start.
"""

from __future__ import annotations

import regex

from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.overlap import with_overlap
from structchunk.chunk.pack import Packer, Piece
from structchunk.decode import BLANK_LINE_PATTERN
from structchunk.tree import Document, trim_span


class RecursiveChunker:
    """Separator-based splitting (paragraphs, lines, words, characters), offsets kept."""

    name = "recursive"
    separators = (BLANK_LINE_PATTERN + r"\s*", r"\r?\n|\r", r"\s+")

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        packer = Packer(document.text, context.budget, context.path_line)
        return packer.pack(self._split(packer, 0, len(document.text), 0))

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]:
        return with_overlap(document, context, self.chunk, self.name, word_start=True)

    def _split(self, packer: Packer, start: int, end: int, level: int) -> list[Piece]:
        piece = Piece(*trim_span(packer.source, start, end))
        if piece.end <= piece.start:
            return []
        if packer.fits(piece):
            return [piece]
        if level >= len(self.separators):
            return packer.split_words(piece)
        parts: list[Piece] = []
        cursor = piece.start
        pattern = regex.compile(self.separators[level])
        for match in pattern.finditer(packer.source, piece.start, piece.end):
            parts.extend(self._split(packer, cursor, match.start(), level + 1))
            cursor = match.end()
        parts.extend(self._split(packer, cursor, piece.end, level + 1))
        return packer.pack(parts)


__all__ = ["RecursiveChunker"]
