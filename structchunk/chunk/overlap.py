"""Overlap in the budget's unit for window strategies (fixed, recursive).

Each chunk is sized to leave `overlap_size` units of room, and its embedded text then repeats
up to that many units of the source just before it, so a fact cut by a boundary is whole in
one of the two texts. The chunk's content, offsets and context stay its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from structchunk.chunk.budget import Budget
from structchunk.chunk.build import build_chunks
from structchunk.chunk.chunk import Chunk
from structchunk.chunk.context import ChunkContext
from structchunk.chunk.pack import Piece
from structchunk.errors import BudgetError
from structchunk.tree import Document

PieceMaker = Callable[[Document, ChunkContext], list[Piece]]


def with_overlap(document: Document, context: ChunkContext, make: PieceMaker, name: str,
                 word_start: bool) -> list[Chunk]:
    """Chunks from `make` under the budget minus the overlap, then the overlap prepended.

    `word_start` moves the start of the repeated text to the next word, so it does not open
    with half a word.
    """
    budget = context.budget
    overlap = budget.overlap_size
    if budget.overlap:
        raise BudgetError(f"{name}: overlap counts sentences and {name} has none; give "
                          f"overlap_size in the budget's unit (characters or tokens)",
                          document.source.origin)
    if overlap == 0:
        return build_chunks(document, make(document, context), context, name)
    if overlap * 2 > budget.max_size:
        raise BudgetError(f"{name}: overlap_size {overlap} must be at most half of the "
                          f"budget {budget.max_size}", document.source.origin)
    reduced = replace(context, budget=Budget(max_size=budget.max_size - overlap,
                                             length=budget.length))
    chunks = build_chunks(document, make(document, reduced), reduced, name)
    text = document.text
    result = []
    previous_start = 0
    for chunk in chunks:
        head = chunk.text[:len(chunk.text) - len(chunk.content)] \
            if chunk.text.endswith(chunk.content) else None
        start = _overlap_start(text, budget, previous_start, chunk, head, word_start)
        previous_start = chunk.start
        if head is None or start >= chunk.start:
            result.append(replace(chunk, size=budget.size(chunk.text)))
            continue
        embedded = head + text[start:chunk.start] + chunk.content
        result.append(replace(chunk, text=embedded, size=budget.size(embedded),
                              metadata={**chunk.metadata, "overlap_start": start}))
    return result


def _overlap_start(text: str, budget: Budget, floor: int, chunk: Chunk, head: str | None,
                   word_start: bool) -> int:
    """The earliest offset (not before the previous chunk's start) whose repeated text stays
    within the overlap and keeps the whole embedded text within the budget."""
    if head is None:
        return chunk.start

    def fits(start: int) -> bool:
        return (budget.size(text[start:chunk.start]) <= budget.overlap_size
                and budget.size(head + text[start:chunk.start] + chunk.content)
                <= budget.max_size)

    low, high = max(floor, chunk.start - budget.overlap_size if budget.counts_characters
                    else floor), chunk.start
    while low < high:  # smallest start that fits; sizes shrink as the start moves right
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    start = low
    if word_start and start < chunk.start and start > 0 and not text[start - 1].isspace():
        space = next((i for i in range(start, chunk.start) if text[i].isspace()), chunk.start)
        start = space
    while start < chunk.start and text[start].isspace():
        start += 1
    return start
