"""Sentence starts that are no terminator: enumeration markers and line breaks.

`LayoutRules` is the part of `RuleSegmenter` that reads the layout of a text: inline
enumerations ("a) one b) two"), the start of a sentence (bullets, openers, dashes), and the
line breaks that end a sentence (a title line, a line broken on purpose).
"""

from __future__ import annotations

import regex

from structchunk.lang.candidates import State
from structchunk.lang.grammars import SentenceGrammar
from structchunk.lang.markers import MARKER, marker_values
from structchunk.lang.spans import NOT_SPACE

_TITLE_WORD = regex.compile(r"[\p{L}\p{M}]{4,}")
_LOWER_WORD = regex.compile(r"(?<![\p{L}\p{M}])\p{Ll}[\p{L}\p{M}]{3,}")
_LINE_SLACK = 3  # characters a line wrapper may leave unused at the end of a line
# A blank line after any line-break convention; "\r\n" is one line break, never two.
_BLANK_BEFORE = regex.compile(r"(?r)(?:\r\n|\r|\n)[^\S\r\n]*(?>\r\n|\r|\n)")
_BLANK_AFTER = regex.compile(r"(?>\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)")


class LayoutRules:
    """Enumerations, sentence starts and line breaks (see the module doc)."""

    grammar: SentenceGrammar
    _lead: regex.Pattern[str]

    def _at_start(self, state: State, position: int) -> bool:
        """Whether only whitespace, openers, bullets and dashes precede `position` in its
        sentence."""
        return self._lead_end(state) >= position

    def _lead_end(self, state: State) -> int:
        """Where the whitespace, openers, bullets and dashes at the start of the current
        sentence end. Remembered: a later sentence that starts inside the same run (after a
        blank line between bullets) ends its run at the same place, so a text of bullets is
        read once, not once per bullet."""
        start = state.sentence_start
        lead = state.lead
        if lead is None or not lead[0] <= start <= lead[1]:
            match = self._lead.match(state.text, start)
            lead = state.lead = (start, match.end() if match is not None else start)
        return lead[1]

    def _marker(self, state: State, start: int, label: str, style: str) -> bool | None:
        """An enumeration marker at `start`: True if it opens a new sentence (cut before it),
        False if it is a marker that starts its sentence already, None if it is no marker."""
        values = marker_values(label)
        if self._at_start(state, start):
            first = [kind for kind, value in values if value == 1]
            state.chain = (first[0], style, 2) if first else None
            state.in_item = True
            return False
        chain = state.chain
        if chain is not None and style == chain[1] and not (
                style == "." and chain[0] == "alpha-upper"):  # "A. Smith and B. Jones"
            if (chain[0], chain[2]) in values:
                state.chain = (chain[0], chain[1], chain[2] + 1)
                return True
            if chain[2] > 2 and (chain[0], 1) in values:  # the same kind of list again
                state.chain = (chain[0], chain[1], 2)
                return True
        return None

    def _line_break(self, state: State, match: regex.Match[str]) -> None:
        """A line break alone is no sentence end (hard-wrapped text), with two exceptions.

        It ends the last item of an inline enumeration ("a. one b. two c. three" + line
        break); it ends a line that was broken on purpose (see `_short_line`: a headline, a
        list line), and it ends a title line: two or more words, every word of four or more
        letters capitalised, no terminator ("Putter King Scavenger Hunt Trophy"), when the next
        line starts with a capital, a digit or an opening bracket or quote.
        """
        text, index = state.text, match.start()
        if state.in_item:
            following = NOT_SPACE.search(text, index)
            if following is not None and text[following.start()].isupper():
                state.cut(index)
                return
        floor = max(state.sentence_start, index - 120)
        line_start = max(text.rfind("\n", floor, index), text.rfind("\r", floor, index) + 1,
                         floor)
        if short_line(state, index):
            state.cut(index)
            return
        if _LOWER_WORD.search(text, line_start, index):
            return  # a lowercase word of four or more letters: running text
        if len(_TITLE_WORD.findall(text, line_start, index)) >= 2:
            state.cut(index)

    def _paren(self, state: State, match: regex.Match[str]) -> None:
        """A closing parenthesis that may end an enumeration marker: "a)", "(iii)"."""
        text, index = state.text, match.start()
        start = index
        while start > 0 and index - start < 8 and not text[start - 1].isspace():
            start -= 1
        while start < index and text[start] in self.grammar.bullets:
            start += 1
        token = text[start:index]
        marker = MARKER.fullmatch(token)
        if marker is None:
            return
        style = "()" if marker.group("open") else ")"
        if self._marker(state, start, marker.group("label"), style):
            state.cut(start)
            state.in_item = True


def short_line(state: State, index: int) -> bool:
    """Whether the line that ends at `index` was broken on purpose, not by wrapping.

    A line wrapper breaks a line only when the next word does not fit. So when the line, a
    space and the next line's first word would still fit within the widest line of the block
    (the text between blank lines), with a few characters to spare, the author ended the line:
    a headline or a list line without a full stop. A line that ends in a short lowercase word
    ("am", "the", "of") is a sentence broken off, however short it is.
    """
    text = state.text
    block = state.block
    if block is None or not block[0] <= index < block[1]:
        block = state.block = _block_around(text, index)
    line_start = max(text.rfind("\n", block[0], index), text.rfind("\r", block[0], index)) + 1
    line_start = max(line_start, block[0])
    line = text[line_start:index].rstrip()
    last = line.rsplit(None, 1)[-1] if line.strip() else ""
    if not last or (last.islower() and len(last) <= 3):
        return False
    following = NOT_SPACE.search(text, index, block[1])
    if following is None:
        return False
    word_end = following.start()
    while word_end < block[1] and not text[word_end].isspace():
        word_end += 1
    slack = max(_LINE_SLACK, block[2] // 8)
    if len(line) + 1 + (word_end - following.start()) + slack > block[2]:
        return False
    if len(line.split()) > 1:
        return True
    # A single word ("Andere" broken off a PDF line) ends a line of its own only in a list of
    # short lines: the next line must not reach the width of the block either.
    next_end = text.find("\n", following.start(), block[1])
    next_line = text[following.start():block[1] if next_end < 0 else next_end].rstrip()
    return len(next_line) + slack <= block[2]


def _block_around(text: str, index: int) -> tuple[int, int, int]:
    """(start, end, width) of the lines around `index` up to blank lines; width is the length
    of the longest line."""
    before = _BLANK_BEFORE.search(text, 0, index)
    start = before.end() if before is not None else 0
    after = _BLANK_AFTER.search(text, index)
    end = after.start() if after is not None else len(text)
    width = max((len(line.rstrip()) for line in text[start:end].splitlines()), default=0)
    return start, end, width
