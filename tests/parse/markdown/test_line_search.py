"""The converter's line search from a cursor gives what bisecting the whole table gives."""

from __future__ import annotations

import random
from array import array
from bisect import bisect_right

from structchunk.parse.markdown.line_search import line_after, line_near


def test_every_offset_from_every_hint_finds_the_line_bisection_finds() -> None:
    rnd = random.Random(7)
    for _ in range(200):
        starts = array("i", [0])
        for _line in range(rnd.randrange(12)):
            starts.append(starts[-1] + rnd.randrange(1, 4))
        for offset in range(starts[-1] + 5):
            expected = bisect_right(starts, offset) - 1
            for hint in range(len(starts)):
                assert line_near(starts, hint, offset) == expected
                if starts[hint] <= offset:
                    assert line_after(starts, hint, offset) == expected
