"""Which chunk holds a span: one rule for `check-spans` and `eval`.

A span that occurs several times in its file is one occurrence, the one nearest the case's
`char_start` (the first when the case has none). A retrievable chunk (a hierarchical parent
is held, not searched, so it never counts) holds that occurrence when the occurrence lies
wholly inside what the model reads from it: its context, which for most strategies is its
verbatim content and for `sentence_window` and hierarchical leaves the window or parent
around it. A table row's chunk must also carry the header row. The verbatim check, that no
two chunks' content repeat the occurrence, is what finds text held twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from structchunk.chunk.chunk import Chunk
from structchunk.evaluate.cases import SpanCase


@dataclass(frozen=True)
class Occurrence:
    """Where the case's span lies in its document, and how often it occurs there."""

    start: int
    end: int
    count: int


def locate(case: SpanCase, text: str) -> Occurrence | None:
    """The occurrence nearest `case.char_start`, or None when the span is not in `text`."""
    starts = []
    position = text.find(case.span)
    while position >= 0:
        starts.append(position)
        position = text.find(case.span, position + 1)
    if not starts:
        return None
    target = case.char_start if case.char_start is not None else starts[0]
    start = min(starts, key=lambda s: (abs(s - target), s))
    return Occurrence(start, start + len(case.span), len(starts))


def reads(chunk: Chunk, occurrence: Occurrence, case: SpanCase) -> bool:
    """The model gets this occurrence (and a table row's header) from this chunk."""
    if occurrence.start < chunk.context_start or occurrence.end > chunk.context_end:
        return False
    return case.header is None or case.header in chunk.text or case.header in chunk.context


def repeats(chunk: Chunk, occurrence: Occurrence) -> bool:
    """The chunk's own verbatim content holds the whole occurrence."""
    return chunk.start <= occurrence.start and occurrence.end <= chunk.end


__all__ = ["Occurrence", "locate", "reads", "repeats"]
