"""Prose fallback: pack whole sentences (whole lines in a run of records), with optional
overlap, then words."""

from __future__ import annotations

from dataclasses import replace

from structchunk.chunk.context import ChunkContext
from structchunk.chunk.lines import has_blank_line, is_line_structured, line_spans
from structchunk.chunk.pack import Packer, Piece, respan
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
        return [respan(piece, piece.start + start, piece.start + end)
                for start, end in sentence_spans(text, language, backend=self.backend)]

    def units(self, piece: Piece) -> list[Piece]:
        """Sentences; in a run of records without blank lines (a log, JSON lines, CSV) whole
        lines, each cut into sentences only where it does not fit."""
        if has_blank_line(self.source, piece.start, piece.end):
            return self.sentences(piece)
        spans = line_spans(self.source, piece.start, piece.end)
        if not is_line_structured(self.source, spans):
            return self.sentences(piece)
        units: list[Piece] = []
        for start, end in spans:
            line = respan(piece, start, end)
            units.extend([line] if self.packer.fits(line) else self.sentences(line))
        return units

    def split(self, piece: Piece) -> list[Piece]:
        """Pack the sentences (or lines) of `piece`; one over the budget is cut between its
        lines, and a line over the budget at words."""
        units: list[Piece] = []
        for index, sentence in enumerate(self.units(piece)):
            if not index and sentence.start == piece.start:
                # the first sentence opens with the piece's headings: sized with its line
                sentence = self.packer.opened(sentence, piece.open_titles)
            if self.packer.fits(sentence):
                units.append(sentence)
            else:
                units.extend(self._lines_then_words(sentence))
        if units:
            units[0] = self.packer.opened(units[0], piece.open_titles)
        if self.overlap <= 0 and self.overlap_size <= 0:
            return self.packer.pack(units)
        return self._pack_with_overlap(units)

    def _lines_then_words(self, sentence: Piece) -> list[Piece]:
        """A "sentence" over the budget that spans lines is cut where its lines end, the
        cut its author made: a log or any text of records whose lines end in no terminator
        reads as one sentence to the segmenter, and a cut at words would split its lines.
        Only a line over the budget is cut at words (and flagged oversized)."""
        spans = line_spans(self.source, sentence.start, sentence.end)
        if len(spans) < 2:
            return self.packer.split_words(sentence)
        pieces: list[Piece] = []
        for start, end in spans:
            line = respan(sentence, start, end)
            pieces.extend([line] if self.packer.fits(line) else self.packer.split_words(line))
        return pieces

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
