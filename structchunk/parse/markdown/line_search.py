"""The line holding an offset, searched forward from a line known to start before it.

Block events come in the order of their starts, most a line or a few past the one before,
and a block's last line is most often a few past its first: a few steps from the last line
found find the line, where a bisection of the line table reads about twenty entries, each
read of the table's 4- or 8-byte integers making a Python int.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

_STEPS = 4  # lines stepped over before the rest is bisected


def line_after(starts: Sequence[int], line: int, offset: int) -> int:
    """The 0-based line holding `offset`, given a `line` that starts at or before it."""
    count = len(starts)
    for _ in range(_STEPS):
        if line + 1 < count and starts[line + 1] <= offset:
            line += 1
        else:
            return line
    return bisect_right(starts, offset, line) - 1


def line_near(starts: Sequence[int], hint: int, offset: int) -> int:
    """The 0-based line holding `offset` (at least 0), searched from the line `hint`: forward
    when `hint` starts at or before it, else by bisecting the lines before `hint`."""
    if starts[hint] <= offset:
        return line_after(starts, hint, offset)
    return bisect_right(starts, offset, 0, hint) - 1


def line_start(text: str, starts: Sequence[int], line: int) -> int:
    """`Source.line_start`, here so that the compiled builder and table rows read the line
    table themselves: a call into the pure-Python `Source` for each block cost more than the
    look-up."""
    return starts[line] if line < len(starts) else len(text)


def line_end(text: str, starts: Sequence[int], line: int) -> int:
    """`Source.line_end`: the offset before the line break ending 0-based `line`."""
    if line + 1 < len(starts):
        end = starts[line + 1]
    elif line + 1 == len(starts) and text.endswith(("\n", "\r")):
        end = len(text)
    else:
        return len(text)
    if text[end - 1] == "\n":
        end -= 1
        if end > starts[line] and text[end - 1] == "\r":
            end -= 1
    elif text[end - 1] == "\r":
        end -= 1
    return end


class LineFinder:
    """Lines of offsets in a text (or its UTF-8 bytes, whose offsets pyromark reports), block
    starts coming mostly in order: the line table `starts` searched from the last line found,
    or without a table (`starts` empty: UTF-8 bytes whose every break is a \\n, which then
    need no table of their own), the count of \\n before the offset, counted on from the
    last block start found. Counting reads every character of a block, so it is slower than
    the search of a table: it is for the bytes only, where it saves building the table."""

    def __init__(self, buffer: str | bytes, starts: Sequence[int]) -> None:
        self.buffer = buffer
        self.newline: str | bytes = "\n" if isinstance(buffer, str) else b"\n"
        self.starts = starts
        self.count = not starts
        self.line = 0  # the line of the last block start found ...
        self.at = 0  # ... and that start, when counting

    def first(self, offset: int) -> int:
        """The 0-based line holding `offset`, a block's start."""
        if not self.count:
            self.line = line_near(self.starts, self.line, offset)
            return self.line
        at = self.at
        if offset >= at:
            line = self.line + self.buffer.count(self.newline, at, offset)  # type: ignore[arg-type]
        else:
            line = self.line - self.buffer.count(self.newline, offset, at)  # type: ignore[arg-type]
        self.line, self.at = line, offset
        return line

    def after(self, line: int, start: int, offset: int) -> int:
        """The line holding `offset`, given the `line` holding `start` (`start <= offset`)."""
        if not self.count:
            return line_after(self.starts, line, offset)
        return line + self.buffer.count(self.newline, start, offset)  # type: ignore[arg-type]

    def back(self, first: int, start: int, line: int, probe: int, offset: int) -> int:
        """The line holding `offset`, which lies between `start` (on line `first`) and
        `probe` (on `line`) and most often just before `probe`."""
        if not self.count:
            return line_after(self.starts, first, offset)
        return line - self.buffer.count(self.newline, offset, probe)  # type: ignore[arg-type]

    def bounds(self, line: int, offset: int) -> tuple[int, int]:
        """Where `line`, which holds `offset`, starts, and where the next line starts (-1
        when `line` is the last: a break at the very end opens no line)."""
        if not self.count:
            starts = self.starts
            return starts[line], starts[line + 1] if line + 1 < len(starts) else -1
        buffer, newline = self.buffer, self.newline
        after = buffer.find(newline, offset) + 1  # type: ignore[arg-type]
        return (buffer.rfind(newline, 0, offset) + 1,  # type: ignore[arg-type]
                after if 0 < after < len(buffer) else -1)
