"""The sentence_window strategy: embed one sentence, give the model its neighbours.

A single sentence makes a focused vector; on its own it rarely answers anything, so its
context is the window of up to `window` units on each side, grown while it stays within
`context_size` and never past the boundary of the sentence's innermost section.
"""

from __future__ import annotations

from dataclasses import replace

from structchunk.chunk.build import build_chunks
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.enclosing import Outline
from structchunk.chunk.pack import Piece
from structchunk.chunk.units import sentence_units
from structchunk.errors import BudgetError
from structchunk.tree import Document


class SentenceWindowChunker:
    """Sentences (tables and code blocks whole) embedded; a window of neighbours as context.

    `context_size` (default four budgets) bounds the window in the budget's unit; it is never
    smaller than the budget, so the context always holds the whole sentence.
    """

    name = "sentence_window"

    def __init__(self, window: int = 2, context_size: int | None = None) -> None:
        if not isinstance(window, int) or window < 0:
            raise BudgetError(f"window must be zero or more sentences, got {window!r}")
        if context_size is not None and (not isinstance(context_size, int)
                                         or context_size <= 0):
            raise BudgetError(f"context_size must be a positive integer, got {context_size!r}")
        self.window = window
        self.context_size = context_size

    def chunk(self, document: Document, context: ChunkContext) -> list[Piece]:
        return sentence_units(document, context)

    def chunks(self, document: Document, context: ChunkContext) -> list[Chunk]:
        budget = context.budget
        limit = self.context_size or 4 * budget.max_size
        if limit < budget.max_size:
            raise BudgetError(f"context_size {limit} is smaller than the budget "
                              f"{budget.max_size}: the context must hold the whole chunk")
        chunks = build_chunks(document, self.chunk(document, context), context, self.name)
        outline = Outline(document)
        sections = [outline.section_span(chunk.start, chunk.end) for chunk in chunks]
        text = document.text
        result = []
        for position, chunk in enumerate(chunks):
            low = high = position
            section = sections[position]
            grow = True
            while grow:
                grow = False
                for candidate in (low - 1, high + 1):
                    if not 0 <= candidate < len(chunks) or sections[candidate] != section:
                        continue
                    if abs(candidate - position) > self.window:
                        continue
                    new_low, new_high = min(low, candidate), max(high, candidate)
                    span = text[chunks[new_low].start:chunks[new_high].end]
                    if budget.size(span) <= limit:
                        low, high, grow = new_low, new_high, True
            start, end = chunks[low].start, chunks[high].end
            metadata = {**chunk.metadata, "window": [low - position, high - position]}
            result.append(replace(chunk, context=text[start:end], context_start=start,
                                  context_end=end, metadata=metadata))
        return result


__all__ = ["SentenceWindowChunker"]
