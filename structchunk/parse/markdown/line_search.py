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
