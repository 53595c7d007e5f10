"""Quotations for the segmenter: a quotation that closes soon after a terminator stays whole.

`'Oh dear! Oh dear! I shall be too late!' But ...` is one sentence up to the closing quote.
Quotation marks are read lazily, only when a cut is about to be made, from where the last
reading stopped; the marks of the whole text are found by one search, at the first reading that
needs them. Double quotes pair by their kind and position; single quotes count only
before a word (opening) or after one (closing), so apostrophes inside words ("don't") are never
quotes. A quotation that does not close within `QUOTE_LIMIT` characters or before a blank line
is taken as unbalanced, or as an apostrophe ("'nineties"), and forgotten.
"""

from __future__ import annotations

import re

import regex

QUOTE_LIMIT = 600
# The reach of a grammar with the option `quoted_sentences`: only the last words of a quotation
# ('... said: "Come here. Now!" And') stay with the sentence before them.
SHORT_REACH = 30
DOUBLE_QUOTES = '"“”„«»'
SINGLE_QUOTES = "'‘’‚"
_QUOTE_CHARS = frozenset(DOUBLE_QUOTES + SINGLE_QUOTES)
_DOUBLE_CHARS = frozenset(DOUBLE_QUOTES)
# Every quote character but a single quote between two ASCII letters or digits ("don't"), which
# `_QUOTE_MARK` never takes: a search in C for the characters that may be marks.
_MAYBE_MARK = re.compile(
    f"[{re.escape(DOUBLE_QUOTES + SINGLE_QUOTES)}]"
    f"(?:(?<=[{re.escape(DOUBLE_QUOTES)}])|(?<![A-Za-z0-9][{re.escape(SINGLE_QUOTES)}])"
    f"|(?![A-Za-z0-9]))")
_DASHES = frozenset("-–—―")
_OPENING_ONLY = frozenset("„")
_CLOSING_CONTEXT = frozenset(".,;!?…")
_BLANK_LINE = r"(?>\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)"  # "\r\n" is one line break
_DOUBLE_END = regex.compile(rf'["“”»«]|{_BLANK_LINE}')
_SINGLE_END = regex.compile(rf"(?<=\S)['’‘](?![\p{{L}}\p{{N}}])|{_BLANK_LINE}")
_QUOTE_MARK = regex.compile(r"""["“”„«»]|(?:(?<=^|[\s(\[{"“„])['‘‚](?=[\p{L}\p{N}]))"""
                            r"|(?<=\S)['’‘](?![\p{L}\p{N}])")


class Quotations:
    """The open double and single quotation of one text, read up to some offset."""

    __slots__ = ("_marks", "_next", "_openers", "_reach", "double_open", "next_mark", "read_to",
                 "single_open", "text")

    def __init__(self, text: str, openers: frozenset[str], first_quote: int = 0,
                 reach: int = QUOTE_LIMIT) -> None:
        """`first_quote`: an offset before which no quote character stands, if known.
        `reach`: a cut is kept whole only when its quotation closes within this many
        characters after it (languages whose quoted sentences count as sentences of their
        own set it short; see `SHORT_REACH`)."""
        self.text = text
        self._openers = openers
        self._reach = reach
        self.double_open: int | None = None
        self.single_open: int | None = None
        self.read_to = 0  # quotation marks before this offset have been read
        # No quotation mark (as read in the whole text) between `read_to` and this offset: the
        # first quote character until the marks are found, then the first mark not read.
        self.next_mark = first_quote
        # The offsets of the marks of the whole text from `first_quote` on, once needed, and
        # the index of the first one not read.
        self._marks: list[int] | None = None
        self._next = 0

    def _find_marks(self) -> list[int]:
        """The marks of the whole text: every double quote, and the single quotes that
        `_QUOTE_MARK` takes, found by a search for the characters that may be marks."""
        text = self.text
        marks: list[int] = []
        for found in _MAYBE_MARK.finditer(text, self.next_mark):
            index = found.start()
            if text[index] in _DOUBLE_CHARS or _QUOTE_MARK.match(text, index) is not None:
                marks.append(index)
        self._marks = marks
        self.next_mark = marks[0] if marks else len(text)
        return marks

    def _nothing_before(self, end: int) -> bool:
        """Whether reading up to `end` would find no quotation mark. Read up to `end`, the
        character before it has no character after it; that one is not looked at in the
        whole text, so it must be no quote character at all."""
        if end > self.next_mark:
            if self._marks is not None:
                return False
            self._find_marks()
            if end > self.next_mark:
                return False
        return self.text[end - 1] not in _QUOTE_CHARS

    def quiet(self, end: int) -> bool:
        """Read up to `end` if that is cheap: True when no quotation is open and none opens
        before `end`, so a cut before `end` is never kept whole."""
        if self.double_open is not None or self.single_open is not None:
            return False
        # `_nothing_before(end)`, its common case written out
        if end <= self.next_mark:
            if self.text[end - 1] in _QUOTE_CHARS:
                return False
        elif not self._nothing_before(end):
            return False
        if end > self.read_to:
            self.read_to = end
        return True

    def forget(self, position: int) -> None:
        """A blank line ends every quotation; nothing before `position` is read again."""
        self.double_open = self.single_open = None
        self.read_to = max(self.read_to, position)

    def read(self, end: int) -> None:
        """Read the quotation marks up to `end`."""
        if end <= self.read_to:
            return
        if self._nothing_before(end):
            self.read_to = end
            return
        self._read_marks(end)

    def _read_marks(self, end: int) -> None:
        """`read` where a mark may stand before `end`: the marks from the list of the whole
        text's."""
        text = self.text
        marks = self._marks if self._marks is not None else self._find_marks()
        index = self._next
        while index < len(marks) and marks[index] < self.read_to:
            index += 1  # forgotten after a blank line
        last = end - 1
        while index < len(marks) and marks[index] < last:
            self._mark(marks[index])
            index += 1
        # The last character is read without the one after it (what a search that ends at
        # `end` sees): a quote character there may be a mark read so far and none in the whole
        # text, or the reverse.
        if index < len(marks) and marks[index] == last:
            index += 1
        if text[last] in _QUOTE_CHARS and _QUOTE_MARK.match(text, last, end) is not None:
            self._mark(last)
        self._next = index
        self.read_to = end
        self.next_mark = marks[index] if index < len(marks) else len(text)

    def _mark(self, index: int) -> None:
        if self.text[index] in DOUBLE_QUOTES:
            self._double(index)
        else:
            self._single(index)

    def keeps_whole(self, cut: int) -> bool:
        """Whether `cut` falls inside a quotation that closes soon after it."""
        if self.double_open is not None:
            if self._closes(cut, self.double_open, _DOUBLE_END, DOUBLE_QUOTES):
                return True
            self.double_open = None
        if self.single_open is not None:
            if self._closes(cut, self.single_open, _SINGLE_END, SINGLE_QUOTES):
                return True
            self.single_open = None
        return False

    def _closes(self, cut: int, opened: int, pattern: regex.Pattern[str], quotes: str) -> bool:
        if cut - opened > QUOTE_LIMIT:
            return False
        end = pattern.search(self.text, cut, min(opened + QUOTE_LIMIT, cut + self._reach))
        return end is not None and end.group()[0] in quotes

    def _double(self, index: int) -> None:
        text = self.text
        char = text[index]
        before = text[index - 1] if index > 0 else " "
        after = text[index + 1] if index + 1 < len(text) else " "
        if char == '"':
            # a straight quote right after a word or its punctuation closes: 'nada". Puede'
            opening = self.double_open is None and not after.isspace() \
                and not (before.isalnum() or before in _CLOSING_CONTEXT)
        else:
            opening = char in _OPENING_ONLY or (
                (before.isspace() or before in self._openers or before in _DASHES)
                and char != "”")
        if self.double_open is None:
            if opening:
                self.double_open = index
        elif not opening or char != text[self.double_open]:
            self.double_open = None

    def _single(self, index: int) -> None:
        text = self.text
        before = text[index - 1] if index > 0 else " "
        after = text[index + 1] if index + 1 < len(text) else " "
        if (before.isspace() or before in self._openers) and after.isalnum():
            if self.single_open is None and text[index] != "’":
                self.single_open = index
        elif not before.isspace() and not after.isalnum():
            self.single_open = None
