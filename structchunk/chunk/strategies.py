"""Named strategies behind one interface, in one plain registry.

`hybrid` is the default. `sentence` and `recursive` are the common baselines; `fixed` is
kept only as a reference for comparisons and is never a default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import regex

from structchunk.chunk.context import ChunkContext
from structchunk.chunk.hybrid import HybridChunker
from structchunk.chunk.pack import Packer, Piece
from structchunk.chunk.prose import ProseSplitter
from structchunk.errors import StrategyError
from structchunk.tree import Document, trim_span


class Strategy(Protocol):
    name: str

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]: ...


class SentenceChunker:
    """Packs whole sentences of the whole text, ignoring structure."""

    name = "sentence"

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        packer = Packer(document.text, context.budget)
        prose = ProseSplitter(packer, context)
        return prose.split(Piece(0, len(document.text)))


class RecursiveChunker:
    """Separator-based splitting (paragraphs, lines, words, characters), offsets kept."""

    name = "recursive"
    separators = (r"\n[ \t]*\n\s*", r"\r?\n|\r", r"\s+")

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        packer = Packer(document.text, context.budget)
        return packer.pack(self._split(packer, 0, len(document.text), 0))

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


class FixedChunker:
    """Fixed windows of the budget: a reference point for comparisons, never a default."""

    name = "fixed"

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        packer = Packer(document.text, context.budget)
        pieces: list[Piece] = []
        start = 0
        text = document.text
        while start < len(text):
            end = packer.longest_fit(Piece(start, len(text)), start)
            if not text[start:end].isspace():
                pieces.append(Piece(start, end))
            start = end
        return pieces


STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "hybrid": HybridChunker,
    "sentence": SentenceChunker,
    "recursive": RecursiveChunker,
    "fixed": FixedChunker,
}


def get_strategy(name: str) -> Strategy:
    try:
        return STRATEGIES[name]()
    except KeyError:
        known = ", ".join(sorted(STRATEGIES))
        raise StrategyError(f"unknown strategy {name!r} (known: {known})") from None
