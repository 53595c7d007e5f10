"""The fixed strategy: windows of the budget, a reference point for comparisons only.

It cuts wherever the budget runs out, mid-word included; that is what it is kept to show.
`overlap_size` is counted in the budget's unit (characters or tokens), as in "1000/200".
"""

from __future__ import annotations

from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.overlap import with_overlap
from structchunk.chunk.pack import Packer, Piece
from structchunk.tree import Document


class FixedChunker:
    """Fixed windows of the budget: a reference point for comparisons, never a default."""

    name = "fixed"

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        packer = Packer(document.text, context.budget, context.path_line)
        pieces: list[Piece] = []
        start = 0
        text = document.text
        while start < len(text):
            end = packer.longest_fit(Piece(start, len(text)), start)
            if not text[start:end].isspace():
                pieces.append(Piece(start, end))
            start = end
        return pieces

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]:
        return with_overlap(document, context, self.chunk, self.name, word_start=False)


__all__ = ["FixedChunker"]
