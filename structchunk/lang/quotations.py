"""Quotations for the segmenter: a quotation that closes soon after a terminator stays whole.

`'Oh dear! Oh dear! I shall be too late!' But ...` is one sentence up to the closing quote.
Quotation marks are read lazily, only when a cut is about to be made, from where the last
reading stopped. Double quotes pair by their kind and position; single quotes count only
before a word (opening) or after one (closing), so apostrophes inside words ("don't") are never
quotes. A quotation that does not close within `QUOTE_LIMIT` characters or before a blank line
is taken as unbalanced, or as an apostrophe ("'nineties"), and forgotten.
"""

from __future__ import annotations

import regex

QUOTE_LIMIT = 600
DOUBLE_QUOTES = '"“”„«»'
SINGLE_QUOTES = "'‘’‚"
_QUOTE_CHARS = frozenset(DOUBLE_QUOTES + SINGLE_QUOTES)
_DASHES = frozenset("-–—―")
_OPENING_ONLY = frozenset("„")
_BLANK_LINE = r"(?>\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)"  # "\r\n" is one line break
_DOUBLE_END = regex.compile(rf'["“”»«]|{_BLANK_LINE}')
_SINGLE_END = regex.compile(rf"(?<=\S)['’‘](?![\p{{L}}\p{{N}}])|{_BLANK_LINE}")
_QUOTE_MARK = regex.compile(r"""["“”„«»]|(?:(?<=^|[\s(\[{"“„])['‘‚](?=[\p{L}\p{N}]))"""
                            r"|(?<=\S)['’‘](?![\p{L}\p{N}])")


class Quotations:
    """The open double and single quotation of one text, read up to some offset."""

    __slots__ = ("_openers", "double_open", "next_mark", "read_to", "single_open", "text")

    def __init__(self, text: str, openers: frozenset[str], first_quote: int = 0) -> None:
        """`first_quote`: an offset before which no quote character stands, if known."""
        self.text = text
        self._openers = openers
        self.double_open: int | None = None
        self.single_open: int | None = None
        self.read_to = 0  # quotation marks before this offset have been read
        # No quotation mark (as read in the whole text) between `read_to` and this offset.
        self.next_mark = self._next_mark(first_quote)

    def _next_mark(self, start: int) -> int:
        found = _QUOTE_MARK.search(self.text, start)
        return found.start() if found is not None else len(self.text)

    def _nothing_before(self, end: int) -> bool:
        """Whether reading up to `end` would find no quotation mark. Read up to `end`, the
        character before it has no character after it; that one is not looked at in the
        whole text, so it must be no quote character at all."""
        return end <= self.next_mark and self.text[end - 1] not in _QUOTE_CHARS

    def quiet(self, end: int) -> bool:
        """Read up to `end` if that is cheap: True when no quotation is open and none opens
        before `end`, so a cut before `end` is never kept whole."""
        if self.double_open is None and self.single_open is None \
                and self._nothing_before(end):
            if end > self.read_to:
                self.read_to = end
            return True
        return False

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
        for match in _QUOTE_MARK.finditer(self.text, self.read_to, end):
            if match.group() in DOUBLE_QUOTES:
                self._double(match.start())
            else:
                self._single(match.start())
        self.read_to = end
        self.next_mark = self._next_mark(end)

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
        end = pattern.search(self.text, cut, opened + QUOTE_LIMIT)
        return end is not None and end.group()[0] in quotes

    def _double(self, index: int) -> None:
        text = self.text
        char = text[index]
        before = text[index - 1] if index > 0 else " "
        after = text[index + 1] if index + 1 < len(text) else " "
        if char == '"':
            opening = self.double_open is None and not after.isspace()
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
