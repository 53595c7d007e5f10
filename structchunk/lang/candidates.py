"""What one pass of the segmenter over a text remembers, and what a candidate is.

`State` holds the cuts made so far, the open enumeration and quotation; `Candidate` is one
terminator run in context. The small helpers here read characters around an offset.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from structchunk.lang.quotations import Quotations

DASHES = frozenset("-–—―")
TOKEN_LIMIT = 64  # how far back the word before a terminator is looked for
TOKEN_BEFORE = regex.compile(r"(?r)\S*")


@dataclass(slots=True)
class State:
    """What one pass over one text remembers: cuts so far, open list and quotation."""

    text: str
    cuts: list[int]
    quotes: Quotations | None  # None for a text without quotation marks
    sentence_start: int = 0
    chain: tuple[str, str, int] | None = None  # (label kind, marker style, next value)
    in_item: bool = False  # the current sentence is an item of an inline enumeration
    block: tuple[int, int, int] | None = None  # lines around the last line break looked at
    lead: tuple[int, int] | None = None  # a run of sentence-start characters: (start, end)
    stripped: int = 0  # the length of the text without trailing whitespace

    def cut(self, offset: int | None) -> None:
        if offset is not None and offset > self.sentence_start:
            self.cuts.append(offset)
            self.sentence_start = offset
            self.in_item = False


@dataclass(slots=True)
class Candidate:
    """A terminator run in context: the word before it and the first letter after it."""

    run_start: int
    run: str
    close_end: int  # after the closing quotes, brackets and footnote marks
    closers: str
    token_start: int  # the word before the run, as delimited by whitespace
    core_start: int  # ... without opening quotes, brackets and bullets
    core: str  # ... and without closing quotes and brackets
    next_start: int  # the next non-space character
    first_index: int  # the next sentence's first letter (after openers and dashes)
    first: str


def first_of(text: str, chars: tuple[str, ...]) -> int:
    """The offset of the first of `chars` in `text`, -1 if none: one `str.find` per character,
    each up to the first found so far (for a few characters, faster than a search for a
    class)."""
    first = -1
    for char in chars:
        found = text.find(char, 0, first) if first >= 0 else text.find(char)
        if found >= 0:
            first = found
    return first


def gap_before(text: str, start: int) -> int:
    """Where the one space or line break (LF, CR or CR LF) right before `start` begins;
    `start` itself when there is none."""
    if start >= 2 and text[start - 1] == "\n" and text[start - 2] == "\r":
        return start - 2
    if start >= 1 and text[start - 1] in " \n\r":
        return start - 1
    return start


def char_shape(char: str) -> str:
    if not char:
        return ""
    if char.islower():
        return "lower"
    if char.isupper():
        return "upper"
    if char.isdigit():
        return "digit"
    if char.isalpha():
        return "uncased"
    return "other"


def previous_word_lower(text: str, token_start: int) -> bool:
    index = token_start - 1
    while index >= 0 and text[index].isspace():
        index -= 1
    end = index + 1
    while index >= 0 and text[index].isalpha():
        index -= 1
    word = text[index + 1:end]
    return bool(word) and word.islower()
