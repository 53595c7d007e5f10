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


def test_the_finder_counts_or_searches_to_the_lines_of_the_table() -> None:
    """Counting \\n from the last block start, or searching the table from the last line found,
    gives the table's line, the line's start and the next line's start, for offsets in any
    order, in a text and in its UTF-8 bytes."""
    from structchunk.decode import compute_line_starts, line_offsets
    from structchunk.parse.markdown.line_search import LineFinder

    rnd = random.Random(11)
    for _ in range(300):
        text = "".join(rnd.choice(["a", "é", "\n", "\n", " ", "\r", "\r\n"])
                       for _ in range(rnd.randrange(1, 50)))
        if rnd.random() < 0.5:
            text = text.replace("\r", "")
        for buffer in (text, text.encode("utf-8")):
            starts = compute_line_starts(text) if isinstance(buffer, str) \
                else line_offsets(buffer, "q")
            modes = [False, True] if "\r" not in text else [False]
            for counting in modes:
                finder = LineFinder(buffer, array("q") if counting else starts)
                for _query in range(20):
                    start = rnd.randrange(len(buffer))
                    offset = rnd.randrange(start, len(buffer))
                    first = finder.first(start)
                    assert first == bisect_right(starts, start) - 1
                    line = finder.after(first, start, offset)
                    assert line == bisect_right(starts, offset) - 1
                    following = starts[line + 1] if line + 1 < len(starts) else -1
                    assert finder.bounds(line, offset) == (starts[line], following)
                    earlier = rnd.randrange(start, offset + 1)
                    assert finder.back(first, start, line, offset, earlier) \
                        == bisect_right(starts, earlier) - 1
