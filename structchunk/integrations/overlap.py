"""Overlap in LangChain's sense: each chunk's page repeats the tail of the chunk before it.

LangChain's splitters repeat up to `chunk_overlap` of the previous chunk at the start of the
next, at every boundary. structchunk's own overlap repeats whole sentences inside split prose
only, so a section boundary gets none. This module adds the LangChain kind on top of the
chunks: the repeated tail is the source text just before the chunk (so with the verbatim
page it is one slice of the input, `text[overlap_start:end_index]`), it starts at a word
(at a character where the tail has no space, as in Chinese), it is at most `chunk_overlap`
long, and the page with it stays within the budget. The chunk's own offsets are unchanged;
the tail is declared by `overlap_start`.

Both framework adapters take `chunk_size`, `chunk_overlap` and `overlap_style` and hand them to
`OverlapPlan.of`, so a LangChain page and a LlamaIndex node of the same text are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from structchunk.chunk.chunk import Chunk
from structchunk.errors import BudgetError, OptionError

STYLES = ("langchain", "structchunk")
"""`langchain`: the tail of the previous chunk at every boundary (both adapters' default);
`structchunk`: whole sentences inside split prose only."""


@dataclass(frozen=True)
class Page:
    """A chunk as a framework gets it: its page text and where the repeated tail starts
    (`None` when nothing is repeated)."""

    chunk: Chunk
    text: str
    overlap_start: int | None = None


@dataclass(frozen=True)
class OverlapPlan:
    """How an adapter's `chunk_size` and `chunk_overlap` divide between structchunk's chunks
    and the repeated tail: in LangChain's style the chunks are sized `chunk_size - tail` so
    that every page with its tail still fits `chunk_size`; in structchunk's style the whole
    overlap goes to the chunker's trailing sentences and no tail is added."""

    chunk_size: int
    tail: int
    sentence_overlap: int

    @classmethod
    def of(cls, where: str, style: str, chunk_size: int, chunk_overlap: int) -> OverlapPlan:
        """The plan of an adapter's arguments, refused (naming the adapter `where`) when the
        style is unknown or a LangChain-style tail leaves no room for a chunk."""
        if style not in STYLES:
            raise OptionError(f"{where}: overlap_style {style!r} is not one of "
                              f"{', '.join(STYLES)}")
        if style == "structchunk":
            return cls(chunk_size, 0, chunk_overlap)
        if chunk_overlap >= chunk_size > 0:
            raise BudgetError(f"{where}: chunk_overlap ({chunk_overlap}) must be smaller than "
                              f"chunk_size ({chunk_size}): each page repeats up to "
                              f"chunk_overlap of the text before it within chunk_size")
        return cls(chunk_size, chunk_overlap, 0)

    @property
    def max_size(self) -> int:
        """The chunks' own budget: what the page leaves after its tail."""
        return self.chunk_size - self.tail

    def pages(self, source: str, chunks: list[Chunk], embed_context: bool,
              size: Callable[[str], int]) -> list[Page]:
        """The chunks of `source` as pages: the embedded text (or the verbatim content), each
        after the first with its tail when the plan has one."""
        raw = [chunk.text if embed_context else chunk.content for chunk in chunks]
        if not self.tail:
            return [Page(chunk, page) for chunk, page in zip(chunks, raw, strict=True)]
        return overlapped_pages(source, chunks, raw, self.tail, self.chunk_size, size)


def overlapped_pages(source: str, chunks: list[Chunk], pages: list[str], overlap: int,
                     max_size: int, size: Callable[[str], int]) -> list[Page]:
    """Each page after the first preceded by the longest tail of the source before its chunk
    that is at most `overlap` long, starts at a word and keeps the page within `max_size`."""
    result = [Page(chunks[0], pages[0])] if chunks else []
    for previous, chunk, page in zip(chunks, chunks[1:], pages[1:], strict=False):
        start = _tail_start(source, previous, chunk, overlap, size)
        while start is not None:
            joined = _join(page, chunk, source[start:chunk.start])
            if size(joined) <= max_size:
                result.append(Page(chunk, joined, start))
                break
            start = _shorter(source, start, chunk.start)
        else:
            result.append(Page(chunk, page))
    return result


def _tail_start(source: str, previous: Chunk, chunk: Chunk, overlap: int,
                size: Callable[[str], int]) -> int | None:
    """Where the longest tail of at most `overlap` before `chunk` starts, at a word when one
    fits and at a character otherwise; None when not even one character fits."""
    end = chunk.start
    floor = previous.start
    best_word = best_char = None
    position = end - 1
    while position >= floor:
        if size(source[position:end]) > overlap:
            break
        if not source[position].isspace():
            best_char = position
            if position == floor or source[position - 1].isspace():
                best_word = position
        position -= 1
    return best_word if best_word is not None else best_char


def _shorter(source: str, start: int, end: int) -> int | None:
    """The start of the next shorter tail: the next word, else the next character."""
    position = start + 1
    while position < end:
        if not source[position].isspace() and source[position - 1].isspace():
            return position
        position += 1
    position = start + 1
    while position < end and source[position].isspace():
        position += 1
    return position if position < end else None


def _join(page: str, chunk: Chunk, tail: str) -> str:
    """The page with `tail` just before the chunk's verbatim content (after a heading path
    line, where the page has one)."""
    if page.endswith(chunk.content):
        return page[:len(page) - len(chunk.content)] + tail + chunk.content
    return tail + page


__all__ = ["STYLES", "OverlapPlan", "Page", "overlapped_pages"]
