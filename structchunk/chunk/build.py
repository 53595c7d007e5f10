"""Pieces to chunks: the steps every strategy shares after it has chosen its pieces.

Any piece still over the budget is cut at words, stray text between pieces is attached to a
neighbour (nothing is lost), and the pieces become chunks with text, ids and metadata.
"""

from __future__ import annotations

from structchunk.chunk import repairs
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.finish import assemble, close_gaps
from structchunk.chunk.pack import Packer, Piece
from structchunk.tree import Document


def final_pieces(document: Document, pieces: list[Piece], context: ChunkContext
                 ) -> tuple[Packer, list[Piece]]:
    """The pieces that become chunks: every one within the budget, together covering all text."""
    packer = Packer(document.text, context.budget, context.path_line)
    fitting: list[Piece] = []
    for piece in pieces:
        if packer.fits(piece):
            fitting.append(piece)
        else:  # a strategy's piece over the budget: cut at words, and told to watchers
            repairs.note(repairs.OVER_BUDGET, packer.source, piece.start, piece.end, "split")
            fitting.extend(packer.split_words(piece))
    return packer, close_gaps(packer, fitting)


def build_chunks(document: Document, pieces: list[Piece], context: ChunkContext,
                 strategy: str) -> list[Chunk]:
    packer, pieces = final_pieces(document, pieces, context)
    return assemble(document, pieces, packer, context.budget, context.language_at, strategy)


class PieceStrategy:
    """A strategy that only chooses where to cut: `chunk()` returns pieces, and the inherited
    `chunks()` finishes them (budget, gaps, ids, metadata) as every strategy's are finished.

    A strategy that also widens the context or rewrites the embedded text overrides
    `chunks()` and starts from `build_chunks(document, self.chunk(...), context, self.name)`.
    """

    name = "pieces"

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        raise NotImplementedError

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]:
        return build_chunks(document, self.chunk(document, context), context, self.name)


__all__ = ["PieceStrategy", "build_chunks", "final_pieces"]
