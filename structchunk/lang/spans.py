"""Sentence spans from cut offsets: whitespace trimmed, empty pieces dropped."""

from __future__ import annotations

import regex

Spans = list[tuple[int, int]]

# Whitespace as Python's str.isspace() sees it, which also counts the separators \x1c-\x1f.
NOT_SPACE = regex.compile(r"[^\s\x1c-\x1f]")


def spans_between(text: str, cuts: list[int], stripped: int | None = None) -> Spans:
    """Split `text` at `cuts` and trim whitespace; empty pieces are dropped.

    `cuts` are increasing offsets inside the text. `stripped`, the length of `text` without
    trailing whitespace, saves computing it again.
    """
    spans: Spans = []
    start = 0
    for end in cuts:
        # A printable ASCII character is no whitespace by any definition: the usual piece
        # starts right there or after one space, found without a search.
        char = text[start] if start < end else ""
        if "!" <= char <= "~":
            piece_start = start
        elif char == " " and start + 1 < end and "!" <= text[start + 1] <= "~":
            piece_start = start + 1
        else:
            first = NOT_SPACE.search(text, start, end)
            if first is None:
                start = end
                continue
            piece_start = first.start()
        if text[end - 1].isspace():
            spans.append((piece_start, piece_start + len(text[piece_start:end].rstrip())))
        else:
            spans.append((piece_start, end))  # the usual cut, right after a terminator
        start = end
    if stripped is None:
        stripped = len(text.rstrip())
    if start < stripped:  # the last piece holds some non-whitespace
        char = text[start]
        if "!" <= char <= "~":
            piece_start = start
        elif char == " " and "!" <= text[start + 1] <= "~":
            piece_start = start + 1
        else:
            piece_start = NOT_SPACE.search(text, start).start()
        spans.append((piece_start, stripped))
    return spans
