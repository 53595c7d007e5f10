"""Prose fallback: pack whole sentences, with optional overlap, then words."""

from __future__ import annotations

from dataclasses import replace

from structchunk.chunk.context import ChunkContext
from structchunk.chunk.pack import Packer, Piece
from structchunk.lang.sentences import sentence_spans


class ProseSplitter:
    def __init__(self, packer: Packer, context: ChunkContext) -> None:
        self.packer = packer
        self.source = packer.source
        self.overlap = context.budget.overlap
        self.overlap_size = context.budget.overlap_size
        self.language_at = context.language_at
        self.backend = context.sentence_backend

    def sentences(self, piece: Piece) -> list[Piece]:
        text = self.source[piece.start:piece.end]
        language = self.language_at(piece.start)
        return [replace(piece, start=piece.start + start, end=piece.start + end, open_titles=0)
                for start, end in sentence_spans(text, language, backend=self.backend)]

    def split(self, piece: Piece) -> list[Piece]:
        """Pack the sentences of `piece`; a sentence over the budget is cut at words."""
        units: list[Piece] = []
        for sentence in self.sentences(piece):
            if self.packer.fits(sentence):
                units.append(sentence)
            else:
                units.extend(self.packer.split_words(sentence))
        if units:
            units[0] = self.packer.opened(units[0], piece.open_titles)
        if self.overlap <= 0 and self.overlap_size <= 0:
            return self.packer.pack(units)
        return self._pack_with_overlap(units)

    def _pack_with_overlap(self, units: list[Piece]) -> list[Piece]:
        """Greedy packing where each new piece repeats up to `overlap` previous sentences
        (any number when only `overlap_size` is set), at most `overlap_size` units of them."""
        pieces: list[Piece] = []
        members: list[Piece] = []
        for unit in units:
            if members:
                candidate = replace(members[0], end=unit.end, flags=members[0].flags | unit.flags)
                if not unit.flags and self.packer.fits(candidate):
                    members.append(unit)
                    continue
                pieces.append(replace(members[0], end=members[-1].end,
                                      flags=frozenset().union(*(m.flags for m in members))))
                carried = [m for m in (members[-self.overlap:] if self.overlap else members)
                           if not m.flags]
                while carried and self.overlap_size and self.packer.budget.size(
                        self.source[carried[0].start:carried[-1].end]) > self.overlap_size:
                    carried.pop(0)
                while carried and not self.packer.fits(replace(carried[0], end=unit.end)):
                    carried.pop(0)
                members = carried + [unit]
            else:
                members = [unit]
        if members:
            pieces.append(replace(members[0], end=members[-1].end,
                                  flags=frozenset().union(*(m.flags for m in members))))
        return pieces
