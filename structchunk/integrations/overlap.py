"""Overlap in LangChain's sense: each chunk's page repeats the tail of the chunk before it.

LangChain's splitters repeat up to `chunk_overlap` of the previous chunk at the start of the
next, at every boundary. structchunk's own overlap repeats whole sentences inside split prose
only, so a section boundary gets none. This module adds the LangChain kind on top of the
chunks: the repeated tail is the source text just before the chunk (so with the verbatim
page it is one slice of the input, `text[overlap_start:end_index]`), it starts at a word
(at a character where the tail has no space, as in Chinese), it is at most `chunk_overlap`
long, and the page with it stays within the budget. The chunk's own offsets are unchanged;
the tail is declared by `overlap_start`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from structchunk.chunk.chunk import Chunk

STYLES = ("langchain", "structchunk")
"""`langchain`: the tail of the previous chunk at every boundary (the adapter's default);
`structchunk`: whole sentences inside split prose only."""


@dataclass(frozen=True)
class Page:
    """A chunk as a framework gets it: its page text and where the repeated tail starts
    (`None` when nothing is repeated)."""

    chunk: Chunk
    text: str
    overlap_start: int | None = None


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


__all__ = ["STYLES", "Page", "overlapped_pages"]
