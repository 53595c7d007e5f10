"""Where a long Markdown text is cut so that each window parses as the whole text would.

A backend that reads the whole text at once holds the parse of all of it: pulldown-cmark's
block tree (about 7 bytes per character in Rust, which Python's allocator never sees), or
markdown-it's list of every token. Read one window at a time, the parser holds one window's.

A cut is safe where the whole text's parse has nothing open: a block of the top level starts
there, in column 0, after a blank line. CommonMark decides block structure line by line, so a
parse of a window that runs past a proposed cut reads every block before it as the whole text
does, and whether a top-level block starts exactly at the cut is read from that window's own
parse by the backend; the text only proposes where to look (`plan`), and a cut the parse does
not confirm is not taken (the window is read again, larger). After a blank line nothing can
continue a paragraph, so a fresh parse from the cut starts in the state the whole parse is in.

Link reference definitions resolve across the whole text; a text that may hold one
(`has_definitions`, which errs towards yes) is read whole.
"""

from __future__ import annotations

import regex

# Characters per window: 256K keeps pulldown-cmark's tree under 2 MB, and a window this long
# makes the reading again after an unconfirmed cut and the parse past the cut a small share.
WINDOW = 256 * 1024

# The start of a line in column 0 after a blank line (spaces and tabs only): a proposed cut.
_AFTER_BLANK = r"(?:(?<=[\r\n])|\A)[ \t]*(?:\r\n|\n|\r)(?=[^ \t\r\n\ufeff])"
_LAST_CUT = regex.compile(r"(?r)" + _AFTER_BLANK)
# The same where an ATX heading starts: the likeliest to be a top-level block, since a code
# line after a blank line in column 0 is as often inside a fence.
_LAST_HEADING = regex.compile(r"(?r)" + _AFTER_BLANK + r"(?=#{1,6}(?:[ \t\r\n]|\Z))")
_NEXT_CUT = regex.compile(_AFTER_BLANK)
_LINE_END = regex.compile(r"\r\n|\n|\r")
# A line that may start a link reference definition: "[label]:" after any quote markers,
# list markers and indentation, the label running over line breaks (errs towards yes).
_DEFINITION = regex.compile(
    r"(?m)^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t>]*)*\[(?:[^\]\\]|\\.){0,999}\]:")


def has_definitions(text: str) -> bool:
    """Whether the text may hold a link reference definition (then it is read whole)."""
    return _DEFINITION.search(text) is not None


def plan(text: str, start: int, size: int) -> tuple[int, int]:
    """(cut, end) of the window starting at `start`: the text is parsed up to `end`, and the
    blocks before `cut` are taken from that parse if a top-level block starts at `cut`.

    `cut == end == len(text)` for the last window (taken whole). Otherwise `cut` is the last
    heading after a blank line in the window's second half, else the last line in column 0
    after a blank line, else the first such line after the window (the window grows to the
    next place it can end), and `end` is two lines past the cut, so that the parse reads the
    cut's line (which decides what ends before it) whole."""
    length = len(text)
    limit = start + size
    if limit >= length:
        return length, length
    found = (_LAST_HEADING.search(text, start + size // 2, limit)
             or _LAST_CUT.search(text, start + 1, limit)
             or _NEXT_CUT.search(text, limit))
    if found is None or found.end() <= start:
        return length, length
    cut = found.end()
    end = _past_line(text, _past_line(text, cut))
    return (cut, end) if end < length else (length, length)


def _past_line(text: str, offset: int) -> int:
    """The start of the line after the one holding `offset` (the text's end after the last)."""
    found = _LINE_END.search(text, offset)
    return found.end() if found is not None else len(text)


__all__ = ["WINDOW", "has_definitions", "plan"]
