"""Sentence spans for the chunker's prose fallback.

Placeholder rule splitter: a sentence ends after `.!?।॥` (and closing quotes or brackets)
followed by whitespace. Replaced by the grammar-driven segmenter.
"""

from __future__ import annotations

import regex

_BOUNDARY = regex.compile(r"[.!?।॥]+[\"'”’)\]]*(?=\s)|[।॥]+")


def sentence_spans(text: str, language: str | None = None) -> list[tuple[int, int]]:
    """Return `[start, end)` spans of the sentences of `text`, whitespace excluded."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        _append(text, start, match.end(), spans)
        start = match.end()
    _append(text, start, len(text), spans)
    return spans


def _append(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start < end:
        spans.append((start, end))
