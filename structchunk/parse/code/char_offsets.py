"""Byte offsets of UTF-8 code turned into character offsets of `Source.text`.

tree-sitter counts bytes; every span a node records counts characters. The conversion is one
object per parsed stretch of code that is not all ASCII.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from itertools import accumulate

# 1 for a byte that starts a UTF-8 character, 0 for a continuation byte.
_STARTS_CHAR = bytes(0 if 0x80 <= byte < 0xC0 else 1 for byte in range(256))
_CONTINUATION = re.compile(rb"[\x80-\xbf]+")


class CharOffsets:
    """The character offset of each byte offset of UTF-8 code that is not all ASCII.

    Mostly ASCII code (an accented name in a comment) keeps only the runs of continuation
    bytes and bisects them; code with much non-ASCII text gets a table of one entry per byte,
    8 bytes each rather than a list of int objects (about 36 bytes each).
    """

    __slots__ = ("table", "run_starts", "run_ends", "before")

    def __init__(self, data: bytes, chars: int) -> None:
        self.table: array[int] | None = None
        self.run_starts: list[int] = []
        self.run_ends: list[int] = []
        self.before: list[int] = []  # continuation bytes in the runs before each run
        if (len(data) - chars) * 4 > len(data):
            self.table = array("q", accumulate(data.translate(_STARTS_CHAR), initial=0))
            return
        total = 0
        for match in _CONTINUATION.finditer(data):
            start, end = match.span()
            self.run_starts.append(start)
            self.run_ends.append(end)
            self.before.append(total)
            total += end - start

    def at(self, byte: int) -> int:
        if self.table is not None:
            return self.table[byte]
        index = bisect_right(self.run_starts, byte) - 1
        if index < 0:
            return byte
        start = self.run_starts[index]
        return byte - self.before[index] - (min(self.run_ends[index], byte) - start)
